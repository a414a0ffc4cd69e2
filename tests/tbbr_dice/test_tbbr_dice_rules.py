"""Scenario tests: each builds a position, supplies the dice and checks the rulebook passage it quotes."""

from __future__ import annotations

import pytest

from engine import belgium
from engine.core.errors import IllegalAction
from engine.tbbr_dice.actions import ClaimGoal, EndTurn, PickDie, Travel
from engine.tbbr_dice.components import components
from engine.tbbr_dice.dice import AVAILABLE, USED
from engine.tbbr_dice.sheet import Sheet, countdown
from engine.tbbr_dice.state import CHOOSE, GOAL, PICK, TRAVEL
from tests.tbbr_dice.helpers import act, give_hand, ids, roll_of, set_table, start, visit, visiting

# ---------------------------------------------------------------- choice of travel dice


def test_first_player_rolls_all_dice_and_takes_two() -> None:
    """ "At the beginning of the game, the first player rolls the 12 travel dice and chooses 2." """
    state = start(2)
    assert state.phase == CHOOSE and state.current == 0
    assert not any(a.startswith("pick:") for a in ids(state.legal_actions(0)))
    act(state, "reroll")
    state.resolve_chance(roll_of(state, "r1 r2 r3 r4 y2 y3 y4 y5 b0 b0 b6 b7"))
    act(state, "pick:r1")
    act(state, "pick:b7")
    assert state.phase == TRAVEL
    assert sorted((c, v) for _, c, v, _ in state.hand) == [("black", 7), ("red", 1)]


def test_choose_three_available_dice_which_become_blocked() -> None:
    """ "Choose 3 dice from those available ... The dice already used are no longer available." """
    state = start(2)
    set_table(state, "r1 r2 y3 y4 b5 b0")
    act(state, "pick:r2")
    assert state.phase == PICK
    act(state, "pick:y3")
    act(state, "pick:b5")
    assert state.phase == TRAVEL
    assert sorted(v for _, _, v, _ in state.hand) == [2, 3, 5]
    available = [(state.dice.colour[i], state.dice.value[i]) for i in state.dice.available()]
    assert sorted(available) == [("black", 0), ("red", 1), ("yellow", 4)]


def test_picks_are_canonical_so_each_hand_has_one_path() -> None:
    """ "You are forced to take the dice in one go": picking is one choice; the order is canonical."""
    state = start(2)
    set_table(state, "r1 r2 y3 y4 b5")
    act(state, "pick:y3")
    # Never back below y3; b5 now would leave no higher die for the third pick.
    assert ids(state.legal_actions(0)) == ["pick:y4"]


def test_fewer_than_three_available_take_all_and_roll_the_others() -> None:
    """Simon: "there are only 2 left. He decides to take the two dice and reroll the 10 unavailable dice"."""
    state = start(2)
    set_table(state, "r2 y3")
    legal = ids(state.legal_actions(0))
    assert "takeall" in legal and "reroll" in legal
    assert not any(a.startswith("pick:") for a in legal)
    act(state, "takeall")
    assert len(state.pending[0]) == 10
    state.resolve_chance(roll_of(state, "r1 r1 r3 y2 y2 y5 b0 b0 b4 b6"))
    act(state, "pick:b6")
    assert state.phase == TRAVEL
    assert sorted((c, v) for _, c, v, _ in state.hand) == [("black", 6), ("red", 2), ("yellow", 3)]


def test_an_x_among_the_last_dice_forces_a_full_reroll() -> None:
    """Sophie: "only 2 are left, including 1 black die with X ... she has to roll all 12 dice again"."""
    state = start(2)
    set_table(state, "y3 b0")
    legal = ids(state.legal_actions(0))
    assert "takeall" not in legal and "reroll" in legal
    assert not any(a.startswith("pick:") for a in legal)


def test_four_dice_with_two_x_force_a_full_reroll() -> None:
    """Sophie: "The other players left only 4 dice, including 2 dice with an X ... she is obliged to roll
    the 12 dice again. She can only take 2." """
    state = start(2)
    set_table(state, "r2 y3 b0 b0")
    legal = ids(state.legal_actions(0))
    assert not any(a.startswith(("pick:", "takeall")) for a in legal)
    act(state, "reroll")
    state.resolve_chance(roll_of(state, "r1 r2 r3 r4 y2 y3 y4 y5 b4 b5 b6 b7"))
    act(state, "pick:r1")
    act(state, "pick:r2")
    assert state.phase == TRAVEL and len(state.hand) == 2


