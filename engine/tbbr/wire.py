"""The Belgian Beers Race <-> zythos.v1 messages (the only tbbr module that imports protobuf).

A bot rebuilds the engine observation from the view alone, so every field of
``TbbrState.Observation`` travels in ``TbbrView`` and ``view_from_proto`` inverts
``view_to_proto`` exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from engine.core.events import Event
from engine.core.proto_views import build_view, read_fields, read_view
from engine.tbbr import actions as a
from engine.tbbr.pending import BY_KIND, KINDS, Pending
from engine.tbbr.player import Player
from engine.tbbr.state import TbbrState
from zythos.v1 import tbbr_pb2 as pb

oneof_field = "tbbr"

_MODES = {
    "bicycle": pb.TBBR_TRANSPORT_BICYCLE,
    "transport": pb.TBBR_TRANSPORT_PUBLIC_TRANSPORT,
    "hitchhiking": pb.TBBR_TRANSPORT_HITCHHIKING,
}
_MODE_NAMES = {v: k for k, v in _MODES.items()}
_STEPS = {kind: i + 1 for i, kind in enumerate(KINDS)}  # TbbrStep numbers follow pending.KINDS
_STEP_NAMES = {v: k for k, v in _STEPS.items()}


def _colour(code: int) -> int:
    return code + 1  # TbbrBeerColour: engine colour index + 1


def _code(colour: int) -> int:
    if not 1 <= colour <= 4:
        raise ValueError(f"unknown beer colour {colour}")
    return colour - 1


def _mode(name: str) -> int:
    return _MODES.get(name, pb.TBBR_TRANSPORT_UNSPECIFIED)


def _mode_name(value: int) -> str:
    return _MODE_NAMES.get(value, "")


# ---------------------------------------------------------------------- views


# Derived field by field from the observation (engine/core/proto_views.py); written out here:
# the proto names that differ from the observation's (the published proto keeps its names),
# the enums and the nested messages.

_PLAYER_NAMES = {
    "breathalyzer": "breath",
    "first_visitor_discs": "discs",
    "bicycle_streak": "bike_streak",
    "hitchhiking_destination": "hitch_dest",
    "hitchhiking_extra_dice": "hitch_extra",
    "grand_place_arrival": "gp_arrival",
}
_VIEW_NAMES = {
    "day_lengths": "days",
    "first_visitor_discs": "first_visitor",
    "bottles_broken": "bottles",
    "active_seat": "active",
    "claims_this_turn": "claims",
    "turn_log": "log",
    "stack_counter": "seq",
    "finish_order": "finish",
    "finished": "terminal",
}
# viewer_seat: a spectator is -1; grand_place_arrivals: unused (see the proto).
_VIEW_WRITTEN = ("viewer_seat", "grand_place_arrivals")


def _player_to_proto(p: Any) -> pb.TbbrPlayer:
    yellow, brown, red, black = p.beers
    positioning, designer, cardinal, trappist = p.bonus
    return build_view(
        pb.TbbrPlayer,
        p,
        _PLAYER_NAMES,
        backpack=pb.TbbrBackpack(yellow=yellow, brown=brown, red=red, black=black),
        bonus=pb.TbbrBonusTracks(
            positioning=positioning, designer=designer, cardinal=cardinal, trappist=trappist
        ),
    )


def _player_from_proto(m: pb.TbbrPlayer) -> Any:
    return read_view(
        m,
        Player.View,
        _PLAYER_NAMES,
        beers=(m.backpack.yellow, m.backpack.brown, m.backpack.red, m.backpack.black),
        bonus=(m.bonus.positioning, m.bonus.designer, m.bonus.cardinal, m.bonus.trappist),
    )


# A pending step's fields -> (TbbrPending field, engine -> wire, wire -> engine). Each kind of
# step holds some of them; the message has them all (owner is -1 when the step has none).
_PENDING_FIELDS: dict[str, tuple[str, Callable[[Any], Any], Callable[[Any], Any]]] = {
    "seat": ("seat", int, int),
    "owner": ("owner", int, int),
    "mode": ("mode", _mode, _mode_name),
    "dest": ("destination", str, str),
    "count": ("count", int, int),
    "tu": ("tu", int, int),
    "others": ("others", list, tuple),
    "gifts": ("gifts", lambda cs: [_colour(c) for c in cs], lambda cs: tuple(_code(c) for c in cs)),
    "offers": ("offers", lambda cs: [_colour(c) for c in cs], lambda cs: tuple(_code(c) for c in cs)),
    "queue": (
        "queue",
        lambda q: [pb.TbbrTasting(seat=s, colour=_colour(c)) for s, c in q],
        lambda q: tuple((t.seat, _code(t.colour)) for t in q),
    ),
}


# Per kind of step, its fields' (engine name, TbbrPending name, engine -> wire, wire -> engine).
_PENDING_WIRE = {
    cls: tuple((f.name, *_PENDING_FIELDS[f.name]) for f in fields(cls)) for cls in BY_KIND.values()
}


def _pending_to_proto(p: Pending) -> pb.TbbrPending:
    values: dict[str, Any] = {"step": _STEPS[p.kind], "owner": -1}
    for name, proto, to_wire, _ in _PENDING_WIRE[type(p)]:
        values[proto] = to_wire(getattr(p, name))
    return pb.TbbrPending(**values)


def _pending_from_proto(m: pb.TbbrPending) -> Pending:
    cls = BY_KIND[_STEP_NAMES[m.step]]
    return cls(**{name: from_wire(getattr(m, proto)) for name, proto, _, from_wire in _PENDING_WIRE[cls]})


def view_to_proto(obs: Any) -> pb.TbbrView:
    return build_view(
        pb.TbbrView,
        obs,
        _VIEW_NAMES,
        _VIEW_WRITTEN,
        viewer_seat=-1 if obs.seat is None else obs.seat,
        players=[_player_to_proto(p) for p in obs.players],
        coasters=[pb.TbbrCoasterPile(place=b, count=n) for b, n in obs.coasters],
        machine=build_view(pb.TbbrBottlingMachine, obs),
        pending=None if obs.pending is None else _pending_to_proto(obs.pending),
        bottle_queue=[pb.TbbrBottleCrossing(seat=s, bottle=i) for s, i in obs.bottle_queue],
    )


def view_from_proto(m: pb.TbbrView) -> Any:
    return read_view(
        m,
        TbbrState.Observation,
        _VIEW_NAMES,
        _VIEW_WRITTEN,
        **read_fields(m.machine),
        seat=None if m.viewer_seat < 0 else m.viewer_seat,
        players=tuple(_player_from_proto(p) for p in m.players),
        coasters=tuple((c.place, c.count) for c in m.coasters),
        pending=_pending_from_proto(m.pending) if m.HasField("pending") else None,
        bottle_queue=tuple((c.seat, c.bottle) for c in m.bottle_queue),
    )


# ---------------------------------------------------------------------- actions


def action_to_proto(action: Any) -> pb.TbbrAction:
    match action:
        case a.ChooseStart(place=place):
            return pb.TbbrAction(choose_start=pb.TbbrChooseStart(place=place))
        case a.Move(mode=mode, dest=dest):
            return pb.TbbrAction(move=pb.TbbrMove(mode=_mode(mode), destination=dest))
        case a.PayDriver(dest=dest):
            return pb.TbbrAction(pay_driver=pb.TbbrPayDriver(destination=dest))
        case a.Buy(beers=beers, cheese=cheese):
            return pb.TbbrAction(buy=pb.TbbrBuy(beers=beers, cheese=cheese))
        case a.Taste():
            return pb.TbbrAction(taste=pb.TbbrTaste())
        case a.EatCheese():
            return pb.TbbrAction(eat_cheese=pb.TbbrEatCheese())
        case a.Camp():
            return pb.TbbrAction(camp=pb.TbbrCamp())
        case a.FinishRace():
            return pb.TbbrAction(finish_race=pb.TbbrFinishRace())
        case a.Claim(card=card):
            return pb.TbbrAction(claim=pb.TbbrClaim(card=card))
        case a.EndTurn():
            return pb.TbbrAction(end_turn=pb.TbbrEndTurn())
        case a.Beer(colour=colour):
            return pb.TbbrAction(beer=pb.TbbrChooseBeer(colour=_colour(colour)))
        case a.Stop():
            return pb.TbbrAction(stop=pb.TbbrStop())
        case a.Bottle(card=card):
            return pb.TbbrAction(break_bottle=pb.TbbrBreakBottle(card=card))
        case a.KeepBottle():
            return pb.TbbrAction(keep_bottle=pb.TbbrKeepBottle())
        case a.Redeem(eat=eat):
            return pb.TbbrAction(redeem=pb.TbbrRedeem(eat_cheese=eat))
    raise ValueError(f"not a tbbr action: {action!r}")


def action_from_proto(m: pb.TbbrAction) -> Any:
    kind = m.WhichOneof("kind")
    if kind is None:
        raise ValueError("TbbrAction has no arm set")
    if kind == "choose_start":
        return a.ChooseStart(m.choose_start.place)
    if kind == "move":
        mode = _mode_name(m.move.mode)
        if not mode or not m.move.destination:
            raise ValueError("TbbrMove needs a mode and a destination")
        return a.Move(mode, m.move.destination)
    if kind == "pay_driver":
        return a.PayDriver(m.pay_driver.destination)
    if kind == "buy":
        if not (m.buy.beers or m.buy.cheese):
            raise ValueError("TbbrBuy buys beers, a cheese, or both")
        return a.Buy(beers=m.buy.beers, cheese=m.buy.cheese)
    if kind == "claim":
        return a.Claim(m.claim.card)
    if kind == "beer":
        return a.Beer(_code(m.beer.colour))
    if kind == "break_bottle":
        return a.Bottle(m.break_bottle.card)
    if kind == "redeem":
        return a.Redeem(m.redeem.eat_cheese)
    simple = {
        "taste": a.Taste,
        "eat_cheese": a.EatCheese,
        "camp": a.Camp,
        "finish_race": a.FinishRace,
        "end_turn": a.EndTurn,
        "stop": a.Stop,
        "keep_bottle": a.KeepBottle,
    }
    return simple[kind]()


# ---------------------------------------------------------------------- events


# Event kind -> its arm of TbbrEvent.kind. An arm's fields are named after the payload keys it
# carries, as the deprecated flat fields are, so both are filled by name.
_ARMS = {
    "move": "moved",
    "dice": "dice_rolled",
    "late": "late",
    "wait": "waited",
    **dict.fromkeys(("disc", "coaster", "visit", "no_token", "start", "camp"), "at_place"),
    "buy": "bought",
    "cheese": "cheese",
    "eat": "cheese",
    "taste": "tasted",
    "convert": "tasted",
    "toast": "toasted",
    "claim": "card_event",
    "bottle": "card_event",
    "awakening": "woke_up_late",
    "day_end": "scores_event",
    "game_end": "scores_event",
}
_ARM_MESSAGES = {arm: pb.TbbrEvent.DESCRIPTOR.fields_by_name[arm].message_type for arm in set(_ARMS.values())}
_ARM_CLASSES = {arm: getattr(pb.TbbrEvent, message.name) for arm, message in _ARM_MESSAGES.items()}
_ARM_FIELDS = {arm: frozenset(message.fields_by_name) for arm, message in _ARM_MESSAGES.items()}
# Payload values that are not on the wire as they are: engine names and colour indices.
_ON_THE_WIRE: dict[str, Callable[[Any], Any]] = {
    "mode": _mode,
    "colour": _colour,
    "gifts": lambda colours: [_colour(c) for c in colours],
    "offers": lambda colours: [_colour(c) for c in colours],
}


def event_to_proto(event: Event) -> pb.TbbrEvent | None:
    """The event's arm of ``kind`` and the deprecated flat fields; ``None`` for an event without details."""
    if not event.payload:
        return None
    wire = {key: _ON_THE_WIRE.get(key, _same)(value) for key, value in event.payload.items()}
    arm = _ARMS.get(event.kind)
    if arm is None:
        return pb.TbbrEvent(**wire)
    details = _ARM_CLASSES[arm](**{key: value for key, value in wire.items() if key in _ARM_FIELDS[arm]})
    return pb.TbbrEvent(**wire, **{arm: details})


def _same(value: Any) -> Any:
    return value
