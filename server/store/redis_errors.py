"""What a Redis outage looks like, and how every Redis-backed store call reports it (``StoreUnavailable``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.base import StoreUnavailable

# What a Redis outage raises: turned into ``StoreUnavailable``.
OUTAGES = (RedisConnectionError, RedisTimeoutError, OSError)


def unavailable(exc: BaseException) -> StoreUnavailable:
    return StoreUnavailable(f"redis: {exc}")


@asynccontextmanager
async def guard() -> AsyncIterator[None]:
    """Turn connection failures into ``StoreUnavailable``."""
    try:
        yield
    except OUTAGES as exc:
        raise unavailable(exc) from exc
