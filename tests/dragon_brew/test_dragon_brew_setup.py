"""Game Setup and Player Turn Order (rulebook "Game Setup", "Player Turn Order", "Player Race Overview")."""

from __future__ import annotations

import pytest

from engine.core.errors import InvalidOptions
from engine.dragon_brew.components import components, judge
from engine.dragon_brew.winter import turn_order
from tests.dragon_brew.helpers import GAME, holding, start


def test_the_halfling_takes_her_starting_resources() -> None:
    """Rulebook: "The Halfling player takes seven blue meeple brewers ... One yellow wheat, one blue rye, one
    red barley, and six gold are placed behind her player screen."."""
    state = start("halfling", "human")
    halfling = state.players[0]
    assert halfling.brewers == 7
    assert holding(state, 0) == {"wheat": 1, "rye": 1, "barley": 1}
    assert halfling.gold == 6  # first in turn order: no extra gold


def test_every_race_has_an_estate_of_eight_cards_but_the_tree_men_seven() -> None:
    """Rulebook: "The deck is comprised of eight cards" / "the Tree Men are the only player race to have 7
    cards"."""
    races = components().races
    assert len(races) == 19
    for rid, race in races.items():
        assert len(race.estate) == (7 if rid == "tree_men" else 8), rid
    assert sum(len(r.estate) for r in races.values() if r.pack == 0) == 120  # "120 Player Race Brewery Cards"


def test_the_decks_hold_the_components_counts() -> None:
    """Rulebook: "36 Judge Cards ... 68 Brewery Cards, 68 Event Cards ... 30 Barrel Recipe Cards, 72 Spice
    Recipe Cards"."""
    comps = components()
    assert len(comps.brewery_deck) == 68 and len(comps.event_deck) == 68
    assert len(comps.judges) == 36 and len(comps.barrels) == 30 and len(comps.spices) == 72


def test_starting_recipe_books_come_from_the_race_card() -> None:
    """Rulebook: "Draw the number of barrel and spice recipe cards as listed on your player race card."."""
    state = start("elves", "dwarves")
    for seat, player in enumerate(state.players):
        race = components().races[player.race]
        book = [components().recipes[r] for r in player.book]
        assert sum(r.barrel for r in book) == race.barrel, seat
        assert sum(not r.barrel for r in book) == race.spice, seat


def test_offering_pool_and_judges_are_laid_out() -> None:
    """Rulebook: "Flip up five Barrel and five Spice recipe cards" / "five cards in a row" / "three judge
    cards are drawn face up in a two-player game (2+1=3)"."""
    state = start("halfling", "human")
    assert all(state.offer_barrels) and len(state.offer_barrels) == 5
    assert all(state.offer_spices) and len(state.offer_spices) == 5
    assert all(state.pool_brewery) and all(state.pool_events)
    assert len(state.judges) == 3
    assert not any(judge(j).corrupt for j in state.judges + state.judge_deck)


def test_first_player_disk_tops_the_stack_and_later_seats_get_extra_gold() -> None:
    """Rulebook: "The blue player is first ... The blue player's disk is placed on top" / extra gold 0, 1,
    1, 2."""
    state = start("human", "merfolk", "vampires", "free_gnomes")
    disks = [p.disk for p in state.players]
    assert disks == sorted(disks, reverse=True)  # seat 0 on top, then clockwise below it
    base = [components().races[p.race].gold for p in state.players]
    assert [p.gold - g for p, g in zip(state.players, base, strict=True)] == [0, 1, 1, 2]


def test_turn_order_ties_go_to_the_disk_on_top() -> None:
    """Rulebook: "The red and white players are both tied for last with two victory points. The red player is
    last because his scoring disk is on top ... The red player starts the phase"."""
    state = start("human", "orcs", "dwarves")
    red, white, other = state.players
    red.vp, white.vp, other.vp = 2, 2, 9
    red.disk, white.disk = 7, 5
    assert turn_order(state) == [0, 1, 2]
    red.disk = 4
    assert turn_order(state) == [1, 2, 0]  # white first, then clockwise


def test_every_race_may_be_chosen_at_two_players() -> None:
    """Player Race Overview: the "Players" column is "a guide to ... the optimal number of players before
    playing each race. Not following these suggested guidelines may slightly affect the player race
    balancing." Free Gnomes: "We strongly suggest playing the Free Gnomes in three or four player games,
    unless you are up for a real challenge."."""
    for race in ("centaurs", "chaos_wytches", "wizard_folk", "free_gnomes"):
        state = start(race, "human")
        assert [p.race for p in state.players] == [race, "human"]


def test_random_races_follow_the_suggested_player_counts_unless_turned_off() -> None:
    """The suggestion stays the default for random deals (bots and matchmaking play the defaults);
    ``suggested_races_only=false`` deals any race."""
    for seed in range(30):
        state = GAME.new_state(2, {}, seed)
        assert all(components().races[p.race].min_players == 2 for p in state.players)
        assert len({p.race for p in state.players}) == 2
    dealt = {
        p.race
        for seed in range(40)
        for p in GAME.new_state(2, {"suggested_races_only": "false"}, seed).players
    }
    assert {"centaurs", "chaos_wytches", "wizard_folk", "free_gnomes"} & dealt


def test_race_options_list_random_and_every_race() -> None:
    """A client draws each seat's race as a list: ``random`` first, then the 19 races."""
    specs = {spec.name: spec for spec in GAME.options}
    for seat in range(4):
        spec = specs[f"race_{seat}"]
        assert spec.default == "random" and spec.choices == ("random", *components().races)
    assert specs["suggested_races_only"].choices == ("true", "false")
    with pytest.raises(InvalidOptions):
        GAME.new_state(2, {"race_0": "trolls"}, 1)


def test_a_race_is_played_by_one_seat_only() -> None:
    """Rulebook: "Select Player Race. Each player selects a race and the eight associated race cards
    (each race has a different card back)": one set of cards per race, so no two seats share one.
    """
    with pytest.raises(InvalidOptions):
        start("human", "human")
