"""Paying "any" ingredients, and mana weed as the wild card: the player chooses, one unit at a time.

Rulebook "Tavern": "Discard any three grain ingredients for a gold"; "Mana Weed Ingredient": "It
may be used instead of any other beer brewing ingredient for the brewing of beer, casting of
spells, or drafting cards." Where more than one set of ingredients pays a cost, each unit is a
``pay`` move; where only one does, it is paid at once (docs/rules/dragon_brew.md, "Paying").
"""

from __future__ import annotations

from engine.dragon_brew.table import BREW, DragonBrewState
from tests.dragon_brew.helpers import act, add_card, goods, holding, ids, pool, slot, start, to_fall


def test_the_tavern_grain_is_the_players_choice() -> None:
    """Rulebook: "Tavern: Discard any three grain ingredients for a gold." (Mana weed stands in only "for
    the brewing of beer, casting spells, or drafting cards": not for a free action.)"""
    state = start("dwarves", "human")
    tavern = add_card(state, 0, "tavern")
    goods(state, 0, gold=0, wheat=2, rye=2, mana=1)
    act(state, f"free:{tavern}")
    assert ids(state) == ["pay:wheat", "pay:rye"] and state.tasks[0][:4] == ["pay", 3, 0, "grain.grain.grain"]
    assert state.players[0].gold == 0  # the gold comes once the grain is paid
    act(state, "pay:rye", "pay:rye")  # the third grain can only be a wheat: paid at once
    assert holding(state, 0) == {"wheat": 1, "mana": 1} and state.players[0].gold == 1
    assert state.tasks == []


def test_a_cost_with_one_way_to_pay_is_paid_at_once() -> None:
    """Rulebook: "Discard any three grain ingredients for a gold." (One wheat, one rye, one barley: no
    choice to make, so no move asks for one.)"""
    state = start("dwarves", "human")
    tavern = add_card(state, 0, "tavern")
    goods(state, 0, gold=0, wheat=1, rye=1, barley=1)
    act(state, f"free:{tavern}")
    assert holding(state, 0) == {} and state.players[0].gold == 1 and state.tasks == []


def test_paying_is_behind_the_screen() -> None:
    """Rulebook: "The player screen keeps players from seeing each other's recipes, gold, and collected
    ingredients." (Which grain paid the Tavern is told to its seat only.)"""
    state = start("dwarves", "human")
    tavern = add_card(state, 0, "tavern")
    goods(state, 0, gold=0, wheat=3, rye=3)
    act(state, f"free:{tavern}")
    events = act(state, "pay:wheat", "pay:rye", "pay:rye")
    paid = [e for e in events if e.kind == "paid"]
    assert [e.payload["ingredient"] for e in paid] == ["wheat", "rye", "rye"]
    assert all(e.visible_to == frozenset({0}) for e in paid)


def test_mana_weed_may_pay_for_a_spell() -> None:
    """Rulebook: "Transmutation Spell: Discard any six grains to collect one mana weed"; mana weed "may be
    used instead of any other ingredient for the brewing of beer, casting spells, or drafting cards"."""
    state = start("halfling", "human")
    spell = add_card(state, 0, "servant_spell")
    goods(state, 0, scale=1, mana=1)
    act(state, f"spell:{spell}")
    assert ids(state) == ["pay:scale", "pay:mana"]
    act(state, "pay:mana")
    assert holding(state, 0) == {"scale": 1} and state.tasks[0][0] == "borrow"


def test_a_spell_is_paid_before_it_gives() -> None:
    """Rulebook: "Cast a spell by discarding the ingredients listed on the card." (The Transmutation
    Spell's mana weed comes after the six grains, so it cannot pay for itself.)"""
    state = start("halfling", "human")
    spell = add_card(state, 0, "transmutation_spell")
    goods(state, 0, wheat=5, rye=1, mana=1)
    act(state, f"spell:{spell}")
    assert ids(state) == ["pay:wheat", "pay:rye", "pay:mana"] and holding(state, 0)["mana"] == 1
    act(state, "pay:wheat", "pay:wheat", "pay:wheat", "pay:wheat", "pay:wheat")
    assert ids(state) == ["pay:rye", "pay:mana"]
    act(state, "pay:rye")
    assert holding(state, 0) == {"mana": 2} and state.tasks == []


