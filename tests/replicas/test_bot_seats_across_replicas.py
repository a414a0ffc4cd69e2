"""Bot seats as shared work: two (then three) server processes on one Redis, workers on only one.

The acceptance scenario of the many-replicas design (server/bots/dispatcher.py): games
created on either replica are played by a worker connected to the other; a
replica that starts later takes no seat from a running worker; a killed
worker's seats go to a worker on another replica once their leases lapse,
and every version of every game is applied exactly once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bench.procs import Processes
from server.store.redis_store import RedisStore
from tests.replicas.support import (
    BOT_SECRET,
    LEASE_SECONDS,
    QUICK_BOTS,
    Replica,
    play_seat,
    sample_sum,
    start_replica,
    until,
)
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb

GAMES = 20
DONE = (pb.GAME_STATUS_FINISHED, pb.GAME_STATUS_ABANDONED)


async def statuses(client: ZythosClient, game_ids: list[str]) -> list[pb.Game]:
    return [await client.get_game(game_id) for game_id in game_ids]


async def test_bot_games_on_two_replicas_with_one_worker_finish_and_survive_changes(redis_url: str) -> None:
    """Half the games are bots only; in the other half the test holds seat 0 and plays only after the
    worker is killed, so those games are still running when their bot seats must change hands."""
    with Processes() as procs:
        one, two = start_replica(procs, redis_url), start_replica(procs, redis_url)
        worker = procs.bots(one.target, BOT_SECRET, *QUICK_BOTS)
        clients = [ZythosClient(one.target), ZythosClient(two.target)]
        game_ids, human_games, seats = [], [], 0
        for n in range(GAMES):  # alternately on both replicas
            client = clients[n % 2]
            if n % 2:  # the test's seat 0 against a bot
                created = await client.create_game("tbbr_dice", 2, "host", bots={1: "easy"})
                human_games.append((client, created.game.game_id))
                seats += 1
            else:  # a bot alone against Thomas
                created = await client.create_game("tbbr_dice", 1, "host", bots={0: "easy"})
                seats += 1
            game_ids.append(created.game.game_id)

        async def all_started() -> bool:
            return all(g.status != pb.GAME_STATUS_WAITING for g in await statuses(clients[1], game_ids))

        await until(all_started, 60, "every game got its bot seats")
        three = start_replica(procs, redis_url)  # a replica starting meanwhile takes nothing
        await asyncio.sleep(2 * LEASE_SECONDS)  # long enough for it to lease anything it would
        replicas = (one, two, three)

        def assigned() -> float:
            return sum(sample_sum(r.scrape(), "zythos_bot_assignments_total") for r in replicas)

        assert assigned() == seats, "a seat changed hands while its worker lived"
        assert sample_sum(three.scrape(), "zythos_bot_assignments_total") == 0

        unfinished = [g.game_id for g in await statuses(clients[0], game_ids) if g.status not in DONE]
        assert len(unfinished) >= len(human_games)  # the test has not played its seats yet
        procs.kill(worker)
        procs.bots(two.target, BOT_SECRET, *QUICK_BOTS)  # a second worker, on another replica
        handover = await until(
            lambda: assigned() == seats + len(unfinished),
            120,
            "the dead worker's seats went to the second one",
        )
        assert handover < 10 * LEASE_SECONDS + 10, handover
        await asyncio.gather(*(play_seat(client, game_id, seat=0) for client, game_id in human_games))

        async def all_done() -> bool:
            return all(g.status in DONE for g in await statuses(clients[0], game_ids))

        await until(all_done, 240, "every game finished", step=0.5)
        store = RedisStore(redis_url)
        try:
            for game in await statuses(clients[0], game_ids):
                assert game.status == pb.GAME_STATUS_FINISHED
                applied = [e.version for e in await store.events_after(game.game_id, limit=100_000)]
                assert applied == sorted(applied)
                assert set(applied) == set(range(game.version + 1)), game.game_id
        finally:
            await store.close()
            for client in clients:
                await client.close()


async def test_a_worker_keeps_its_seats_when_its_replica_rolls_out(redis_url: str) -> None:
    """A drained replica ends the worker's stream; it reconnects to the other and no seat changes hands.

    The test holds seat 0 of each game and plays it only after the rollout, so every game still
    needs its bot when the replica goes.
    """
    with Processes() as procs:
        replicas = [start_replica(procs, redis_url), start_replica(procs, redis_url)]
        both = "ipv4:" + ",".join(r.target for r in replicas)
        procs.bots(both, BOT_SECRET, *QUICK_BOTS)
        client = ZythosClient(both)
        game_ids = [
            (await client.create_game("tbbr_dice", 2, "host", bots={1: "easy"})).game.game_id
            for _ in range(4)
        ]

        def connected() -> list[float]:
            return [sample_sum(r.scrape(), "zythos_bot_workers_connected") for r in replicas]

        def assigned(among: Sequence[Replica]) -> float:
            return sum(sample_sum(r.scrape(), "zythos_bot_assignments_total") for r in among)

        await until(
            lambda: sum(connected()) == 1 and assigned(replicas) == 4, 30, "the worker took the seats"
        )
        holding = connected().index(1)
        rolled, other = replicas[holding], replicas[1 - holding]
        procs.stop(rolled.child)  # SIGTERM: drain, as a rolling update does
        reconnected = lambda: sample_sum(other.scrape(), "zythos_bot_workers_connected") == 1  # noqa: E731
        await until(reconnected, 30, "the worker reconnected to the other replica")
        await asyncio.sleep(2 * LEASE_SECONDS)  # past the leases the drained replica no longer renews
        await asyncio.gather(*(play_seat(client, game_id, seat=0) for game_id in game_ids))

        async def all_done() -> bool:
            return all(g.status in DONE for g in await statuses(client, game_ids))

        await until(all_done, 240, "every game finished", step=0.5)
        assert assigned([other]) == 0, "a seat changed hands"
        await client.close()
