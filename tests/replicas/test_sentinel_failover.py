"""Redis Sentinel: the primary is killed under traffic, a replica takes over, no acknowledged move is lost.

A primary, two replicas and three Sentinels, all real ``redis-server``
processes started here; a server process on ``redis+sentinel://`` with
``--redis-wait-replicas 1``. A client plays a solo game, retrying each
move with its ``request_id`` through the outage as docs/API.md tells
clients to. Every acknowledged move must still be there afterwards: the
game's version never goes back (a lost move would show as STALE_VERSION
on the next pinned submission) and ends at the last acknowledged version.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import redis

from bench.procs import Processes
from tests.conftest import REDIS_BINARY, RedisServer, free_port, running_redis, serving
from zythos.client import ZythosClient, ZythosError

SERVICE = "zythos"
# Sentinel declares the primary down after this long without answers.
DOWN_AFTER_MS = 1000
RETRYABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.ABORTED}


@contextlib.contextmanager
def sentinel(workdir: Path, primary: RedisServer) -> Iterator[RedisServer]:
    """A Sentinel watching ``primary`` (quorum 2), from a config file it may rewrite."""
    port = free_port()
    config = workdir / f"sentinel-{port}.conf"
    config.write_text(
        f"port {port}\nbind 127.0.0.1\ndir {workdir}\n"
        f"sentinel monitor {SERVICE} 127.0.0.1 {primary.port} 2\n"
        f"sentinel down-after-milliseconds {SERVICE} {DOWN_AFTER_MS}\n"
        f"sentinel failover-timeout {SERVICE} 4000\n"
        f"sentinel parallel-syncs {SERVICE} 2\n"
    )
    with serving([REDIS_BINARY, str(config), "--sentinel"], port) as server:
        yield server


def _replicas_in_sync(primary: RedisServer, count: int) -> None:
    deadline = time.monotonic() + 20
    client = redis.Redis(port=primary.port)
    while time.monotonic() < deadline:
        info = client.info("replication")
        online = [
            v
            for k, v in info.items()
            if k.startswith("slave") and isinstance(v, dict) and v["state"] == "online"
        ]
        if len(online) >= count:
            return
        time.sleep(0.1)
    raise AssertionError(f"{count} replicas did not sync with the primary")


async def _move(client: ZythosClient, game_id: str, version: int, n: int) -> int:
    """One move pinned to ``version``, retried with its request_id until acknowledged; the new version."""
    request_id = f"move-{n}"
    deadline = time.monotonic() + 60
    while True:
        try:
            legal = await client.list_legal_actions(game_id)
            if legal.version != version:  # only a retry whose first try committed may see this
                assert legal.version > version, f"version went back from {version} to {legal.version}"
            moved = await client.submit_action(
                game_id, legal.actions[0].id, expected_version=version, request_id=request_id
            )
            return moved.game.version
        except ZythosError as error:
            assert error.reason != "STALE_VERSION" or time.monotonic() > deadline, (
                f"move {n}: an acknowledged move was lost ({error})"
            )
            assert error.code in RETRYABLE and time.monotonic() < deadline, f"move {n}: {error}"
            await asyncio.sleep(0.2)


@pytest.mark.timeout(180)
async def test_a_failover_under_traffic_loses_no_acknowledged_move(tmp_path: Path) -> None:
    durable = {"min-replicas-to-write": "1", "min-replicas-max-lag": "10"}
    with contextlib.ExitStack() as stack:
        primary = stack.enter_context(running_redis(tmp_path, **durable))
        for _ in range(2):
            stack.enter_context(running_redis(tmp_path, replicaof=f"127.0.0.1 {primary.port}", **durable))
        _replicas_in_sync(primary, 2)
        sentinels = [stack.enter_context(sentinel(tmp_path, primary)) for _ in range(3)]
        hosts = ",".join(f"127.0.0.1:{s.port}" for s in sentinels)
        procs = stack.enter_context(Processes())
        server = procs.zythos(f"redis+sentinel://{hosts}/{SERVICE}/0", extra=["--redis-wait-replicas", "1"])
        async with ZythosClient(server.target) as client:
            created = await client.create_game("tbbr_dice", 1, "Solo")
            game_id, version = created.game.game_id, created.game.version
            for n in range(8):
                version = await _move(client, game_id, version, n)
            primary.process.kill()  # no shutdown, no last sync: the way a node dies
            began = time.monotonic()
            for n in range(8, 20):
                version = await _move(client, game_id, version, n)
            recovered = time.monotonic() - began
            assert (await client.get_game(game_id)).version == version
        master = redis.Redis(port=sentinels[0].port).sentinel_get_master_addr_by_name(SERVICE)
        assert master[1] != primary.port, "Sentinel never promoted a replica"
        print(f"12 moves through the failover in {recovered:.1f} s")
