"""Objective cards: lightning, star and flag; the Bottling Machine; bottles; level 2 and 3."""

from __future__ import annotations

from engine.tbbr import days
from engine.tbbr.data import cards
from engine.tbbr.scoring import level3_vp, objectives_vp
from engine.tbbr.state import TbbrState
from tests.tbbr.support import act, arrange, fresh, ids, turn_of

TASTE_RED, OWN_2_YELLOW, AT_TRAPPIST, TOAST_1 = "O103", "O113", "O125", "O111"
FLAG_VISITED_12 = "O127"


def machine(state: TbbrState, accessible: list[str], inaccessible: list[str], deck: list[str]) -> None:
    state.accessible, state.inaccessible, state.deck = accessible, inaccessible, deck


def test_the_cards_used_here_say_what_the_tests_assume() -> None:
    """Objective Cards: "There are 3 types ...: Lightning ... Star ... Flag"; 72 cards, 32/25/15."""
    all_cards = cards()
    assert [sum(c.level == n for c in all_cards.values()) for n in (1, 2, 3)] == [32, 25, 15]
    assert (all_cards[TASTE_RED].kind, all_cards[TASTE_RED].cond) == ("lightning", "taste_colour")
    assert (all_cards[OWN_2_YELLOW].kind, all_cards[OWN_2_YELLOW].n) == ("star", 2)
    assert (all_cards[AT_TRAPPIST].kind, all_cards[AT_TRAPPIST].tag) == ("star", "trappist")
    assert (all_cards[FLAG_VISITED_12].kind, all_cards[FLAG_VISITED_12].n) == ("flag", 12)
    assert all(c.kind == "flag" for c in all_cards.values() if c.level == 3)


def test_lightning_and_star_cards_are_claimed_on_your_turn_and_replaced_when_it_ends() -> None:
    """ "The player who fulfills the conditions of an accessible Objective Card on their turn takes
    that card"; Lightning: "you must take a specific action during your turn"; Star: "conditions
    that must be fulfilled to claim the objective"; Replacement: "As soon as their turn is over,
    the active player slides the visible Objective Cards from the left side ... to the right side
    ... New Objective Cards are placed from the deck on the left side"."""
    state = fresh(2)
    machine(state, [TASTE_RED, OWN_2_YELLOW, FLAG_VISITED_12, AT_TRAPPIST], ["O201", "O202"], ["O203"])
    arrange(state, 0, location="T01", beers=[2, 0, 0, 0])
    arrange(state, 1, location="T04", time=1)
    turn_of(state, 0)
    assert {f"claim:{c}" for c in (OWN_2_YELLOW, AT_TRAPPIST)} == {i for i in ids(state, 0) if "claim" in i}
    act(state, 0, f"claim:{OWN_2_YELLOW}")
    assert state.accessible == [TASTE_RED, "", FLAG_VISITED_12, AT_TRAPPIST]
    act(state, 0, "taste")  # 1 TU: level with seat 1, the turn goes on
    act(state, 0, f"claim:{TASTE_RED}")
    act(state, 0, "buy")  # TU 2: the turn is over, one claim still possible
    assert state.pending.kind == "claim" and set(ids(state, 0)) == {f"claim:{AT_TRAPPIST}", "end"}
    act(state, 0, f"claim:{AT_TRAPPIST}")
    assert state.players[0].objectives == [OWN_2_YELLOW, TASTE_RED, AT_TRAPPIST]
    assert state.accessible == ["O201", "O202", FLAG_VISITED_12, "O203"]
    assert state.inaccessible == [] and state.actors() == [1]
    assert f"claim:{FLAG_VISITED_12}" not in ids(state, 1)


def test_at_most_four_claims_per_turn() -> None:
    """ "It is possible to fulfill up to 4 Objective Cards during the same turn." """
    state = fresh(2)
    machine(state, [OWN_2_YELLOW, AT_TRAPPIST, "O117", "O113"], [], [])
    arrange(state, 0, location="T01", beers=[5, 0, 0, 0])
    arrange(state, 1, time=5)
    turn_of(state, 0)
    state.claims = 3
    act(state, 0, f"claim:{OWN_2_YELLOW}")
    assert not [i for i in ids(state, 0) if i.startswith("claim")]


def test_only_the_active_player_claims_after_a_toast() -> None:
    """Toasting, general remarks: "Only the active player can achieve an objective after the Toast
    Action." """
    state = fresh(2)
    machine(state, [TOAST_1, "", "", ""], [], [])
    arrange(state, 0, location="X10", beers=[1, 0, 0, 0])
    arrange(state, 1, location="X11", beers=[1, 0, 0, 0], time=10)
    turn_of(state, 0)
    act(state, 0, "move:b:X11")
    assert state.actors() == [0] and f"claim:{TOAST_1}" in ids(state, 0)


def test_crossing_a_bottle_token_may_remove_an_accessible_card() -> None:
    """Removal: "When a player crosses one of these tokens (... from TU 8 to TU 9 ...), they can
    choose to leave it on the Filled Bottle side or to turn it over to the Broken Bottle side to
    remove 1 of the 4 accessible Objective cards. Once a token is flipped ... it can no longer be
    turned over ... before the next day." "the discarded Objective Card will only be replaced at
    the end of the active player's turn"."""
    state = fresh(3)
    machine(state, ["O101", "O102", "O103", "O104"], ["O105"], [])
    arrange(state, 0, location="R06", time=7)
    arrange(state, 1, location="R06", time=7)
    arrange(state, 2, location="T04", time=9)
    turn_of(state, 0)
    act(state, 0, "move:b:T05")  # TU 7 -> 10 crosses the token at 8 and ends the turn
    assert state.pending.kind == "bottle" and state.actors() == [0]
    assert set(ids(state, 0)) == {"bottle:O101", "bottle:O102", "bottle:O103", "bottle:O104", "keep"}
    act(state, 0, "bottle:O102")
    assert state.bottles[0] and state.removed == ["O102"]
    assert state.accessible == ["O101", "O105", "O103", "O104"]  # refilled as the turn ended
    assert state.actors() == [1]
    act(state, 1, "move:b:T05")  # seat 1 crosses the broken token: nothing to decide
    assert state.pending is None and state.removed == ["O102"]


