"""Random and greedy policies."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

import pytest

from ai_players.policies import GreedyPolicy, RandomPolicy, has_heuristic, heuristic, lookahead, make_policy
from engine.core import Rng, State, registry
from tests.ai.hidden_pot import FLIP, KEEP, Move, position


def test_random_policy_plays_every_legal_action_and_only_those() -> None:
    state = position(2, cards=[1, 2], pot=3, totals=(0, 0), roll=4)
    rng = Rng(1)
    seen = {RandomPolicy().choose(state, 0, rng) for _ in range(200)}
    assert seen == set(state.legal_actions(0))


def test_greedy_policy_plays_the_best_scored_action() -> None:
    state = position(2, cards=[1, 2], pot=3, totals=(0, 0), roll=2)

    def prefer_flip(_: State, __: int, actions: Sequence[Any]) -> list[float]:
        return [1.0 if action == FLIP else 0.0 for action in actions]

    assert GreedyPolicy(prefer_flip).choose(state, 0, Rng(1)) == FLIP


def test_greedy_policy_breaks_ties_at_random() -> None:
    state = position(2, cards=[1, 2], pot=3, totals=(0, 0), roll=2, deck=4)
    indifferent = GreedyPolicy(lambda _, __, actions: [0.0] * len(actions))
    picks = {indifferent.choose(state, 0, Rng(seed)) for seed in range(50)}
    assert picks == set(state.legal_actions(0))


def test_lookahead_fallback_takes_the_larger_running_lead() -> None:
    state = position(2, cards=[1, 2], pot=3, totals=(3, 3), roll=6, guesses=(2, None))
    assert lookahead(state, 0, [KEEP, FLIP]) == [4.0, -1.0]  # 3 + 6 - 2 (wrong guess) against 3
    assert heuristic("no_such_game") is lookahead
    # The scorer works on a copy: the position is unchanged.
    assert state.totals == [3, 3] and state.roll == 6
    assert make_policy("greedy", "no_such_game").choose(state, 0, Rng(0)) == KEEP


def test_unknown_policy_name() -> None:
    with pytest.raises(ValueError, match="unknown policy"):
        make_policy("clairvoyant", "hidden_pot")


def test_guess_actions_are_legal_only_once() -> None:
    state = position(2, cards=[1, 2], pot=3, totals=(0, 0), roll=2, guesses=(3, None))
    assert Move("guess", 3) not in state.legal_actions(0)


def test_a_game_names_the_module_of_its_heuristic() -> None:
    """The bots find a game's heuristic through ``Game.heuristic_module``, not a list of their own."""
    named = [game for game in registry.all_games() if game.heuristic_module]
    assert {"tbbr", "tbbr_dice"} <= {game.name for game in named}
    for game in named:
        assert heuristic(game.name) is importlib.import_module(game.heuristic_module).score_actions
    assert not has_heuristic("tiny_dice") and heuristic("tiny_dice") is lookahead