def test_only_x_dice_left_must_roll_all() -> None:
    """ "When only X dice remain, the player must roll all 12 dice again." """
    state = start(2)
    set_table(state, "b0 b0 b0")
    legal = ids(state.legal_actions(0))
    assert "reroll" in legal and not any(a.startswith(("pick:", "takeall")) for a in legal)


# ---------------------------------------------------------------- travel


def test_xavier_road_of_four() -> None:
    """Xavier, La Binchoise -> Des Légendes (road 4): "use the yellow die 4, combine two red dice ...
    use the black die 5" and Environment: "a travel die with a value bigger than the distance ...
    This does not apply to red Travel Dice." """
    assert components().map.distance("X01", "L01") == 4
    state = start(2)
    state.sheets[0].position = "X01"
    give_hand(state, "y4 r1 r3 b5")
    legal = ids(state.legal_actions(0))
    assert {"go:L01:y4", "go:L01:r1+r3", "go:L01:b5"} <= set(legal)
    assert "go:L01:r1" not in legal  # 1 does not reach 4
    act(state, "go:L01:r1+r3")
    sheet = state.sheets[0]
    assert sheet.position == "L01" and sheet.env_ticks == 0 and "L01-X01" in sheet.roads


@pytest.mark.parametrize(("die", "ticks"), [("y4", 0), ("b5", 1)])
def test_environment_only_when_overshooting_with_yellow_or_black(die: str, ticks: int) -> None:
    """ "If you use a travel die with a value which is bigger than the value of the distance ... you get
    an Environment" (yellow 4 on a road of 4: none; black 5: one)."""
    state = start(2)
    state.sheets[0].position = "X01"
    give_hand(state, f"{die} r1")
    act(state, f"go:L01:{die}")
    assert state.sheets[0].env_ticks == ticks


def test_one_colour_per_trip() -> None:
    """ "You can only use one type of transport per trip. The chosen dice therefore have the same color." """
    state = start(2)
    state.sheets[0].position = "X01"
    give_hand(state, "y2 r2")
    assert not any(a.startswith("go:L01") for a in ids(state.legal_actions(0)))


def test_new_brewery_ticks_once_and_revisits_do_not_count() -> None:
    """ "If this is a new brewery you haven't visited yet, tick ... You are free to return to a road or a
    brewery already visited, but then the brewery will not count again." """
    state = start(2)
    state.sheets[0].position = "X01"
    give_hand(state, "r2 r2 r2 r3")
    act(state, "go:X12:r2")
    act(state, "go:X01:r2")
    act(state, "go:X12:r2")
    assert state.sheets[0].visited == ["X12", "X01"]


def test_specialty_brewery_and_column_bonus() -> None:
    """Xavier at Des Légendes, a Favorite: "he also ticks off the first free circle on the specialty
    brewery track. Since he has already visited at least one specialty brewery of each type, he ticks
    the circle with the lowest value on the specialty brewery bonus track." """
    state = start(2)
    sheet = state.sheets[0]
    visit(state, 0, "N01 X04 T04 X01")
    sheet.position = "X01"
    assert sheet.specialty_columns() == 0
    give_hand(state, "y4")
    act(state, "go:L01:y4")
    assert sheet.specialty_counts() == {"wind_rose": 1, "favorite": 1, "for_players": 1, "trappist": 1}
    assert sheet.specialty_bonus() == components().tracks.specialty_column_bonus[0] == 2


def test_grand_place_and_brussels_breweries_are_one_apart() -> None:
    """ "The distance value between the Grand Place and the Brewery is 1. The same applies between the
    breweries in Brussels." """
    roads = components().map
    brussels = ["B01", "B02", "B03", "B04", "B05", "B06"]
    for a in brussels:
        assert roads.distance("GP", a) == 1
        for b in brussels:
            if a != b:
                assert roads.distance(a, b) == 1


def test_travel_from_the_grand_place_through_brussels() -> None:
    """ "From the Grand Place ... you can move to a brewery in Brussels or to a brewery near the capital
    (connected by a road)." Every player "starts on the Grand Place of Brussels"."""
    state = start(2)
    assert state.sheets[0].position == "GP"
    give_hand(state, "r1 r1 y2")
    legal = ids(state.legal_actions(0))
    assert {"go:B01:r1", "go:X11:r1", "go:X10:y2"} <= set(legal)
    assert not any(a.startswith("go:T04") for a in legal)  # Orval is not connected to the Grand Place
    act(state, "go:B01:r1")
    act(state, "go:B02:r1")
    act(state, "go:B03:y2")  # yellow 2 on a road of 1: an Environment
    sheet = state.sheets[0]
    assert sheet.visited == ["B01", "B02", "B03"] and sheet.env_ticks == 1


