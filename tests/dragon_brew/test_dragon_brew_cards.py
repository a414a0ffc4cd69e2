"""Event, Brewery and common cards (rulebook "Event Card Types", "Brewery Card Types", "Common
Player Cards", "Appendix: Brewery Cards")."""

from __future__ import annotations

from engine.dragon_brew.estate import book_limit, max_beers, store_limit
from engine.dragon_brew.player import GNOMES, USED
from tests.dragon_brew.helpers import act, add_card, goods, holding, ids, pool, slot, start


def test_traders_sell_three_grain_for_a_gold() -> None:
    """Rulebook: "In the example given, spend one gold to collect three grain (one of each type)."."""
    state = start("halfling", "human")
    goods(state, 0, gold=6)
    pool(state, events=["grain_caravan"])
    act(state, "draft:e0")
    assert state.players[0].gold == 5 and holding(state, 0) == {"wheat": 1, "rye": 1, "barley": 1}
    assert "grain_caravan" in state.event_discard  # "placed in the Event card discard pile"


def test_a_beer_festival_pays_six_gold_for_a_magic_ingredient() -> None:
    """Rulebook: "a player discards any magic ingredient and collects six gold."."""
    state = start("halfling", "human")
    goods(state, 0, gold=0, toadstool=1)
    pool(state, events=["dragonkeep_festival"])
    act(state, "draft:e0")
    assert state.players[0].gold == 6 and holding(state, 0) == {}


def test_mana_weed_pays_for_a_festival_as_a_wild_card() -> None:
    """Rulebook: "Mana Weed (pink) is a wild card ingredient. It may be used instead of any other ...
    drafting cards."."""
    state = start("halfling", "human")
    goods(state, 0, gold=0, mana=1)
    pool(state, events=["dragonkeep_festival"])
    act(state, "draft:e0")
    assert state.players[0].gold == 6


def test_a_quest_with_a_brewer_keeps_it_until_winter_and_scores_at_once() -> None:
    """Rulebook: "Player brewers used to draft a quest event card are set on the quest card ... Victory
    points are
    immediately collected"."""
    state = start("halfling", "human")
    pool(state, events=["haunted_cellar"])
    act(state, "draft:e0")
    player = state.players[0]
    assert player.vp == 2 and player.brewers == 6 and player.away == 1
    assert "end" not in ids(state)  # drafting with a brewer is not the brewer action


def test_a_recipe_scroll_draws_two_face_down_recipes() -> None:
    """Rulebook: "Spend one gold to draft a Recipe Scroll card and immediately draw two face down recipe
    cards"."""
    state = start("halfling", "human")
    pool(state, events=["recipe_scroll"])
    offered = state.offer_barrels + state.offer_spices
    size = len(state.players[0].book)
    act(state, "draft:e0", "draw:barrel", "draw:spice")
    assert len(state.players[0].book) == size + 2
    assert state.offer_barrels + state.offer_spices == offered  # "may not be selected"


def test_the_brewers_study_takes_three_recipes_then_refreshes_the_offering() -> None:
    """Rulebook: "Select three new recipe cards from the recipe card offering ... or face-down draw decks ...
    Refresh the drawn recipe cards from the draw decks after selecting all three cards."."""
    state = start("halfling", "human")
    first = state.offer_barrels[0]
    act(state, f"assign:{slot(state, 0, 'study')}.own", "pick:B0")
    assert state.offer_barrels[0] == ""  # refreshed only after all three
    act(state, "pick:S1", "pick:deck_spice")
    assert first in state.players[0].book and len(state.players[0].book) == 9
    assert all(state.offer_barrels) and all(state.offer_spices)


def test_clearing_the_offering_up_to_five_before_the_studys_picks() -> None:
    """Rulebook: "You may clear up to five recipe cards from the card offering before or after using your
    Brewer's Study. Pay one gold"."""
    state = start("halfling", "human")
    act(state, f"assign:{slot(state, 0, 'study')}.own", "clear_offer", "clear:B0", "clear:S0", "stop")
    assert state.players[0].gold == 5 and state.cleared_offer
    assert all(state.offer_barrels) and all(state.offer_spices)
    assert "clear_offer" not in ids(state)


