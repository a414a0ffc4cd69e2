"""TBBR Dice's fitted leaf value: its weights, what it predicts, and how a search selects it."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

import pytest

from ai_players.arena import load_game, parse_config
from ai_players.experiments import fit_value
from ai_players.heuristics import tbbr_dice as heuristic
from ai_players.mcts import SearchConfig, search
from ai_players.policies import evaluator, make_policy, running_scores
from engine.core import Rng


@pytest.mark.parametrize(
    ("path", "features"),
    [
        (heuristic.VALUE_FILE, heuristic.FEATURES),
        (heuristic.SOLO_VALUE_FILE, heuristic.SOLO_FEATURES),
    ],
)
def test_the_weights_file_matches_the_features_it_is_read_with(path: Path, features: tuple[str, ...]) -> None:
    data = json.loads(path.read_text())
    assert data["features"] == list(features)
    k = len(features) + 1
    assert [len(data[part]) for part in ("main", "by_round", "in_sprint")] == [k, k, k]
    assert data["fitted_by"].startswith("python -m ai_players.experiments.fit_value")
    assert ("--solo" in data["fitted_by"]) is (path == heuristic.SOLO_VALUE_FILE)


def _lead(scores: Sequence[float]) -> float:
    """What the search reads: the margin over the other seat, or solo the score itself."""
    return scores[0] - scores[1] if len(scores) > 1 else scores[0]


@pytest.mark.parametrize(("players", "deals", "after", "ratio"), [(2, 40, 20, 0.9), (1, 60, 6, 0.5)])
def test_the_fitted_value_predicts_final_margins_better_than_the_countdown(
    players: int, deals: int, after: int, ratio: float
) -> None:
    # Held-out games (seed 99 was not fitted on), past the opening: the fit's promise in the search.
    # Solo there is no margin: the fit predicts the score still to come against Thomas, in games
    # of 8 to 16 rounds.
    game = load_game("tbbr_dice")
    fitted = evaluator("tbbr_dice", "fitted")
    policy_rng = Rng(5)
    policy = make_policy("greedy", "tbbr_dice", 0.05)
    errors = {"countdown": 0.0, "fitted": 0.0}
    positions = 0
    for deal in range(deals):
        state = game.new_state(players, {}, 99_000 + deal)
        dice = Rng(deal)
        leads: list[tuple[float, float]] = []
        while not state.is_terminal():
            step = state.chance()
            if step is not None:
                state.resolve_chance(step.sample(dice))
                continue
            if state.round >= after and policy_rng.randrange(4) == 0:
                leads.append((_lead(state.scores()), _lead(fitted(state))))
            for seat in list(state.actors()):
                state.apply_legal(seat, policy.choose(state, seat, policy_rng))
        final = _lead(state.scores())
        for countdown, predicted in leads:
            errors["countdown"] += (final - countdown) ** 2
            errors["fitted"] += (final - predicted) ** 2
            positions += 1
    assert positions > 300
    assert errors["fitted"] < ratio * errors["countdown"]


def test_a_search_picks_its_leaf_value_by_name() -> None:
    game = load_game("tbbr_dice")
    assert evaluator("tbbr_dice") is heuristic.projected_scores
    assert evaluator("tbbr_dice", "fitted") is heuristic.fitted_scores
    # A game without a fitted value searches with its default one, so a level fits every game.
    assert evaluator("no_such_game", "fitted") is running_scores
    with pytest.raises(ValueError, match="unknown static evaluation 'oracle'; known: default, fitted"):
        evaluator("tbbr_dice", "oracle")
    assert parse_config("iters=8,value=fitted").leaf_value == "fitted"
    state = game.new_state(2, {}, 7)
    while state.chance() is not None or not state.actors():
        state.resolve_chance(state.chance().sample(Rng(1)))  # type: ignore[union-attr]
    seat = state.actors()[0]
    config = SearchConfig(iterations=12, rollout="greedy", rollout_depth=4, leaf_value="fitted")
    first = search(game, state.observe(seat), seat, config, seed=3)
    again = search(game, state.observe(seat), seat, config, seed=3)
    assert first.action == again.action and first.stats == again.stats
    with pytest.raises(ValueError, match="unknown leaf value 'oracle'"):
        SearchConfig(iterations=4, leaf_value="oracle")


@pytest.mark.parametrize(("solo", "features"), [(False, heuristic.FEATURES), (True, heuristic.SOLO_FEATURES)])
def test_the_fit_recovers_a_value_better_than_none_on_its_holdout(
    solo: bool, features: tuple[str, ...]
) -> None:
    inputs, gains = fit_value.self_play(seed=4, epsilon=0.05, games=200, solo=solo)
    assert inputs.shape == (len(gains), 3 * (len(features) + 1))
    weights, errors = fit_value.fit(inputs, gains)
    assert all(math.isfinite(w) for w in weights)
    assert errors["holdout_rms_fitted"] < errors["holdout_rms_countdown"]


@pytest.mark.parametrize("leaf", ["default", "fitted"])
def test_a_solo_search_tells_its_actions_apart_by_the_projected_score(leaf: str) -> None:
    # Mid-game against Thomas, projected scores are well above 30: the old solo reward, a margin
    # against zero saturating at 30 points, gave every cut-off rollout the same 1.0. Solo, both
    # leaf values project the final score (the running countdown would sit below the par).
    game = load_game("tbbr_dice")
    state = game.new_state(1, {}, 11)
    policy, rng = make_policy("greedy", "tbbr_dice"), Rng(2)
    while not state.is_terminal():
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(rng))
            continue
        if state.round >= 6 and len(state.legal_actions(0)) >= 4:
            break
        state.apply_legal(0, policy.choose(state, 0, rng))
    assert heuristic.fitted_scores(state)[0] > 40
    assert heuristic.projected_scores(state) == heuristic.SOLO_VALUE.scores(state)
    config = SearchConfig(iterations=60, rollout="greedy", rollout_depth=8, leaf_value=leaf)
    means = [s.mean for s in search(game, state.observe(0), 0, config, seed=1).stats if s.visits]
    assert len(means) >= 3 and len(set(means)) == len(means)
    assert all(0.0 < m < 1.0 for m in means)
