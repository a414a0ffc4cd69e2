"""End of day (order, awakening, Breathalyzer, daily scoring), end of game, final scoring, winner."""

from __future__ import annotations

from engine.tbbr.data import cards
from engine.tbbr.scoring import bonus_vp, cheers_vp, cheese_vp, score_parts, tasted_vp, visited_vp
from engine.tbbr.state import TbbrState
from tests.tbbr.support import act, arrange, fresh, ids, kinds, roll, turn_of


def end_of_day_one(breaths: list[int]) -> TbbrState:
    """Three players at Boon one TU before midnight camp in seat order 2, 0, 1."""
    state = fresh(3)
    for seat, breath in enumerate(breaths):
        arrange(state, seat, location="X10", time=23, breath=breath)
    for seat in (2, 0, 1):
        turn_of(state, seat)
        act(state, seat, "camp")  # nothing to convert: the day ends at once
    return state


def test_next_days_order_is_the_reversed_stack() -> None:
    """Starting order: "turn it over and place it on the first space of the Time Track so that the
    first player to reach the end of the day (at the bottom of the stack) goes to the top of the
    stack at the beginning of the next day."""
    state = end_of_day_one([0, 0, 0])
    assert state.day == 1 and [p.time for p in state.players] == [0, 0, 0]
    assert state.actors() == [2]
    act(state, 2, "move:b:X11")
    assert state.actors() == [0]


def test_difficult_awakening_and_the_breathalyzer_going_down_4() -> None:
    """Awakening: "Level 0 to 4: no penalty ...; Level 5 to 6: ... 1 TU ...; Level 7: ... 2 TUs
    ...; Level 8: ... 4 spaces forward". "All the players move their Meeple down by 4 levels on the
    Breathalyzer. You cannot go below the first spot"."""
    state = end_of_day_one([5, 7, 2])
    assert [p.time for p in state.players] == [1, 2, 0]
    assert [p.breath for p in state.players] == [1, 3, 0]
    state = end_of_day_one([4, 6, 7])
    assert [p.time for p in state.players] == [0, 1, 2]


def test_cheese_can_still_be_eaten_once_the_day_is_over() -> None:
    """Breathalyzer D: "If you have some cheese in your backpack, you can eat it at any time", so
    also after one's day ended, before "The level of the Breathalyzer at the end of the day
    determines the "difficult awakening" penalty": asked when a cheese would still change it."""
    state = fresh(3)
    arrange(state, 0, location="X10", time=23, breath=7, cheese=2)
    arrange(state, 1, location="X10", time=23, breath=6, cheese=1)
    arrange(state, 2, location="X10", time=23, breath=4, cheese=1)  # 4 - 1 or 4: 0 in the morning
    for seat in (1, 0, 2):
        turn_of(state, seat)
        act(state, seat, "camp")
    assert state.pending.kind == "night" and state.actors() == [1] and set(ids(state, 1)) == {"eat", "stop"}
    act(state, 1, "stop")
    assert state.actors() == [0]
    act(state, 0, "eat")
    assert state.actors() == [0] and state.players[0].breath == 6
    act(state, 0, "eat")  # no cheese left: nobody else to ask, the night falls
    assert state.day == 1 and [p.time for p in state.players] == [1, 1, 0]
    assert [p.breath for p in state.players] == [1, 2, 0] and [p.cheese for p in state.players] == [0, 1, 1]


def test_daily_scoring_counts_tasted_beers_discs_and_coasters() -> None:
    """Daily Scoring: "Beer Tasting Track: ... 2 VPs per beer tasted since the beginning of the
    game"; "First Visitor Disks and Coaster Tokens: ... 1 VP per First Visitor Disc and 1 VP per
    Coaster Token"."""
    state = fresh(2)
    for seat in (0, 1):
        arrange(state, seat, location="X10", time=23)
    arrange(state, 0, tasted=5, discs=2, coasters=1, score=0)
    turn_of(state, 0)
    act(state, 0, "move:b:X11")  # +1 first-visitor disc
    turn_of(state, 1)
    events = act(state, 1, "move:b:X11")  # a toast is impossible: seat 0's day is over
    assert "day_end" in kinds(events)
    assert state.players[0].score == 10 + 3 + 1
    assert state.players[1].score == 0 + 0


