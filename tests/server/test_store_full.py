"""A full Redis (maxmemory, noeviction) answers RESOURCE_EXHAUSTED/STORE_FULL; freeing space recovers."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest
import redis.asyncio as aioredis

from server.sessions.facade import Sessions
from server.store.redis_store import RedisStore
from tests.conftest import RedisServer, running_redis
from tests.server.harness import Served, expect_error, seat_game, start_server
from zythos.client import ZythosError

FULL = grpc.StatusCode.RESOURCE_EXHAUSTED
# Enough for Redis's own use plus some games; used_memory starts near 1 MB.
SMALL = "3mb"


@pytest.fixture
def small_redis(tmp_path: Path) -> AsyncIterator[RedisServer]:
    with running_redis(tmp_path, maxmemory=SMALL, maxmemory_policy="noeviction") as server:
        yield server


async def test_a_full_redis_refuses_cleanly_and_recovers(small_redis: RedisServer) -> None:
    served: Served = await start_server(Sessions(RedisStore(small_redis.url())), "redis")
    admin = aioredis.Redis.from_url(small_redis.url())
    try:
        game_id, clients, game = await seat_game(served, "tbbr_dice", 2)
        legal = await clients[game.to_act[0]].list_legal_actions(game_id)
        filler = served.client()
        created = 0
        while True:  # fill it with games until it refuses
            try:
                await filler.create_game("tbbr", 4, "Filler")
            except ZythosError as error:
                assert (error.code, error.reason) == (FULL, "STORE_FULL"), error
                break
            created += 1
            assert created < 5_000, "a 3 MB Redis never filled up"
        # A move on the existing game is refused the same way and changes nothing.
        seat = game.to_act[0]
        await expect_error(
            clients[seat].submit_action(game_id, legal.actions[0].id, expected_version=game.version),
            FULL,
            "STORE_FULL",
        )
        assert (await clients[0].get_game(game_id)).version == game.version
        assert await served.client().list_game_types()  # reads still work
        await admin.config_set("maxmemory", "0")  # the operator frees space
        moved = await clients[seat].submit_action(game_id, legal.actions[0].id, expected_version=game.version)
        assert moved.game.version > game.version
        assert (await filler.create_game("tbbr", 4, "After")).game.game_id
    finally:
        await admin.aclose()
        await served.close()
