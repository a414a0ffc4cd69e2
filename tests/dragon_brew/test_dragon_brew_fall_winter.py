"""Fall, winter and the end (rulebook "Fall Game Phase", "Winter Game Phase", "End Game Scoring")."""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew.estate import book_limit
from engine.dragon_brew.judging import characteristic
from engine.dragon_brew.player import OWN, USED
from engine.dragon_brew.table import OVER, SPRING, WINTER, DragonBrewState
from tests.dragon_brew.helpers import act, add_card, brew, goods, holding, ids, slot, start, to_fall

HALFLING_BOOK = ["B01", "S03", "B02", "S01", "S02", "B03", "S04", "S05"]
SNEAKY_GLOWING_DUNKEL = ("B02", "S01", "S02")


def judges(state: DragonBrewState, *judge_ids: str) -> None:
    state.judges = list(judge_ids)
    state.ogre = [0] * len(judge_ids)
    state.bribes = [[-1, 0] for _ in judge_ids]


def halfling_brewing() -> DragonBrewState:
    state = start("halfling", "human")
    state.players[0].book = list(HALFLING_BOOK)
    goods(state, 0, gold=6, wheat=2, orange=1, barley=2, purple=2, scale=1, pixie=1, rye=1, toadstool=1)
    judges(state, "J02", "J01")  # Tombo, then Talabrina Hillier
    to_fall(state)
    return state


def test_sneaky_glowing_dunkel_has_colour_two_strength_one_bitterness_zero() -> None:
    """Rulebook: "Sneaky Glowing Dunkel (Color 2, Strength 1, and Bitterness 0)"."""
    beer = list(SNEAKY_GLOWING_DUNKEL)
    assert [characteristic(beer, c) for c in ("colour", "strength", "bitterness")] == [2, 1, 0]


def test_the_halflings_three_beers_win_two_judges_and_bring_seven_gold_and_four_vp() -> None:
    """Rulebook: "Sneaky Glowing Dunkel ... has the highest color. The Halfling player earns two victory
    points and
    the ribbon token is placed on the beer." / "collects seven gold and four victory points."."""
    state = halfling_brewing()
    brew(state, 0, ("B01", "S03"), SNEAKY_GLOWING_DUNKEL, ("B03", "S04", "S05"))
    events = act(state, "done", seat=1)
    shown = [e.label for e in events if e.kind == "presented"]
    assert shown == [  # "Bunny Saison" / "Sneaky Glowing Dunkel" / "Dry Serpent Stout"
        "Seat 0 presents Bunny Saison",
        "Seat 0 presents Sneaky Glowing Dunkel",
        "Seat 0 presents Dry Serpent Stout",
    ]
    awards = [e for e in events if e.kind == "awarded"]
    assert [(e.payload["judge"], e.payload["beer"], e.payload["vp"]) for e in awards] == [
        ("J02", 2, 2),  # Tombo (bitterness): the Dry Serpent Stout
        ("J01", 1, 2),  # Talabrina (colour): the Dunkel, the Stout already has its ribbon
    ]
    profit = next(e for e in events if e.kind == "profit" and e.seat == 0)
    assert profit.payload == {"gold": 7, "vp": 4}
    halfling = state.players[0]
    assert halfling.vp == 8 and halfling.ribbons == 2 and halfling.gold == 6 + 7
    assert holding(state, 0) == {}  # every ingredient went into the beers


def test_a_beer_needs_one_barrel_and_at_least_one_spice() -> None:
    """Rulebook: "A beer cannot have more than one barrel card or be made entirely of spice cards."."""
    state = halfling_brewing()
    assert not any(i.startswith("spice:") for i in ids(state, 0))
    act(state, "barrel:B02", seat=0)
    assert "close" not in ids(state, 0) and not any(i.startswith("barrel:") for i in ids(state, 0))
    act(state, "spice:S01", seat=0)
    assert "close" in ids(state, 0)


def test_mana_weed_stands_in_for_a_brewing_ingredient() -> None:
    """Rulebook: "Mana Weed (pink) is a wild card ingredient. It may be used instead of any other beer
    brewing ingredient for the brewing of beer, casting of spells, or drafting cards."
    """
    state = halfling_brewing()
    goods(state, 0, barley=1, mana=2)
    act(state, "barrel:B02", "spice:S01", "close", seat=0)
    assert holding(state, 0) == {}


