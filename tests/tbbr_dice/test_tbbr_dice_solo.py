"""Solo mode against the Automa Thomas: each test quotes the rulebook passage it checks."""

from __future__ import annotations

import pytest

from engine.tbbr_dice import automa
from engine.tbbr_dice.components import components
from engine.tbbr_dice.dice import THOMAS, Dice
from engine.tbbr_dice.state import CHOOSE, GOAL
from tests.tbbr_dice.helpers import GAME, act, give_hand, roll_of, set_table, start


def _end_player_turn(state) -> None:  # type: ignore[no-untyped-def]
    state.phase, state.hand = GOAL, []
    act(state, "end", seat=0)


def test_setup_two_rows_and_thomas_plays_first() -> None:
    """ "Draw 2 black, yellow, and red goals ... two rows" and "Thomas, is always the first player." """
    state = GAME.new_state(1, {}, 3)
    assert len(state.display) == 6 and not state.piles and len(state.thomas_deck) == 24
    assert list(state.actors()) == [0]  # the personal goal choice comes first
    act(state, f"personal:{state.sheets[0].offer[0]}", seat=0)
    # Nothing is rolled yet: fewer than 3 dice available, so Thomas rolls all 12 and takes 2.
    assert state.pending is not None and state.pending[1] == "thomas"
    state.resolve_chance(roll_of(state, "r1 r2 r3 r4 y2 y3 y4 y5 b4 b5 b6 b7"))
    assert sum(owner == THOMAS for owner in state.dice.owner) == 2
    assert state.phase == CHOOSE and state.current == 0


def test_thomas_dice_choice_example() -> None:
    """ "Dice without a yellow die 5 and without a red die 5, but with a black die 5. Yellow 4 die and a
    black 4 die. ... Thomas must take this [black 5] as the first die. For his 2nd die, Thomas must take a
    yellow 2 ... For his 3rd die, Thomas must take a red 4. There aren't any. ... He has to choose the
    missing color, so the black 4 it is." """
    assert components().common["CY01"].automa == (5, 2) and components().common["CR09"].automa[0] == 4
    dice = Dice()
    values = {0: 1, 1: 3, 4: 2, 5: 4, 8: 5, 9: 4, 10: 0}
    for i, v in values.items():
        dice.value[i], dice.status[i] = v, 0
    taken, pairs = automa.choose(dice, 3, lambda: ("CY01", "CR09"))
    assert pairs == [("CY01", "CR09")]
    assert [(dice.colour[i], dice.value[i]) for i in taken] == [("black", 5), ("yellow", 2), ("black", 4)]


def test_thomas_rerolls_when_all_dice_show_one_value() -> None:
    """ "if there are less than 3 dice available (excluding X) or if all dice have the same value, Thomas
    rolls all dice again." """
    dice = Dice()
    for i in (0, 4, 8):
        dice.value[i], dice.status[i] = 4, 0
    assert automa.must_reroll(dice)
    dice.value[0] = 3
    assert not automa.must_reroll(dice)


def test_thomas_brewery_track_one_circle_per_colour() -> None:
    """ "Thomas had previously visited 2 breweries (2 dice). This turn he draws 3 dice of 2 different
    colors. Then underline circles 39 and 38." And "Move the bottle from the first player to the other
    row of goal cards." """
    state = start(1)
    state.thomas_ticks = 2
    bottle = state.bottle_row
    set_table(state, "r2 r3 y4")  # exactly 3 dice: he takes all three
    _end_player_turn(state)
    assert state.thomas_ticks == 4  # circles 41, 40, then 39 and 38
    assert components().tracks.automa_start + 1 - state.thomas_ticks == 38
    assert state.bottle_row == 1 - bottle


def test_thomas_flips_the_goal_in_the_bottle_row_at_a_coloured_circle() -> None:
    """ "As soon as Thomas underlines a circle with a colored border (red 36, yellow 30, and black 24), he
    flips the goal card of the corresponding color face down." """
    state = start(1)
    state.thomas_ticks = 5  # next circle: 36
    row = state.bottle_row
    red = state.display[row]
    set_table(state, "r2 r3 r4")  # one colour: one circle
    _end_player_turn(state)
    assert state.flipped == [red] and state.display[row] == ""
    assert state.observe(0).flipped == (red,)


