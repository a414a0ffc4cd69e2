"""Event streams that scale: one reader per replica for each followed game, fanned out to its streams.

A ``StreamEvents`` call does not read the store while it waits. The hub
follows each game that at least one stream of this replica watches: it hears
of the game's commits through the store's ``CommitFeed`` (one subscription
per replica), reads the new events once, keeps the recent ones, and wakes
the game's streams, which take what they may see from memory. Store work
therefore grows with the games followed and their commits, not with the
streams, and a waiting stream holds no store connection, so a crowd of
spectators cannot starve the calls of players. Limits per replica and per
client bound what one client can open; beyond them a stream is refused with
``RESOURCE_EXHAUSTED``.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from server.domain.errors import GameError, Reason
from server.store import (
    LAST_SEQ,
    CommitNote,
    SessionStore,
    StoredEvent,
    StoreUnavailable,
    raise_if_cancelled,
)
from server.streams.admission import StreamAdmission, StreamLimits

log = logging.getLogger(__name__)

# Events kept per followed game: a stream further behind reads the store until it catches up.
RECENT_EVENTS = 1024
# Seconds between checks that followed games still exist (an expired game ends its streams).
EXPIRY_CHECK_SECONDS = 60.0
# Events read per store call while a stream catches up.
CATCH_UP_BATCH = 1000

EventKey = tuple[int, int]
BEFORE_ALL: EventKey = (0, -1)


def event_key(event_id: str) -> EventKey:
    """``"<revision>-<n>"`` as a comparable pair; ``""`` is before every event."""
    if not event_id:
        return BEFORE_ALL
    revision, _, n = event_id.partition("-")
    return int(revision), int(n)


@dataclass
class _Followed:
    """A game some streams of this replica watch: its recent events and how far the hub has read."""

    game_id: str
    read_to: EventKey  # the hub has read every event up to here from the store
    base: EventKey  # ``events`` holds every event after this one
    over: bool
    events: list[StoredEvent] = field(default_factory=list)
    keys: list[EventKey] = field(default_factory=list)
    streams: int = 0
    # Set once, at the next change, then replaced: waking n streams costs n resumptions, where a
    # Condition would also hand its lock from each woken stream to the next.
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def notify(self) -> None:
        """Wake every stream waiting on this game; later waits wait for the change after this one."""
        self.changed.set()
        self.changed = asyncio.Event()

    def since(self, cursor: EventKey) -> list[StoredEvent] | None:
        """The kept events after ``cursor``, or ``None`` if some of them are no longer kept."""
        if cursor < self.base:
            return None
        return self.events[bisect.bisect_right(self.keys, cursor) :]

    def has_after(self, cursor: EventKey) -> bool:
        return cursor < self.base or bool(self.keys and self.keys[-1] > cursor)

    def keep(self, events: list[StoredEvent]) -> None:
        """Add newly read events; past twice ``RECENT_EVENTS``, forget the older half."""
        for event in events:
            self.events.append(event)
            self.keys.append(event_key(event.event_id))
        if events:
            self.read_to = self.keys[-1]
        if len(self.events) > 2 * RECENT_EVENTS:
            self.base = self.keys[-RECENT_EVENTS - 1]
            del self.events[:-RECENT_EVENTS], self.keys[:-RECENT_EVENTS]


class EventHub:
    """This replica's followed games and their streams; ``run`` is the reader, ``close`` ends all."""

    def __init__(self, store: SessionStore, limits: StreamLimits | None = None) -> None:
        self._store = store
        self._admission = StreamAdmission(limits or StreamLimits(), "event streams")
        self._games: dict[str, _Followed] = {}
        self._feed = store.commit_feed()
        self._closing: GameError | None = None
        self._lock = asyncio.Lock()  # follow and unfollow one at a time
        self._following = asyncio.Event()  # set while at least one game is followed

    @property
    def open_streams(self) -> int:
        return self._admission.open

    async def stream(
        self, game_id: str, after: str, client: str, visible: Callable[[StoredEvent], bool]
    ) -> AsyncIterator[StoredEvent]:
        """The events after ``after`` that ``visible`` lets through, then live ones until the game ends."""
        self._admit(client)
        try:
            game = await self._follow(game_id)
            try:
                async for event in self._events(game, event_key(after)):
                    if visible(event):
                        yield event
            finally:
                await self._unfollow(game)
        finally:
            self._leave(client)

    async def _events(self, game: _Followed, cursor: EventKey) -> AsyncIterator[StoredEvent]:
        while True:
            raise_if_cancelled()  # a client gone while the store was read
            batch = game.since(cursor)
            if batch is None:  # behind what the hub keeps: catch up from the store
                batch = await self._store.events_after(game.game_id, _cursor_id(cursor), CATCH_UP_BATCH)
                if not batch:  # at the store's end, so past everything before what the hub keeps
                    cursor = game.base
                    continue
            for event in batch:
                yield event
                cursor = event_key(event.event_id)
            if batch:
                continue
            while self._closing is None and not game.over and not game.has_after(cursor):
                await game.changed.wait()
            if self._closing is not None:
                raise self._closing
            if game.over and not game.has_after(cursor):
                return

    def _admit(self, client: str) -> None:
        if self._closing is not None:
            raise self._closing
        self._admission.admit(client)

    def _leave(self, client: str) -> None:
        self._admission.leave(client)

    async def _follow(self, game_id: str) -> _Followed:
        """The followed game, subscribing first so that no commit after its load goes unheard."""
        async with self._lock:
            game = self._games.get(game_id)
            if game is None:
                await self._feed.follow(game_id)
                try:
                    game = await self._start_following(game_id)
                except BaseException:
                    await self._feed.unfollow(game_id)
                    raise
                self._games[game_id] = game
                self._following.set()
            game.streams += 1
            return game

    async def _start_following(self, game_id: str) -> _Followed:
        """The game as it is now; a short log is kept whole, so new streams replay it from memory."""
        loaded = await self._store.load(game_id)
        if loaded is None:
            raise GameError(Reason.GAME_NOT_FOUND, f"no game {game_id}", game_id=game_id)
        read_to = (loaded.revision, LAST_SEQ)  # every event of every commit so far
        game = _Followed(game_id, read_to, read_to, loaded.record.status.is_over)
        log_so_far = await self._store.events_after(game_id, "", RECENT_EVENTS)
        if len(log_so_far) < RECENT_EVENTS:
            game.base = BEFORE_ALL
            game.keep(log_so_far)
            game.read_to = read_to
        return game

    async def _unfollow(self, game: _Followed) -> None:
        async with self._lock:
            game.streams -= 1
            if game.streams or self._games.get(game.game_id) is not game:
                return
            del self._games[game.game_id]
            if not self._games:
                self._following.clear()
            with contextlib.suppress(StoreUnavailable):
                await self._feed.unfollow(game.game_id)

    async def run(self, wait: float = 1.0) -> None:
        """Read the commits of followed games until cancelled; re-read everything after a feed outage."""
        checked, behind = asyncio.get_running_loop().time(), False
        while True:
            raise_if_cancelled()
            try:
                if behind:  # notes may have been missed: read what every followed game did meanwhile
                    await self._catch_up_all()
                    behind = False
                await self._following.wait()
                for note in await self._feed.next(wait):
                    await self._heard(note)
                if asyncio.get_running_loop().time() - checked > EXPIRY_CHECK_SECONDS:
                    checked = asyncio.get_running_loop().time()
                    await self._end_expired()
            except StoreUnavailable as exc:
                log.warning("event streams wait for the store: %s", exc)
                await asyncio.sleep(wait)
                behind = True
            except Exception:  # a bug must not silence every stream of the replica for good
                log.exception("the event reader failed; it re-reads the followed games and goes on")
                await asyncio.sleep(wait)
                behind = True

    async def _heard(self, note: CommitNote) -> None:
        game = self._games.get(note.game_id)
        if game is None:
            return
        if note.revision > game.read_to[0]:
            await self._read(game)
        if note.status.is_over:
            game.over = True
        game.notify()

    async def _read(self, game: _Followed) -> None:
        while True:
            batch = await self._store.events_after(game.game_id, _cursor_id(game.read_to), CATCH_UP_BATCH)
            game.keep(batch)
            if len(batch) < CATCH_UP_BATCH:
                return

    async def _catch_up_all(self) -> None:
        """After a feed outage: read what every followed game committed meanwhile, and whether it ended."""
        for game in list(self._games.values()):
            await self._read(game)
            loaded = await self._store.load(game.game_id)
            game.over = loaded is None or loaded.record.status.is_over
            game.notify()

    async def _end_expired(self) -> None:
        followed = list(self._games)
        alive = await self._store.existing(followed)
        for game_id in set(followed) - alive:
            game = self._games[game_id]
            game.over = True
            game.notify()

    async def close(self, error: GameError) -> None:
        """End every open stream with ``error`` (the drain) and drop the feed."""
        self._closing = error
        for game in list(self._games.values()):
            game.notify()
        with contextlib.suppress(StoreUnavailable):
            await self._feed.close()


def _cursor_id(cursor: EventKey) -> str:
    return "" if cursor == BEFORE_ALL else f"{cursor[0]}-{cursor[1]}"
