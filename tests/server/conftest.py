"""Fixtures for the server tests: live gRPC servers on both stores (Tiny Dice is the example game)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from server.sessions.facade import Sessions
from server.store import MemoryStore
from server.store.redis_store import RedisStore
from tests.server.harness import Served, StoreFactory, start_server


@pytest.fixture(params=["memory", "redis"])
def store_factory(request: pytest.FixtureRequest) -> StoreFactory:
    """Makes stores of one kind; Redis ones share the test's (flushed) database."""
    if request.param == "memory":
        return MemoryStore
    url = request.getfixturevalue("redis_url")
    return lambda: RedisStore(url)


@pytest.fixture
async def served(store_factory: StoreFactory) -> AsyncIterator[Served]:
    """A live server over a fresh store of each kind."""
    store = store_factory()
    kind = "memory" if isinstance(store, MemoryStore) else "redis"
    running = await start_server(Sessions(store), kind)
    yield running
    await running.close()