def test_back_to_brussels_and_three_turns_left() -> None:
    """ "Thomas arrives in Brussels when, on his turn, one of his visited breweries crosses yours. ...
    you only have three turns left to arrive in Brussels." and "The game ends immediately if ... Thomas
    arrived in Brussels before you and you do not reach the 20, 10, or 5 points" """
    state = start(1)
    state.sheets[0].visited = [f"X{i:02d}" for i in range(1, 11)]  # 10 breweries: circles 1-10
    state.thomas_ticks = 30  # lowest circle 12
    set_table(state, "r2 y3 b4")
    _end_player_turn(state)
    assert state.thomas_arrived and state.turns_after == 1
    _end_player_turn(state)
    _end_player_turn(state)
    assert not state.is_terminal()
    _end_player_turn(state)
    assert state.is_terminal() and state.ranking() == [2] and state.solo_title() == ""


def _ready_to_win(state) -> None:  # type: ignore[no-untyped-def]
    sheet = state.sheets[0]
    sheet.goals = [("CK01", "black"), ("CY01", "yellow"), ("CR07", "red")]
    sheet.personal = "PS08"  # visit Cantillon
    sheet.visited = ["B01", *[f"X{i:02d}" for i in range(1, 17)], "R01", "R02", "R03"]
    sheet.position = "B01"


def test_victory_with_all_goals_at_the_grand_place_and_rank_title() -> None:
    """ "To win the game you must reach a black goal, a yellow goal, a red goal, and your personal goal. In
    addition, you also have to arrive at the Grand Place of Brussels and finish on one of the podium
    places." and the rank titles ("70-79: The tourist" ...)."""
    state = start(1)
    _ready_to_win(state)
    give_hand(state, "r1")
    act(state, "go:GP:r1")
    if not state.is_terminal():
        act(state, "end")
    assert state.is_terminal() and state.victory and state.ranking() == [1]
    score = int(state.scores()[0])
    assert state.sheets[0].podium == 20
    assert state.solo_title() == components().tracks.solo_title(score) != ""


@pytest.mark.parametrize("personal", ["PS02", "PG03"])
def test_arriving_first_counts_the_podium_for_a_podium_goal(personal: str) -> None:
    """ "The game ends immediately if: You arrive in Brussels before Thomas and you have achieved your
    goals." The arrival itself puts you "on the podium" (PS02), on its "first step" (PG03)."""
    state = start(1)
    _ready_to_win(state)
    state.sheets[0].personal = personal
    give_hand(state, "r1")
    act(state, "go:GP:r1")
    assert state.is_terminal() and state.victory and state.sheets[0].podium == 20


def test_arriving_first_without_every_goal_goes_on() -> None:
    """ "The game ends immediately if: You arrive in Brussels before Thomas and you have achieved your
    goals." Without them, the Grand Place is one more place: no podium yet, the game goes on."""
    state = start(1)
    _ready_to_win(state)
    state.sheets[0].personal = "PS02"
    state.sheets[0].goals.pop()
    give_hand(state, "r1")
    act(state, "go:GP:r1")
    assert not state.is_terminal() and state.sheets[0].podium == 0 and not state.sheets[0].finished


def test_arrival_on_the_second_turn_after_thomas_scores_10() -> None:
    """ "If the player doesn't succeed until the second round, circle the next step of the podium and score
    10 points." (solo: the second of your three turns after Thomas arrived)"""
    state = start(1)
    _ready_to_win(state)
    state.thomas_arrived, state.turns_after = True, 1
    _end_player_turn(state)
    assert state.turns_after == 2
    give_hand(state, "r1")
    act(state, "go:GP:r1")
    if not state.is_terminal():
        act(state, "end")
    assert state.sheets[0].podium == 10 and state.victory