# ---------------------------------------------------------------- taste and buy


def test_simon_tastes_and_buys_at_orval_with_the_lowest_dice() -> None:
    """Simon at Orval: "He uses the chosen die with the lowest value ... he buys a bottle with another die
    with the lowest value still available ... He completes his column and ticks off the corresponding
    green circle." """
    state = start(2)
    sheet = state.sheets[0]
    sheet.position = "S01"
    set_table(state, "r1 r2 y3 y4 b6")
    act(state, "pick:r1")
    act(state, "pick:r2")
    act(state, "pick:y4")  # not a lowest die: the yellow 3 stays on the table
    assert [(v, low) for _, _, v, low in sorted(state.hand, key=lambda h: h[2])] == [
        (1, True),
        (2, True),
        (4, False),
    ]
    act(state, "go:T04:y4")
    legal = ids(state.legal_actions(0))
    assert "taste:r1" in legal and "buy:r2" in legal and "taste:y4" not in legal
    act(state, "taste:r1")
    assert "taste:r2" not in ids(state.legal_actions(0))  # one tasting per brewery per turn
    act(state, "buy:r2")
    assert (sheet.tastes, sheet.buys, sheet.hop_columns(), sheet.hop_bonus()) == (1, 1, 1, 1)


def test_taste_and_buy_only_at_a_brewery_visited_this_turn() -> None:
    """ "When you visit a brewery, you can: enjoy a beer / buy a bottle" and "During your turn you can use
    your dice to visit breweries": the brewery where the turn begins was visited in an earlier turn, so
    nothing is tasted or bought there until a road brings you back to it."""
    state = start(2)
    sheet = state.sheets[0]
    sheet.position = "T04"  # Orval: taste and buy icons; the turn begins here
    give_hand(state, "r2 r2 r1 r1", low="r1 r1")
    assert not any(a.startswith(("taste:", "buy:")) for a in ids(state.legal_actions(0)))
    act(state, "go:R02:r2")  # Orval -> Rulles (2)
    act(state, "taste:r1")
    act(state, "go:T04:r2")  # back to Orval by a road: a visit of this turn
    assert {"taste:r1", "buy:r1"} <= set(ids(state.legal_actions(0)))
    act(state, "taste:r1")
    assert sheet.tastes == 2


def test_no_tasting_without_the_beer_icon() -> None:
    """ "Taste a beer: You can only perform this action at breweries with the beer icon." (Rochefort's
    abbey has no tasting; it has the buy icon.)"""
    state = start(2)
    visiting(state, "T05")
    give_hand(state, "r1 r2", low="r1 r2")
    legal = ids(state.legal_actions(0))
    assert "buy:r1" in legal and not any(a.startswith("taste:") for a in legal)


def test_taste_circle_four_costs_one_die_at_the_next_choice_only() -> None:
    """ "If you tick off circles 4 and 8 on the taste track, you get to choose one die less the next time
    you have to choose travel dice (only next time!)" """
    state = start(2)
    sheet = state.sheets[0]
    sheet.tastes = 3
    visiting(state, "T04")
    give_hand(state, "r1", low="r1")
    act(state, "taste:r1")
    assert sheet.tastes == 4 and sheet.pending_penalty == 1
    state.phase = CHOOSE
    set_table(state, "r1 r2 y3 y4 b5")
    act(state, "pick:r1")
    act(state, "pick:r2")
    assert state.phase == TRAVEL  # two dice, not three
    state.current, state.phase, state.hand = 0, CHOOSE, []
    set_table(state, "r1 r2 y3 y4 b5")
    act(state, "pick:r1")
    act(state, "pick:r2")
    assert state.phase == PICK  # the penalty was for one choice only


def test_red_section_costs_a_die_every_turn_but_never_below_two() -> None:
    """ "From circle 12 of the buy and taste tracks, this penalty applies to each turn. ... You can never
    take less than two dice." """
    state = start(2)
    sheet = state.sheets[0]
    sheet.buys = 12
    sheet.pending_penalty = 1
    assert state.dice_target(3, sheet) == 2
    assert state.dice_target(2, sheet) == 2
    sheet.pending_penalty = 0
    assert state.dice_target(3, sheet) == 2


