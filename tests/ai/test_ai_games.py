"""The search and the baselines on every registered game (TBBR Dice first)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from ai_players.arena import report, run_match
from ai_players.mcts import SearchConfig, search
from ai_players.policies import make_policy
from engine.core import Game, Rng, State, registry

GAMES = [game.name for game in registry.all_games()]
TINY = SearchConfig(iterations=12, rollout="greedy", rollout_depth=6)


def _positions(game: Game, players: int, seed: int, every: int) -> Iterator[tuple[State, int]]:
    """Every ``every``-th real decision of a greedy self-play game."""
    policy, rng = make_policy("greedy", game.name), Rng(seed)
    state = game.new_state(players, {}, seed)
    decision = 0
    while not state.is_terminal():
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(rng))
            continue
        for seat in list(state.actors()):
            if len(state.legal_actions(seat)) > 1:
                if decision % every == 0:
                    yield state, seat
                decision += 1
            state.apply(seat, policy.choose(state, seat, rng))


def _reachable(root: Any) -> Iterator[Any]:
    """Every object reachable from ``root`` through containers, dataclass fields and attributes."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, str | int | float | bool | type(None)):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, dict):
            stack += [*obj.keys(), *obj.values()]
        elif isinstance(obj, list | tuple | set | frozenset):
            stack += list(obj)
        elif dataclasses.is_dataclass(obj):
            stack += [getattr(obj, f.name) for f in dataclasses.fields(obj)]
        else:
            stack += list(getattr(obj, "__dict__", {}).values())
            stack += [getattr(obj, s) for s in getattr(type(obj), "__slots__", ()) if hasattr(obj, s)]


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_holds_no_reference_into_the_real_state(name: str) -> None:
    game = registry.get(name)
    for state, seat in _positions(game, 2, seed=3, every=25):
        mutable = {id(o) for o in _reachable(state) if isinstance(o, list | dict | set | State)}
        leaked = [o for o in _reachable(state.observe(seat)) if id(o) in mutable]
        assert not leaked, f"{name}: the observation shares {leaked[:3]} with the state"


@pytest.mark.parametrize("name", GAMES)
def test_worlds_that_differ_only_in_hidden_data_get_the_same_decision(name: str) -> None:
    game = registry.get(name)
    state, seat = next(_positions(game, 2, seed=5, every=1))  # the secret personal-goal choice
    observation = state.observe(seat)
    worlds = [game.determinize(observation, Rng(s)) for s in (1, 2, 3)]
    assert all(w.observe(seat) == observation for w in worlds)
    results = [search(game, w.observe(seat), seat, TINY, seed=9) for w in worlds]
    assert results[0].stats == results[1].stats == results[2].stats


@pytest.mark.parametrize("name", GAMES)
def test_search_answers_a_legal_action_in_every_phase_met(name: str) -> None:
    game = registry.get(name)
    checked = 0
    for seed in range(7, 12):  # more games for a short game, until three positions were searched
        for state, seat in _positions(game, 2, seed=seed, every=12):
            result = search(game, state.observe(seat), seat, TINY, seed=checked)
            assert result.action in state.legal_actions(seat)
            assert result.iterations == TINY.iterations
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_the_tbbr_dice_heuristic_beats_random_play() -> None:
    records = run_match(registry.get("tbbr_dice"), ["greedy", "random"], games=4, seed=2)
    result = report(records)
    assert result.score_share.mean == 1.0
    assert result.a_mean_score > result.field_mean_score + 30


def test_the_tbbr_dice_heuristic_claims_goals_and_races_home() -> None:
    from ai_players.heuristics.tbbr_dice import racing
    from engine.tbbr_dice.actions import ClaimGoal, Travel

    game = registry.get("tbbr_dice")
    policy = make_policy("greedy", game.name)
    claims = homecomings = 0
    for state, seat in _positions(game, 2, seed=4, every=1):
        legal = state.legal_actions(seat)
        chosen = policy.choose(state, seat, Rng(0))
        if any(isinstance(a, ClaimGoal) for a in legal):
            assert isinstance(chosen, ClaimGoal)
            claims += 1
        home = [a for a in legal if isinstance(a, Travel) and a.dest == "GP"]
        if home and racing(state, seat):  # type: ignore[arg-type]
            assert isinstance(chosen, Travel) and chosen.dest == "GP"
            homecomings += 1
    assert claims >= 3 and homecomings >= 1
