"""Bots under a turn clock: each decision takes a bounded share of the seat's time left, never all of it.

A real ``python -m server`` and a real ``zythos-bots`` whose levels search
a thousand times their iterations, so only a time limit stops a search:
unclocked, ``hard`` would think for its 3 s cap on every decision. With a
1 s turn and a 1.5 s reserve, every such decision would spend the reserve;
following the clock, the server's own accounting shows it never ran out.
"""

from __future__ import annotations

from google.protobuf.duration_pb2 import Duration
from google.protobuf.timestamp_pb2 import Timestamp

from ai_players import clock_budget
from ai_players.worker import clock_limit
from bench.procs import Processes
from tests.replicas.support import until
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb

SECRET = "clock-test-secret"
DECISIONS = 12  # game versions played by the bots before the clocks are read


async def test_bots_with_a_short_clock_never_spend_their_reserve() -> None:
    with Processes() as procs:
        server = procs.zythos("", extra=("--bot-secret", SECRET))
        procs.bots(server.target, SECRET, "--budget-scale", "1000", "--processes", "1")
        client = ZythosClient(server.target)
        try:
            clock = pb.TurnClock(per_turn=Duration(seconds=1), reserve=Duration(seconds=1, nanos=500_000_000))
            created = await client.create_game(
                "tbbr_dice", 2, "host", bots={0: "hard", 1: "hard"}, clock=clock
            )
            game_id = created.game.game_id

            async def played() -> pb.Game | None:
                game = await client.get_game(game_id)
                return game if game.version >= DECISIONS or game.status == pb.GAME_STATUS_FINISHED else None

            await until(played, 120, "the bots played on", step=0.2)
            game = await client.get_game(game_id)
            assert [seat.state for seat in game.seats] == [pb.SEAT_STATE_BOT] * 2
            for seat in game.seats:
                assert seat.reserve_left.ToNanoseconds() > 0, f"seat {seat.seat + 1} lost on time"
        finally:
            await client.close()


def test_a_decision_takes_half_the_turn_left_and_a_tenth_of_the_reserve_within_the_level_cap() -> None:
    assert clock_budget.decision_seconds(3.0, 1.0, 0.0) == 0.5 - clock_budget.MARGIN
    assert clock_budget.decision_seconds(3.0, 60.0, 300.0) == 3.0, (
        "a generous clock leaves the level as it is"
    )
    assert clock_budget.decision_seconds(None, 10.0, 20.0) == 7.0 - clock_budget.MARGIN
    assert clock_budget.decision_seconds(3.0, -2.0, 0.0) == clock_budget.FLOOR, "past the turn, no reserve"


def test_the_turn_left_is_read_from_the_seat_and_never_counts_on_more_than_one_turn() -> None:
    view = pb.GameView(your_seat=1)
    view.game.clock.per_turn.FromSeconds(10)
    view.game.seats.add(seat=0)
    seat = view.game.seats.add(seat=1)
    seat.reserve_left.FromSeconds(20)
    seat.turn_deadline.CopyFrom(Timestamp(seconds=1006))
    assert clock_limit(view, None, now=1000.0) == 0.5 * 6 + 0.1 * 20 - clock_budget.MARGIN
    assert clock_limit(view, None, now=900.0) == 0.5 * 10 + 0.1 * 20 - clock_budget.MARGIN, "a clock behind"
    assert clock_limit(pb.GameView(), 3.0, now=1000.0) is None, "no clock: the level's own limit"
