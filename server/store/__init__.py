"""Session stores: where games, their event logs and idempotent answers live."""

from server.store.base import (
    LAST_SEQ,
    BotSeat,
    Commit,
    CommitFeed,
    CommitNote,
    Deadline,
    Expiry,
    GameExists,
    Loaded,
    NewEvent,
    Page,
    RevisionConflict,
    SeatKey,
    SessionStore,
    StoredEvent,
    StoreError,
    StoreFull,
    StoreUnavailable,
    before_revision,
    event_ids,
    raise_if_cancelled,
)
from server.store.memory_store import MemoryStore


def open_store(redis_url: str, expiry: Expiry, wait_replicas: int = 0) -> SessionStore:
    """``RedisStore`` for a URL (``wait_replicas``: see RedisStore), else the embedded ``MemoryStore``."""
    if redis_url:
        from server.store.redis_store import RedisStore

        return RedisStore(redis_url, expiry, wait_replicas=wait_replicas)
    return MemoryStore(expiry)


__all__ = [
    "LAST_SEQ",
    "BotSeat",
    "Commit",
    "CommitFeed",
    "CommitNote",
    "Deadline",
    "Expiry",
    "GameExists",
    "Loaded",
    "MemoryStore",
    "NewEvent",
    "Page",
    "RevisionConflict",
    "SeatKey",
    "SessionStore",
    "StoreError",
    "StoreFull",
    "StoreUnavailable",
    "StoredEvent",
    "before_revision",
    "event_ids",
    "open_store",
    "raise_if_cancelled",
]
