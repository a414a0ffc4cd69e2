"""Moving: bicycle, public transport, hitchhiking and Brussels, with the dice supplied."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.tbbr import GAME
from engine.tbbr.actions import Beer, Bottle, ChooseStart, Claim, Move, PayDriver
from engine.tbbr.data import GRAND_PLACE, board
from engine.tbbr.state import TbbrState
from tests.tbbr.support import act, arrange, fresh, ids, roll, turn_of


def solo_turn(location: str, time: int = 0, players: int = 2, **fields: object) -> TbbrState:
    """Seat 0 to play at ``location``; the others far ahead so the turn stays with seat 0."""
    state = fresh(players)
    arrange(state, 0, location=location, time=time, **fields)
    for seat in range(1, players):
        arrange(state, seat, location="T04", time=23)
    turn_of(state, 0)
    return state


def test_the_rulebook_road_costs_2_4_6() -> None:
    """Example: "To move from brewery 6 to brewery 11, Pink can use: the hitchhiking for 2 TU,
    public transport for 4 TU, the bicycle for 6 TU." """
    places = board().places
    six = next(p for p in places.values() if p.number == 6)
    eleven = next(p for p in places.values() if p.number == 11)
    assert board().road_between(six.id, eleven.id) == (6, 4, 2)
    for mode, dice, spent in (("b", None, 6), ("t", 3, 4), ("h", (1,), 2)):
        state = solo_turn(six.id)
        act(state, 0, f"move:{mode}:{eleven.id}")
        if dice is not None:
            roll(state, dice)
        assert state.players[0].time == spent and state.players[0].location == eleven.id


def test_bicycle_sobers_up_every_4_consecutive_tu_and_is_banned_from_its_threshold() -> None:
    """Bicycle: "advance your disc ... by the number of TUs indicated on the road"; "For every 4
    consecutive TUs spent on a bicycle ... lower your Meeple on the Breathalyzer by 1 step (you can
    never go below the first step)"; "As soon as you reach or pass this symbol on your
    breathalyzer, you can no longer ride your bicycle"."""
    state = solo_turn("R06", breath=2)
    act(state, 0, "move:b:T03")  # 6 TU: one step down, 2 TU carried
    p = state.players[0]
    assert (p.time, p.breath, p.bike_streak) == (6, 1, 2)
    act(state, 0, "move:b:X01")  # 6 more: 8 consecutive TU in all -> two more steps, floor at 0
    assert (p.time, p.breath, p.bike_streak) == (12, 0, 0)
    banned = solo_turn("R06", breath=4)
    assert not any(i.startswith("move:b:") for i in ids(banned, 0))
    assert "move:t:T03" in ids(banned, 0)


def test_tasting_breaks_the_consecutive_bicycle_tu() -> None:
    """Bicycle note: the 4 TU must be consecutive, "with no action other than Moving"."""
    state = solo_turn("R06", breath=3)
    act(state, 0, "move:b:T05")  # 3 TU
    act(state, 0, "buy")  # Rochefort sells: the streak is broken
    act(state, 0, "move:b:R06")  # 3 TU again: still fewer than 4 consecutive
    assert state.players[0].breath == 3


def test_public_transport_on_time_late_and_doubled() -> None:
    """Public transport: "From 1 to 5: advance ... by the number of TUs indicated"; "6: ... You must
    add 2 TUs (penalty)"; from its Breathalyzer symbol "the time spent on public transport is
    doubled (the delay penalty, however, remains the same)"."""
    for die, breath, spent in ((5, 0, 4), (6, 0, 6), (2, 6, 8), (6, 6, 10)):
        state = solo_turn("R06", breath=breath)
        act(state, 0, "move:t:T03")
        assert state.chance() is not None and state.actors() == []
        roll(state, die)
        assert state.players[0].time == spent and state.players[0].location == "T03"


def test_public_transport_late_at_the_end_of_the_day_spends_only_the_delay() -> None:
    """Public transport: "If you do not have enough TUs to complete the move at the end of the day
    (because of the 2 TU delay), you only advance your disc 2 TUs forward on the Time Track,
    without moving your Meeple on the board."""
    state = solo_turn("R06", time=18)  # 6 TU left: the late move (4 + 2) still fits exactly
    act(state, 0, "move:t:T03")
    roll(state, 6)
    assert state.players[0].location == "T03" and state.players[0].time == 24
    state = solo_turn("R06", time=19)  # 5 TU left
    act(state, 0, "move:t:T03")
    roll(state, 6)
    p = state.players[0]
    assert p.location == "R06" and p.time == 21