def test_clearing_the_offering_after_the_studys_third_recipe() -> None:
    """Rulebook: "You may clear up to five recipe cards from the card offering before or after using your
    Brewer's Study." After the third recipe (the offering refreshed), the seat may still clear it; once it
    is done with the Study, or has cleared this turn ("not ... more than once per turn"), it may not."""
    state = start("halfling", "human")
    act(state, f"assign:{slot(state, 0, 'study')}.own", "pick:B0", "pick:S0", "pick:deck_barrel")
    assert all(state.offer_barrels) and set(ids(state)) == {"clear_offer", "stop"}
    cleared = state.offer_spices[1]
    act(state, "clear_offer", "clear:B1", "clear:S1", "stop")
    assert state.players[0].gold == 5 and state.cleared_offer and not state.tasks
    assert all(state.offer_spices) and cleared in state.spice_discard
    assert "end" in ids(state) and "clear_offer" not in ids(state)


def test_done_with_the_study_the_turn_goes_on_without_a_clearing() -> None:
    """Rulebook: "before or after using your Brewer's Study": "after" lasts until the seat is done with the
    Study; a seat that has cleared before its picks is not asked again."""
    state = start("halfling", "human")
    act(state, f"assign:{slot(state, 0, 'study')}.own", "pick:B0", "pick:S0", "pick:S1", "stop")
    assert not state.tasks and "clear_offer" not in ids(state) and state.players[0].gold == 6
    state = start("halfling", "human")
    act(state, f"assign:{slot(state, 0, 'study')}.own", "clear_offer", "clear:B0", "stop")
    act(state, "pick:B0", "pick:S0", "pick:S1")
    assert not state.tasks and "end" in ids(state)


def test_an_elf_collects_two_gold_from_the_arcane_library_before_researching() -> None:
    """Elf "Arcane Library": "collect two gold each time the Brewer's Study is used by assigning a
    brewer. The gold is collected before the research action"."""
    state = start("elves", "human")
    gold = state.players[0].gold
    act(state, f"assign:{slot(state, 0, 'study')}.own")
    assert state.players[0].gold == gold + 2


def test_upgrades_to_study_brewery_stores_and_trader() -> None:
    """Brewer's Tower (+3 recipe book), Pixie Assistant (+2 recipes drawn), Mechanical Gnomes (+1 beer),
    Oak Barrels (+4 stores), Pack Gnome (+1 Magic Trader multiplier)."""
    state = start("human", "dwarves")
    player = state.players[0]
    for cid in ("brewers_tower", "mechanical_gnomes", "oak_barrels"):
        add_card(state, 0, cid)
    assert book_limit(player) == 13 and max_beers(player) == 4 and store_limit(player) == 7
    add_card(state, 0, "pixie_assistant")
    act(state, f"assign:{slot(state, 0, 'study')}.own", *["pick:deck_barrel"] * 5)
    assert len(player.book) == 11


def test_magic_producing_action_cards() -> None:
    """Dragon's Den, Enchanted Forest, Forbidden Cave: one dragon scale / pixie wing / toadstool a brewer."""
    state = start("human", "dwarves")
    cards = [add_card(state, 0, c) for c in ("dragons_den", "enchanted_forest", "forbidden_cave")]
    other = slot(state, 1, "brewery")
    for index in cards:
        act(state, f"assign:{index}.own", "end", f"assign:{other}.own", "end")
    assert holding(state, 0) == {"wheat": 1, "rye": 1, "barley": 1, "scale": 1, "pixie": 1, "toadstool": 1}


def test_the_druid_grows_two_more_grain_of_any_type() -> None:
    """Rulebook: "Druid: Upgrade your Grain Fields Brewery card to produce an extra two grain of any type
    (red, yellow, or blue)."
    """
    state = start("human", "dwarves")
    add_card(state, 0, "druid")
    goods(state, 0)
    act(state, f"assign:{slot(state, 0, 'fields')}.own", *["take:rye"] * 6)
    assert holding(state, 0) == {"rye": 6}


