"""Snapshots of schema version 1, read still: a dict of the state's attributes.

Version 2 (the current one) is the kit's list of declared fields (``TbbrState.dump_fields``).
Version 1 named each attribute, and each player's as a dict of theirs; the names are the
declared fields' names (but ``n`` for ``num_players``, and no ``days``: the option decided them).
"""

from __future__ import annotations

from typing import Any

from engine.tbbr.data import tracks
from engine.tbbr.player import Player
from engine.tbbr.state import TbbrState


def _player(data: dict[str, Any]) -> Player:
    return Player.fresh(**{spec.name: spec.from_json(data[spec.name]) for spec in Player.FIELDS})


def from_v1(body: dict[str, Any]) -> TbbrState:
    values: dict[str, Any] = {"players": [_player(p) for p in body["players"]]}
    for spec in TbbrState.FIELDS:
        if spec.name in body and spec.name != "players":
            values[spec.name] = spec.from_json(body[spec.name])
    t = tracks()
    values["days"] = t.days_shorter if body["shorter"] else t.days_normal
    return TbbrState.fresh(body["n"], **values)
