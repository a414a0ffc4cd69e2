"""A dropped event stream resumes after the last event it delivered: no gap, no repeat."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator

import pytest

from server.sessions.facade import Sessions
from server.store import MemoryStore
from tests.server.harness import Served, play_randomly, seat_game, start_server
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb
from zythos_play.follow import follow_events


class CuttableProxy:
    """A TCP relay to the server whose open connections a test can cut, as a network drop would."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.links: list[asyncio.StreamWriter] = []
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        port: int = self.server.sockets[0].getsockname()[1]
        return port

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.transport.abort()
            return
        self.links += [writer, upstream_writer]
        await asyncio.gather(_pipe(reader, upstream_writer), _pipe(upstream_reader, writer))

    def cut(self) -> None:
        for writer in self.links:
            writer.transport.abort()
        self.links.clear()

    async def close(self) -> None:
        self.cut()
        if self.server is not None:
            self.server.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.transport.abort()


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    running = await start_server(Sessions(MemoryStore()), "memory")
    yield running
    await running.close()


async def test_a_dropped_stream_resumes_after_the_last_event(served: Served) -> None:
    game_id, clients, game = await seat_game(served, "tiny_dice", 2)
    proxy = CuttableProxy(served.server.port)
    watcher = ZythosClient(f"127.0.0.1:{await proxy.start()}")
    retries: list[str] = []
    seen: list[pb.GameEvent] = []

    async def follow() -> None:
        async for event in follow_events(watcher, game_id, on_retry=lambda e, d: retries.append(e.code.name)):
            seen.append(event)

    following = asyncio.create_task(follow())
    while len(seen) < 4:
        await asyncio.sleep(0.01)
    proxy.cut()
    await play_randomly(clients, game, random.Random(3))
    await asyncio.wait_for(following, timeout=30)
    everything = [event async for event in served.client().stream_events(game_id)]  # a spectator's, too
    assert retries and set(retries) <= {"UNAVAILABLE", "INTERNAL", "DEADLINE_EXCEEDED"}
    assert [e.event_id for e in seen] == [e.event_id for e in everything]
    assert seen[-1].kind == "game_finished"
    await watcher.close()
    await proxy.close()


async def test_a_refused_call_is_not_retried(served: Served) -> None:
    watcher = served.client()
    with pytest.raises(ZythosError) as refused:
        async for _ in follow_events(watcher, "no-such-game"):
            pass
    assert refused.value.code.name == "INVALID_ARGUMENT"  # a malformed game id, answered at once