# ---------------------------------------------------------------- goals


def _claimable(state, colour: str) -> str:  # type: ignore[no-untyped-def]
    c = ["red", "yellow", "black"].index(colour)
    return state.display[2 * c]


def test_one_goal_per_turn_and_one_per_colour_replaced_from_the_pile() -> None:
    """ "each player can only complete one goal of each color ... you can only claim one goal card per
    turn. Place the card in front of you and turn over a new goal card to replace the one you just took." """
    state = start(2)
    sheet = state.sheets[0]
    visit(state, 0, " ".join(b.id for b in belgium.breweries()[:30]))
    sheet.tastes = sheet.buys = 10
    black = state.display[4:6]
    top = state.piles[2][0]
    state.phase = GOAL
    legal = ids(state.legal_actions(0))
    assert f"claim:{black[0]}" in legal
    act(state, f"claim:{black[0]}")
    assert state.display[4] == top and state.piles[2][0] != top
    assert sheet.goals == [(black[0], "black")]
    assert state.current == 1 or not any(a.startswith("claim:") for a in ids(state.legal_actions(0)))
    state.current, state.phase, state.claims = 0, GOAL, 0
    legal = ids(state.legal_actions(0))
    assert not any(a.startswith(f"claim:{g}") for g in state.display[4:6] for a in legal)


def test_skip_turn_replaces_one_goal_of_each_colour() -> None:
    """ "Skip a turn: You can skip your turn to replace one goal of each color with cards from the draw
    pile." and "Cards placed on top of draw piles can be taken again" """
    state = start(2)
    old = state.display[0], state.display[2], state.display[4]
    tops = [p[0] for p in state.piles]
    act(state, f"skip:{old[0]},{old[1]},{old[2]}")
    assert (state.display[0], state.display[2], state.display[4]) == tuple(tops)
    assert [p[0] for p in state.piles] == list(old)
    assert state.current == 1


def test_black_and_yellow_but_not_red_goal() -> None:
    """ "3 points if you have completed a black and a yellow goal, but not yet a red goal." """
    state = start(2)
    sheet = state.sheets[0]
    state.display[0] = "CR05"
    state.phase = GOAL
    assert "claim:CR05" not in ids(state.legal_actions(0))
    sheet.goals = [("CK01", "black"), ("CY01", "yellow")]
    assert "claim:CR05" in ids(state.legal_actions(0))


def test_two_points_on_the_specialty_brewery_track() -> None:
    """ "When you have 2 or more points on the specialty brewery track." One specialty brewery puts 2
    points on that track; the bonus track (a full column) is another track."""
    state = start(2)
    sheet = state.sheets[0]
    state.display[2] = "CY08"
    state.phase = GOAL
    visit(state, 0, "X01 X02")  # plain breweries: no specialty point
    assert "claim:CY08" not in ids(state.legal_actions(0))
    visit(state, 0, "L01")  # Des Légendes, a Favorite: 2 points on the specialty brewery track
    assert sheet.specialty_bonus() == 0
    assert "claim:CY08" in ids(state.legal_actions(0))


def test_personal_goals_are_a_simultaneous_secret_choice() -> None:
    """ "Each player gets one of each. The player chooses only one and keeps it, not visible to the
    others." """
    from tests.tbbr_dice.helpers import GAME

    state = GAME.new_state(3, {}, 5)
    assert list(state.actors()) == [0, 1, 2]
    offer = state.sheets[1].offer
    tiers = sorted(components().personal[g].tier for g in offer)
    assert tiers == ["gold", "silver"]
    act(state, f"personal:{offer[1]}", seat=1)
    assert list(state.actors()) == [0, 2]
    assert state.observe(1).players[1].personal == offer[1]
    assert state.observe(0).players[1].personal == "" and state.observe(0).players[1].has_personal
    assert state.observe(None).players[1].offer == ()


# ---------------------------------------------------------------- cheese


def _cheese_game(effect: str, players: int = 2, **options: str):  # type: ignore[no-untyped-def]
    state = start(players, **options)
    cheese = next(c for c, card in components().cheeses.items() if card.effect == effect)
    state.cheese_table[0] = cheese
    return state, cheese


