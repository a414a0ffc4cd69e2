"""Moving: by bicycle, public transport (a die) or hitchhiking (dice); arriving at a place."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.labels import player
from engine.tbbr import days, toasting
from engine.tbbr.actions import (
    Move,
)
from engine.tbbr.pending import OnboardStep, RollStep
from engine.tbbr.position import BOARD, TRACKS, Position

_TRAVEL_WORDS = {
    "bicycle": "cycles to",
    "transport": "takes public transport to",
    "hitchhiking": "is picked up to",
}


def start_move(state: Position, seat: int, move: Move) -> list[Event]:
    """A bicycle (or any move inside Brussels) arrives; public transport and hitchhiking roll first."""
    pl = state.players[seat]
    cost = state.move_cost(seat, move.mode, move.dest)
    if move.mode == "bicycle" or BOARD.within_brussels(pl.location, move.dest):
        return travel(state, seat, move.mode, move.dest, cost)
    if move.mode == "transport":
        state.pending = RollStep(seat, seat, "transport", move.dest, 1, cost)
    else:
        dice = 1 + (pl.hitch_extra if pl.hitch_dest == move.dest else 0)
        state.pending = RollStep(seat, seat, "hitchhiking", move.dest, dice, cost)
    return []


def travel(state: Position, seat: int, mode: str, dest: str, tu: int, verb: str = "") -> list[Event]:
    """A move that reaches its destination in ``tu`` TU: arrive, then toast."""
    return reach(state, seat, mode, dest, tu, verb) + toasting.start_toast(state, seat)


def reach(state: Position, seat: int, mode: str, dest: str, tu: int, verb: str = "") -> list[Event]:
    """Spend the move's ``tu`` and arrive (public transport may taste on board before the toast)."""
    text = f"{player(seat)} {verb or _TRAVEL_WORDS[mode]} {state.name(dest)} ({tu} TU)"
    events = [Event("move", text, seat, {"place": dest, "mode": mode, "tu": tu})]
    events += days.advance(state, seat, tu, bicycle=mode == "bicycle")
    events += arrive(state, seat, dest)
    state.log.append(f"move:{mode}:{tu}")
    return events


def ride(state: Position, p: RollStep, die: int) -> list[Event]:
    """Public transport: a 6 adds 2 TU; if that cannot fit today, only the 2 TU are spent."""
    seat, pl = p.seat, state.players[p.seat]
    late = die == TRACKS.late_face
    total = p.tu + (TRACKS.late_penalty if late else 0)
    text = f"{player(seat)} rolls {die} for public transport"
    events = [Event("dice", text, seat, {"dice": [die], "mode": "transport"})]
    before = pl.time
    if total <= state.remaining(seat):
        events += reach(state, seat, "transport", p.dest, total)
        arrived = p.dest
    else:
        text = f"{player(seat)}'s transport is late: the day ends before arriving"
        events.append(Event("late", text, seat, {"mode": "transport", "tu": TRACKS.late_penalty}))
        events += days.advance(state, seat, TRACKS.late_penalty)
        arrived = ""
    tastes = (pl.time - before) // TRACKS.onboard_tu_per_beer
    if tastes > 0 and pl.backpack > 0 and not pl.asleep:
        state.pending = OnboardStep(seat, seat, arrived, tastes)
    elif arrived:
        events += toasting.start_toast(state, seat)
    return events


def hitchhike(state: Position, p: RollStep, dice: tuple[int, ...]) -> list[Event]:
    """Hitchhiking: one odd die is a lift; else wait 2 TU (4 from the threshold) and persist."""
    seat, pl = p.seat, state.players[p.seat]
    text = f"{player(seat)} rolls {list(dice)} hitchhiking"
    events = [Event("dice", text, seat, {"dice": list(dice), "mode": "hitchhiking"})]
    if any(d % 2 for d in dice):
        pl.hitch_dest, pl.hitch_extra = "", 0
        return events + travel(state, seat, "hitchhiking", p.dest, p.tu)
    wait = TRACKS.hitch_wait_doubled if pl.breath >= TRACKS.doubled else TRACKS.hitch_wait
    pl.hitch_dest, pl.hitch_extra = p.dest, min(len(dice), TRACKS.hitch_max_dice - 1)
    text = f"{player(seat)} waits {wait} TU by the road"
    events.append(Event("wait", text, seat, {"tu": wait, "place": p.dest}))
    return events + days.advance(state, seat, wait)


def arrive(state: Position, seat: int, dest: str) -> list[Event]:
    """Arriving: first-visitor disc, else a coaster; a first visit scores the bonus tracks."""
    pl = state.players[seat]
    pl.location = dest
    pl.bought_here = pl.tasted_here = False
    pl.gp_arrival = -1
    state.log.append(f"arrive:{dest}")
    place = BOARD.places[dest]
    if not place.is_brewery:
        if state.last_day:
            land_on_grand_place(state, seat)
        return []
    if dest in state.first_visitor:
        state.first_visitor.discard(dest)
        pl.discs += 1
        text = f"{player(seat)} takes the first visitor disc of {place.name}"
        events = [Event("disc", text, seat, {"place": dest})]
    else:
        events = days.take_coaster(state, seat, dest)
    if dest in pl.visited:
        return events
    return events + _first_visit(state, seat, dest)


def _first_visit(state: Position, seat: int, dest: str) -> list[Event]:
    """A Visited Brewery Token on the brewery, if one is left, and a step on its bonus tracks."""
    pl, place = state.players[seat], BOARD.places[dest]
    if not pl.tokens_left:
        text = f"{player(seat)} has no Visited Brewery Token left for {place.name}"
        return [Event("no_token", text, seat, {"place": dest})]
    pl.visited.add(dest)
    state.log.append(f"new:{dest}")
    for track in place.bonuses:
        i = ("positioning", "designer", "cardinal", "trappist").index(track)
        pl.bonus[i] = min(pl.bonus[i] + 1, len(TRACKS.bonus[track]) - 1)
    return [Event("visit", f"{player(seat)} visits {place.name} for the first time", seat, {"place": dest})]


def land_on_grand_place(state: Position, seat: int) -> None:
    """Arrival is a place on the time track, not the order turns were played in: the key is
    (space + 1) x players + the order of landing on that space; 0..players-1 are the players
    who woke up there. The others who landed on the same space are renumbered 0, 1, ... so
    that the key stays below the next space's."""
    n = state.num_players
    base = (state.players[seat].time + 1) * n
    same = sorted((q for q in state.players if base <= q.gp_arrival < base + n), key=lambda q: q.gp_arrival)
    for k, q in enumerate(same):
        q.gp_arrival = base + k
    state.players[seat].gp_arrival = base + len(same)
