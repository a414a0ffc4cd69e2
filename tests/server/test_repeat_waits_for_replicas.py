"""A repeated request is answered from the stored answer only once the replicas have it (issue #32.1).

A real redis-server with no replica: ``WAIT 1`` can never be met, so a store
that promises one replica must refuse to confirm (the client gets
UNAVAILABLE and retries), and one that promises none confirms at once.
"""

from __future__ import annotations

import pytest

from server.store import StoreUnavailable
from server.store.redis_store import RedisStore


async def test_confirm_refuses_when_no_replica_has_the_game(redis_url: str) -> None:
    store = RedisStore(redis_url, wait_replicas=1)
    try:
        with pytest.raises(StoreUnavailable, match="0 of 1 replicas"):
            await store.confirm("0123456789abcdef0123")
    finally:
        await store.close()


async def test_confirm_without_a_promise_is_immediate(redis_url: str) -> None:
    store = RedisStore(redis_url, wait_replicas=0)
    try:
        await store.confirm("0123456789abcdef0123")
    finally:
        await store.close()
