"""The spring phase (rulebook "Spring Game Phase" and "Appendix: Spring Game Phase Detail")."""

from __future__ import annotations

from engine.dragon_brew.player import OWN, USED
from engine.dragon_brew.table import BREW, SPRING, DragonBrewState
from tests.dragon_brew.helpers import act, add_card, goods, holding, ids, pool, slot, start


def test_clearing_the_draft_costs_a_gold_replaces_five_cards_once_a_turn() -> None:
    """Rulebook: "Pay one gold to the game supply and discard any five Event and Brewery cards ... You may not
    perform a clearing action more than once per turn."."""
    state = start("halfling", "human")
    before = state.pool_brewery + state.pool_events
    act(state, "clear_draft")
    assert state.players[0].gold == 5
    act(state, "clear:b0", "clear:b1", "clear:e0", "clear:e1", "clear:e2")
    assert len(state.brewery_discard) == 2 and len(state.event_discard) == 3
    assert all(state.pool_brewery) and all(state.pool_events)
    assert state.pool_brewery + state.pool_events != before
    assert "clear_draft" not in ids(state)
    assert any(i.startswith("draft:") for i in ids(state))  # "She now has the option to draft a card"


def test_drafting_mana_mountain_adds_it_to_the_estate_for_three_gold() -> None:
    """Rulebook: "The Halfling player drafts a Mana Mountain Brewery card and pays three gold. The drafted
    card is
    added to her estate." / "Immediately replace the drafted card" / "Only one card may be drafted each
    turn."."""
    state = start("halfling", "human")
    pool(state, brewery=["mana_mountain"])
    act(state, "draft:b0")
    assert state.players[0].gold == 3
    assert slot(state, 0, "mana_mountain") == 7  # after the race card, Fertile Fields under Grain Fields
    assert state.pool_brewery[0]
    assert not any(i.startswith("draft:") for i in ids(state))
    act(state, "assign:7.own")  # "available for use immediately after being drafted"
    assert holding(state, 0)["mana"] == 1


def test_grain_fields_are_an_infinite_action_used_each_turn() -> None:
    """Rulebook: "During the first round the Halfling uses Grain Fields and collects six grain. During the
    next
    turn ... she uses Grain Fields again and collects six more grain."."""
    state = start("halfling", "human")
    goods(state, 0)
    fields = slot(state, 0, "fields")
    act(state, f"assign:{fields}.own", *["take:wheat"] * 6, "end")
    act(state, f"assign:{slot(state, 1, 'fields')}.own", *["take:rye"] * 4, "end")
    act(state, f"assign:{fields}.own", *["take:barley"] * 6, "end")
    assert holding(state, 0) == {"wheat": 6, "barley": 6}
    assert state.players[0].estate[fields][OWN] == 2


def test_a_regular_action_card_is_locked_for_the_year_after_use() -> None:
    """Rulebook: "Regular action cards are locked for the rest of the game year after being assigned a
    brewer."."""
    state = start("halfling", "human")
    mash = slot(state, 0, "mash")
    act(state, f"assign:{mash}.own", "stop", "end", f"assign:{slot(state, 1, 'brewery')}.own", "end")
    assert state.players[0].estate[mash][USED]
    assert f"assign:{mash}.own" not in ids(state)


def test_one_brewer_action_a_turn_and_it_is_mandatory() -> None:
    """Rulebook: "You must perform a brewer action if you have an unassigned brewer" / "You may not assign
    more
    than one brewer per turn."."""
    state = start("halfling", "human")
    assert "end" not in ids(state)
    act(state, f"assign:{slot(state, 0, 'brewery')}.own")
    assert "end" in ids(state)
    assert not any(i.startswith("assign:") or i.startswith("pass:") for i in ids(state))


def test_passing_sets_a_brewer_aside_until_winter() -> None:
    """Rulebook: "You may choose to "pass" your mandatory brewer action by removing one brewer meeple"."""
    state = start("halfling", "human")
    act(state, "pass:own", "end")
    assert state.players[0].brewers == 6 and state.players[0].away == 1


def test_passing_removes_a_brewer_from_the_race_card_never_a_housed_gnome() -> None:
    """Rulebook: "You may choose to "pass" your mandatory brewer action by removing one brewer meeple from
    your player race card. Temporary brewers are returned to the supply." A gnome on Gnome Housing is not
    on the race card: it is not passed, and with only housed gnomes there is no mandatory action to pass."""
    state = start("halfling", "human")
    add_card(state, 0, "gnome_housing")
    player = state.players[0]
    player.brewers, player.gnomes, player.housed, state.gnomes_left = 0, 1, 1, 8
    assert [i for i in ids(state) if i.startswith("pass:")] == ["pass:gnome"]
    act(state, "pass:gnome", "end")
    assert (player.gnomes, player.housed, state.gnomes_left) == (0, 1, 9)
    act(state, f"assign:{slot(state, 1, 'brewery')}.own", "end")
    assert not any(i.startswith("pass:") for i in ids(state)) and "end" in ids(state)