def test_waking_up_on_a_coaster_and_the_new_day_resets() -> None:
    """Start of the Day: "If you wake up in a brewery where there is still a Coaster Token, take
    it"; "Discard all "+1/+2 dice" Tokens"; on a new day the Filled / Broken Bottle tokens are
    reset."""
    state = fresh(2)
    for seat in (0, 1):
        arrange(state, seat, location="X10", time=23)
    arrange(state, 0, hitch_dest="X05", hitch_extra=1)
    state.coasters = {"X10": 1}
    state.bottles = [True, False, False]
    turn_of(state, 0)
    act(state, 0, "camp")
    act(state, 1, "camp")
    p0, p1 = state.players
    assert p0.coasters + p1.coasters == 1 and p0.coasters == 1  # seat 0 finished first: on top
    assert p0.hitch_dest == "" and p0.hitch_extra == 0 and state.bottles == [False, False, False]


def test_back_on_the_grand_place_or_15_vp_per_missing_move() -> None:
    """Arriving on the Grand Place: "deduct 15 VPs for each missing move ... A player who is in
    Brussels, but not on the Grand Place, will be 1 move away ... A player located on the outskirts
    of Brussels will be one move away ... However, a player cannot go below 0." Note: "If a player
    falls asleep before arriving ... add one move as a penalty." """
    state = fresh(4)
    state.day = 2
    arrange(state, 0, location="GP", time=24, done=True, score=50)
    arrange(state, 1, location="B03", time=24, done=True, score=50)
    arrange(state, 2, location="T01", time=24, done=True, score=50)  # on a road to Brussels
    arrange(state, 3, location="N01", time=24, done=True, score=40, asleep=True)  # 2 moves + 1
    state.active = -1
    state.settle()
    assert state.is_terminal()
    assert [p.score for p in state.players] == [50, 35, 35, 0]
    assert [p.penalty for p in state.players] == [0, 15, 15, 45]


def test_the_last_day_ends_on_the_grand_place() -> None:
    """End of the Game: "Each player must absolutely be back on the Grand Place of Brussels within
    the allotted time"; a player back there may stop (authored: FinishRace)."""
    state = fresh(2)
    state.day = 2
    arrange(state, 0, location="B01", time=10)
    arrange(state, 1, location="GP", time=20)
    turn_of(state, 0)
    act(state, 0, "move:b:GP")
    assert state.players[0].gp_arrival >= 0
    assert "finish" in [a.id for a in state.legal_actions(0)]
    act(state, 0, "finish")
    assert state.players[0].done and state.players[0].time == 24


def test_visited_breweries_scale_and_the_rulebook_example() -> None:
    """Final Scoring: "For 10 / 15 / 20 / 25 / 30 visited breweries, they score respectively 10 /
    15 / 22 / 30 / 40 VPs. Any Visited Brewery in addition to the first 30 earns 3 VPs each ...
    12 breweries score 10 VPs"; example: "Rose visited 23 unique breweries and therefore earns 22
    VP"."""
    assert [visited_vp(n) for n in (9, 10, 12, 15, 20, 23, 25, 30, 33)] == [0, 10, 10, 15, 22, 22, 30, 40, 49]


def test_final_scoring_reproduces_the_rulebook_example() -> None:
    """Final Scoring example: "Tasted Beers Tracks: 26 VP; First Visitor Discs and Coaster Tokens:
    16 VP; Bonus tracks: 21 VP; Backpack: 6 VP ...; Cheese track: 6 VP; Visited breweries: ... 23
    unique breweries ... 22 VP; ... Level 3 Objective Cards: 10 VP; Toast track: 11 VP"."""
    state = fresh(2)
    rose = state.players[0]
    rose.location = "GP"
    rose.tasted = 13
    rose.discs, rose.coasters = 10, 6
    rose.bonus = [2, 2, 2, 3]  # 5 + 5 + 4 + 7
    rose.beers = [2, 2, 1, 1]
    rose.cheese = 4
    rose.visited = {f"X{i:02d}" for i in range(1, 18)} | {"T01", "T02", "T03", "T04", "T05", "R01"}
    rose.cheers = 7
    rose.objectives = []
    state.level3 = ["O301"]  # every Trappist: 10 VP
    state.terminal = True
    parts = score_parts(state, 0)
    expected = {
        "tasted": 26,
        "discs_and_coasters": 16,
        "bonus": 21,
        "backpack": 6,
        "cheese": 6,
        "visited": 22,
        "objectives": 0,
        "level3": 10,
        "cheers": 11,
    }
    assert {k: v for k, v in parts.items() if k != "track"} == expected
    assert state.scores()[0] == sum(parts.values())
    assert tasted_vp(13) == 26 and bonus_vp(rose) == 21 and cheese_vp(rose) == 6 and cheers_vp(rose) == 11