def test_brewing_is_secret_until_every_screen_lifts() -> None:
    """Rulebook: "Don't forget to keep your brews behind your screen secret" / "When all players have finished
    brewing beers, players lift their screens simultaneously"."""
    state = halfling_brewing()
    watched, spectated = state.observe(1), state.observe(None)
    brewing_events = act(state, "barrel:B02", "spice:S01", "spice:S02", "close", seat=0)
    assert state.observe(1) == watched and state.observe(None) == spectated  # not even the book's size
    assert state.observe(0).players[0].brews == (tuple(SNEAKY_GLOWING_DUNKEL),)
    act(state, "done", seat=0)
    assert all(e.visible_to == frozenset({0}) for e in brewing_events)
    events = act(state, "done", seat=1)
    shown = [e for e in events if e.kind == "presented"]
    assert [(e.seat, e.payload["beer"], e.visible_to) for e in shown] == [
        (0, list(SNEAKY_GLOWING_DUNKEL), None)
    ]


def three_players_tied() -> tuple[DragonBrewState, list[Event]]:
    state = start("halfling", "human", "dwarves")
    beers = [("B02", "S02"), ("B20", "S05"), ("B17", "S07")]
    for seat, beer in enumerate(beers):
        state.players[seat].book = list(beer)
        assert [characteristic(list(beer), c) for c in ("colour", "strength")] == [2, 1]
        goods(state, seat, mana=6)
    judges(state, "J01")
    to_fall(state)
    for seat, beer in enumerate(beers[:2]):
        brew(state, seat, beer)
    barrel, spice = beers[2]
    return state, act(state, f"barrel:{barrel}", f"spice:{spice}", "close", "done", seat=2)


def test_talabrina_hilliers_two_points_split_by_a_three_way_tie() -> None:
    """Rulebook: "the judge Talabrina Hillier awards two victory points. If there is a three-way tie for
    this judge,
    each of the winning players score one point." / "Give each of the tied beers a ribbon token"."""
    state, state_events = three_players_tied()
    assert [p.ribbons for p in state.players] == [1, 1, 1]
    assert [e.payload["vp"] for e in state_events if e.kind == "awarded"] == [1, 1, 1]


def test_a_player_picks_between_two_equally_good_beers_of_its_own() -> None:
    """Rulebook: "The winning player picks the winning beer in the event two of his beers equally meet a
    judge's criteria."."""
    state = start("halfling", "human")
    state.players[0].book = ["B02", "S02", "B20", "S05"]
    goods(state, 0, mana=6)
    judges(state, "J01")
    to_fall(state)
    brew(state, 0, ("B02", "S02"), ("B20", "S05"))
    act(state, "done", seat=1)
    assert state.actors() == [0] and ids(state) == ["award:0", "award:1"]
    act(state, "award:1")
    assert state.players[0].ribbons == 1 and state.phase in (WINTER, SPRING)


def test_judges_left_without_beers_are_discarded() -> None:
    """Rulebook: "If there are Judge cards left and no beers left to win them, the Judge cards are
    discarded"."""
    state = halfling_brewing()
    brew(state, 0, SNEAKY_GLOWING_DUNKEL)
    events = act(state, "done", seat=1)
    assert [e.kind for e in events].count("judge_discarded") == 1
    assert state.players[0].ribbons == 1


def winter_of(state: DragonBrewState) -> None:
    """Through the fall into the winter. A Human seat spends its gold first: with gold it could still
    use its Farmer's Market ("free actions are permitted during the fall and winter phases") and would
    have a winter choice to make."""
    for player in state.players:
        if player.race == "human":
            player.gold = 0
    to_fall(state)
    for seat in state.order:
        act(state, "done", seat=seat)


def test_winter_resets_brewers_gnomes_spells_and_refreshes_the_cards() -> None:
    """Winter steps 1-3: year marker, brewers home, migrant gnomes and spell tokens back, fresh cards."""
    state = start("halfling", "human")
    spell = add_card(state, 0, "transmutation_spell")
    goods(state, 0, wheat=6)
    act(state, f"spell:{spell}", f"assign:{slot(state, 0, 'brewery')}.own")
    state.players[0].gnomes, state.gnomes_left = 1, 9
    pool_before, judges_before = list(state.pool_brewery), list(state.judges)
    winter_of(state)
    player = state.players[0]
    assert state.year == 2 and state.phase == SPRING
    assert player.brewers == 7 and player.gnomes == 0 and state.gnomes_left == 10
    assert not player.estate[spell][USED] and state.tokens_left == 12
    assert all(s[OWN] == 0 for s in player.estate)
    assert state.pool_brewery != pool_before and state.judges != judges_before and len(state.judges) == 3


