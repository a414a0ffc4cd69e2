"""Snapshot body of a state (JSON-compatible, hidden parts included); never pickle."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.tbbr_dice.dice import Dice
from engine.tbbr_dice.sheet import Sheet
from engine.tbbr_dice.state import TbbrDiceState

_SHEET_FIELDS = Sheet.__slots__
_DICE_FIELDS = Dice.__slots__
_TUPLE_FIELDS = {"offer"}


def to_json(state: TbbrDiceState) -> dict[str, Any]:
    body: dict[str, Any] = {}
    for key, value in state.__dict__.items():
        if key == "rng":
            body[key] = value.state
        elif key == "sheets":
            body[key] = [{f: getattr(s, f) for f in _SHEET_FIELDS} for s in value]
        elif key == "dice":
            body[key] = {f: getattr(value, f) for f in _DICE_FIELDS}
        else:
            body[key] = value
    return body


def from_json(body: dict[str, Any]) -> TbbrDiceState:
    state = TbbrDiceState.__new__(TbbrDiceState)
    for key, value in body.items():
        if key == "rng":
            setattr(state, key, Rng(value))
        elif key == "sheets":
            setattr(state, key, [_sheet(s) for s in value])
        elif key == "dice":
            dice = Dice.__new__(Dice)
            for f in _DICE_FIELDS:
                setattr(dice, f, list(value[f]))
            setattr(state, key, dice)
        elif key == "hand":
            setattr(state, key, [tuple(h) for h in value])
        elif key == "pending":
            setattr(state, key, None if value is None else (tuple(value[0]), value[1]))
        else:
            setattr(state, key, value)
    state.__dict__.setdefault("thomas_top", "")  # absent from snapshots made before the pile showed its top
    return state


def _sheet(data: dict[str, Any]) -> Sheet:
    sheet = Sheet.__new__(Sheet)
    for f in _SHEET_FIELDS:
        value = data[f]
        if f == "goals":
            value = [tuple(g) for g in value]
        elif f in _TUPLE_FIELDS:
            value = tuple(value)
        setattr(sheet, f, value)
    return sheet