def test_missing_goal_loses_even_at_the_grand_place() -> None:
    """ "If you don't reach the Grand Place at the end of the game, or if you miss a goal, you lose." """
    state = start(1)
    _ready_to_win(state)
    state.sheets[0].goals.pop()
    state.thomas_arrived, state.turns_after = True, 1
    give_hand(state, "r1")
    act(state, "go:GP:r1")
    if not state.is_terminal():
        act(state, "end")
    assert state.is_terminal() and not state.victory and state.ranking() == [2]


def test_reveal_until_two_colours_and_reshuffle_at_the_end_of_the_pile() -> None:
    """ "Take the top card from the draw pile and place it ... next to it to the right. If the 2 cards (the
    one at the top of the draw pile and the one revealed) have the same color, start again until you have
    two different colors. At the end of the draw pile, shuffle the cards, form a new pile and start this
    phase again." """
    state = start(1)
    state.thomas_top, state.thomas_deck = "", ["CK01", "CK02", "CY01"]
    state.thomas_discard = ["CR01", "CR02"]
    # CK01 goes right, CK02 is on top: both black, so CK02 goes right and CY01 is on top.
    assert automa.reveal_pair(state) == ("CY01", "CK02")
    assert state.thomas_discard == ["CR01", "CR02", "CK01", "CK02"]
    assert (state.thomas_top, state.thomas_deck) == ("CY01", [])
    pair = automa.reveal_pair(state)  # CY01 goes right and the pile is empty: a new pile is formed
    assert pair is not None and components().common[pair[0]].colour != components().common[pair[1]].colour
    assert pair[0] == state.thomas_top
    assert len(state.thomas_deck) + len(state.thomas_discard) + 1 == 5


def _pile(state, top: str, *under: str) -> None:  # type: ignore[no-untyped-def]
    """Thomas's pile: ``top`` shown on it ("" for none), then ``under`` and his other cards face down."""
    cards = [*state.thomas_deck, *state.thomas_discard, state.thomas_top]
    state.thomas_top, state.thomas_discard = top, []
    state.thomas_deck = [*under, *(g for g in cards if g and g != top and g not in under)]


def test_thomas_reveals_the_worked_example_from_his_pile() -> None:
    """ "Take the top card from the draw pile and place it ... next to it to the right. If the 2 cards (the
    one at the top of the draw pile and the one revealed) have the same color, start again". With red CR09
    on top of the pile and yellow CY01 under it, CR09 goes right and CY01, now on top, is the left card:
    "Thomas should take a yellow 5 ... the black 5 ... a yellow 2 ... a red 4. There aren't any. ... so, the
    black 4 it is." CY01 stays on top of the pile for the next reveal."""
    state = start(1)
    _pile(state, "", "CR09", "CY01", "CK01")
    set_table(state, "r1 r3 y2 y4 b5 b4 b0", used_owner=0)  # no yellow 5, no red 5, a black 5
    _end_player_turn(state)
    assert state.revealed == ["CY01", "CR09"]
    assert [(state.dice.colour[i], state.dice.value[i]) for i in state.thomas_dice] == [
        ("yellow", 2),
        ("black", 5),
        ("black", 4),
    ]  # sorted by die index; taken in the order black 5, yellow 2, black 4
    assert state.thomas_top == "CY01" and state.observe(0).thomas_top == "CY01"
    assert state.thomas_discard == ["CR09"]
    # The next reveal moves CY01 to the right; the card under it becomes the left card.
    assert automa.reveal_pair(state) == ("CK01", "CY01")


def test_thomas_reveals_at_the_start_of_every_turn() -> None:
    """ "During his turn, Thomas does 4 things: 1. Reveal cards 2. Choose or reroll dice ..." and "If
    exactly 3 dice are available at the start of his turn, he takes all three": the pair is revealed
    first, even when it then chooses nothing, so his pile moves on."""
    state = start(1)
    _pile(state, "CR09", "CY01")
    set_table(state, "r2 y3 b4", used_owner=0)
    _end_player_turn(state)
    assert sorted(state.dice.value[i] for i in state.thomas_dice) == [2, 3, 4]
    assert state.revealed == ["CY01", "CR09"] and state.thomas_top == "CY01"
