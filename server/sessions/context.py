"""What every part of the domain layer shares: the store, the replica's cache and locks, and the checks.

The ``Sessions`` facade builds one ``SessionContext`` and hands it to each
part (lifecycle, play, reads), so all of them load games, authenticate seat
tokens and report conflicts and endings the same way.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

import orjson

from engine.core import registry
from engine.core.events import Event
from engine.core.game import Game
from server.domain import validation
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord
from server.players.ratings import Ratings
from server.security import seat_tokens
from server.sessions import turn_clocks
from server.sessions.answers import Answers
from server.sessions.cache import Cached, StateCache
from server.sessions.locks import GameLocks
from server.sessions.model import Observer, ServedEvent
from server.sessions.steps import Step, stored_json
from server.store import Loaded, NewEvent, RevisionConflict, SessionStore, StoredEvent, StoreUnavailable

# One logger for the whole domain layer: its name is what log queries select on (docs/OBSERVABILITY.md).
log = logging.getLogger("server.sessions")

T = TypeVar("T")


class SessionContext:
    """The store, this replica's cache and per-game locks, and how the domain loads and reports.

    ``clock`` is injectable so tests can pin time; ``retries`` bounds reloads
    after a compare-and-set conflict; ``ratings`` (if any) rates every game that finishes.
    """

    def __init__(
        self,
        store: SessionStore,
        observer: Observer,
        *,
        clock: Callable[[], float],
        retries: int,
        cache: StateCache,
        ratings: Ratings | None = None,
    ) -> None:
        self.store = store
        self.observer = observer
        self.clock = clock
        self.retries = retries
        self.cache = cache
        self.locks = GameLocks()
        self.ratings = ratings  # rates every FINISHED game

    async def load(self, game_id: str) -> Loaded:
        """The game as the store holds it; GAME_NOT_FOUND when there is none."""
        loaded = await self.store.load(validation.game_id(game_id))
        if loaded is None:
            self.cache.drop(game_id)
            raise GameError(Reason.GAME_NOT_FOUND, f"no game {game_id}", game_id=game_id)
        self._forget_if_ahead(loaded)
        return loaded

    async def commit_retrying(self, game_id: str, change: Callable[[Loaded], Awaitable[T]]) -> T:
        """Run ``change`` (decide, then commit) on the game under its lock; reload after a lost race.

        ``change`` raises ``RevisionConflict`` when its compare-and-set loses:
        the game is loaded again and decided afresh, up to ``retries`` times,
        then the caller gets CONFLICT.
        """
        async with self.locks.hold(validation.game_id(game_id)):
            for attempt in range(self.retries + 1):
                loaded = await self.load(game_id)
                try:
                    return await change(loaded)
                except RevisionConflict:
                    self.conflicted(loaded.record.game_type, attempt)
        raise AssertionError("unreachable")

    def _forget_if_ahead(self, loaded: Loaded) -> None:
        """Drop a cached game whose revision is above the store's: the store went back.

        The cache may only ever be behind the store. After a failover to a
        lagging Redis replica it is ahead, and a pinned submission would be
        refused as stale against a version that no longer exists.
        """
        entry = self.cache.peek(loaded.record.game_id)
        if entry is not None and entry.revision > loaded.revision:
            log.warning(
                "game %s: the store is at revision %d, below this replica's %d; dropping the cached copy",
                loaded.record.game_id,
                loaded.revision,
                entry.revision,
            )
            self.cache.drop(loaded.record.game_id)

    async def clocked(self, record: GameRecord, acted: int | None = None) -> GameRecord:
        """The record with its turn clocks brought up to date (``sessions.turn_clocks``), before its commit.

        New deadlines are scheduled before the commit, so a replica that dies
        right after committing leaves none unscheduled; a deadline whose
        commit then loses its race is stale and dropped when it falls due.
        """
        updated, deadlines = turn_clocks.advance(record, self.clock(), acted)
        if deadlines:
            await self.store.schedule_deadlines(deadlines)
        return updated

    async def commit_step(self, loaded: Loaded, step: Step) -> GameRecord:
        """Commit a seating step over ``loaded``; raises ``RevisionConflict`` when the game moved on."""
        final = await self.clocked(step.finish_record())
        game = game_of(final.game_type)
        self.cache.drop(final.game_id)
        await self.store.commit(loaded.revision, final, game.dump(step.state), step.events)
        return final

    async def commit_seats(self, loaded: Loaded, record: GameRecord, events: Sequence[Event]) -> GameRecord:
        """Commit a change of seats only (the engine state stays), with its events, clocks kept right."""
        updated = await self.clocked(record)
        self.cache.drop(record.game_id)
        stored = [NewEvent(updated.version, stored_json(event)) for event in events]
        await self.store.commit(loaded.revision, updated, loaded.blob, stored)
        return updated

    def conflicted(self, game_type: str, attempt: int) -> None:
        """Report a lost compare-and-set; give up with CONFLICT once the retries are spent."""
        retrying = attempt < self.retries
        self.observer.commit_conflicted(game_type, retrying=retrying)
        if not retrying:
            raise GameError(Reason.CONFLICT, "the game kept changing; try again")

    async def maybe_ended(self, record: GameRecord) -> None:
        """Report a game that just ended, and take its bot seats off the workers' queue."""
        if not record.status.is_over:
            return
        self.observer.game_ended(record, max(0.0, self.clock() - record.create_time))
        if self.ratings is not None:
            await self.ratings.game_finished(record)
        bots = [n for n, seat in enumerate(record.seats) if seat.bot]
        if bots:
            try:
                await self.store.drop_bot_seats(record.game_id, bots)
            except StoreUnavailable as exc:  # the move is committed; the seats' leases lapse instead
                log.warning("game %s ended; its bot seats stay queued until leased: %s", record.game_id, exc)