def test_tasted_beers_track_has_20_levels_of_2_vp() -> None:
    """Tasting: "move your Meeple 1 space forward on the Tasted Beers Track (note that each level
    corresponds to 2 VPs)"; "Your Meeple can never exceed the space 38 of the Tasted Beers Track (for
    a maximum of 40 VPs)": 20 levels of 2 VP; a 21st beer still climbs the Breathalyzer, not the
    track, and no objective card asks for more than the track holds."""
    state = fresh(2)
    arrange(state, 0, location="X10", tasted=19)
    arrange(state, 1, location="T04", time=23)
    turn_of(state, 0)
    act(state, 0, "taste")
    act(state, 0, "move:b:X11")
    act(state, 0, "taste")
    p = state.players[0]
    assert (p.tasted, p.breath) == (20, 2)
    assert [tasted_vp(n) for n in (0, 1, 19, 20)] == [0, 2, 38, 40]
    assert max(c.n for c in cards().values() if c.cond == "tasted") == 20


def test_ties_go_to_the_first_back_on_the_grand_place() -> None:
    """The Winner: "In the event of a tie, the order of arrival on the Grand Place of Brussels
    (without delay penalty) breaks the tie." """
    state = fresh(3)
    state.day = 2
    for seat in range(3):
        arrange(state, seat, location="GP", time=24, done=True, score=30)
    arrange(state, 0, gp_arrival=2)
    arrange(state, 1, gp_arrival=0)
    arrange(state, 2, gp_arrival=1)
    state.active = -1
    state.settle()
    assert state.is_terminal()
    assert len(set(state.scores())) == 1
    assert state.ranking() == [3, 1, 2]


def test_arrival_on_the_grand_place_is_a_time_track_space_not_a_turn_order() -> None:
    """The Winner: "the order of arrival on the Grand Place of Brussels (without delay penalty)
    breaks the tie": seat 0 lands there at TU 12 in a turn played before seat 1's and seat 2's,
    who land at TU 7 (seat 1 first, so seat 2 on top of it): seat 0 arrived last."""
    state = fresh(3)
    state.day = 2
    arrange(state, 0, location="X16", time=6, stack=20, score=30)
    arrange(state, 1, location="B02", time=6, stack=10, score=30)
    arrange(state, 2, location="B03", time=6, stack=5, score=30)
    turn_of(state, 0)
    act(state, 0, "move:b:GP")  # the road from Brussels to X16 is 6 TU by bicycle
    assert state.players[0].time == 12 and state.actors() == [1]
    act(state, 1, "move:b:GP")
    act(state, 1, "finish")
    act(state, 2, "move:b:GP")
    act(state, 2, "finish")
    act(state, 0, "finish")
    assert state.is_terminal() and len(set(state.scores())) == 1
    assert state.ranking() == [3, 1, 2]


def test_a_failed_last_hitchhike_leaves_the_player_a_latecomer() -> None:
    """End of the Game notes: "If a hitchhiking player is not picked up on their last trip and has no
    longer enough TUs to attempt another move, they will lose 15 VPs per move necessary for their
    return." 3 Fonteinen is one road from Brussels."""
    state = fresh(2)
    state.day = 2
    arrange(state, 0, location="X11", time=23, score=40)
    arrange(state, 1, location="GP", time=24, done=True, score=40)
    turn_of(state, 0)
    act(state, 0, "move:h:GP")  # a 0-TU road to Brussels: it fits in the last TU
    roll(state, (2,))
    assert state.is_terminal()
    assert state.players[0].location == "X11"
    assert state.players[0].score == 25 and state.players[0].penalty == 15


def test_a_player_with_nothing_that_fits_ends_its_day() -> None:
    """ "You must be able to finish your move ... If you have not enough TUs ..., then you cannot move
    at all." With no move that fits, nothing left to do in the brewery and camping impossible (last
    day), the day is over for that player (authored). Chimay's roads cost at least 2 TU."""
    state = fresh(2)
    state.day = 2
    arrange(state, 0, location="T03", time=23, breath=4, bought_here=True, tasted_here=True)
    arrange(state, 1, location="GP", time=10)
    turn_of(state, 1)
    events = act(state, 1, "finish")
    assert "stuck" in kinds(events) and state.is_terminal()
    assert state.players[0].time == 24 and state.players[0].penalty == 3 * 15  # Chimay-Binchoise-Boon-GP