def test_the_mash_house_multiplier_with_the_sasquatch_masher() -> None:
    """Rulebook: "The total action multiplier is three ... Action #1 — spend a red and yellow grain to
    create an
    orange wort. Action #2 — ... orange wort. Action #3 — spend a blue and yellow grain to create a
    green wort."."""
    state = start("halfling", "human")
    add_card(state, 0, "sasquatch_masher")
    goods(state, 0, barley=2, wheat=3, rye=1)
    act(
        state,
        f"assign:{slot(state, 0, 'mash')}.own",
        "mash:orange",
        "again",
        "mash:orange",
        "again",
        "mash:green",
    )
    assert holding(state, 0) == {"orange": 2, "green": 1}
    assert "again" not in ids(state)  # three times, no more


def test_the_wheat_field_upgrade_adds_two_wheat_to_grain_fields() -> None:
    """Rulebook: "Whenever the Halfling player uses her Grain Field card, she will collect two yellow
    wheat cubes
    in addition to her Grain Fields and previous upgrades."."""
    state = start("halfling", "human")
    pool(state, brewery=["wheat_field"])
    goods(state, 0, gold=6)
    act(state, "draft:b0")
    assert state.players[0].gold == 4  # "She pays two gold"
    goods(state, 0, gold=4)
    act(state, f"assign:{slot(state, 0, 'fields')}.own", *["take:rye"] * 6)
    assert holding(state, 0) == {"wheat": 2, "rye": 6}  # 4 + Fertile Fields 2 + Wheat Field 2


def test_tavern_is_a_free_action_used_as_often_as_paid() -> None:
    """Rulebook: "the Dwarf player discards four wheat and two rye to collect two gold."."""
    state = start("dwarves", "human")
    tavern = add_card(state, 0, "tavern")
    goods(state, 0, wheat=4, rye=2, gold=0)
    act(state, f"free:{tavern}", "pay:wheat", "pay:wheat", "pay:wheat", f"free:{tavern}")  # then no choice
    assert holding(state, 0) == {} and state.players[0].gold == 2
    assert f"free:{tavern}" not in ids(state)


def test_transmutation_spell_once_a_year_with_a_token() -> None:
    """Rulebook: "She spends six grain and collects one mana weed ingredient. A spell token is placed on
    the card"."""
    state = start("halfling", "human")
    spell = add_card(state, 0, "transmutation_spell")
    goods(state, 0, wheat=6, rye=6)
    act(state, f"spell:{spell}", *["pay:rye"] * 6)
    assert holding(state, 0)["mana"] == 1 and sum(holding(state, 0).values()) == 7
    assert state.players[0].estate[spell][USED] and state.tokens_left == 11
    assert f"spell:{spell}" not in ids(state)


def test_a_brewer_on_the_brewery_adds_a_beer() -> None:
    """Rulebook: "The Halfling player adds one more brewer meeple to her Brewery ... She can brew up to
    four beers."."""
    from engine.dragon_brew.estate import max_beers

    state = start("halfling", "human")
    assert max_beers(state.players[0]) == 3
    act(state, f"assign:{slot(state, 0, 'brewery')}.own")
    assert max_beers(state.players[0]) == 4


def test_spring_ends_when_the_last_brewer_is_placed_and_the_turn_is_done() -> None:
    """Rulebook: "The player placing the last brewer may still complete their turn normally (drafting, spells,
    free actions, etc.) before the phase ends."."""
    state = start("halfling", "human")
    for player in state.players:
        player.brewers = 0
    state.players[0].brewers = 1
    act(state, f"assign:{slot(state, 0, 'brewery')}.own")
    assert state.phase == SPRING and any(i.startswith("draft:") for i in ids(state))
    act(state, "end")
    assert state.phase == BREW


def test_a_drafted_migrant_gnome_must_do_the_brewer_action() -> None:
    """Rulebook: "If you start your turn without a brewer and you draft a migrant gnome brewer, you must
    use it"."""
    state = start("halfling", "human")
    state.players[0].brewers = 0
    pool(state, events=["migrant_gnomes"])
    assert "end" in ids(state)
    act(state, "draft:e0")
    assert state.players[0].gnomes == 1 and state.gnomes_left == 9
    assert "end" not in ids(state)
    act(state, f"assign:{slot(state, 0, 'brewery')}.gnome", "end")


def test_no_migrant_gnome_is_drafted_once_they_run_out() -> None:
    """Rulebook: "In the event you run out of migrant gnome meeples, no other migrant gnomes can be
    drafted"."""
    state = start("halfling", "human")
    pool(state, events=["migrant_gnomes"])
    state.gnomes_left = 0
    assert "draft:e0" not in ids(state)


def test_gnome_housing_keeps_gnomes_and_ends_the_spring_on_its_owners_word() -> None:
    """Rulebook: "if all other players have no brewers left on their race cards, then you must either assign a
    brewer from your Gnome Housing card or end the Spring Game Phase."."""
    state = start("halfling", "human")
    pool(state, brewery=["gnome_housing"])
    act(state, "draft:b0")
    assert state.players[0].housed == 1
    for player in state.players:
        player.brewers = 0
    state.players[0].brewers = 1
    act(state, f"assign:{slot(state, 0, 'brewery')}.own", "end")
    assert state.phase == SPRING and state.current == 0 and state.closing
    assert "end" not in ids(state) and "end_spring" in ids(state)
    act(state, "end_spring")
    assert state.phase == BREW


