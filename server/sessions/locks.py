"""One ``asyncio.Lock`` per game, created on demand and dropped when idle.

Inside one replica, submissions to a game queue on its lock instead of
racing to the store's compare-and-set; across replicas the CAS still decides.
"""

from __future__ import annotations

import asyncio
from types import TracebackType


class GameLocks:
    """A lock per key that exists only while someone holds or awaits it."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    def hold(self, key: str) -> _Hold:
        """``async with locks.hold(key):`` runs the block holding ``key``'s lock."""
        return _Hold(self, key)

    def _enter(self, key: str) -> asyncio.Lock:
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        return lock

    def _leave(self, key: str) -> None:
        lock, users = self._locks[key]
        if users == 1:
            del self._locks[key]
        else:
            self._locks[key] = (lock, users - 1)

    def __len__(self) -> int:
        return len(self._locks)


class _Hold:
    """One ``hold``: a plain async context manager (every action takes one; a generator-based one
    costs a generator and two extra coroutines per use)."""

    __slots__ = ("_key", "_lock", "_locks")

    def __init__(self, locks: GameLocks, key: str) -> None:
        self._locks = locks
        self._key = key

    async def __aenter__(self) -> None:
        self._lock = self._locks._enter(self._key)
        try:
            await self._lock.acquire()
        except BaseException:  # cancelled while waiting: no longer a user of the lock
            self._locks._leave(self._key)
            raise

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._lock.release()
        self._locks._leave(self._key)
