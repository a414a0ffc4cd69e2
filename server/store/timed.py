"""A ``SessionStore`` that reports how long each call took (``zythos_store_operation_seconds``).

It wraps the real store only when metrics are on, so the store modules stay
free of Prometheus. Waits (``wait_bot_seats``, the commit feed) are not
timed: their length is how long nothing happened.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from server.domain.records import GameRecord, GameStatus
from server.store.base import (
    BotSeat,
    Commit,
    CommitFeed,
    Deadline,
    Loaded,
    NewEvent,
    Page,
    SeatKey,
    SessionStore,
    StoredEvent,
)
from server.store.match_base import MatchStore

T = TypeVar("T")
# Hears (operation, seconds) after every timed call.
Observe = Callable[[str, float], None]


class TimedStore(SessionStore):
    """Delegates every call to ``inner`` and reports the time of each."""

    def __init__(self, inner: SessionStore, observe: Observe) -> None:
        self.inner = inner
        self._observe = observe

    async def _timed(self, operation: str, call: Awaitable[T]) -> T:
        start = time.perf_counter()
        try:
            return await call
        finally:
            self._observe(operation, time.perf_counter() - start)

    async def create(self, record: GameRecord, blob: bytes, events: Sequence[NewEvent]) -> Commit:
        return await self._timed("create", self.inner.create(record, blob, events))

    async def load(self, game_id: str) -> Loaded | None:
        return await self._timed("load", self.inner.load(game_id))

    async def confirm(self, game_id: str) -> None:
        await self._timed("confirm", self.inner.confirm(game_id))

    async def commit(
        self,
        expected_revision: int,
        record: GameRecord,
        blob: bytes,
        events: Sequence[NewEvent],
        answers: bytes | None = None,
    ) -> Commit:
        committing = self.inner.commit(expected_revision, record, blob, events, answers)
        return await self._timed("commit", committing)

    async def events_after(self, game_id: str, after: str = "", limit: int = 1000) -> list[StoredEvent]:
        return await self._timed("events_after", self.inner.events_after(game_id, after, limit))

    def commit_feed(self) -> CommitFeed:
        return self.inner.commit_feed()

    async def live_counts(self, game_types: Sequence[str]) -> dict[tuple[str, GameStatus], int]:
        return await self._timed("live_counts", self.inner.live_counts(game_types))

    async def existing(self, game_ids: Sequence[str]) -> set[str]:
        return await self._timed("existing", self.inner.existing(game_ids))

    async def list_games(
        self, game_type: str = "", status: GameStatus | None = None, page_size: int = 50, cursor: str = ""
    ) -> Page:
        return await self._timed("list_games", self.inner.list_games(game_type, status, page_size, cursor))

    async def ping(self) -> None:
        await self._timed("ping", self.inner.ping())

    async def offer_bot_seats(self, seats: Sequence[BotSeat]) -> int:
        return await self._timed("offer_bot_seats", self.inner.offer_bot_seats(seats))

    async def lease_bot_seat(
        self, holder: str, kinds: Sequence[tuple[str, str]], ttl: float
    ) -> BotSeat | None:
        return await self._timed("lease_bot_seat", self.inner.lease_bot_seat(holder, kinds, ttl))

    async def renew_bot_leases(self, holder: str, seats: Sequence[SeatKey], ttl: float) -> set[SeatKey]:
        return await self._timed("renew_bot_leases", self.inner.renew_bot_leases(holder, seats, ttl))

    async def requeue_lapsed_bot_leases(self) -> int:
        return await self._timed("requeue_lapsed_bot_leases", self.inner.requeue_lapsed_bot_leases())

    async def drop_bot_seats(self, game_id: str, seats: Sequence[int]) -> None:
        await self._timed("drop_bot_seats", self.inner.drop_bot_seats(game_id, seats))

    async def wait_bot_seats(self, timeout: float) -> None:
        await self.inner.wait_bot_seats(timeout)

    async def schedule_deadlines(self, deadlines: Sequence[Deadline]) -> None:
        await self._timed("schedule_deadlines", self.inner.schedule_deadlines(deadlines))

    async def claim_due_deadlines(self, limit: int, lease: float) -> list[Deadline]:
        return await self._timed("claim_due_deadlines", self.inner.claim_due_deadlines(limit, lease))

    async def finish_deadlines(self, deadlines: Sequence[Deadline]) -> None:
        await self._timed("finish_deadlines", self.inner.finish_deadlines(deadlines))

    def match_store(self) -> MatchStore:
        return self.inner.match_store()  # not timed: tickets are not on the per-action path

    async def close(self) -> None:
        await self.inner.close()