def test_winter_stores_keep_ingredients_the_rest_go_back() -> None:
    """Rulebook: "Return all unused ingredients to the game supply, except for the ingredients in your
    winter stores."."""
    state = start("halfling", "human")
    goods(state, 0, wheat=4, pixie=3)
    winter_of(state)
    assert state.phase == WINTER and state.actors() == [0]
    act(state, "keep:pixie", "keep:pixie", "keep:pixie", "keep:wheat", "keep:wheat")
    assert not any(i.startswith("keep:") for i in ids(state))  # the Halfling's stores hold 5
    act(state, "stored")
    assert holding(state, 0) == {"wheat": 2, "pixie": 3} and state.phase == SPRING


def test_the_elf_discards_from_seventeen_recipes_down_to_twelve() -> None:
    """Rulebook: "An Elf player has a maximum recipe book size of 12 and has 17 recipe cards. She must
    discard five."."""
    state = start("elves", "human")
    state.players[0].book = [f"S{n:02d}" for n in range(10, 27)]
    goods(state, 0)
    assert book_limit(state.players[0]) == 12
    winter_of(state)
    assert state.actors() == [0]
    act(state, *(f"discard:S{n:02d}" for n in range(10, 15)))
    assert len(state.players[0].book) == 12 and state.phase == SPRING
    assert {f"S{n:02d}" for n in range(10, 15)} <= set(state.spice_discard)


def test_the_game_ends_after_the_third_year() -> None:
    """Rulebook: "If it is currently the last year of the game (game year 3), then skip the other winter phase
    actions and proceed directly to End Game Scoring"."""
    state = start("halfling", "human")
    state.year = 3
    winter_of(state)
    assert state.phase == OVER and state.is_terminal() and state.actors() == []


def test_the_human_and_the_orc_tied_at_32_the_orc_wins_on_ribbons() -> None:
    """Rulebook: "(Human: 32 points, six ribbons and four gold. Orc: 32 points, eight ribbons and two
    gold.)"."""
    state = start("human", "orcs")
    human, orc = state.players
    human.vp, human.ribbons, human.gold = 32, 6, 4
    orc.vp, orc.ribbons, orc.gold = 32, 8, 2
    assert state.ranking() == [2, 1]
    orc.ribbons = 6
    assert state.ranking() == [1, 2]  # "If a tie persists, the player with the most gold is the winner"
    orc.gold = 4
    assert state.ranking() == [1, 1]  # "the game is a tie and the victory is shared"


def test_a_quest_brewer_comes_home_in_winter() -> None:
    """Rulebook: "The player brewer is returned to your player race card and the quest card is discarded
    during the winter cleanup phase"."""
    state = start("halfling", "human")
    state.players[0].brewers, state.players[0].away = 6, 1
    winter_of(state)
    assert state.players[0].brewers == 7 and state.players[0].away == 0


def test_free_actions_are_permitted_while_brewing() -> None:
    """Rulebook: "Once the spring phase ends, you may not perform any more spell, brewer or draft
    actions. However, free actions are permitted during the fall and winter phases." (Here: during the
    seat's brewing, between beers.)"""
    state = start("human", "dwarves")
    state.players[0].book = ["B16", "S03"]  # Wheat Ale (wheat, wheat) + Bunny (wheat)
    goods(state, 0, gold=2)
    to_fall(state)
    market = slot(state, 0, "farmers_market")
    assert f"free:{market}" in ids(state, 0) and not any(i.startswith("draft:") for i in ids(state, 0))
    act(
        state,
        f"free:{market}",
        "take:wheat",
        "take:wheat",
        f"free:{market}",
        "take:wheat",
        "take:wheat",
        seat=0,
    )
    brew(state, 0, ("B16", "S03"))
    assert holding(state, 0) == {"wheat": 1}


