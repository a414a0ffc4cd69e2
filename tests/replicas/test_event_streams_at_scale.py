"""Event streams on a served process over Redis: thousands of spectators, limits, and clean ends.

Each open stream of a replica waits in memory (server/streams/hub.py), so they
hold no Redis connection: 2,000 spectators leave every other call working,
and the open-streams gauge returns to 0 once their clients are gone.
"""

from __future__ import annotations

import asyncio
import contextlib

import grpc
import pytest

from bench.procs import Processes
from tests.replicas.support import sample_sum, start_replica, until
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import game_service_pb2_grpc as pb_grpc

STREAMS = 2000
GAMES = 20
WAVE = 200


async def drain_stream(call: grpc.aio.UnaryStreamCall, seen: list[str]) -> None:
    with contextlib.suppress(grpc.aio.AioRpcError, asyncio.CancelledError):
        async for response in call:
            seen.append(response.event.event_id)


async def test_two_thousand_spectators_leave_other_calls_working_and_leave_no_handler(redis_url: str) -> None:
    with Processes() as procs:
        replica = start_replica(procs, redis_url, "--max-streams-per-client", str(STREAMS + 10))
        player = ZythosClient(replica.target)
        games = [await player.create_game("tbbr_dice", 1, "solo") for _ in range(GAMES)]
        channel = grpc.aio.insecure_channel(replica.target)
        stub = pb_grpc.GameServiceStub(channel)
        seen: list[list[str]] = [[] for _ in range(STREAMS)]
        calls: list[grpc.aio.UnaryStreamCall] = []
        readers: list[asyncio.Task[None]] = []

        def open_streams() -> float:
            return sample_sum(replica.scrape(), "zythos_event_streams_open")

        for n in range(STREAMS):  # in waves, as spectators arrive (a single burst trips gRPC's guard)
            call = stub.StreamEvents(pb.StreamEventsRequest(game_id=games[n % GAMES].game.game_id))
            calls.append(call)
            readers.append(asyncio.create_task(drain_stream(call, seen[n])))
            if (n + 1) % WAVE == 0:
                await until(lambda n=n: open_streams() == n + 1, 60, f"{n + 1} streams open")

        game_id = games[0].game.game_id  # play while every stream waits: nothing fails
        for _ in range(10):
            legal = await player.list_legal_actions(game_id)
            await player.submit_action(game_id, legal.actions[0].id, expected_version=legal.version)
        other = await player.create_game("tbbr_dice", 2, "Ann")
        assert other.game.status == pb.GAME_STATUS_WAITING
        version = (await player.get_game(game_id)).version
        watching = [n for n in range(STREAMS) if n % GAMES == 0]

        def all_caught_up() -> bool:
            return all(seen[n] and int(seen[n][-1].split("-")[0]) >= 2 for n in watching)

        await until(all_caught_up, 30, "every spectator of the played game saw its moves")
        assert version > games[0].game.version

        for call in calls:  # the clients go away
            call.cancel()
        await asyncio.gather(*readers)
        await channel.close()
        await until(lambda: open_streams() == 0, 30, "every handler ended with its client")
        await player.close()


async def test_streams_beyond_the_per_client_limit_are_refused_with_resource_exhausted(
    redis_url: str,
) -> None:
    with Processes() as procs:
        replica = start_replica(procs, redis_url, "--max-streams-per-client", "3")
        client = ZythosClient(replica.target)
        game_id = (await client.create_game("tbbr_dice", 2, "Ann")).game.game_id
        held = [client.stream_events(game_id, "") for _ in range(3)]
        firsts = [await anext(aiter(stream)) for stream in held]  # each is open and serving
        assert all(first.event_id for first in firsts)
        with pytest.raises(ZythosError) as refused:
            async for _ in client.stream_events(game_id, ""):
                pass
        assert (refused.value.code, refused.value.reason) == (
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "TOO_MANY_STREAMS",
        )
        for stream in held:
            await stream.aclose()
        await client.close()