def test_tasting_carried_beers_on_public_transport() -> None:
    """Public transport: "If you carry some beer in your backpack, you can taste one for every 2
    TUs spent on public transport (delay included). In this case, discard a cube from your
    backpack and perform the action Tasting a Beer." """
    state = solo_turn("R06", beers=[0, 2, 1, 0])
    act(state, 0, "move:t:T03")
    roll(state, 6)  # 4 + 2 = 6 TU: up to 3 tastings
    assert state.pending is not None and state.pending.kind == "onboard" and state.pending.count == 3
    act(state, 0, "beer:red")
    act(state, 0, "beer:brown")
    act(state, 0, "stop")
    p = state.players[0]
    assert p.beers == [0, 1, 0, 0] and p.tasted == 2 and p.breath == 2 and p.time == 6
    assert state.log.count("taste:2") == 1 and state.log.count("taste:1") == 1


def test_hitchhiking_picked_up_on_odd_wait_on_even() -> None:
    """Hitchhiking: "On an odd result, you are picked up ... advance your disc ... by the number of
    TUs indicated on the road"; "On an even result, nobody stops for you: you stay there and suffer
    a waiting time (penalty) of 2 TUs"; from its threshold "your waiting time is doubled ... (so
    you lose 4 TUs instead of 2) but not the move"."""
    state = solo_turn("R06")
    act(state, 0, "move:h:T03")
    roll(state, (3,))
    assert state.players[0].location == "T03" and state.players[0].time == 2
    state = solo_turn("R06")
    act(state, 0, "move:h:T03")
    roll(state, (4,))
    assert state.players[0].location == "R06" and state.players[0].time == 2
    state = solo_turn("R06", breath=6)
    act(state, 0, "move:h:T03")
    roll(state, (2,))
    assert state.players[0].time == 4
    act(state, 0, "move:h:T03")
    roll(state, (2, 5))
    assert state.players[0].time == 6 and state.players[0].location == "T03"


def test_persistence_adds_dice_up_to_three_and_survives_the_end_of_the_turn() -> None:
    """Hitchhiking: "If you try to hitchhike towards the same destination brewery during your next
    action, you can roll an additional die ... up to a maximum of 3 dice"; "If your turn stops
    between 2 attempts ... take a "+1/+2 dice" Token"; "At the end of the day, discard any
    "+1/+2 dice" Tokens"."""
    state = fresh(2)
    arrange(state, 0, location="R06", time=0)
    arrange(state, 1, location="T04", time=5)
    turn_of(state, 0)
    act(state, 0, "move:h:T03")
    roll(state, (2,))
    act(state, 0, "move:h:T03")
    assert state.chance().outcomes is not None and len(state.chance().outcomes[0][0]) == 2
    roll(state, (2, 4))
    assert state.players[0].time == 4 and state.players[0].hitch_extra == 2
    act(state, 0, "move:h:T03")
    assert len(state.chance().outcomes[0][0]) == 3
    roll(state, (2, 4, 6))  # TU 6: past seat 1, the turn ends with the token kept
    assert state.actors() == [1] and state.players[0].hitch_dest == "T03"
    act(state, 1, "move:b:S01")  # seat 1 to TU 7
    assert state.actors() == [0]
    act(state, 0, "move:h:T03")
    assert len(state.chance().outcomes[0][0]) == 3  # still 3 dice: the maximum
    roll(state, (1, 2, 2))
    assert state.players[0].location == "T03" and state.players[0].hitch_dest == ""


def test_another_action_loses_the_extra_dice() -> None:
    """Hitchhiking: the extra die is for trying the same destination "during your next action"."""
    state = solo_turn("R06")
    act(state, 0, "move:h:T03")
    roll(state, (2,))
    act(state, 0, "taste")
    assert state.players[0].hitch_dest == ""
    act(state, 0, "move:h:T03")
    assert len(state.chance().outcomes[0][0]) == 1


def test_paying_the_driver_with_two_beers_per_tu() -> None:
    """Hitchhiking note: "Instead of rolling a die, discard 2 Transported Beer Tokens per TU
    required for the move: success is then automatic. You can try hitchhiking with a die roll
    first, then decide to spend some beers for the next attempt"."""
    state = solo_turn("R06", beers=[3, 0, 1, 0])
    act(state, 0, "move:h:T03")
    roll(state, (6,))
    act(state, 0, "pay:T03")  # 2 TU -> 4 beers, picked one by one
    assert state.actors() == [0] and state.pending.kind == "pay"
    act(state, 0, "beer:red")  # then only yellow is left: paid automatically
    p = state.players[0]
    assert p.beers == [0, 0, 0, 0] and p.location == "T03" and p.time == 4
    assert "pay" in state.log
    poor = solo_turn("R06", beers=[3, 0, 0, 0])
    assert "pay:T03" not in ids(poor, 0)


