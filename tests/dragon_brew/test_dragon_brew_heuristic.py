"""The greedy heuristic of Dragon Brew (ai_players/heuristics/dragon_brew.py): it beats random play."""

from __future__ import annotations

from ai_players.arena import report, run_match
from ai_players.policies import has_heuristic, make_policy
from engine.core.rng import Rng
from tests.dragon_brew.helpers import GAME
from tests.dragon_brew.test_dragon_brew_fall_winter import halfling_brewing


def test_the_heuristic_beats_random_play() -> None:
    assert has_heuristic("dragon_brew")
    result = report(run_match(GAME, ["greedy", "random"], games=4, seed=1))
    assert result.score_share.mean == 1.0
    assert result.a_mean_score > result.field_mean_score + 5


def test_the_heuristic_brews_every_beer_its_ingredients_allow() -> None:
    """Dan's Advice: "Try to brew at least three beers each year." The Halfling's book and
    ingredients make exactly her three beers; the heuristic finds all three."""
    state = halfling_brewing()
    policy = make_policy("greedy", "dragon_brew")
    while state.actors() == [0]:
        state.apply(0, policy.choose(state, 0, Rng(0)))
    assert len(state.players[0].brews) == 3
