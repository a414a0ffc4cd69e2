"""Redis-specific recoveries: a store that went back in time, and repeats read back from the log."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import redis.asyncio as redis

from server.sessions.facade import Sessions
from server.store.redis_store import RedisStore
from tests.server.harness import Served, seat_game, start_server
from zythos.client import ZythosClient


@pytest.fixture
async def served_redis(redis_url: str) -> AsyncIterator[Served]:
    running = await start_server(Sessions(RedisStore(redis_url)), "redis")
    yield running
    await running.close()


async def first_legal(client: ZythosClient, game_id: str, request_id: str = "") -> int:
    """Play the first legal action; returns how many events the answer carried."""
    legal = await client.list_legal_actions(game_id)
    answer = await client.submit_action(
        game_id, legal.actions[0].id, expected_version=legal.version, request_id=request_id
    )
    return len(answer.events)


async def test_a_replica_forgets_its_cache_when_redis_comes_back_older(
    served_redis: Served, redis_url: str
) -> None:
    """After a failover to a lagging replica the store is behind the cache: play goes on from the store."""
    game_id, clients, _ = await seat_game(served_redis, "tiny_dice", 1)
    client = clients[0]
    raw = redis.Redis.from_url(redis_url)
    keys = [f"zythos:{{{game_id}}}:state", f"zythos:{{{game_id}}}:events"]
    snapshot = [await raw.dump(key) for key in keys]
    before = await client.get_game(game_id)
    for _ in range(3):
        await first_legal(client, game_id)
    assert (await client.get_game(game_id)).version > before.version
    for key, dumped in zip(keys, snapshot, strict=True):  # Redis "fails over" to the older copy
        assert dumped is not None
        await raw.restore(key, 0, dumped, replace=True)
    await raw.aclose()

    game = await client.get_game(game_id)
    assert game.version == before.version
    legal = await client.list_legal_actions(game_id)
    answer = await client.submit_action(game_id, legal.actions[0].id, expected_version=game.version)
    assert answer.game.version > game.version  # accepted, not refused as stale against the lost future


async def test_a_repeat_answers_a_single_event_with_that_event(served_redis: Served) -> None:
    """docs/API.md: a repeated request_id answers the same events with the same ids."""
    game_id, clients, _ = await seat_game(served_redis, "tbbr_dice", 1)
    client = clients[0]
    for n in range(50):
        legal = await client.list_legal_actions(game_id)
        first = await client.submit_action(
            game_id, legal.actions[-1].id, expected_version=legal.version, request_id=f"r{n}"
        )
        if len(first.events) == 1:
            break
    else:
        pytest.fail("no answer with exactly one event in 50 moves")
    again = await client.submit_action(game_id, legal.actions[-1].id, request_id=f"r{n}")
    assert [e.event_id for e in again.events] == [e.event_id for e in first.events]
    assert again == first
