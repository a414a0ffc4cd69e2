"""The greedy heuristic of Dragon Brew (ai_players/heuristics/dragon_brew.py): it beats random play."""

from __future__ import annotations

from ai_players.arena import report, run_match
from ai_players.policies import has_heuristic, make_policy
from engine.core.rng import Rng
from tests.dragon_brew.helpers import GAME, act, add_card, goods, holding, pool, start
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


def test_the_heuristic_pays_with_what_the_book_needs_least_and_keeps_mana_weed() -> None:
    """Rulebook: "a player discards any magic ingredient and collects six gold"; "Transmutation Spell:
    Discard any six grains to collect one mana weed"; mana weed "may be used instead of any other
    ingredient for the brewing of beer, casting spells, or drafting cards". The Halfling's book wants
    barley and no rye: the festival is paid with the toadstool the book has no use for, the spell's
    grain with rye, not the barley, and the mana weed is kept while the book still lacks something."""
    state = start("halfling", "human")
    state.players[0].book = ["B02", "S01"]  # Dunkel (barley, purple wort) + Sneaky (dragon scale)
    goods(state, 0, gold=0, barley=1, rye=6, toadstool=1, mana=1)
    pool(state, events=["dragonkeep_festival"])
    act(state, "draft:e0")
    policy = make_policy("greedy", "dragon_brew")
    assert policy.choose(state, 0, Rng(0)).id == "pay:toadstool"
    act(state, "pay:toadstool")
    spell = add_card(state, 0, "transmutation_spell")
    act(state, f"spell:{spell}")
    while state.tasks:
        choice = policy.choose(state, 0, Rng(0))
        assert choice.id == "pay:rye"
        state.apply(0, choice)
    assert holding(state, 0) == {"barley": 1, "mana": 2}
