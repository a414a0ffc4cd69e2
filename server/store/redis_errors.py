"""What a Redis outage looks like, and how every Redis-backed store call reports it.

A lost or slow connection is ``StoreUnavailable``; a Redis out of memory is ``StoreFull``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import OutOfMemoryError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.base import StoreFull, StoreUnavailable

# What a Redis outage raises: turned into ``StoreUnavailable`` (``StoreFull`` for a full Redis).
OUTAGES = (RedisConnectionError, RedisTimeoutError, OSError, OutOfMemoryError)


def unavailable(exc: BaseException) -> StoreUnavailable:
    if isinstance(exc, OutOfMemoryError):
        return StoreFull(f"redis: {exc}")
    return StoreUnavailable(f"redis: {exc}")


@asynccontextmanager
async def guard() -> AsyncIterator[None]:
    """Turn connection failures into ``StoreUnavailable``."""
    try:
        yield
    except OUTAGES as exc:
        raise unavailable(exc) from exc
