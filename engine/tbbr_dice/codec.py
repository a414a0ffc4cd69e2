"""Snapshots of schema version 1, read still: a dict of the state's attributes.

Version 2 (the current one) is the kit's list of declared fields (``TbbrDiceState.dump_fields``).
Version 1 named each attribute, the sheets and the dice as dicts of theirs; the names are the
declared fields' names, so each value is read by its declaration.
"""

from __future__ import annotations

from typing import Any

from engine.tbbr_dice.dice import Dice
from engine.tbbr_dice.sheet import Sheet
from engine.tbbr_dice.state import TbbrDiceState


def _record(cls: type[Any], data: dict[str, Any]) -> Any:
    return cls.fresh(**{spec.name: spec.from_json(data[spec.name]) for spec in cls.FIELDS})


def from_v1(body: dict[str, Any]) -> TbbrDiceState:
    values: dict[str, Any] = {}
    for spec in TbbrDiceState.FIELDS:
        if spec.name == "sheets":
            values["sheets"] = [_record(Sheet, sheet) for sheet in body["sheets"]]
        elif spec.name == "dice":
            values["dice"] = _record(Dice, body["dice"])
        elif spec.name in body:  # thomas_top is absent from the oldest: its default
            values[spec.name] = spec.from_json(body[spec.name])
    return TbbrDiceState.fresh(body["num_players"], **values)