def test_eating_a_cheese_ticks_the_penalty_track_and_is_once_per_player() -> None:
    """ "For each piece of cheese you have tasted, tick off the corresponding number on your cheese track.
    Now you can no longer use that cheese. ... you tick the circle with the highest value on your penalty
    track." """
    state, _ = _cheese_game("two_goals")
    act(state, "cheese:1")
    sheet = state.sheets[0]
    assert sheet.cheeses_used == [1] and sheet.cheese_ticks == 1
    assert not any(a.startswith("cheese:1") for a in ids(state.legal_actions(0)))
    assert countdown(sheet, False, False).cheese == -1


def test_cheese_recolour() -> None:
    """ "You can change the color of an available die to any color you like (without changing the value)." """
    state, _ = _cheese_game("recolour")
    set_table(state, "r3 y4 b5")
    act(state, "cheese:1:r3,black")
    assert sorted((state.dice.colour[i], state.dice.value[i]) for i in state.dice.available()) == [
        ("black", 3),
        ("black", 5),
        ("yellow", 4),
    ]


def test_cheese_reroll_x_until_no_x() -> None:
    """ "You can reroll all dice with an X until no X is visible." """
    state, _ = _cheese_game("reroll_x")
    set_table(state, "r3 b0 b0")
    act(state, "cheese:1")
    step = state.chance()
    assert step is not None and not step.validate((0, 4)) and step.validate((4, 7))
    state.resolve_chance((4, 7))
    assert sorted(state.dice.value[i] for i in state.dice.available()) == [3, 4, 7]


def test_cheese_roll_all_and_choose_three() -> None:
    """ "You may roll all 12 dice again and then choose three." """
    state, _ = _cheese_game("reroll_all_take3")
    act(state, "cheese:1")
    state.resolve_chance(roll_of(state, "r1 r2 r3 r4 y2 y3 y4 y5 b4 b5 b6 b7"))
    for die in ("r1", "r2", "r3"):
        act(state, f"pick:{die}")
    assert state.phase == TRAVEL and len(state.hand) == 3


def test_cheese_exchange_available_and_used_die() -> None:
    """ "Exchange an available die for a die used by a player (regardless of color and regardless of
    value)." """
    state, _ = _cheese_game("exchange")
    set_table(state, "r1 y2 b0")
    act(state, "cheese:1:b0,b4")
    available = sorted((state.dice.colour[i], state.dice.value[i]) for i in state.dice.available())
    assert available == [("black", 4), ("red", 1), ("yellow", 2)]


def test_cheese_double_is_one_die_with_two_values() -> None:
    """ "Double the value of one available die. The die still counts as a single die when taking available
    dice. You can use the 2 values of this doubled die together or separately." """
    state, _ = _cheese_game("double")
    state.sheets[0].position = "X01"
    set_table(state, "r2 y3 y4 b5")
    act(state, "cheese:1:r2")
    act(state, "pick:r2")
    act(state, "pick:y3")
    act(state, "pick:y4")
    assert sorted(v for _, c, v, _ in state.hand if c == "red") == [2, 2]
    assert "go:L01:r2+r2" in ids(state.legal_actions(0))  # together: 4
    assert "go:X12:r2" in ids(state.legal_actions(0))  # or apart


def test_cheese_reroll_three_and_flip() -> None:
    """ "Re-roll 3 available dice." and "You may flip an available die to the opposite side." """
    state, _ = _cheese_game("reroll3")
    set_table(state, "r1 r2 y3 b0")
    act(state, "cheese:1:b0,r1,r2")
    assert sorted(state.pending[0]) == sorted(
        i for i in state.dice.available() if (state.dice.colour[i], state.dice.value[i]) != ("yellow", 3)
    )
    state, _ = _cheese_game("flip")
    set_table(state, "r1 y3 b4")
    act(state, "cheese:1:b4")
    assert sorted(state.dice.value[i] for i in state.dice.available()) == [1, 3, 7]


def test_cheese_two_goals_in_one_turn() -> None:
    """ "You can achieve two goals during the same turn." """
    state, _ = _cheese_game("two_goals")
    sheet = state.sheets[0]
    visit(state, 0, " ".join(b.id for b in belgium.breweries()))
    sheet.tastes = sheet.buys = 10
    state.phase = GOAL
    act(state, "cheese:1")
    act(state, f"claim:{state.display[4]}")
    assert state.current == 0
    claimable = [a for a in state.legal_actions(0) if isinstance(a, ClaimGoal)]
    assert claimable
    act(state, claimable[0].id)
    assert len(sheet.goals) == 2