def _housed_gnomes_only(housed: list[int]) -> DragonBrewState:
    """Halfling (seat 0) and Human (seat 1), each with Gnome Housing and these housed gnomes; seat 0
    has placed the last brewer of any race card and ended its turn."""
    state = start("halfling", "human")
    for seat, gnomes in enumerate(housed):
        add_card(state, seat, "gnome_housing")
        state.players[seat].housed = gnomes
        state.players[seat].brewers = 0
    state.gnomes_left -= sum(housed)
    state.players[0].brewers = 1
    act(state, f"assign:{slot(state, 0, 'brewery')}.own", "end")
    return state


def test_each_gnome_housing_owner_in_turn_assigns_a_housed_gnome_or_ends_the_spring() -> None:
    """Rulebook "Spring End Phase with Gnome Housing": "if all other players have no brewers left on their
    race cards, then you must either assign a brewer from your Gnome Housing card or end the Spring Game
    Phase." Once only housed gnomes are left, the turn goes clockwise to their owners only; each turn one
    housed gnome is assigned ("You may not assign more than one brewer per turn") or the spring ends."""
    state = _housed_gnomes_only([2, 1])
    assert state.phase == SPRING and state.current == 1 and state.closing
    brewery = slot(state, 1, "brewery")
    assert {f"assign:{brewery}.housed", "end_spring"} <= set(ids(state)) and "end" not in ids(state)
    act(state, f"assign:{brewery}.housed")
    assert "end" in ids(state) and "end_spring" not in ids(state)
    assert not any(i.startswith("assign:") for i in ids(state))
    act(state, "end")
    assert state.current == 0 and f"assign:{slot(state, 0, 'brewery')}.housed" in ids(state)
    act(state, f"assign:{slot(state, 0, 'brewery')}.housed", "end")
    assert state.current == 0 and state.phase == SPRING  # seat 1 has no housed gnome left: skipped
    act(state, f"assign:{slot(state, 0, 'brewery')}.housed", "end")  # the second housed gnome
    assert state.phase == BREW and [p.housed for p in state.players] == [0, 0]


def test_a_gnome_housing_owner_ending_the_spring_ends_it_for_everyone() -> None:
    """Rulebook: "you must either assign a brewer from your Gnome Housing card or end the Spring Game
    Phase": the phase ends, and the other owner's housed gnomes wait for next year."""
    state = _housed_gnomes_only([1, 1])
    act(state, "end_spring")
    assert state.phase == BREW and [p.housed for p in state.players] == [1, 1]


def test_a_gnome_drafted_while_only_housed_gnomes_are_left_is_a_brewer_to_assign() -> None:
    """Rulebook: "If you start your turn without a brewer and you draft a migrant gnome brewer, you must use
    it to perform the mandatory action during your current turn": a brewer is on a race card again."""
    state = _housed_gnomes_only([0, 1])
    pool(state, events=["migrant_gnomes"])
    act(state, "draft:e0")
    assert "end_spring" not in ids(state) and "end" not in ids(state)
    act(state, f"assign:{slot(state, 1, 'brewery')}.gnome", "end")
    assert state.phase == SPRING and state.current == 1 and state.closing  # the housed gnome is left


def test_moving_a_gnome_to_gnome_housing_is_a_free_action() -> None:
    """Rulebook: "Moving purple Gnome brewers to the Gnome Housing card from your player race card is a
    free action. Gnomes that have already been assigned to other cards may not be moved"."""
    state = start("halfling", "human")
    add_card(state, 0, "gnome_housing")
    state.players[0].gnomes, state.gnomes_left = 1, 9
    act(state, "house")
    assert state.players[0].housed == 1 and state.players[0].gnomes == 0
    assert "house" not in ids(state) and not state.acted


def test_mana_weed_never_stands_in_for_gold() -> None:
    """Rulebook: "Mana weed may not be used instead of gold"."""
    state = start("halfling", "human")
    pool(state, brewery=["mana_mountain"])
    goods(state, 0, gold=2, mana=5)
    assert "draft:b0" not in ids(state)


def test_no_spell_is_cast_without_a_spell_token() -> None:
    """Interpretation (docs/rules/dragon_brew.md): the 12 spell tokens are components, like the gnomes."""
    state = start("halfling", "human")
    spell = add_card(state, 0, "transmutation_spell")
    goods(state, 0, wheat=6)
    state.tokens_left = 0
    assert f"spell:{spell}" not in ids(state)


def test_ingredients_are_not_limited_by_the_box() -> None:
    """Rulebook: "Dragon Brew is not limited to the ingredient components in the game box. Barrel
    tokens are provided" (30 wheat cubes in the box; a player may hold more)."""
    state = start("halfling", "human")
    goods(state, 0, wheat=30)
    act(state, f"assign:{slot(state, 0, 'fields')}.own", *["take:wheat"] * 6)
    assert holding(state, 0)["wheat"] == 36
