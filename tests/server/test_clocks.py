"""Turn clock accounting (server.sessions.turn_clocks): when decisions start and end, what overtime costs."""

from __future__ import annotations

from server.domain.records import GameRecord, GameStatus, SeatRecord
from server.sessions import turn_clocks
from server.store import Deadline

GAME = "0" * 20


def record(to_act: tuple[int, ...], seats: tuple[SeatRecord, ...] | None = None) -> GameRecord:
    return GameRecord(
        game_id=GAME,
        game_type="tiny_dice",
        options={},
        seats=seats or (SeatRecord("Ann", "a"), SeatRecord("Bob", "b"), SeatRecord("Bot", "c", bot=True)),
        create_time=0.0,
        deal_seed=1,
        chance_seed=2,
        status=GameStatus.ACTIVE,
        version=3,
        to_act=to_act,
        clock_turn=60.0,
        clock_reserve=300.0,
    )


def test_a_seat_coming_on_turn_gets_a_deadline_of_its_turn_and_reserve_left() -> None:
    started, deadlines = turn_clocks.advance(record((0, 1, 2)), now=100.0)
    assert [s.turn_start for s in started.seats] == [100.0, 100.0, 100.0], "a bot seat's clock runs too"
    assert deadlines == [Deadline(GAME, 0, 3), Deadline(GAME, 1, 3)], "but no one takes a bot seat over"
    assert [d.seconds for d in deadlines] == [360.0, 360.0]


def test_a_bot_seat_pays_its_overtime_from_its_reserve_and_an_away_seat_has_no_clock() -> None:
    away = SeatRecord("Ann", "x", bot=True, owner_hash="a", reserve_used=300.0)
    started, _ = turn_clocks.advance(
        record((0, 2), (away, SeatRecord("Bob", "b"), record(()).seats[2])), 100.0
    )
    assert [s.turn_start for s in started.seats] == [0.0, 0.0, 100.0]
    moved, _ = turn_clocks.advance(started.evolve(version=4, to_act=(1,)), now=175.0, acted=2)
    assert (moved.seats[2].turn_start, moved.seats[2].reserve_left(300.0)) == (0.0, 285.0)


def test_overtime_comes_out_of_the_reserve_and_a_simultaneous_seat_keeps_its_start() -> None:
    started, _ = turn_clocks.advance(record((0, 1)), now=100.0)
    after = started.evolve(version=4, to_act=(1,))  # Ann acted 100 s in: 40 s beyond her turn
    moved, deadlines = turn_clocks.advance(after, now=200.0, acted=0)
    ann, bob = moved.seats[0], moved.seats[1]
    assert (ann.turn_start, ann.reserve_used, ann.reserve_left(300.0)) == (0.0, 40.0, 260.0)
    assert (bob.turn_start, bob.turn_version) == (100.0, 3) and deadlines == []


def test_a_seat_that_acts_and_stays_on_turn_starts_a_new_decision() -> None:
    started, _ = turn_clocks.advance(record((0,)), now=100.0)
    again, deadlines = turn_clocks.advance(started.evolve(version=5), now=110.0, acted=0)
    assert (again.seats[0].turn_start, again.seats[0].turn_version) == (110.0, 5)
    assert deadlines == [Deadline(GAME, 0, 5)] and deadlines[0].seconds == 360.0


def test_a_spent_reserve_leaves_only_the_turn_and_a_stale_deadline_is_not_due() -> None:
    spent = (SeatRecord("Ann", "a", reserve_used=300.0), SeatRecord("Bob", "b"))
    started, deadlines = turn_clocks.advance(record((0,), spent), now=100.0)
    assert deadlines[0].seconds == 60.0
    assert turn_clocks.is_due(started, Deadline(GAME, 0, 3))
    assert not turn_clocks.is_due(started, Deadline(GAME, 0, 2)), "an earlier decision"
    assert not turn_clocks.is_due(started, Deadline(GAME, 1, 3)), "not on turn"
    assert not turn_clocks.is_due(started.evolve(status=GameStatus.FINISHED), Deadline(GAME, 0, 3))


def test_an_unclocked_game_is_left_alone() -> None:
    plain = record((0,)).evolve(clock_turn=0.0)
    assert turn_clocks.advance(plain, now=100.0) == (plain, [])