def test_the_fairys_spinning_wheel_is_a_spell_mana_weed_may_pay_for() -> None:
    """Rulebook: "The Spinning Wheel is a spell that allows the Fairy player to discard any six grains for
    six gold"; mana weed stands in when "casting spells"."""
    state = start("fairy_folk", "human")
    goods(state, 0, gold=0, barley=5, mana=1)
    act(state, f"spell:{slot(state, 0, 'spinning_wheel')}")  # five barley and the mana weed: one way
    assert holding(state, 0) == {} and state.players[0].gold == 6


def test_mana_weed_may_not_pay_for_the_sea_port() -> None:
    """Rulebook: "The Sea Port is a free action card that allows the Merfolk player to pay two gold and any
    two colored grain to collect any colored wort"; mana weed stands in only "for the brewing of beer,
    casting spells, or drafting cards"."""
    state = start("merfolk", "human")
    port = slot(state, 0, "sea_port")
    goods(state, 0, gold=2, barley=1, mana=1)
    assert f"free:{port}" not in ids(state)
    goods(state, 0, gold=2, barley=2, wheat=1)
    act(state, f"free:{port}")
    assert ids(state) == ["pay:wheat", "pay:barley"] and state.players[0].gold == 0
    act(state, "pay:barley")
    assert ids(state) == ["pay:wheat", "pay:barley"]
    act(state, "pay:wheat", "take:orange")
    assert holding(state, 0) == {"barley": 1, "orange": 1}


def test_a_festival_is_paid_with_the_players_choice_mana_weed_included() -> None:
    """Rulebook: "Beer Festival: ... Collect gold on the Beer Festival event card by discarding the listed
    ingredients to the game supply"; mana weed stands in for "drafting cards"."""
    state = start("halfling", "human")
    goods(state, 0, gold=0, toadstool=1, pixie=1, mana=1)
    pool(state, events=["dragonkeep_festival"])
    act(state, "draft:e0")
    assert ids(state) == ["pay:toadstool", "pay:pixie", "pay:mana"] and state.players[0].gold == 0
    act(state, "pay:toadstool")
    assert holding(state, 0) == {"pixie": 1, "mana": 1} and state.players[0].gold == 6
    assert "dragonkeep_festival" in state.event_discard


def brewing(**held: int) -> DragonBrewState:
    """The Halfling's Dunkel (barley, purple wort), Sneaky (dragon scale) and Glowing (pixie wing)."""
    state = start("halfling", "human")
    state.players[0].book = ["B02", "S01", "S02"]
    goods(state, 0, **held)
    to_fall(state)
    assert state.phase == BREW
    return state


def test_a_recipe_is_paid_with_its_ingredient_or_mana_weed_behind_the_screen() -> None:
    """Rulebook: "Mana Weed (pink) is a wild card ingredient. It may be used instead of any other beer
    brewing ingredient for the brewing of beer" / "Don't forget to keep your brews behind your screen
    secret"."""
    state = brewing(barley=1, purple=1, scale=1, mana=1)
    watched = state.observe(1)
    events = act(state, "barrel:B02", seat=0)
    assert ids(state, 0) == ["pay:barley", "pay:mana"] and state.players[0].owed == ["barley", "purple"]
    events += act(state, "pay:mana", "spice:S01", "close", seat=0)
    assert holding(state, 0) == {"barley": 1}
    assert state.observe(1) == watched and state.tasks == []  # nothing of it shows to the others
    assert all(e.visible_to == frozenset({0}) for e in events)


def test_a_started_beer_can_always_be_finished() -> None:
    """Rulebook: "A beer cannot have more than one barrel card or be made entirely of spice cards." (The
    mana weed is the only way to pay a spice here, so it may not pay for the barrel's barley.)"""
    state = brewing(barley=1, purple=1, mana=1)
    act(state, "barrel:B02", seat=0)
    assert state.players[0].owed == [] and holding(state, 0) == {"mana": 1}
    assert ids(state, 0) == ["spice:S01", "spice:S02"]
