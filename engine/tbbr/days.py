"""The time track and the days: discs advancing, whose turn it is, the end of a day and of the race."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.labels import player
from engine.tbbr import machine
from engine.tbbr.data import GRAND_PLACE
from engine.tbbr.pending import NightStep
from engine.tbbr.position import BOARD, CARDS, TRACKS, Position
from engine.tbbr.scoring import daily_vp, totals


def advance(state: Position, seat: int, tu: int, bicycle: bool = False) -> list[Event]:
    """Move a disc ``tu`` spaces (to the end of the day at most), on top of its new stack."""
    pl = state.players[seat]
    old, new = pl.time, min(pl.time + tu, state.day_length)
    if bicycle:
        pl.bike_streak += new - old
        steps, pl.bike_streak = divmod(pl.bike_streak, TRACKS.bicycle_tu_per_step)
        pl.breath = max(0, pl.breath - steps)
    else:
        pl.bike_streak = 0
    move_disc(state, seat, new)
    return end_players_day(state, seat) if new == state.day_length else []


def move_disc(state: Position, seat: int, new: int) -> None:
    """Put the disc on space ``new`` (on top of its stack), noting every bottle token it crosses:
    a disc that jumps to the end of the day crosses them too."""
    pl = state.players[seat]
    if new == pl.time:
        return
    for i, mark in enumerate(TRACKS.bottles):
        if pl.time <= mark < new:
            state.bottle_queue.append((seat, i))
    pl.time = new
    pl.stack = state.next_seq()


def end_players_day(state: Position, seat: int) -> list[Event]:
    pl = state.players[seat]
    if pl.done:
        return []
    move_disc(state, seat, state.day_length)
    pl.done = True
    state.finish.append(seat)
    return [Event("day_over", f"{player(seat)}'s day is over", seat)]


def next_actor(state: Position) -> int:
    return next((s for s in state.time_order() if not state.players[s].done), -1)


def turn_over(state: Position, seat: int) -> bool:
    pl = state.players[seat]
    return pl.done or pl.time > max(q.time for s, q in enumerate(state.players) if s != seat)


def bedtime(state: Position, start: int) -> list[Event]:
    """Cheese "can be eaten at any time", also once a player's day is over: before the night,
    each seat from ``finish[start]`` on (in the order their days ended) for which a cheese
    would still change something is asked; then the day ends."""
    for i in range(start, len(state.finish)):
        if night_snack_helps(state, state.finish[i]):
            state.pending = NightStep(state.finish[i], i)
            return []
    return end_game(state) if state.last_day else end_day(state)


def night_snack_helps(state: Position, seat: int) -> bool:
    """A cheese eaten after the day lowers the awakening penalty and the morning's Breathalyzer
    only above the night's recovery, and never matters once the race is over."""
    pl = state.players[seat]
    return not state.last_day and pl.cheese > 0 and pl.breath > TRACKS.night_recovery


def end_day(state: Position) -> list[Event]:
    """The night: discs stacked in the order days ended, players wake up (late if drunk), daily
    scoring; the next morning coasters at breweries, level 2 objectives (normal game)."""
    order = state.finish[:]
    top = state.seq + len(order) + 1
    for rank, seat in enumerate(order):
        state.players[seat].stack = top - rank
    state.seq = top + 1
    events = [event for seat in range(state.num_players) for event in _wake_up(state, seat)]
    scores = [p.score for p in state.players]
    events.append(Event("day_end", f"end of day {state.day + 1}: daily scoring", payload={"scores": scores}))
    state.day += 1
    state.finish = []
    state.bottles = [False] * len(TRACKS.bottles)
    for seat in state.time_order():
        if BOARD.places[state.players[seat].location].is_brewery:
            events += take_coaster(state, seat, state.players[seat].location)
    if not state.shorter and not state.level2_added:
        state.deck += state.inaccessible + [c.id for c in CARDS.values() if c.level == 2]
        state.inaccessible = []
        state.rng.shuffle(state.deck)
        state.level2_added = True
        machine.refill(state)
    if state.last_day:
        awake_there = [seat for seat in state.time_order() if state.players[seat].location == GRAND_PLACE]
        for arrival, seat in enumerate(awake_there):
            state.players[seat].gp_arrival = arrival
    state.active = -1
    return events


def _wake_up(state: Position, seat: int) -> list[Event]:
    """Awakening late by the Breathalyzer, the night's recovery, the daily scoring, a fresh day."""
    pl = state.players[seat]
    pl.time = TRACKS.awakening[pl.breath]
    late = []
    if pl.time:
        late.append(Event("awakening", f"{player(seat)} wakes up late: {pl.time} TU", seat, {"tu": pl.time}))
    pl.breath = max(0, pl.breath - TRACKS.night_recovery)
    pl.score += daily_vp(pl)
    pl.done = pl.asleep = pl.camped = False
    pl.bought_here = pl.tasted_here = False
    pl.bike_streak = 0
    pl.hitch_dest, pl.hitch_extra = "", 0
    return late


def end_game(state: Position) -> list[Event]:
    """Latecomers lose 15 VP per missing move (one more if asleep), never below 0."""
    events = []
    for seat, pl in enumerate(state.players):
        moves = BOARD.moves_home[pl.location]
        if moves and pl.asleep:
            moves += 1
        lost = min(pl.score, moves * TRACKS.missing_move_vp)
        pl.penalty = moves * TRACKS.missing_move_vp
        pl.score -= lost
        if moves:
            text = f"{player(seat)} is {moves} move(s) from the Grand Place"
            events.append(Event("late", text, seat, {"amount": moves}))
    state.terminal = True
    state.active = -1
    return [*events, Event("game_end", "the race is over", payload={"scores": totals(state)})]


def take_coaster(state: Position, seat: int, place: str) -> list[Event]:
    """A coaster from the brewery's pile, if any is left: on arriving, and on waking up there."""
    if state.coasters.get(place, 0) <= 0:
        return []
    state.coasters[place] -= 1
    state.players[seat].coasters += 1
    return [
        Event("coaster", f"{player(seat)} takes a coaster at {state.name(place)}", seat, {"place": place})
    ]


def end_turn(state: Position) -> None:
    machine.refill(state)
    state.claims = 0
    state.log = []
    state.active = -1