def test_one_tu_hitchhiking_attempt_at_the_end_of_the_day() -> None:
    """Hitchhiking note: "If, at the end of the day, you have only 1 TU available, you can try a 1
    TU hitchhiking action. If no one picks you up (even result), you do not move. However you must
    still advance your disc to the last space of the Time Track"."""
    state = solo_turn("R06", time=23)
    assert "move:h:T05" in ids(state, 0) and "move:h:T03" not in ids(state, 0)
    act(state, 0, "move:h:T05")
    roll(state, (4,))
    p = state.players[0]
    assert p.location == "R06" and p.time == 24 and p.done


def test_zero_tu_roads_need_a_die_and_cannot_be_paid() -> None:
    """Hitchhiking note: "If a 0 is indicated for hitchhiking, you must roll a die. On an odd
    result, you move for 0 TU ... On an even result, you stay there and advance your disc by 2 TUs
    ... You cannot unpack beer to avoid rolling the die in this case." (Westvleteren-Sint-Bernardus
    is such a road.)"""
    state = solo_turn("T02", beers=[4, 0, 0, 0])
    assert board().road_between("T02", "W01") == (1, 1, 0)
    assert "pay:W01" not in ids(state, 0)
    act(state, 0, "move:h:W01")
    roll(state, (6,))
    assert state.players[0].time == 2 and state.players[0].location == "T02"
    act(state, 0, "move:h:W01")
    roll(state, (5, 2))
    assert state.players[0].time == 2 and state.players[0].location == "W01"


def test_brussels_is_one_tu_between_any_two_points_and_roads_reach_all_of_it() -> None:
    """Moves in Brussels: "All breweries in Brussels are considered connected to each other. Each
    move in Brussels has a value of 1 TU, for any kind of transport. When entering Brussels, you
    may decide to land on any point of the capital ... When leaving Brussels, you may decide to
    travel to any connected brewery, regardless of your starting point"."""
    b = board()
    points = [GRAND_PLACE, "B01", "B02", "B03", "B04", "B05", "B06"]
    for a in points:
        for c in points:
            if a != c:
                assert b.road_between(a, c) == (1, 1, 1)
    for point in points:
        assert b.road_between("X16", point) == (6, 4, 2)  # the road to Brussels, to any point
        assert b.road_between(point, "T01") == b.road_between(GRAND_PLACE, "T01")
    state = solo_turn("B05")
    act(state, 0, "move:b:B02")
    assert state.players[0].time == 1


def test_an_illegal_move_is_refused_with_a_reason() -> None:
    state = solo_turn("R06")
    with pytest.raises(IllegalAction, match="no road"):
        state.apply(0, Move("bicycle", "X08"))


def test_every_mode_inside_brussels_is_1_tu_without_dice() -> None:
    """Moves in Brussels: "Each move in Brussels has a value of 1 TU, for any kind of transport";
    "All transport in Brussels = 1 TU (hitchhiking, public transport, bicycle)": no die, so no late
    public transport, no doubling past the Breathalyzer threshold, no failed lift and no driver to pay."""
    state = solo_turn("B05", breath=6, beers=[4, 0, 0, 0])
    assert "pay:B02" not in ids(state, 0) and "pay:X16" in ids(state, 0)
    assert state.move_cost(0, "transport", "B02") == 1 and state.move_cost(0, "transport", "X16") == 8
    act(state, 0, "move:t:B02")
    assert state.chance() is None
    assert (state.players[0].location, state.players[0].time) == ("B02", 1)
    act(state, 0, "move:h:B05")
    assert state.chance() is None
    assert (state.players[0].location, state.players[0].time) == ("B05", 2)
    assert state.log[-1] == "move:hitchhiking:1"


@pytest.mark.parametrize(
    "action",
    [
        Move("teleport", "X10"),
        Move("bicycle", "NOWHERE"),
        PayDriver("NOWHERE"),
        Claim("L1-999"),
        Bottle("L1-999"),
        ChooseStart("NOWHERE"),
        Beer(7),
        Move("bicycle", ["X10"]),  # type: ignore[arg-type]
        "move:b:X11",
        None,
    ],
    ids=repr,
)
def test_a_malformed_action_is_illegal_and_changes_nothing(action: object) -> None:
    """Moving: "Announce the chosen mode of transport and your destination brewery": an unknown
    mode, place, objective card or beer colour is refused with the engine's illegal-action error
    and a reason, before anything is built from it, and the position stays as it was."""
    state = solo_turn("X10", beers=[2, 0, 0, 0])
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="not an action of this game") as refused:
        state.apply(0, action)
    assert refused.value.reason == "ILLEGAL_ACTION"
    assert GAME.dump(state) == before
    act(state, 0, "camp")  # now a beer decision is pending: a colour that does not exist is refused
    before = GAME.dump(state)
    with pytest.raises(IllegalAction, match="unknown beer colour"):
        state.apply(0, Beer(9))
    assert GAME.dump(state) == before