def game_of(game_type: str) -> Game:
    """The registered game; UNKNOWN_GAME_TYPE (not a KeyError) for a name the registry lacks."""
    try:
        return registry.get(game_type)
    except KeyError:
        raise GameError(
            Reason.UNKNOWN_GAME_TYPE, f"no game type {game_type!r}", game_type=game_type
        ) from None


def required(token: str | None) -> str:
    """The caller's token, for a call a spectator may not make."""
    if token is None:
        raise GameError(Reason.UNAUTHENTICATED, "this call needs `authorization: Bearer <seat token>`")
    return token


def claimed(record: GameRecord, token: str) -> seat_tokens.SeatToken:
    """The token's claims, once they name a seat of this game (not yet verified)."""
    parsed = seat_tokens.parse(token)
    if parsed is None:
        raise GameError(Reason.UNAUTHENTICATED, "malformed seat token")
    if parsed.game_id != record.game_id:
        raise GameError(Reason.WRONG_GAME_TOKEN, f"this token is for another game, not {record.game_id}")
    if parsed.seat >= record.players:
        raise unrecognised()
    return parsed


def seat_of(record: GameRecord, token: str, *, away: bool = False) -> int:
    """The seat a token proves, for this game; with ``away``, also an away seat's own player's token."""
    parsed = claimed(record, token)
    seat = record.seats[parsed.seat]
    if parsed.matches(seat.token_hash) or (away and seat.is_away and parsed.matches(seat.owner_hash)):
        return parsed.seat
    raise unrecognised()


def unrecognised() -> GameError:
    return GameError(Reason.UNAUTHENTICATED, "seat token not recognised for this game")


def not_active(record: GameRecord) -> GameError:
    """The error for a change asked of a game that is waiting, finished or abandoned."""
    return GameError(Reason.GAME_NOT_ACTIVE, f"game {record.game_id} is {record.status.value.lower()}")


def cached(loaded: Loaded) -> Cached:
    """A loaded game as the cache keeps it: its answers decoded, its engine state as the snapshot."""
    return Cached(loaded.record, loaded.blob, loaded.revision, Answers.decode(loaded.answers))


@functools.lru_cache(maxsize=4096)
def served(stored: StoredEvent) -> ServedEvent:
    """The event ready to serve; one object per stored event, shared by every stream that follows it."""
    return ServedEvent(stored.event_id, stored.version, engine_event(stored))


@functools.lru_cache(maxsize=4096)
def engine_event(stored: StoredEvent) -> Event:
    """The engine event of a stored one; kept, since every stream of a game decodes the same events."""
    return Event.from_json(orjson.loads(stored.data))


def visible_for(seat: int | None) -> Callable[[StoredEvent], bool]:
    return lambda stored: engine_event(stored).visible_for(seat)