def test_cheese_replace_goals_without_skipping() -> None:
    """ "You can discard one goal of each type and replace it with the top card from each of the matching
    piles." """
    state, _ = _cheese_game("replace_goals")
    tops = [p[0] for p in state.piles]
    act(state, f"cheese:1:{state.display[0]},{state.display[2]},{state.display[4]}")
    assert [state.display[0], state.display[2], state.display[4]] == tops
    assert state.current == 0 and state.phase == CHOOSE


def test_cheese_reroll_an_opponents_used_die() -> None:
    """ "Take an opponent's used die and roll it again, it is now available." """
    state, _ = _cheese_game("reroll_used")
    set_table(state, "r1 y2 y3", used_owner=1)
    act(state, "cheese:1:b4")
    (die,), _ = state.pending
    state.resolve_chance((6,))
    assert state.dice.status[die] == AVAILABLE and state.dice.value[die] == 6


def test_cheese_reuse_a_used_cheese() -> None:
    """ "You can reuse a previously used cheese." """
    state, _ = _cheese_game("reuse")
    state.cheese_table[1] = "C14"  # the wild goal cheese
    act(state, "cheese:2")
    state.sheets[0].wild = False  # spent it on a goal
    assert "cheese:2" not in ids(state.legal_actions(0))
    act(state, "cheese:1")
    assert "cheese:2" in ids(state.legal_actions(0))
    act(state, "cheese:2")
    assert state.sheets[0].cheeses_used == [2, 1, 2] and state.sheets[0].cheese_ticks == 3
    assert "cheese:2" not in ids(state.legal_actions(0))  # one reuse per reuse cheese


def test_cheese_new_personal_goal() -> None:
    """ "Discard your personal goal card and take a new one as at the beginning of the game." """
    state, _ = _cheese_game("new_personal")
    old = state.sheets[0].personal
    act(state, "cheese:1")
    offer = state.sheets[0].offer
    assert len(offer) == 2 and old not in offer
    assert ids(state.legal_actions(0)) == [f"personal:{offer[0]}", f"personal:{offer[1]}"]
    act(state, f"personal:{offer[1]}")
    assert state.sheets[0].personal == offer[1] and state.phase == CHOOSE


def test_cheese_wild_goal_counts_for_another_colour() -> None:
    """ "You can count one color goal for another color. For example, you can achieve a yellow goal and it
    can stand for a red or black goal (until the end of the game)." """
    state, _ = _cheese_game("wild_goal")
    sheet = state.sheets[0]
    visit(state, 0, " ".join(b.id for b in belgium.breweries()))
    sheet.goals = [("CY01", "yellow")]
    act(state, "cheese:1")
    state.phase = GOAL
    yellow = state.display[2]
    act(state, f"claim:{yellow}>black")
    assert sheet.goals[-1] == (yellow, "black") and not sheet.wild


def test_cheese_penalty_track_and_reuse_cheese_count() -> None:
    """ "For each used cheese, you tick the circle with the highest value on your penalty track." (Sophie:
    4 cheeses -> -8.)"""
    sheet = Sheet()
    sheet.cheese_ticks = 4
    assert countdown(sheet, False, False).cheese == -8


# ---------------------------------------------------------------- final sprint and scoring


def _arrive(state, seat: int) -> None:  # type: ignore[no-untyped-def]
    state.current = seat
    state.sheets[seat].position = "B01"
    give_hand(state, "r1")
    act(state, "go:GP:r1")


def test_final_sprint_podium_by_round_and_road_penalty() -> None:
    """ "When at least one player has completed the 3rd common goal, each player arriving at the Grand
    Place activates the final sprint ... 20 points ... the second round ... 10 points ... third round ...
    5 points. The game ends at the end of this third round. ... you lose 5 points for each road that
    separates you from Brussels." """
    state = start(3)
    state.sheets[2].goals = [("CK01", "black"), ("CY01", "yellow"), ("CR07", "red")]
    _arrive(state, 0)
    assert state.sprint_round == state.round and state.sheets[0].podium == 20
    assert state.sheets[0].finished
    if state.phase == GOAL:
        act(state, "end", seat=0)
    assert state.current == 1
    _arrive(state, 1)
    assert state.sheets[1].podium == 20  # same round
    if state.phase == GOAL:
        act(state, "end", seat=1)
    assert state.current == 2
    state.sheets[2].position = "T02"
    for _ in range(3):
        state.phase, state.hand = GOAL, []
        act(state, "end", seat=2)
    assert state.is_terminal()
    hops = components().map.hops_to_grand_place["T02"]
    assert countdown(state.sheets[2], False, True).podium == -5 * hops
    assert state.countdowns()[2].podium == -5 * hops


