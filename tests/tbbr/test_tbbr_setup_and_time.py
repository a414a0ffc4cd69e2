"""Setup by player count, the shorter game's setup, and the time track."""

from __future__ import annotations

import pytest

from engine.tbbr.data import GRAND_PLACE, board, cards
from tests.tbbr.support import act, arrange, fresh, ids, turn_of


@pytest.mark.parametrize(("players", "coasters"), [(2, 5), (3, 15), (4, 25)])
def test_setup_by_player_count(players: int, coasters: int) -> None:
    """Setup 2: "2 players -> 5 Coaster Tokens; 3 players -> 15 Coaster Tokens; 4 players -> 25".
    Setup 3: "Place a First Visitor Disc ... on each brewery". Setup 4-5: 4 accessible and 4
    visible inaccessible cards (3 + the face-up deck top), "as many Level 3 Objective Cards as
    there are players". Setup 12.I: "a Meeple of their color on the Grand Place"."""
    state = fresh(players, machine=True)
    assert sum(state.coasters.values()) == coasters
    assert state.first_visitor == set(board().breweries) and len(board().breweries) == 40
    assert len([p for p in board().breweries if board().places[p].in_brussels]) == 6
    assert len(state.accessible) == 4 and all(state.accessible)
    assert len(state.inaccessible) == 4
    assert len(state.deck) == 32 - 8
    assert all(cards()[c].level == 1 for c in [*state.accessible, *state.inaccessible, *state.deck])
    assert len(state.level3) == players and all(cards()[c].level == 3 for c in state.level3)
    assert all(p.location == GRAND_PLACE and p.time == 0 for p in state.players)
    assert state.days == (24, 32, 24)


def test_first_player_disc_is_on_top_of_the_stack() -> None:
    """Setup 12.G: "a disc on the first space of the time track, starting with the last player,
    then counter-clockwise (so that the first player's disc is on top)"; "If several players
    are on the same space, the one above has priority"."""
    state = fresh(4)
    assert state.actors() == [0]
    act(state, 0, "move:b:B01")  # 1 TU: seat 0 overtakes everyone
    assert state.actors() == [1]


def test_farthest_behind_acts_until_it_overtakes_the_leading_disc() -> None:
    """Gameplay: "The next player is the one whose disc is farthest behind on the Time Track ...
    This player performs one or more actions until it overtakes the first player's disc"."""
    state = fresh(3)
    arrange(state, 0, time=5)
    arrange(state, 1, time=3)
    arrange(state, 2, time=1)
    state.active = -1
    state.settle()
    assert state.actors() == [2]
    act(state, 2, "move:b:B01")  # to TU 2
    act(state, 2, "move:b:B02")  # to TU 3: level with seat 1, not past seat 0
    assert state.actors() == [2]
    act(state, 2, "move:b:B03")  # TU 4
    act(state, 2, "move:b:B04")  # TU 5: level with the leader is not overtaking it
    assert state.actors() == [2]
    act(state, 2, "move:b:B05")  # TU 6: overtaken
    assert state.actors() == [1]


def test_a_move_must_finish_before_the_end_of_the_day() -> None:
    """Moving: "at the end of the day, you must be able to finish your move. If you have not enough
    TUs to complete your move, then you cannot move at all." R06-T03 costs 6 TU by bicycle."""
    state = fresh(2)
    arrange(state, 0, location="R06", time=19)
    arrange(state, 1, time=24, done=True)
    turn_of(state, 0)
    legal = ids(state, 0)
    assert "move:b:T03" not in legal  # 6 TU > 5 left
    assert "move:t:T03" in legal and "move:h:T03" in legal  # 4 and 2 TU fit


def test_shorter_game_setup() -> None:
    """Shorter game: "no level 3 Objective Card revealed"; "each player chooses their starting
    position ... in turn order, starting with the first player. All breweries are eligible ...
    except for breweries with a bonus and breweries already occupied by another player. The player
    takes the First Visitor Disc and places one of their Visited Brewery Token". "2 racing days of
    24 TUs each"."""
    state = fresh(3, shorter=True, machine=True)
    assert state.level3 == [] and state.days == (24, 24)
    assert state.actors() == [0]
    choices = ids(state, 0)
    assert "start:X02" in choices
    assert "start:T04" not in choices and "start:E01" not in choices and "start:B05" not in choices
    act(state, 0, "start:X02")
    assert state.actors() == [1]
    assert "start:X02" not in ids(state, 1)
    act(state, 1, "start:R01")
    act(state, 2, "start:B06")
    p = state.players[0]
    assert p.location == "X02" and p.discs == 1 and p.visited == {"X02"}
    assert "X02" not in state.first_visitor
    assert state.actors() == [0] and state.pending is None


def test_days_last_24_32_24_tu() -> None:
    """Gameplay: "Friday ... 24 TU; Saturday ... 32 TU; Sunday ... 24 TU." A day ends when all the
    discs reach the last space of the current day."""
    state = fresh(2)
    assert state.day_length == 24
    for seat in (0, 1):
        arrange(state, seat, location="X10", time=23)
    turn_of(state, 0)
    act(state, 0, "taste")  # seat 0 reaches 24: its day is over
    assert state.players[0].done and state.actors() == [1]
    act(state, 1, "taste")
    assert state.day == 1 and state.day_length == 32
    assert [p.time for p in state.players] == [0, 0]
    state.day = 2
    assert state.day_length == 24 and state.last_day
