"""SIGTERM drains a real server process: NOT_SERVING, open streams end DRAINING, clean exit."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.server.harness import Served, expect_error
from zythos.client import ZythosClient, ZythosError
from zythos.matchmaking import MatchmakingClient

ROOT = Path(__file__).resolve().parents[2]
# The real entry point.
LAUNCH = "import sys; from server.__main__ import main; main(sys.argv[1:])"


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def server_process() -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("ZYTHOS_")}
    process = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, "--host", "127.0.0.1", "--port", str(port), "--metrics-port", "0",
         "--drain-grace", "2", "--log-level", "WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        yield process, f"127.0.0.1:{port}"
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


async def _wait_serving(target: str, timeout: float = 20.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    async with grpc.aio.insecure_channel(target) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while True:
            try:
                reply = await stub.Check(health_pb2.HealthCheckRequest(), timeout=1)
                if reply.status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.aio.AioRpcError:
                if asyncio.get_running_loop().time() > deadline:
                    raise
            await asyncio.sleep(0.1)


async def test_sigterm_drains_streams_and_health(server_process: tuple[subprocess.Popen[bytes], str]) -> None:
    process, target = server_process
    await _wait_serving(target)
    async with ZythosClient(target) as client, grpc.aio.insecure_channel(target) as channel:
        game = (await client.create_game("tiny_dice", 2, "Ann")).game
        stream = client.stream_events(game.game_id)
        assert (await anext(stream)).kind == "game_created"
        assert (await anext(stream)).kind == "player_joined"
        waiting = asyncio.ensure_future(anext(stream))  # no more events until someone joins
        watch = health_pb2_grpc.HealthStub(channel).Watch(
            health_pb2.HealthCheckRequest(service="zythos.v1.GameService")
        )
        assert (await anext(aiter(watch))).status == health_pb2.HealthCheckResponse.SERVING
        await asyncio.sleep(0.1)
        assert not waiting.done()

        process.send_signal(signal.SIGTERM)

        assert (
            await asyncio.wait_for(anext(aiter(watch)), 5)
        ).status == health_pb2.HealthCheckResponse.NOT_SERVING
        with pytest.raises(ZythosError) as ended:
            await asyncio.wait_for(waiting, 5)
        assert (ended.value.code, ended.value.reason) == (grpc.StatusCode.UNAVAILABLE, "DRAINING")
        watch.cancel()
    assert await asyncio.to_thread(process.wait, 10) == 0


async def test_sigterm_ends_ticket_watches_draining(
    server_process: tuple[subprocess.Popen[bytes], str],
) -> None:
    """A watched ticket lives in the store: its watcher is told to watch it on another replica."""
    process, target = server_process
    await _wait_serving(target)
    async with ZythosClient(target) as client:
        tickets = MatchmakingClient(client)
        ticket = await tickets.create_ticket("tiny_dice", 4, "Ann")
        watch = tickets.watch_ticket(ticket.ticket_id)
        assert (await anext(watch)).waiting == 1
        waiting = asyncio.ensure_future(anext(watch))  # nothing changes until someone else queues

        process.send_signal(signal.SIGTERM)

        with pytest.raises(ZythosError) as ended:
            await asyncio.wait_for(waiting, 5)
        assert (ended.value.code, ended.value.reason) == (grpc.StatusCode.UNAVAILABLE, "DRAINING")
    assert await asyncio.to_thread(process.wait, 10) == 0


async def test_new_calls_during_the_drain_get_draining(served: Served) -> None:
    """A call that arrives once the drain started is answered UNAVAILABLE/DRAINING, not served or CANCELLED.

    A plain channel: zythos.channel's health checking would stop sending to a NOT_SERVING replica.
    """
    async with grpc.aio.insecure_channel(served.target) as channel:
        client = ZythosClient(channel=channel)
        assert await client.list_game_types()
        stopping = asyncio.create_task(served.server.stop(grace=1.0))
        await asyncio.wait_for(served.server.drain.started.wait(), timeout=10)
        await expect_error(client.list_game_types(), grpc.StatusCode.UNAVAILABLE, "DRAINING")
        await stopping
