"""What a Redis outage looks like, and how every Redis-backed store call reports it.

A lost or slow connection is ``StoreUnavailable``; a Redis out of memory is ``StoreFull``.
So are the refusals a replicated Redis gives while it fails over: a primary
without enough replicas (``NOREPLICAS``, with ``min-replicas-to-write``), a
demoted primary (``READONLY``), a replica still loading or a Sentinel-managed
primary down (``LOADING``, ``MASTERDOWN``): each passes, and the client's
retry is the right answer, not ``UNKNOWN``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from redis.exceptions import BusyLoadingError, OutOfMemoryError, ReadOnlyError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.base import StoreFull, StoreUnavailable

# What a Redis outage raises: turned into ``StoreUnavailable`` (``StoreFull`` for a full Redis).
OUTAGES = (
    RedisConnectionError,
    RedisTimeoutError,
    OSError,
    OutOfMemoryError,
    ReadOnlyError,
    BusyLoadingError,
)
# Error replies that redis-py has no class for and that mean "not now" (see the module's docstring).
_PASSING = ("NOREPLICAS", "MASTERDOWN")


def passing(exc: ResponseError) -> bool:
    """True for an error reply that a failover or a resync explains, and that a retry outlives."""
    return str(exc).startswith(_PASSING)


def unavailable(exc: BaseException) -> StoreUnavailable:
    if isinstance(exc, OutOfMemoryError):
        return StoreFull(f"redis: {exc}")
    return StoreUnavailable(f"redis: {exc}")


def as_store_error(exc: BaseException) -> StoreUnavailable | None:
    """The store's word for a Redis failure that a retry outlives, or None for anything else (a bug)."""
    if isinstance(exc, OUTAGES) or (isinstance(exc, ResponseError) and passing(exc)):
        return unavailable(exc)
    return None


# What ``as_store_error`` may turn into a store error: catch these, and re-raise what it declines.
CAUGHT = (*OUTAGES, ResponseError)


@asynccontextmanager
async def guard() -> AsyncIterator[None]:
    """Turn connection failures and passing refusals into ``StoreUnavailable``."""
    try:
        yield
    except CAUGHT as exc:
        if (error := as_store_error(exc)) is None:
            raise
        raise error from exc
