"""RedisStore's commit path: its own connections beside redis-py's client (``server/store/direct.py``).

Every action's commit goes through it, so it must survive what redis-py's
client would have handled for it: a Redis that forgot the script, and
connections the server closed.
"""

from __future__ import annotations

import pytest
import redis

from server.store import StoreUnavailable
from server.store.redis_store import RedisStore
from tests.server.test_store_contract import events, new_record


async def test_a_commit_after_redis_forgot_the_script_loads_it_again(redis_url: str) -> None:
    store = RedisStore(redis_url)
    record = new_record()
    await store.create(record, b"a", events(0))
    redis.Redis.from_url(redis_url).script_flush()  # as a restarted Redis would have it
    assert (await store.commit(1, record, b"b", events(1))).revision == 2
    loaded = await store.load(record.game_id)
    assert loaded is not None and (loaded.blob, loaded.revision) == (b"b", 2)
    await store.close()


async def test_a_commit_after_the_server_closed_its_connections_goes_through(redis_url: str) -> None:
    store = RedisStore(redis_url)
    record = new_record()
    await store.create(record, b"a", events(0))
    client = redis.Redis.from_url(redis_url)
    assert client.client_kill_filter(_type="normal", skipme=True) >= 1  # the store's idle connection
    assert (await store.commit(1, record, b"b", events(1))).revision == 2
    assert (await store.commit(2, record, b"c", events(2))).revision == 3  # on the new connection
    assert client.xlen(f"zythos:{{{record.game_id}}}:events") == 3
    client.close()
    await store.close()


async def test_a_commit_to_an_unreachable_redis_is_store_unavailable(dead_redis_url: str) -> None:
    store = RedisStore(dead_redis_url)
    with pytest.raises(StoreUnavailable):
        await store.create(new_record(), b"a", events(0))
    with pytest.raises(StoreUnavailable):
        await store.commit(1, new_record(), b"b", events(1))
    await store.close()
