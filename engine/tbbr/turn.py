"""The active player's turn: the actions that take time (or none), which are legal and doing them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.events import Event
from engine.core.labels import player
from engine.tbbr import days, machine, moving, tasting
from engine.tbbr.actions import (
    Beer,
    Buy,
    Camp,
    Claim,
    EatCheese,
    FinishRace,
    Move,
    PayDriver,
    Taste,
    TbbrAction,
)
from engine.tbbr.data import COLOURS, GRAND_PLACE, MODES
from engine.tbbr.pending import CampStep, PayStep
from engine.tbbr.position import BOARD, CARDS, TRACKS, Position

# Actions are immutable values: build each one once. A move inside Brussels has no die to replace,
# so no driver to pay.
_MOVES = {
    place: tuple(
        (
            tu,
            fixed,
            Move("bicycle", dest),
            Move("transport", dest),
            Move("hitchhiking", dest),
            PayDriver(dest) if tu[2] > 0 and not fixed else None,
        )
        for dest, tu in BOARD.neighbours(place)
        for fixed in (BOARD.within_brussels(place, dest),)
    )
    for place in BOARD.places
}
_BUY, _BUY_CHEESE, _CHEESE_ONLY = Buy(), Buy(cheese=True), Buy(beers=False, cheese=True)
_TASTE, _CAMP, _FINISH, _EAT = Taste(), Camp(), FinishRace(), EatCheese()


def free_actions(state: Position, seat: int) -> list[Any]:
    """What the active player may spend time on (the actions that may end a turn)."""
    pl = state.players[seat]
    if pl.done:
        return []
    out: list[Any] = []
    left = state.day_length - pl.time
    bike_ok = pl.breath < TRACKS.bicycle_banned
    pt_factor = 2 if pl.breath >= TRACKS.doubled else 1
    carried = sum(pl.beers)
    for tu, fixed, by_bike, by_transport, by_thumb, paid in _MOVES[pl.location]:
        if bike_ok and tu[0] <= left:
            out.append(by_bike)
        if tu[1] * (1 if fixed else pt_factor) <= left:
            out.append(by_transport)
        if tu[2] <= left:
            out.append(by_thumb)
            if paid is not None and carried >= TRACKS.hitch_beers_per_tu * tu[2]:
                out.append(paid)
    place = BOARD.places[pl.location]
    if place.is_brewery:
        if place.can_buy and not pl.bought_here:
            cheese_ok = place.has_cheese and pl.cheese < len(TRACKS.cheese) - 1
            if carried < TRACKS.backpack:
                out.append(_BUY)
                if cheese_ok:
                    out.append(_BUY_CHEESE)
            elif cheese_ok:
                out.append(_CHEESE_ONLY)
        if place.can_taste and not pl.tasted_here:
            out.append(_TASTE)
        if not state.last_day:
            out.append(_CAMP)
    if state.last_day and pl.location == GRAND_PLACE:
        out.append(_FINISH)
    return out


def extra_actions(state: Position, seat: int) -> list[Any]:
    """Actions that take no time: eating a cheese, claiming objectives."""
    return [*(Claim(c) for c in state.claimable(seat)), *snack(state, seat)]


def snack(state: Position, seat: int) -> list[Any]:
    """Cheese "can be eaten at any time", so in every decision of its owner (no TU)."""
    return [_EAT] if state.players[seat].cheese > 0 else []


def act(state: Position, seat: int, action: Any) -> list[Event]:
    """A free action of the active player; any but another try at the same lift drops the
    "+1/+2 dice" token."""
    pl = state.players[seat]
    if isinstance(action, Claim):
        return machine.claim(state, seat, action.card)
    same_try = isinstance(action, Move) and action.mode == "hitchhiking" and action.dest == pl.hitch_dest
    if not same_try:
        pl.hitch_dest, pl.hitch_extra = "", 0
    return _FREE_ACTIONS[type(action)](state, seat, action)


def _pay_driver(state: Position, seat: int, action: PayDriver) -> list[Event]:
    tu = BOARD.road_between(state.players[seat].location, action.dest)
    assert tu is not None
    beers = TRACKS.hitch_beers_per_tu * tu[2]
    state.pending = PayStep(seat, seat, "hitchhiking", action.dest, beers, tu[2])
    return []


def _camp(state: Position, seat: int, action: Camp) -> list[Event]:
    pl = state.players[seat]
    pl.bike_streak = 0
    state.pending = CampStep(seat, seat)
    text = f"{player(seat)} camps at {state.name(pl.location)}"
    return [Event("camp", text, seat, {"place": pl.location})]


def _finish(state: Position, seat: int, action: FinishRace) -> list[Event]:
    events = [Event("finish", f"{player(seat)} waits on the Grand Place", seat)]
    return events + days.end_players_day(state, seat)


_FREE_ACTIONS: dict[type[Any], Callable[[Position, int, Any], list[Event]]] = {
    Move: moving.start_move,
    PayDriver: _pay_driver,
    Buy: tasting.buy,
    Taste: lambda state, seat, action: tasting.taste_here(state, seat),
    Camp: _camp,
    FinishRace: _finish,
}


def malformed(action: Any) -> str:
    """Why ``action`` is no action of this game at all; "" when it is well formed."""
    if not isinstance(action, TbbrAction):
        return "unknown kind of action"
    if isinstance(action, Move) and action.mode not in MODES:
        return f"unknown means of transport {action.mode!r}"
    place = getattr(action, "dest", getattr(action, "place", None))
    if place is not None and (not isinstance(place, str) or place not in BOARD.places):
        return f"no place {place!r} on the board"
    card = getattr(action, "card", None)
    if card is not None and (not isinstance(card, str) or card not in CARDS):
        return f"no objective card {card!r}"
    if isinstance(action, Beer) and action.colour not in range(len(COLOURS)):
        return f"unknown beer colour {action.colour!r}"
    return ""


def why_not(state: Position, seat: int, action: Any) -> str:
    pl = state.players[seat]
    if isinstance(action, Move):
        tu = BOARD.road_between(pl.location, action.dest)
        if tu is None:
            return "no road leads there from here"
        if action.mode == "bicycle" and pl.breath >= TRACKS.bicycle_banned:
            return "the Breathalyzer forbids the bicycle"
        return "you must be able to finish your move before the end of the day"
    if isinstance(action, (Buy, Taste)):
        return "each action only once between two moves, where the brewery offers it"
    if isinstance(action, Camp):
        return "camping is impossible on the last day and on the Grand Place"
    if isinstance(action, Claim):
        return "its condition is not met, it is not accessible, or 4 were claimed this turn"
    return "see the rulebook"
