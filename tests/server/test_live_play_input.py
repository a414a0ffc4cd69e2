"""Bad input to live play (clocks, reclaim, rematch) gets a precise status and ErrorInfo reason."""

from __future__ import annotations

import grpc
import pytest
from google.protobuf.duration_pb2 import Duration

from tests.server.harness import Served, expect_error, seat_game
from zythos.v1 import game_service_pb2 as pb

INVALID = grpc.StatusCode.INVALID_ARGUMENT
FAILED = grpc.StatusCode.FAILED_PRECONDITION
DAY = 24 * 3600


def clock(turn: tuple[int, int], reserve: tuple[int, int] = (0, 0)) -> pb.TurnClock:
    per_turn, spare = Duration(seconds=turn[0], nanos=turn[1]), Duration(seconds=reserve[0], nanos=reserve[1])
    return pb.TurnClock(per_turn=per_turn, reserve=spare)


@pytest.mark.parametrize(
    ("bad", "field"),
    [
        (clock((-1, 0)), "clock.per_turn"),
        (clock((0, -5)), "clock.per_turn"),
        (clock((5, 2_000_000_000)), "clock.per_turn"),
        (clock((0, 500_000_000)), "clock.per_turn"),  # under a second
        (clock((DAY + 1, 0)), "clock.per_turn"),
        (clock((10**12, 0)), "clock.per_turn"),
        (clock((0, 0), (60, 0)), "clock.per_turn"),  # a reserve without a turn time
        (clock((60, 0), (-60, 0)), "clock.reserve"),
        (clock((60, 0), (7 * DAY + 1, 0)), "clock.reserve"),
        (clock((60, 0), (2**62, 0)), "clock.reserve"),
    ],
)
async def test_bad_clocks_are_refused(served: Served, bad: pb.TurnClock, field: str) -> None:
    error = await expect_error(
        served.client().create_game("tiny_dice", 2, "Ann", clock=bad), INVALID, "INVALID_ARGUMENT"
    )
    assert error.metadata["field"] == field
    assert not (await served.client().list_games()).games, "nothing was created"


async def test_a_good_clock_is_shown_on_the_game_and_its_seats(served: Served) -> None:
    created = await served.client().create_game("tiny_dice", 2, "Ann", clock=clock((60, 0), (300, 0)))
    game = created.game
    assert (game.clock.per_turn.seconds, game.clock.reserve.seconds) == (60, 300)
    assert all(seat.reserve_left.seconds == 300 for seat in game.seats)
    assert [seat.state for seat in game.seats] == [pb.SEAT_STATE_HUMAN, pb.SEAT_STATE_OPEN]
    joined = await served.client().join_game(game.game_id, "Bob")
    on_turn = joined.game.seats[joined.game.to_act[0]]
    assert on_turn.HasField("turn_deadline")
    assert on_turn.turn_deadline.seconds - joined.game.create_time.seconds in range(58, 63)


async def test_a_resigned_seat_cannot_be_reclaimed(served: Served) -> None:
    game_id, clients, _ = await seat_game(served, "tiny_dice", 3)
    left = await clients[0].leave_game(game_id)
    assert left.seats[0].state == pb.SEAT_STATE_RESIGNED and left.seats[0].bot
    error = await expect_error(clients[0].reclaim_seat(game_id), FAILED, "SEAT_RESIGNED")
    assert error.metadata["seat"] == "0"
    # Acting with the resigned token reclaims nothing: the token stopped working.
    await expect_error(
        clients[0].submit_action(game_id, "roll"), grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"
    )
    assert (await clients[1].get_game(game_id)).seats[0].state == pb.SEAT_STATE_RESIGNED


async def test_reclaim_and_rematch_need_a_seat_and_a_finished_game(served: Served) -> None:
    game_id, clients, _ = await seat_game(served, "tiny_dice", 2)
    spectator = served.client()
    for call in (spectator.reclaim_seat(game_id), spectator.rematch(game_id)):
        await expect_error(call, grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED")
    await expect_error(clients[0].rematch(game_id), FAILED, "GAME_NOT_FINISHED")
    for call in (clients[0].reclaim_seat("nope"), clients[0].rematch("x" * 5000)):
        error = await expect_error(call, INVALID, "INVALID_ARGUMENT")
        assert error.metadata["field"] == "game_id"
    # A seat its player plays is answered as it is.
    assert (await clients[0].reclaim_seat(game_id)).seats[0].state == pb.SEAT_STATE_HUMAN
