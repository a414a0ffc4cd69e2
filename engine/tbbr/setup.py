"""Setting up a race, and the shorter game's choice of starting breweries."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.labels import player
from engine.tbbr.pending import StartStep
from engine.tbbr.position import BOARD, CARDS, TRACKS, Position


def prepare(state: Position) -> None:
    """Coasters on random brewery numbers, one first-visitor disc per brewery, the Bottling Machine,
    level 3 cards (normal game), discs stacked with the first player on top."""
    players, rng = state.num_players, state.rng
    numbered = sorted(BOARD.breweries, key=lambda p: BOARD.places[p].number)
    for _ in range(TRACKS.coasters[players]):
        place = rng.choice(numbered)
        state.coasters[place] = state.coasters.get(place, 0) + 1
    level1 = [c.id for c in CARDS.values() if c.level == 1]
    rng.shuffle(level1)
    shown = TRACKS.accessible + TRACKS.inaccessible
    state.accessible = level1[: TRACKS.accessible]
    state.inaccessible = level1[TRACKS.accessible : shown]
    state.deck = level1[shown:]
    if not state.shorter:
        level3 = [c.id for c in CARDS.values() if c.level == 3]
        rng.shuffle(level3)
        state.level3 = level3[:players]
    for seat, sheet in enumerate(state.players):
        sheet.stack = players - seat
    state.seq = players
    if state.shorter:
        state.pending = StartStep(0)


def choose_start(state: Position, seat: int, place: str) -> list[Event]:
    """Shorter game: the seat's meeple starts at a brewery, taking its disc and a visit; the next chooses."""
    pl = state.players[seat]
    pl.location = place
    state.first_visitor.discard(place)
    pl.discs += 1
    pl.visited.add(place)
    if seat + 1 < state.num_players:
        state.pending = StartStep(seat + 1)
    return [Event("start", f"{player(seat)} starts at {state.name(place)}", seat, {"place": place})]