def test_an_arrived_player_claims_no_goal_and_eats_no_cheese() -> None:
    """ "Once you reach the Grand Place of Brussels, circle the 20 points of the first step of the podium.
    The game is now over for you." Not even the goal phase of that turn: no claim, no cheese."""
    state = start(2)
    sheet = state.sheets[0]
    state.sheets[1].goals = [("CK01", "black"), ("CY01", "yellow"), ("CR07", "red")]
    state.display[0] = "CR07"  # taste 3 beers: met
    sheet.tastes = 3
    state.cheese_table[0] = "C07"  # two goals: a goal-phase cheese
    state.phase = GOAL
    assert "claim:CR07" in ids(state.legal_actions(0))
    assert any(a.startswith("cheese:1") for a in ids(state.legal_actions(0)))
    _arrive(state, 0)
    assert sheet.finished and sheet.podium == 20
    assert state.current == 1 and sheet.goals == [] and sheet.cheese_ticks == 0
    state.current, state.phase = 0, GOAL  # even if its goal phase came back
    assert ids(state.legal_actions(0)) == ["end"]


def test_second_and_third_round_arrivals() -> None:
    """ "If the player doesn't succeed until the second round, circle the next step of the podium and score
    10 points. When the Grand Place is reached in the third round ... 5 points." """
    state = start(2)
    state.sheets[0].goals = [("CK01", "black"), ("CY01", "yellow"), ("CR07", "red")]
    _arrive(state, 0)
    if state.phase == GOAL:
        act(state, "end", seat=0)
    state.phase, state.hand = GOAL, []
    act(state, "end", seat=1)
    assert state.round == state.sprint_round + 1
    state.phase, state.hand = GOAL, []
    act(state, "end", seat=1)
    _arrive(state, 1)
    assert state.sheets[1].podium == 5
    if state.phase == GOAL:
        act(state, "end", seat=1)
    assert state.is_terminal()


def test_sophie_final_countdown_is_80() -> None:
    """Sophie: "20 breweries ... 20 points ... specialty ... 2 bonus points ... 24 points ... 3 common goals,
    but not her personal goal ... 20 extra points ... 4 pieces of cheese ... -8 ... one box on her
    Environment track ... 0 points ... tasted 2 beers and bought 1 bottle ... filled in 1 column ...
    4 points for her hop track ... first player to enter the Grand Place ... 20 points ... In total she
    scores 80 points!" """
    sheet = Sheet()
    # 11 specialty breweries (wind rose 4, favorite 3, for players 3, trappist 1) + 9 others = 20.
    sheet.visited = [
        "N01",
        "S01",
        "E01",
        "W01",
        "L01",
        "B01",
        "R01",
        "X04",
        "X03",
        "X14",
        "T04",
        "X01",
        "X02",
        "X05",
        "X06",
        "X07",
        "X08",
        "X09",
        "X10",
        "X11",
    ]
    sheet.goals = [("CK02", "black"), ("CY02", "yellow"), ("CR01", "red")]
    sheet.personal = "PG07"  # all 5 Trappists: not reached
    sheet.cheese_ticks = 4
    sheet.env_ticks = 1
    sheet.tastes, sheet.buys = 2, 1
    sheet.podium = 20
    from engine.tbbr_dice.goals import Context, personal_met

    met = personal_met(sheet, Context())
    assert not met
    score = countdown(sheet, met, True)
    assert (
        score.breweries,
        score.specialty,
        score.goals,
        score.cheese,
        score.environment,
        score.hop,
        score.podium,
    ) == (20, 24, 20, -8, 0, 4, 20)
    assert score.total == 80


def test_more_than_27_breweries_score_5_extra() -> None:
    """ "You get 5 extra points if you have visited more than 27 breweries." """
    sheet = Sheet()
    sheet.visited = [b.id for b in belgium.breweries()[:28]]
    assert countdown(sheet, False, False).breweries == 33


