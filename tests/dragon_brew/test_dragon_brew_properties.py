"""Random play at 2, 3 and 4 players, random races, with and without the Corrupt Judge variant.

Every game ends after year 3; no supply is ever exceeded or negative; brewers are neither made
nor lost but by the Chaos Wytches' sacrifice; and the scores, ribbons and ranking match a recount
from the events, written here independently of the engine.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core.events import Event
from engine.core.rng import Rng
from engine.dragon_brew.components import MIGRANT_GNOMES, SPELL_TOKENS, YEARS, card, components
from engine.dragon_brew.player import GNOMES, OWN, USED
from engine.dragon_brew.table import DragonBrewState
from tests.dragon_brew.helpers import GAME


def _gnomes_in_play(state: DragonBrewState) -> int:
    return sum(p.gnomes + p.housed + sum(s[GNOMES] for s in p.estate) for p in state.players)


def _tokens_in_play(state: DragonBrewState) -> int:
    return sum(1 for p in state.players for s in p.estate if s[USED] and card(s[0]).kind == "spell")


def _own_brewers(state: DragonBrewState, seat: int) -> int:
    player = state.players[seat]
    on_judges = sum(state.ogre) if player.race == "ogres" else 0
    return int(player.brewers + sum(s[OWN] for s in player.estate) + player.away + on_judges)


def _check_supplies(state: DragonBrewState) -> None:
    assert 0 <= state.gnomes_left <= MIGRANT_GNOMES
    assert state.gnomes_left + _gnomes_in_play(state) == MIGRANT_GNOMES
    assert 0 <= state.tokens_left <= SPELL_TOKENS
    assert state.tokens_left + _tokens_in_play(state) == SPELL_TOKENS
    for player in state.players:
        assert player.gold >= 0 and min(player.goods) >= 0
        assert min(player.brewers, player.gnomes, player.housed, player.away) >= 0


def _recount_ranks(keys: list[tuple[int, int, int]]) -> list[int]:
    ordered = sorted(keys, reverse=True)
    return [ordered.index(key) + 1 for key in keys]


def play(players: int, seed: int, corrupt: bool) -> tuple[DragonBrewState, list[Event], int]:
    state = GAME.new_state(players, {"corrupt_judge": str(corrupt).lower()}, seed)
    rng, log, steps = Rng(seed), [], 0
    expected = [_own_brewers(state, s) for s in range(players)]
    while not state.is_terminal():
        year, doomed = state.year, [p.doomed for p in state.players]
        seat = state.actors()[rng.randrange(len(state.actors()))]
        legal = state.legal_actions(seat)
        log += state.apply(seat, legal[rng.randrange(len(legal))])
        steps += 1
        _check_supplies(state)
        if state.year != year:
            expected = [n - d for n, d in zip(expected, doomed, strict=True)]
        assert [_own_brewers(state, s) for s in range(players)] == expected
        assert steps < 20_000
    return state, log, steps


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("corrupt", [False, True])
def test_random_games_end_after_three_years_with_a_faithful_count(players: int, corrupt: bool) -> None:
    for seed in range(4):
        state, log, _ = play(players, seed * 7 + players, corrupt)
        assert state.year == YEARS and state.actors() == []
        races = [p.race for p in state.players]
        assert len(set(races)) == players
        assert all(components().races[r].min_players <= players for r in races)
        vp: Counter[int] = Counter()
        ribbons: Counter[int] = Counter()
        for event in log:
            vp[event.seat] += (
                int(event.payload.get("vp", 0)) if event.kind in ("awarded", "profit", "drafted") else 0
            )
            ribbons[event.seat] += event.kind == "awarded"
        assert [p.vp for p in state.players] == [vp[s] for s in range(players)]
        assert [p.ribbons for p in state.players] == [ribbons[s] for s in range(players)]
        keys = [(p.vp, p.ribbons, p.gold) for p in state.players]
        assert state.ranking() == _recount_ranks(keys)
        assert state.scores() == [float(p.vp) for p in state.players]


def test_every_decision_has_a_stable_id_and_a_readable_label() -> None:
    """Issue #18: "the generic legal-action list with stable ids and readable labels works for every
    decision, so a generic client can play the whole game"."""
    state = GAME.new_state(3, {"corrupt_judge": "true"}, 11)
    rng, kinds = Rng(11), set()
    while not state.is_terminal():
        seat = state.actors()[rng.randrange(len(state.actors()))]
        legal = state.legal_actions(seat)
        for move in legal:
            assert move.label and move.label != move.id and state.action_by_id(seat, move.id) == move
        kinds.add(state.phase)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert {"spring", "brew", "winter"} <= kinds


def test_every_sampled_world_plays_to_the_end() -> None:
    """The search plays out worlds sampled from a seat's observation (``determinize``): other seats'
    recipe books, shadow judges and the decks guessed; each such world must still be a playable game."""
    worlds = 0
    for players in (2, 4):
        state, rng, steps = GAME.new_state(players, {"corrupt_judge": "true"}, players), Rng(players), 0
        while not state.is_terminal():
            seat = state.actors()[rng.randrange(len(state.actors()))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            steps += 1
            if steps % 41 == 0 and state.actors():
                world = GAME.determinize(state.observe(state.actors()[0]), Rng(steps))
                _play_out(world, Rng(steps))
                assert world.is_terminal() and world.year == YEARS
                worlds += 1
    assert worlds >= 10


def _play_out(state: DragonBrewState, rng: Rng) -> None:
    while not state.is_terminal():
        seat = state.actors()[rng.randrange(len(state.actors()))]
        legal = state.legal_actions(seat)
        assert legal, (state.phase, state.tasks, seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
