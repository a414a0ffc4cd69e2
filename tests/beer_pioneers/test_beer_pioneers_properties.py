"""Whole random games at 2, 3 and 4 players: they end, the supplies hold, the scores recount.

The recount reads only the event log (orders completed, workers retired) and the final position,
not the engine's running totals.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.beer_pioneers import data, wire
from engine.beer_pioneers.brewing import item_name
from engine.beer_pioneers.state import BeerPioneersState
from engine.core.events import Event
from tests.beer_pioneers.helpers import GAME, random_game

SEEDS = range(6)


def _cards_everywhere(state: BeerPioneersState) -> list[int]:
    cards = [c for c in state.display if c] + state.deck + state.discard
    for brewery in state.breweries:
        cards += brewery.hand + brewery.display + ([brewery.master] if brewery.master else [])
    return cards


def _supplies_hold(state: BeerPioneersState) -> None:
    assert sorted(_cards_everywhere(state)) == list(range(1, 65)), "every card is in exactly one place"
    held = Counter(item for brewery in state.breweries for item in brewery.cellar)
    held += Counter(item_name(count) for _, kind, count in state.tasks if kind == "cellar")  # arriving
    for index, coop in enumerate(data.coop_names()):
        assert state.beer_supply[index] + held[coop] == data.rules().setup["beer_supply"], coop
    assert state.barrel_supply + held[data.BARREL] == data.rules().setup["barrel_supply"]
    for brewery in state.breweries:
        assert len(brewery.cellar) <= brewery.cellar_size() and brewery.coins >= 0
        assert all(1 <= xp <= 4 for xp in brewery.workers) and 1 <= brewery.level <= 6


def _recount(state: BeerPioneersState, events: list[Event]) -> list[int]:
    """Total VP per seat from the log and the final position, by the rules of 2.6 and 2.8."""
    totals = [0] * state.num_players
    for event in events:
        if event.kind in ("order_completed", "retired"):
            totals[event.seat] += event.payload["vp"]
    for seat, brewery in enumerate(state.breweries):
        beers = sum(item in data.coops() for item in brewery.cellar)
        totals[seat] += beers + brewery.coins // 3
        if brewery.level == 6:
            totals[seat] += data.rules().end["part_two_vp"] * (
                len(brewery.open_coops) + len(brewery.extensions)
            )
    return totals


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_hold_their_supplies_and_recount(players: int) -> None:
    for seed in SEEDS:
        state, events = random_game(players, seed)
        assert state.is_terminal() and state.round <= data.rules().end["last_round_by_players"][players - 2]
        _supplies_hold(state)
        assert [int(s) for s in state.scores()] == _recount(state, events)
        assert min(state.ranking()) == 1


@pytest.mark.parametrize("players", [2, 4])
def test_supplies_hold_and_every_action_reads_at_every_step(players: int) -> None:
    state, _ = GAME.new_state_with_events(players, {}, 11)
    step = 0
    while not state.is_terminal():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        assert all(action.label and "{" not in action.label for action in legal)
        state.apply(seat, legal[(step * 7) % len(legal)])
        _supplies_hold(state)
        step += 1


def test_the_wire_view_gives_back_the_observation() -> None:
    """Bots rebuild the observation from the proto view: it must be exactly what observe gave."""
    state, _ = random_game(3, 2)
    for seat in (None, 0, 1, 2):
        seen = state.observe(seat)
        assert wire.view_from_proto(wire.view_to_proto(seen)) == seen
    legal = GAME.new_state(2, {}, 1).legal_actions(0)
    assert [wire.action_from_proto(wire.action_to_proto(a)) for a in legal] == legal
