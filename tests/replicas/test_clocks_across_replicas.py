"""Turn clocks across replicas: a game's clock does not depend on the replica that started it.

Two server processes over one real Redis, a bot worker on the second. The
game is created and started on the first, which scheduled its deadlines,
and is then killed (SIGKILL): the second claims the deadlines when they fall
due, hands the seats to bots, and says so on its /metrics.
"""

from __future__ import annotations

from google.protobuf.duration_pb2 import Duration

from bench.procs import Processes
from tests.replicas.support import BOT_SECRET, QUICK_BOTS, sample_sum, start_replica, until
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb

WAIT = 90.0


async def test_killing_the_replica_that_started_a_game_does_not_stop_its_clock(redis_url: str) -> None:
    with Processes() as procs:
        one, two = start_replica(procs, redis_url), start_replica(procs, redis_url)
        procs.bots(two.target, BOT_SECRET, *QUICK_BOTS)
        ann, bob, watcher = ZythosClient(one.target), ZythosClient(one.target), ZythosClient(two.target)
        try:
            clock = pb.TurnClock(per_turn=Duration(seconds=2))
            game_id = (await ann.create_game("tbbr_dice", 2, "Ann", clock=clock)).game.game_id
            started = (await bob.join_game(game_id, "Bob")).game
            assert started.status == pb.GAME_STATUS_ACTIVE and started.to_act
            procs.kill(one.child)

            async def taken_over() -> bool:
                game = await watcher.get_game(game_id)
                return all(seat.state == pb.SEAT_STATE_AWAY for seat in game.seats)

            await until(taken_over, WAIT, "the surviving replica took both idle seats over")
            await until(
                lambda: _moved_on(watcher, game_id, started.version), WAIT, "bots play the seats", step=0.5
            )
            metrics = two.scrape()
            assert sample_sum(metrics, "zythos_seats_taken_over_total", cause="clock") == 2

            game = await watcher.reclaim_seat(game_id, token=ann.tokens[game_id])
            assert game.seats[0].state == pb.SEAT_STATE_HUMAN
            assert sample_sum(two.scrape(), "zythos_seats_reclaimed_total") == 1
        finally:
            for client in (ann, bob, watcher):
                await client.close()


async def _moved_on(client: ZythosClient, game_id: str, version: int) -> bool:
    game = await client.get_game(game_id)
    return game.version > version + 2 or game.status == pb.GAME_STATUS_FINISHED
