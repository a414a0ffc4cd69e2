"""``MemoryStore``: the embedded single-process store (the default without Redis)."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from server.domain.records import GameRecord, GameStatus
from server.store.base import (
    MAX_SCAN,
    Commit,
    CommitFeed,
    CommitNote,
    Expiry,
    GameExists,
    Loaded,
    NewEvent,
    Page,
    RevisionConflict,
    SessionStore,
    StoredEvent,
    event_ids,
)
from server.store.match_base import MatchStore
from server.store.memory_bot_seats import MemoryBotSeats
from server.store.memory_deadlines import MemoryDeadlines
from server.store.memory_match import MemoryMatchStore


def _event_key(event_id: str) -> tuple[int, int]:
    ms, _, seq = event_id.partition("-")
    return int(ms), int(seq or 0)


def _matches(record: GameRecord, game_type: str, status: GameStatus | None) -> bool:
    return (not game_type or record.game_type == game_type) and (status is None or record.status is status)


@dataclass
class _Game:
    record: GameRecord
    blob: bytes
    revision: int
    expires_at: float
    events: list[StoredEvent] = field(default_factory=list)
    answers: bytes = b""


class _MemoryFeed(CommitFeed):
    """Commit notes of followed games, handed over in process."""

    def __init__(self, on_close: Callable[[_MemoryFeed], None]) -> None:
        self._on_close = on_close
        self._followed: set[str] = set()
        self._notes: list[CommitNote] = []
        self._ready = asyncio.Event()

    def announce(self, note: CommitNote) -> None:
        if note.game_id in self._followed:
            self._notes.append(note)
            self._ready.set()

    async def follow(self, game_id: str) -> None:
        self._followed.add(game_id)

    async def unfollow(self, game_id: str) -> None:
        self._followed.discard(game_id)

    async def next(self, timeout: float) -> list[CommitNote]:
        if not self._notes:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ready.wait(), timeout)
        self._ready.clear()
        notes, self._notes = self._notes, []
        return notes

    async def close(self) -> None:
        self._on_close(self)


class MemoryStore(MemoryBotSeats, MemoryDeadlines, SessionStore):
    """Games in a dict; commit feeds hear of commits in process.

    Expiry is lazy: an expired game disappears on the next read. ``clock``
    is injectable so tests can move time forward.
    """

    def __init__(self, expiry: Expiry | None = None, clock: Callable[[], float] = time.time) -> None:
        MemoryBotSeats.__init__(self)
        MemoryDeadlines.__init__(self)
        self._expiry = expiry or Expiry()
        self._clock = clock
        self._games: dict[str, _Game] = {}
        self._index: list[str] = []  # game ids, ascending (ids sort by creation time)
        self._feeds: set[_MemoryFeed] = set()
        self._match = MemoryMatchStore(clock)

    def _deadline(self, status: GameStatus) -> float:
        ttl = self._expiry.ttl(status)
        return self._clock() + ttl if ttl else float("inf")

    def _live(self, game_id: str) -> _Game | None:
        game = self._games.get(game_id)
        if game is not None and game.expires_at <= self._clock():
            del self._games[game_id]
            self._index.pop(bisect.bisect_left(self._index, game_id))
            return None
        return game

    def _append(self, game: _Game, events: Sequence[NewEvent]) -> tuple[str, ...]:
        ids = event_ids(game.revision, len(events))
        game.events += [StoredEvent(i, e.version, e.data) for i, e in zip(ids, events, strict=True)]
        return ids

    async def create(self, record: GameRecord, blob: bytes, events: Sequence[NewEvent]) -> Commit:
        if self._live(record.game_id) is not None:
            raise GameExists(record.game_id)
        game = _Game(record, blob, 1, self._deadline(record.status))
        self._games[record.game_id] = game
        bisect.insort(self._index, record.game_id)
        return Commit(1, self._append(game, events))

    async def load(self, game_id: str) -> Loaded | None:
        game = self._live(game_id)
        return None if game is None else Loaded(game.record, game.blob, game.revision, game.answers)

    async def commit(
        self,
        expected_revision: int,
        record: GameRecord,
        blob: bytes,
        events: Sequence[NewEvent],
        answers: bytes | None = None,
    ) -> Commit:
        game = self._live(record.game_id)
        if game is None:
            raise RevisionConflict(f"game {record.game_id} is gone")
        if game.revision != expected_revision:
            raise RevisionConflict(f"revision is {game.revision}, not {expected_revision}")
        game.record, game.blob, game.revision = record, blob, game.revision + 1
        game.expires_at = self._deadline(record.status)
        if answers is not None:
            game.answers = answers
        ids = self._append(game, events)
        for feed in self._feeds:
            feed.announce(CommitNote(record.game_id, game.revision, record.status))
        return Commit(game.revision, ids)

    async def events_after(self, game_id: str, after: str = "", limit: int = 1000) -> list[StoredEvent]:
        game = self._live(game_id)
        if game is None:
            return []
        after_key = _event_key(after) if after else (0, 0)
        keys = [_event_key(e.event_id) for e in game.events]
        start = bisect.bisect_right(keys, after_key)
        return game.events[start : start + limit]

    def commit_feed(self) -> CommitFeed:
        feed = _MemoryFeed(self._feeds.discard)
        self._feeds.add(feed)
        return feed

    async def live_counts(self, game_types: Sequence[str]) -> dict[tuple[str, GameStatus], int]:
        counts = {(game_type, status): 0 for game_type in game_types for status in GameStatus}
        for game in filter(None, map(self._live, list(self._games))):
            key = (game.record.game_type, game.record.status)
            if key in counts:
                counts[key] += 1
        return counts

    async def existing(self, game_ids: Sequence[str]) -> set[str]:
        return {game_id for game_id in game_ids if self._live(game_id) is not None}

    async def list_games(
        self, game_type: str = "", status: GameStatus | None = None, page_size: int = 50, cursor: str = ""
    ) -> Page:
        end = bisect.bisect_left(self._index, cursor) if cursor else len(self._index)
        candidates = self._index[max(0, end - MAX_SCAN) : end][::-1]
        found: list[GameRecord] = []
        for scanned, game_id in enumerate(candidates, start=1):
            game = self._live(game_id)
            if game is not None and _matches(game.record, game_type, status):
                found.append(game.record)
                if len(found) == page_size:
                    return Page(tuple(found), game_id if end - scanned > 0 else None)
        return Page(tuple(found), candidates[-1] if end > MAX_SCAN else None)

    async def ping(self) -> None:
        return None

    def match_store(self) -> MatchStore:
        return self._match