def test_two_players_may_remove_a_card_even_from_a_broken_bottle() -> None:
    """ "In a 2-player game, each player who crosses one of these tokens can choose to delete 1 of
    the 4 accessible Objective cards (whether the previous player has already flipped the chip over
    to the Broken Bottle side or not)." """
    state = fresh(2)
    machine(state, ["O101", "O102", "O103", "O104"], [], [])
    state.bottles[0] = True
    arrange(state, 0, location="R06", time=7)
    arrange(state, 1, location="T04", time=20)
    turn_of(state, 0)
    act(state, 0, "move:b:T05")
    assert state.pending.kind == "bottle"
    act(state, 0, "bottle:O101")
    assert state.removed == ["O101"]


def test_a_toasted_opponent_crossing_a_bottle_decides_for_itself() -> None:
    """Bottles: "When a player crosses one of these tokens" - also a non-active player whose disc a
    toast moves from TU 8 to TU 9; the decision is asked of that seat."""
    state = fresh(3)
    machine(state, ["O101", "O102", "O103", "O104"], [], [])
    arrange(state, 0, location="X10", beers=[1, 0, 0, 0])
    arrange(state, 1, location="X11", beers=[1, 0, 0, 0], time=8)
    arrange(state, 2, location="T04", time=20)
    turn_of(state, 0)
    act(state, 0, "move:b:X11")
    assert state.pending.kind == "bottle" and state.actors() == [1]
    act(state, 1, "keep")
    assert not state.bottles[0] and state.actors() == [0]


def test_a_disc_jumping_to_the_end_of_the_day_crosses_the_bottle_tokens() -> None:
    """Removal: "When a player crosses one of these tokens (they cross the token when they move from
    TU 8 to TU 9; from TU 16 to TU 17 ...)"; Camping: "They place their disc on the last space of
    the Time Track": a camper at TU 5 crosses the tokens at 8 and 16 on its way to 24."""
    state = fresh(3)
    machine(state, ["O101", "O102", "O103", "O104"], [], [])
    arrange(state, 0, location="X10", time=5)
    arrange(state, 1, location="X11", time=6)
    arrange(state, 2, location="T04", time=6)
    turn_of(state, 0)
    act(state, 0, "camp")  # nothing to convert: the disc goes straight to 24
    assert state.players[0].time == 24
    assert state.pending.kind == "bottle" and state.pending.count == 0 and state.actors() == [0]
    act(state, 0, "bottle:O101")
    assert state.pending.kind == "bottle" and state.pending.count == 1
    act(state, 0, "keep")
    assert state.bottles == [True, False, False] and state.removed == ["O101"]


def test_level_2_cards_are_shuffled_in_on_day_2() -> None:
    """Adding the level 2 Objective Cards: "At the end of the first day ... shuffle all the Level 1
    Objective Cards (except for the 4 accessible cards) with the level 2 Objective cards to form
    the new Objective Cards deck ... Reveal then 4 new inaccessible cards." """
    state = fresh(2, machine=True)
    accessible = list(state.accessible)
    for seat in (0, 1):
        arrange(state, seat, location="X10", time=23)
    turn_of(state, 0)
    act(state, 0, "taste")
    act(state, 1, "taste")
    assert state.day == 1 and state.level2_added and state.accessible == accessible
    pool = [*state.inaccessible, *state.deck]
    assert len(pool) == 28 + 25 and sum(cards()[c].level == 2 for c in pool) == 25


def test_shorter_game_adds_level_2_only_when_level_1_runs_out() -> None:
    """Shorter game: "Do not shuffle level 2 Objective Cards at the beginning of the second day.
    Place them into the deck only if level 1 Objective Cards are exhausted." """
    state = fresh(2, shorter=True, machine=True)
    act(state, 0, "start:X02")
    act(state, 1, "start:X09")
    state.deck = []
    state.inaccessible = ["O101"]
    state.accessible[0] = ""
    assert not state.level2_added
    days.end_turn(state)
    assert state.level2_added and len(state.inaccessible) == 4
    assert all(cards()[c].level == 2 for c in state.inaccessible[1:])


def test_flag_cards_score_only_if_met_at_the_end_and_level_3_scores_for_everyone() -> None:
    """Flag: "conditions that must be fulfilled at the end of the game"; Final Scoring: "the VPs
    indicated on the level 3 Objective cards achieved (each player fulfilling the conditions of a
    Level 3 Objective card earns its VPs)". Flag cards are claimed when met; authored: a claimed
    flag card no longer met at the end scores nothing."""
    state = fresh(2)
    p = state.players[0]
    p.objectives = ["O129", TASTE_RED]  # flag: carry 4 beers; lightning: 3 VP
    p.beers = [4, 0, 0, 0]
    assert objectives_vp(p) == 3 + 3
    p.beers = [3, 0, 0, 0]
    assert objectives_vp(p) == 3
    p.visited = {"T01", "T02", "T03", "T04", "T05"}
    assert level3_vp(p, ["O301", "O302"]) == 10  # every Trappist; not every cardinal point