def test_tie_break_most_breweries_then_shared() -> None:
    """ "In case of a tie, the player who has visited the most breweries wins. If it's still a tie, the
    players share the win!" """
    state = start(3)
    for sheet in state.sheets:
        sheet.podium = 20
    state.sheets[0].visited = ["X01", "X02", "X07"]  # 3 breweries
    state.sheets[1].visited = ["X05", "X06"]  # 2 breweries ...
    state.sheets[1].tastes = 1  # ... and one taste: the same points
    state.sheets[2].visited = ["X09", "X10", "X11"]  # 3 breweries
    scores = state.scores()
    assert scores[0] == scores[1] == scores[2]
    assert state.ranking() == [1, 3, 1]


# ---------------------------------------------------------------- variants


def test_blocked_cheese_variant() -> None:
    """Blocked Cheese: "you turn the numbered chip of the used cheese over to the X side. If another cheese
    chip was already on the X side, flip it over ... As long as a chip shows an X side, the corresponding
    cheese cannot be used." """
    state, _ = _cheese_game("replace_goals", blocked_cheese="true")
    state.cheese_table[1] = "C14"  # the wild goal cheese, always edible
    first = next(a for a in state.legal_actions(0) if a.id.startswith("cheese:1"))
    state.apply(0, first)
    assert state.blocked_slot == 1
    state.current, state.phase = 1, CHOOSE
    assert not any(a.startswith("cheese:1") for a in ids(state.legal_actions(1)))
    act(state, "cheese:2", seat=1)
    assert state.blocked_slot == 2
    assert any(a.startswith("cheese:1") for a in ids(state.legal_actions(1)))


@pytest.mark.parametrize(("players", "shown"), [(2, 3), (3, 4), (4, 5)])
def test_mixed_goals_display_and_any_colours(players: int, shown: int) -> None:
    """Mixed Goals: "Place 3, 4, or 5 cards face up for 2, 3, or 4 players. Place the draw pile face up
    (future goal). Players ... just have to complete 3 of them (regardless of color)." """
    state = start(players, mixed_goals="true")
    assert len(state.display) == shown and len(state.piles) == 1
    assert state.observe(0).pile_tops == (state.piles[0][0],)
    sheet = state.sheets[0]
    visit(state, 0, " ".join(b.id for b in belgium.breweries()))
    sheet.tastes = sheet.buys = 10
    sheet.goals = [("CK01", "black"), ("CK02", "black")]
    state.phase = GOAL
    black = [g for g in state.display if components().common[g].colour == "black"]
    future = state.piles[0][0]
    claimable = [a for a in state.legal_actions(0) if isinstance(a, ClaimGoal)]
    assert claimable
    slot = state.display.index(claimable[0].goal)
    state.apply(0, claimable[0])
    assert state.display[slot] == future
    del black


def test_toast_variant() -> None:
    """Toast: "When the round is over ... If there are at least two players in the same brewery, they toast
    and tick off a taste circle." """
    state = start(3, toast="true")
    for seat in (0, 1):
        state.sheets[seat].position = "T04"
    state.sheets[2].position = "T03"
    for seat in range(3):
        state.current, state.phase, state.hand = seat, GOAL, []
        act(state, "end", seat=seat)
    assert [s.tastes for s in state.sheets] == [1, 1, 0]


def test_solo_rejects_mixed_goals() -> None:
    """Mixed Goals places 3-5 cards "for 2, 3, or 4 players"; the solo mode has its own two rows."""
    from engine.core.errors import InvalidOptions
    from tests.tbbr_dice.helpers import GAME

    with pytest.raises(InvalidOptions):
        GAME.new_state(1, {"mixed_goals": "true"}, 1)


# ---------------------------------------------------------------- contract details


def test_illegal_actions_are_refused_with_a_reason() -> None:
    state = start(2)
    with pytest.raises(IllegalAction) as err:
        state.apply(1, EndTurn())
    assert err.value.reason == "NOT_YOUR_TURN"
    with pytest.raises(IllegalAction):
        state.apply(0, PickDie("red", 1))
    with pytest.raises(IllegalAction):
        state.apply(0, Travel("GP", "red", (1,)))


def test_dice_status_after_turn() -> None:
    state = start(2)
    set_table(state, "r1 r2 y3 y4 b5")
    act(state, "pick:r1")
    act(state, "pick:r2")
    act(state, "pick:y3")
    taken = [d for d, *_ in state.hand]
    assert all(state.dice.status[d] == USED and state.dice.owner[d] == 0 for d in taken)
