"""Beer Pioneers' greedy heuristic and its fitted leaf value: registered, legal, and better than none."""

from __future__ import annotations

import json
import math

import pytest

from ai_players.arena import load_game
from ai_players.experiments import fit_value
from ai_players.heuristics import beer_pioneers as bp
from ai_players.heuristics.linear_value import linear_value
from ai_players.policies import evaluator, has_heuristic, heuristic, make_policy
from engine.core import Rng


def test_the_heuristic_is_registered_with_its_leaf_values() -> None:
    assert has_heuristic("beer_pioneers")
    assert heuristic("beer_pioneers") is bp.score_actions
    assert evaluator("beer_pioneers", "default") is bp.projected_scores
    assert evaluator("beer_pioneers", "fitted") == bp.VALUE.leaf
    assert linear_value("beer_pioneers") is bp.VALUE


def test_the_weights_file_matches_the_features_it_is_read_with() -> None:
    data = json.loads(bp.VALUE_FILE.read_text())
    assert data["features"] == list(bp.FEATURES)
    k = len(bp.FEATURES) + 1
    assert [len(data[part]) for part in ("main", "by_round", "in_sprint")] == [k, k, k]
    assert data["fitted_by"].startswith("python -m ai_players.experiments.fit_value --game beer_pioneers")


def test_the_fitted_value_predicts_held_out_margins_better_than_the_projection() -> None:
    # Seed 99 was not fitted on: the committed weights against the projection's own margins.
    inputs, gains = fit_value.self_play(seed=99, epsilon=0.05, games=60, name="beer_pioneers")
    assert inputs.shape == (len(gains), 3 * (len(bp.FEATURES) + 1)) and len(gains) > 2000
    main, by_stage, in_phase = bp.VALUE.weights()
    predicted = inputs @ [*main, *by_stage, *in_phase]
    fitted_error = float(((gains - predicted) ** 2).mean())
    assert fitted_error < 0.9 * float((gains**2).mean())
    assert all(math.isfinite(w) for w in main)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_plays_whole_games_with_legal_moves_and_beats_random(players: int) -> None:
    # Greedy in seat 0 against random seats, on fixed deals: every move passes the engine's own
    # check (apply refuses an illegal one), and greedy wins most deals and outscores the field.
    game = load_game("beer_pioneers")
    rng = Rng(players)
    greedy, random = make_policy("greedy", "beer_pioneers"), make_policy("random", "beer_pioneers")
    wins, margin = 0, 0.0
    for deal in range(4):
        state = game.new_state(players, {}, 500 + deal)
        while not state.is_terminal():
            for seat in list(state.actors()):
                policy = greedy if seat == 0 else random
                state.apply(seat, policy.choose(state, seat, rng))
        scores = state.scores()
        wins += state.ranking()[0] == 1
        margin += scores[0] - max(scores[1:])
    assert wins >= 3 and margin > 0, (wins, margin)