def test_a_tavern_in_winter_turns_grain_the_stores_cannot_keep_into_gold() -> None:
    """Rulebook: "free actions are permitted during the fall and winter phases"; winter: "Return all
    unused ingredients to the game supply, except for the ingredients in your winter stores"."""
    state = start("dwarves", "human")
    tavern = add_card(state, 0, "tavern")
    goods(state, 0, gold=0, wheat=6, pixie=1)
    winter_of(state)
    assert state.actors() == [0] and f"free:{tavern}" in ids(state)
    act(state, f"free:{tavern}", f"free:{tavern}")
    assert not any(i.startswith("keep:") for i in ids(state))  # one pixie wing fits the stores
    act(state, "stored")
    assert holding(state, 0) == {"pixie": 1} and state.players[0].gold == 2 and state.phase == SPRING


def human_and_halfling_in_winter() -> DragonBrewState:
    """A Human with gold for its Farmer's Market; a Halfling with more than its stores can keep."""
    state = start("human", "halfling")
    goods(state, 0, gold=3, pixie=2)
    goods(state, 1, wheat=9)
    to_fall(state)
    for seat in state.order:
        act(state, "done", seat=seat)
    assert state.phase == WINTER and [p.winter for p in state.players] == ["store", "store"]
    return state


def test_every_free_action_is_offered_in_winter() -> None:
    """Rulebook: "Once the spring phase ends, you may not perform any more spell, brewer or draft actions.
    However, free actions are permitted during the fall and winter phases." (The Farmer's Market too,
    though it leaves the grain to choose.)"""
    state = human_and_halfling_in_winter()
    market = slot(state, 0, "farmers_market")
    assert state.actors() == [0] and f"free:{market}" in ids(state, 0)
    act(state, f"free:{market}", seat=0)
    assert state.actors() == [0] and ids(state, 0) == ["take:wheat", "take:rye", "take:barley"]
    act(state, "take:barley", "take:barley", seat=0)
    assert holding(state, 0) == {"barley": 2, "pixie": 2}
    act(state, "keep:barley", seat=0)
    assert f"free:{market}" not in ids(state, 0)  # free actions come before setting ingredients aside
    act(state, "keep:barley", "keep:pixie", "stored", seat=0)
    assert holding(state, 0) == {"barley": 2, "pixie": 1} and state.players[0].gold == 2


def test_winter_choices_are_made_seat_after_seat_behind_the_screen() -> None:
    """Rulebook: "The winter phase is performed simultaneously by all players." (Modelled as the brewing
    is, each seat in turn order: a seat's free action and its open choices are its own until it has
    stored; the next seat's choices stay hidden from it.)"""
    state = human_and_halfling_in_winter()
    market = slot(state, 0, "farmers_market")
    act(state, f"free:{market}", "take:rye", seat=0)
    assert state.actors() == [0] and state.legal_actions(1) == []
    act(state, "take:rye", "keep:rye", "keep:rye", "keep:pixie", "stored", seat=0)
    assert state.actors() == [1]
    seen_by_human = state.observe(0)
    events = act(state, "keep:wheat", "keep:wheat", "keep:wheat", "keep:wheat", "keep:wheat", seat=1)
    assert state.observe(0).players[1] == seen_by_human.players[1]
    assert all(e.visible_to == frozenset({1}) for e in events)
    act(state, "stored", seat=1)
    assert state.phase == SPRING and holding(state, 1) == {"wheat": 5}


def test_the_sea_port_pays_its_grain_by_choice_in_winter() -> None:
    """Rulebook: "free actions are permitted during the fall and winter phases"; "The Sea Port ... allows
    the Merfolk player to pay two gold and any two colored grain to collect any colored wort"."""
    state = start("merfolk", "dwarves")
    goods(state, 0, gold=2, wheat=2, rye=2)
    winter_of(state)
    port = slot(state, 0, "sea_port")
    act(state, f"free:{port}", seat=0)
    assert ids(state, 0) == ["pay:wheat", "pay:rye"]
    act(state, "pay:wheat", "pay:rye", "take:green", seat=0)
    assert holding(state, 0) == {"wheat": 1, "rye": 1, "green": 1}
    act(state, "stored", seat=0)
    assert state.phase == SPRING and holding(state, 0) == {"wheat": 1, "rye": 1, "green": 1}
