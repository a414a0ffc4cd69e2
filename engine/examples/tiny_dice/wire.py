"""Tiny Dice on the wire (zythos.v1 ``TinyDice*`` messages): the only module of the game importing protobuf.

The view is derived field by field from the observation (engine/core/proto_views.py);
only moves and event payloads are written out here.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.core.proto_views import fill_view, read_view
from engine.examples.tiny_dice.game import HOLD, ROLL, Move, TinyDiceState
from zythos.v1 import tiny_dice_pb2 as pb

oneof_field = "tiny_dice"

_MOVES = {ROLL: pb.TINY_DICE_MOVE_ROLL, HOLD: pb.TINY_DICE_MOVE_HOLD}
_FROM_PROTO = {value: move for move, value in _MOVES.items()}


def view_to_proto(observation: Any) -> pb.TinyDiceView:
    return fill_view(pb.TinyDiceView(), observation)


def view_from_proto(message: pb.TinyDiceView) -> Any:
    return read_view(message, TinyDiceState.Observation)


def action_to_proto(action: Move) -> pb.TinyDiceAction:
    return pb.TinyDiceAction(move=_MOVES[action])


def action_from_proto(message: pb.TinyDiceAction) -> Move:
    try:
        return _FROM_PROTO[message.move]
    except KeyError:
        raise ValueError(f"unknown Tiny Dice move {message.move}") from None


def event_to_proto(event: Event) -> pb.TinyDiceEvent | None:
    payload = event.payload
    if event.kind == "die_rolled":
        return pb.TinyDiceEvent(die_rolled=pb.TinyDiceDieRolled(face=payload["face"]))
    if event.kind == "holds":
        return pb.TinyDiceEvent(holds=pb.TinyDiceHolds(points=payload["points"]))
    if event.kind == "lucky":
        return pb.TinyDiceEvent(lucky=pb.TinyDiceLucky(lucky=payload["lucky"]))
    return None  # rolls, bust: the label says it all