def test_the_servant_spell_on_the_halflings_upgraded_magic_trader() -> None:
    """Rulebook: "The Human player uses his Servant Spell card by discarding a dragon scale. He then
    selects the
    Halfling player's upgraded Magic Trader Card. The Human player discards four gold to purchase two
    Pixie Wings."."""
    state = start("human", "halfling")
    spell = add_card(state, 0, "servant_spell")
    add_card(state, 1, "pack_gnome")
    trader = slot(state, 1, "trader")
    goods(state, 0, scale=1, gold=7)
    act(state, f"spell:{spell}", f"use:1.{trader}", "take:pixie", "again", "take:pixie")
    assert holding(state, 0) == {"pixie": 2} and state.players[0].gold == 3
    assert state.players[0].estate[spell][USED]
    assert not state.players[1].estate[trader][USED]  # "does not lock the opponent's action card"


def test_the_chaos_spell_drafts_two_of_the_new_cards_for_free() -> None:
    """Rulebook: "discard any five Brewery and Event cards from the drafting pool ... Draft two of the
    newly drawn
    cards without paying the cost ... you must choose from the newly drawn five cards."."""
    state = start("human", "dwarves")
    spell = add_card(state, 0, "chaos_spell")
    goods(state, 0, pixie=1, gold=0)
    act(state, f"spell:{spell}", "clear:b0", "clear:b1", "clear:b2", "clear:b3", "clear:b4")
    new = [f"take_card:b{i}" for i in range(5)]
    assert ids(state) and set(ids(state)) <= set(new)  # never the five event cards
    estate = len(state.players[0].estate)
    act(state, ids(state)[0])
    while state.tasks and state.tasks[0][0] != "free_draft":
        act(state, ids(state)[0])  # an upgrade's or event's own choices, if any
    assert set(ids(state)) <= set(new)
    assert state.players[0].gold == 0 and len(state.players[0].estate) >= estate


def test_the_intelligence_spell_replaces_the_offering_and_keeps_three() -> None:
    """Rulebook: "Spend one wort to discard and replace all 10 face up cards in the recipe offering.
    Select any three"."""
    state = start("human", "dwarves")
    spell = add_card(state, 0, "intelligence_spell")
    goods(state, 0, green=1)
    before = state.offer_barrels + state.offer_spices
    act(state, f"spell:{spell}")
    assert not set(before) & set(state.offer_barrels + state.offer_spices)
    act(state, "pick:B0", "pick:B1", "pick:S0")
    assert len(state.players[0].book) == 9


def test_the_raise_gnome_spell_brings_two_gnomes_back() -> None:
    """Rulebook: "Spend one toadstool to move up to two temporary brewers from your brewery cards back to your
    player race card."."""
    state = start("human", "dwarves")
    spell = add_card(state, 0, "raise_gnome_spell")
    fields = slot(state, 0, "fields")
    state.players[0].estate[fields][GNOMES] = 2
    goods(state, 0, toadstool=1)
    act(state, f"spell:{spell}", f"raise:{fields}", f"raise:{fields}")
    assert state.players[0].gnomes == 2


def test_a_quest_may_be_drafted_with_a_migrant_gnome_which_goes_back_to_the_box() -> None:
    """Rulebook: "Gold and purple temporary brewers used to draft the card are returned to the bank.\""""
    state = start("halfling", "human")
    pool(state, events=["dragon_hunt"])
    state.players[0].gnomes, state.gnomes_left = 1, 9
    assert {"draft:e0.own", "draft:e0.gnome"} <= set(ids(state))
    act(state, "draft:e0.gnome")
    player = state.players[0]
    assert player.gnomes == 0 and state.gnomes_left == 10 and player.brewers == 7 and player.away == 0
    assert holding(state, 0)["scale"] == 2
