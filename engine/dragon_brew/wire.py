"""Dragon Brew <-> zythos.v1 messages (the only module of the game importing protobuf).

The view is derived field by field from the observation (engine/core/proto_views.py); written
out here: the nested messages (tasks, bribes, each seat's record with its estate and beers),
the action and the event payloads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.events import Event
from engine.core.proto_views import fill_view, read_view
from engine.dragon_brew.actions import Move
from engine.dragon_brew.player import Player
from engine.dragon_brew.table import DragonBrewState
from zythos.v1 import dragon_brew_pb2 as pb

oneof_field = "dragon_brew"


def _arg(value: Any) -> pb.DragonBrewTaskArg:
    return pb.DragonBrewTaskArg(number=value) if isinstance(value, int) else pb.DragonBrewTaskArg(text=value)


def _arg_value(arg: pb.DragonBrewTaskArg) -> Any:
    return arg.number if arg.WhichOneof("value") == "number" else arg.text


def _beers(beers: Any) -> list[pb.DragonBrewBeer]:
    return [pb.DragonBrewBeer(recipe_ids=beer) for beer in beers]


def _player_to_proto(view: Any) -> pb.DragonBrewPlayer:
    message = fill_view(pb.DragonBrewPlayer(), view)
    message.estate.extend(
        pb.DragonBrewEstateCard(card_id=c, upgrade_ids=u, own=o, gnomes=g, used=used)
        for c, u, o, g, used in view.estate
    )
    message.presented.extend(_beers(view.presented))
    message.brews.extend(_beers(view.brews))
    return message


def _player_from_proto(m: pb.DragonBrewPlayer) -> Any:
    estate = tuple((e.card_id, tuple(e.upgrade_ids), e.own, e.gnomes, e.used) for e in m.estate)
    return read_view(
        m,
        Player.View,
        estate=estate,
        presented=tuple(tuple(b.recipe_ids) for b in m.presented),
        brews=tuple(tuple(b.recipe_ids) for b in m.brews),
    )


def view_to_proto(obs: Any) -> pb.DragonBrewView:
    message = fill_view(pb.DragonBrewView(), obs)
    message.tasks.extend(pb.DragonBrewTask(kind=t[0], args=[_arg(a) for a in t[1:]]) for t in obs.tasks)
    message.bribes.extend(pb.DragonBrewBribe(seat=s, gold=g) for s, g in obs.bribes)
    message.players.extend(_player_to_proto(p) for p in obs.players)
    return message


def view_from_proto(m: pb.DragonBrewView) -> Any:
    return read_view(
        m,
        DragonBrewState.Observation,
        tasks=tuple((t.kind, *(_arg_value(a) for a in t.args)) for t in m.tasks),
        bribes=tuple((b.seat, b.gold) for b in m.bribes),
        players=tuple(_player_from_proto(p) for p in m.players),
    )


def action_to_proto(action: Move) -> pb.DragonBrewAction:
    return pb.DragonBrewAction(kind=action.kind, arg=action.arg)


def action_from_proto(m: pb.DragonBrewAction) -> Move:
    if not m.kind:
        raise ValueError("a Dragon Brew action needs a kind")
    return Move(m.kind, m.arg)


def _amounts(gain: dict[str, int]) -> list[pb.DragonBrewAmount]:
    return [pb.DragonBrewAmount(name=n, amount=a) for n, a in gain.items()]


_PAYLOADS: dict[str, Callable[[dict[str, Any]], pb.DragonBrewEvent]] = {
    "card_used": lambda p: pb.DragonBrewEvent(
        card_used=pb.DragonBrewCardUsed(card_id=p["card"], owner=p["owner"], gain=_amounts(p.get("gain", {})))
    ),
    "card_burned": lambda p: pb.DragonBrewEvent(card_burned=pb.DragonBrewCard(card_id=p["card"])),
    "drafted": lambda p: pb.DragonBrewEvent(
        drafted=pb.DragonBrewDrafted(
            card_id=p["card"], deck=p["deck"], free=p.get("free", False), vp=p.get("vp", 0)
        )
    ),
    "took": lambda p: pb.DragonBrewEvent(took=pb.DragonBrewIngredient(ingredient=p["ingredient"])),
    "mashed": lambda p: pb.DragonBrewEvent(mashed=pb.DragonBrewIngredient(ingredient=p["wort"])),
    "cleared": lambda p: pb.DragonBrewEvent(cleared=pb.DragonBrewCard(card_id=p["card"])),
    "recipe_taken": lambda p: pb.DragonBrewEvent(recipe_taken=pb.DragonBrewRecipe(recipe_id=p["recipe"])),
    "recipe_drawn": lambda p: pb.DragonBrewEvent(recipe_drawn=pb.DragonBrewDeck(deck=p["deck"])),
    "recipe_seen": lambda p: pb.DragonBrewEvent(recipe_seen=pb.DragonBrewRecipe(recipe_id=p["recipe"])),
    "ogre_ruled": lambda p: pb.DragonBrewEvent(ogre_ruled=pb.DragonBrewJudgeSlot(slot=p["judge"])),
    "bribed": lambda p: pb.DragonBrewEvent(bribed=pb.DragonBrewBribed(slot=p["judge"], gold=p["gold"])),
    "brewing": lambda p: pb.DragonBrewEvent(brewing=pb.DragonBrewRecipe(recipe_id=p["recipe"])),
    "brewed": lambda p: pb.DragonBrewEvent(brewed=pb.DragonBrewBeer(recipe_ids=p["beer"])),
    "judge_swapped": lambda p: pb.DragonBrewEvent(
        judge_swapped=pb.DragonBrewJudgeSwapped(slot=p["slot"], judge_id=p["judge"])
    ),
    "presented": lambda p: pb.DragonBrewEvent(
        presented=pb.DragonBrewPresented(
            recipe_ids=p["beer"], colour=p["colour"], strength=p["strength"], bitterness=p["bitterness"]
        )
    ),
    "awarded": lambda p: pb.DragonBrewEvent(
        awarded=pb.DragonBrewAwarded(judge_id=p["judge"], vp=p["vp"], beer=p["beer"])
    ),
    "judge_discarded": lambda p: pb.DragonBrewEvent(judge_discarded=pb.DragonBrewJudge(judge_id=p["judge"])),
    "profit": lambda p: pb.DragonBrewEvent(profit=pb.DragonBrewProfit(gold=p["gold"], vp=p["vp"])),
    "kept": lambda p: pb.DragonBrewEvent(kept=pb.DragonBrewIngredient(ingredient=p["ingredient"])),
    "paid": lambda p: pb.DragonBrewEvent(paid=pb.DragonBrewIngredient(ingredient=p["ingredient"])),
    "spring": lambda p: pb.DragonBrewEvent(spring=pb.DragonBrewSpring(order=p["order"])),
}


def event_to_proto(event: Event) -> pb.DragonBrewEvent | None:
    """The typed payload; None for the events whose label says it all (turn ended, passed, ...)."""
    make = _PAYLOADS.get(event.kind)
    return None if make is None else make(dict(event.payload))
