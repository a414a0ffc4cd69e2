"""What a replicated Redis refuses while it fails over answers UNAVAILABLE/STORE_UNAVAILABLE, never UNKNOWN.

A primary without its replicas (``min-replicas-to-write``) refuses writes with
NOREPLICAS; a replica, or a demoted primary, with READONLY. Both pass with
the failover, so clients must be told to retry.
"""

from __future__ import annotations

from pathlib import Path

import grpc
import redis.asyncio as aioredis

from server.sessions.facade import Sessions
from server.store.redis_store import RedisStore
from tests.conftest import running_redis
from tests.server.harness import expect_error, start_server

UNAVAILABLE = grpc.StatusCode.UNAVAILABLE


async def test_a_primary_short_of_replicas_answers_unavailable_until_they_return(tmp_path: Path) -> None:
    with running_redis(tmp_path, min_replicas_to_write="1") as primary:
        served = await start_server(Sessions(RedisStore(primary.url())), "redis")
        try:
            client = served.client()
            await expect_error(client.create_game("tiny_dice", 2, "Ann"), UNAVAILABLE, "STORE_UNAVAILABLE")
            admin = aioredis.Redis.from_url(primary.url())
            await admin.config_set("min-replicas-to-write", "0")  # a replica is back in sync
            await admin.aclose()
            assert (await client.create_game("tiny_dice", 2, "Ann")).game.game_id
        finally:
            await served.close()


async def test_a_read_only_replica_answers_unavailable(tmp_path: Path) -> None:
    with (
        running_redis(tmp_path / "..") as primary,
        running_redis(tmp_path, replicaof=f"127.0.0.1 {primary.port}") as replica,
    ):
        served = await start_server(Sessions(RedisStore(replica.url())), "redis")
        try:
            await expect_error(
                served.client().create_game("tiny_dice", 2, "Ann"), UNAVAILABLE, "STORE_UNAVAILABLE"
            )
        finally:
            await served.close()
