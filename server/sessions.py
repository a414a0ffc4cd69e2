"""The domain layer: games as players see them, with no gRPC in sight.

``Sessions`` turns requests (create, join, view, submit, stream, leave) into
engine calls and store commits. It authenticates seat tokens, checks turn,
version and legality, resolves dice with a per-game secret RNG right after
each action, and serves every seat only the events it may see. Every change
is a compare-and-set commit, so several replicas can serve one game.
"""

from __future__ import annotations

import base64
import binascii
import functools
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import orjson

from engine.core import registry
from engine.core.errors import IllegalAction, InvalidOptions
from engine.core.events import Event
from engine.core.game import Game, State
from server import tokens, validation
from server.answers import Answer, Answers
from server.event_hub import EventHub, StreamLimits
from server.locks import GameLocks
from server.reasons import GameError, Reason
from server.records import GameRecord, GameStatus, SeatRecord
from server.state_cache import DEFAULT_SIZE, Cached, StateCache
from server.steps import Step, abandoned, joined, new_state, stored_json
from server.store import (
    Loaded,
    NewEvent,
    RevisionConflict,
    SessionStore,
    StoredEvent,
    StoreUnavailable,
    before_revision,
    event_ids,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ServedEvent:
    """An event as stored, ready to be served to a seat allowed to see it."""

    event_id: str
    version: int
    event: Event


# The seat of a caller who holds none (a spectator, or the creator of an all-bot game).
SPECTATOR = -1


@dataclass(frozen=True)
class Seated:
    """The answer to create and join: the game, the caller's seat and its token."""

    record: GameRecord
    seat: int
    token: str


@dataclass(frozen=True)
class View:
    """What ``seat`` (``None``: a spectator) may see of a game."""

    record: GameRecord
    seat: int | None
    observation: Any


@dataclass(frozen=True)
class Submitted:
    """The game after an action, and the events of that step the seat may see."""

    record: GameRecord
    events: tuple[ServedEvent, ...]


@dataclass(frozen=True)
class GamesPage:
    records: tuple[GameRecord, ...]
    next_page_token: str


class Observer:
    """Hooks for what the domain does (metrics plug in here); every method is a no-op by default."""

    def game_created(self, record: GameRecord) -> None:
        """A game was stored."""

    def committed(self, record: GameRecord, chance_kinds: Sequence[str]) -> None:
        """An action was committed, with the kinds of the chance steps resolved after it."""

    def game_ended(self, record: GameRecord, duration_seconds: float) -> None:
        """The game became FINISHED or ABANDONED."""

    def commit_conflicted(self, game_type: str, *, retrying: bool) -> None:
        """A compare-and-set lost a race; ``retrying`` is False when the caller gets an error."""

    def bot_worker_connected(self) -> None:
        """A bot worker opened its assignment stream to this replica."""

    def bot_worker_disconnected(self) -> None:
        """A bot worker's assignment stream to this replica ended."""

    def bot_seat_assigned(self, game_type: str, level: str) -> None:
        """A bot seat was handed to a worker of this replica, with a fresh token."""

    def stream_opened(self, game_type: str) -> None:
        """An event stream of a game opened on this replica."""

    def stream_closed(self, game_type: str) -> None:
        """An event stream of a game ended on this replica, however it ended."""

    def events_streamed(self, game_type: str, count: int) -> None:
        """``count`` events were sent on one stream."""

    async def run(self, store: SessionStore) -> None:
        """Work of the observer's own while the server runs (sampling the store); cancelled at stop."""


class GameIds:
    """Game ids: 20 hex characters, milliseconds since the epoch then a random tail.

    Ids sort by creation time, which orders the game index. Within one process
    they also increase strictly: in the same millisecond the tail counts up
    from the previous id (as ULIDs do).
    """

    def __init__(self) -> None:
        self._last = (0, 0)

    def new(self, now: float) -> str:
        millis, tail = int(now * 1000), secrets.randbits(31)
        last_millis, last_tail = self._last
        if millis <= last_millis:
            millis, tail = last_millis, last_tail + 1
            if tail >= 1 << 32:
                millis, tail = millis + 1, 0
        self._last = (millis, tail)
        return f"{millis:012x}{tail:08x}"


def _random_seed() -> int:
    return secrets.randbits(63)


def _game(game_type: str) -> Game:
    try:
        return registry.get(game_type)
    except KeyError:
        raise GameError(
            Reason.UNKNOWN_GAME_TYPE, f"no game type {game_type!r}", game_type=game_type
        ) from None


def _encode_cursor(cursor: str | None) -> str:
    return "" if cursor is None else base64.urlsafe_b64encode(f"c1:{cursor}".encode()).decode()


def _decode_cursor(token: str) -> str:
    if not token:
        return ""
    try:
        text = base64.urlsafe_b64decode(token.encode()).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        text = ""
    if not text.startswith("c1:") or not validation.GAME_ID.match(text[3:]):
        raise validation.invalid("page_token", "not a page token from a previous response")
    return text[3:]


def _served(stored: StoredEvent) -> ServedEvent:
    return ServedEvent(stored.event_id, stored.version, _event(stored))


@functools.lru_cache(maxsize=4096)
def _event(stored: StoredEvent) -> Event:
    """The engine event of a stored one; kept, since every stream of a game decodes the same events."""
    return Event.from_json(orjson.loads(stored.data))


def _visible_for(seat: int | None) -> Callable[[StoredEvent], bool]:
    return lambda stored: _event(stored).visible_for(seat)


class Sessions:
    """Every game operation, over one ``SessionStore``.

    ``clock`` and ``seeds`` are injectable so tests can pin time and the
    secret seeds; ``commit_retries`` bounds reloads after a CAS conflict.
    ``cache_size`` bounds the replica's cache of last committed games (see
    ``server.state_cache``; 0 turns it off).
    """

    def __init__(
        self,
        store: SessionStore,
        *,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = _random_seed,
        commit_retries: int = 3,
        observer: Observer | None = None,
        cache_size: int = DEFAULT_SIZE,
        stream_limits: StreamLimits | None = None,
    ) -> None:
        self.store = store
        self.observer = observer or Observer()
        self._clock = clock
        self._seeds = seeds
        self._retries = commit_retries
        self.hub = EventHub(store, stream_limits)
        self._locks = GameLocks()
        self._ids = GameIds()
        self._cache = StateCache(cache_size)

    # -- reading -------------------------------------------------------------

    def game_types(self) -> list[Game]:
        return registry.all_games()

    async def get(self, game_id: str) -> GameRecord:
        return (await self._load(game_id)).record

    async def list_games(
        self, game_type: str = "", status: GameStatus | None = None, page_size: int = 0, page_token: str = ""
    ) -> GamesPage:
        if game_type:
            validation.game_type(game_type)
        page = await self.store.list_games(
            game_type, status, validation.page_size(page_size), _decode_cursor(page_token)
        )
        return GamesPage(page.records, _encode_cursor(page.cursor))

    async def view(self, game_id: str, token: str | None) -> View:
        loaded = await self._load(game_id)
        seat = self._seat(loaded.record, token) if token is not None else None
        return View(loaded.record, seat, self._state(loaded).observe(seat))

    async def legal_actions(self, game_id: str, token: str | None) -> tuple[GameRecord, list[Any]]:
        loaded = await self._load(game_id)
        seat = self._seat(loaded.record, self._required(token))
        if loaded.record.status is not GameStatus.ACTIVE:
            return loaded.record, []
        return loaded.record, self._state(loaded).legal_actions(seat)

    def _state(self, loaded: Loaded) -> State:
        """The engine state of ``loaded``, for reading only: the cached one when it is that revision.

        A fresh decode is kept in the cache (unless a newer revision is there)
        so the next submission on the game needs no load.
        """
        game_id = loaded.record.game_id
        entry = self._cache.peek(game_id)
        if entry is not None and entry.revision == loaded.revision:
            return entry.state
        decoded = _decoded(loaded)
        if entry is None or entry.revision < loaded.revision:
            self._cache.put(game_id, decoded)
        return decoded.state

    async def events(
        self, game_id: str, token: str | None, after: str = "", client: str = ""
    ) -> tuple[GameRecord, AsyncIterator[ServedEvent]]:
        """The game, and the events the caller may see after ``after``, then live ones until it is over.

        Checks the request at once, so errors surface before the first event;
        ``client`` (the caller's address) counts against the per-client limit.
        """
        validation.event_id(after)
        loaded = await self._load(game_id)
        seat = self._seat(loaded.record, token) if token is not None else None
        return loaded.record, self._follow(loaded.record, seat, after, client)

    async def _follow(
        self, record: GameRecord, seat: int | None, after: str, client: str
    ) -> AsyncIterator[ServedEvent]:
        game_type = record.game_type
        self.observer.stream_opened(game_type)
        try:
            stream = self.hub.stream(record.game_id, after, client, _visible_for(seat))
            async for stored in stream:
                self.observer.events_streamed(game_type, 1)
                yield _served(stored)
        finally:
            self.observer.stream_closed(game_type)

    # -- seating -------------------------------------------------------------

    async def create(
        self,
        game_type: str,
        players: int,
        options: Mapping[str, str],
        display_name: str,
        bots: Sequence[tuple[int, str]] = (),
    ) -> Seated:
        """Open a game; the creator takes the first seat that is not a bot seat.

        When every seat is a bot seat the creator gets no seat (``SPECTATOR``,
        no token) and watches the game like any spectator.

        ``bots`` lists (seat, level) pairs reserved for bots: the game starts
        once ``assign_bot`` has handed each of them to a bot worker.
        """
        game = _game(validation.game_type(game_type))
        name = validation.display_name(display_name)
        resolved = self._options(game, players, validation.options(dict(options)))
        bot_levels = validation.bot_seats(players, list(bots))
        now = self._clock()
        game_id = self._ids.new(now)
        seats = [_bot_seat(bot_levels[n]) if n in bot_levels else SeatRecord() for n in range(players)]
        seat = next((n for n in range(players) if n not in bot_levels), SPECTATOR)
        token = ""
        if seat != SPECTATOR:  # an all-bot game: the creator watches as a spectator
            token, token_hash = tokens.issue(game_id, seat)
            seats[seat] = SeatRecord(name, token_hash)
        record = GameRecord(
            game_id=game_id,
            game_type=game.name,
            options=resolved,
            seats=tuple(seats),
            create_time=now,
            deal_seed=self._seeds(),
            chance_seed=self._seeds(),
        )
        state, dealt = new_state(game, players, resolved, record.deal_seed)
        step = Step(record, state)
        step.note([Event("game_created", f"{name} opens a game of {game.title}", seat)], advance=False)
        step.note(dealt, advance=False)
        if seat != SPECTATOR:
            step.note([joined(name, seat)], advance=False)
        if record.is_full():
            step.start()
        final = step.finish_record()
        await self.store.create(final, game.dump(step.state), step.events)
        self.observer.game_created(final)
        return Seated(final, seat, token)

    async def assign_bot(self, game_id: str, seat: int) -> tuple[GameRecord, str]:
        """Hand a bot seat to a bot worker: a fresh token for it (any earlier one stops working).

        The game starts when this was the last seat to fill.
        """
        async with self._locks.hold(validation.game_id(game_id)):
            for attempt in range(self._retries + 1):
                loaded = await self._load(game_id)
                record = loaded.record
                if not 0 <= seat < record.players or not record.seats[seat].bot:
                    raise validation.invalid("seat", f"seat {seat} of game {game_id} is not a bot seat")
                if record.status.is_over:
                    raise GameError(
                        Reason.GAME_NOT_ACTIVE, f"game {game_id} is {record.status.value.lower()}"
                    )
                token, token_hash = tokens.issue(game_id, seat)
                bot = record.seats[seat]
                game = _game(record.game_type)
                step = Step(
                    record.with_seat(seat, replace(bot, token_hash=token_hash)), game.load(loaded.blob)
                )
                if not bot.occupied:
                    step.note([joined(bot.display_name, seat)], advance=False)
                if record.status is GameStatus.WAITING and step.record.is_full():
                    step.start()
                final = step.finish_record()
                self._cache.drop(game_id)
                try:
                    await self.store.commit(loaded.revision, final, game.dump(step.state), step.events)
                except RevisionConflict:
                    self._conflicted(record.game_type, attempt)
                    continue
                return final, token
        raise AssertionError("unreachable")

    async def join(self, game_id: str, display_name: str) -> Seated:
        name = validation.display_name(display_name)
        async with self._locks.hold(validation.game_id(game_id)):
            for attempt in range(self._retries + 1):
                loaded = await self._load(game_id)
                record = loaded.record
                seat = record.free_seat()
                if record.status.is_over:
                    raise GameError(
                        Reason.GAME_NOT_ACTIVE, f"game {game_id} is {record.status.value.lower()}"
                    )
                if record.status is GameStatus.ACTIVE or seat is None:
                    raise GameError(Reason.GAME_FULL, f"game {game_id} has no free seat")
                token, token_hash = tokens.issue(game_id, seat)
                game = _game(record.game_type)
                step = Step(record.with_seat(seat, SeatRecord(name, token_hash)), game.load(loaded.blob))
                step.note([joined(name, seat)], advance=False)
                if step.record.is_full():
                    step.start()
                final = step.finish_record()
                self._cache.drop(game_id)
                try:
                    await self.store.commit(loaded.revision, final, game.dump(step.state), step.events)
                except RevisionConflict:
                    self._conflicted(record.game_type, attempt)
                    continue
                return Seated(final, seat, token)
        raise AssertionError("unreachable")

    async def leave(self, game_id: str, token: str | None) -> GameRecord:
        async with self._locks.hold(validation.game_id(game_id)):
            for attempt in range(self._retries + 1):
                loaded = await self._load(game_id)
                record = loaded.record
                seat = self._seat(record, self._required(token))
                name = record.seats[seat].display_name
                if record.status is GameStatus.WAITING:
                    updated = record.with_seat(seat, SeatRecord())
                    event = Event("player_left", f"{name} leaves seat {seat}", seat)
                elif record.status is GameStatus.ACTIVE:
                    if record.seats[seat].resigned:
                        return record
                    updated, event = _resigned(record, seat, name)
                else:
                    raise GameError(
                        Reason.GAME_NOT_ACTIVE, f"game {game_id} is {record.status.value.lower()}"
                    )
                new = [NewEvent(record.version, stored_json(event))]
                if updated.status is GameStatus.ABANDONED:
                    new.append(NewEvent(record.version, stored_json(abandoned())))
                self._cache.drop(game_id)
                try:
                    await self.store.commit(loaded.revision, updated, loaded.blob, new)
                except RevisionConflict:
                    self._conflicted(record.game_type, attempt)
                    continue
                await self._maybe_ended(updated)
                return updated
        raise AssertionError("unreachable")

    # -- playing -------------------------------------------------------------

    async def submit(
        self,
        game_id: str,
        token: str | None,
        *,
        expected_version: int = 0,
        request_id: str = "",
        action_id: str | None = None,
        action: Any = None,
    ) -> Submitted:
        """Apply one action for the token's seat, resolve the dice it triggers, and commit.

        Exactly one of ``action_id`` and ``action`` (an engine action) is given.
        """
        validation.expected_version(expected_version)
        validation.request_id(request_id)
        if action_id is not None:
            validation.action_id(action_id)
        game_id = validation.game_id(game_id)
        if (known := self._overtaken(game_id, expected_version, token)) is None:
            async with self._locks.hold(game_id):
                if (known := self._overtaken(game_id, expected_version, token)) is None:
                    return await self._submit_locked(
                        game_id, token, expected_version, request_id, action_id, action
                    )
        # refused without queueing on the lock or touching the store
        return await self._refuse_overtaken(*known, expected_version, request_id)

    def _overtaken(self, game_id: str, expected_version: int, token: str | None) -> tuple[Cached, int] | None:
        """The cached game and the caller's seat when a pinned version is below the cached version.

        Such a request cannot win: the cache is never ahead of the store and
        versions only grow, so this never refuses a request that could have
        been applied. A token the cached record does not know (it may have been
        issued since, on another replica) is left to the store's copy.
        """
        entry = self._cache.peek(game_id)
        if entry is None or not 0 < expected_version < entry.record.version or token is None:
            return None
        try:
            return entry, self._seat(entry.record, token)
        except GameError:
            return None

    async def _refuse_overtaken(
        self, entry: Cached, seat: int, expected_version: int, request_id: str
    ) -> Submitted:
        """The first answer of a repeated request, else why a pinned version lost."""
        record = entry.record
        if request_id and (prior := entry.answers.find(seat, request_id)) is not None:
            return await self._repeat(record, prior, seat)
        if record.status is not GameStatus.ACTIVE:
            raise GameError(Reason.GAME_NOT_ACTIVE, f"game {record.game_id} is {record.status.value.lower()}")
        raise GameError(
            Reason.STALE_VERSION,
            f"the game is at version {record.version} or later, not {expected_version}",
            version=str(record.version),
        )

    async def _submit_locked(
        self,
        game_id: str,
        token: str | None,
        expected_version: int,
        request_id: str,
        action_id: str | None,
        action: Any,
    ) -> Submitted:
        """Apply and commit, starting from the cached game; reload when the cache proves stale."""
        attempt, use_cache = 0, True
        while True:
            entry = self._cache.take(game_id) if use_cache else None
            cached = entry is not None
            entry = entry or await self._fresh(game_id)
            try:
                seat = self._seat(entry.record, self._required(token))
                if request_id and (prior := entry.answers.find(seat, request_id)) is not None:
                    self._cache.put(game_id, entry)
                    return await self._repeat(entry.record, prior, seat)
                engine_action = self._checked(entry, seat, expected_version, action_id, action)
            except GameError:
                if cached:  # the cached copy may be behind another replica: decide on the store's
                    use_cache = False
                    continue
                self._cache.put(game_id, entry)
                raise
            step = self._apply(entry, seat, engine_action)  # the entry's state is now the step's
            record = step.finish_record()
            revision = entry.revision + 1
            answers, stored_answers = entry.answers, None  # None: the stored answers stay as they are
            if request_id:
                answers = answers.with_answer(seat, request_id, Answer.of(record, revision, len(step.events)))
                stored_answers = answers.encode()
            blob = _game(record.game_type).dump(step.state)
            try:
                await self.store.commit(entry.revision, record, blob, step.events, stored_answers)
            except RevisionConflict:
                self._conflicted(record.game_type, attempt)
                attempt, use_cache = attempt + 1, False
                continue
            self._cache.put(game_id, Cached(record, step.state, revision, answers))
            self.observer.committed(record, step.chance_kinds)
            await self._maybe_ended(record)
            return _submitted(record, event_ids(revision, len(step.events)), step, seat)

    async def _fresh(self, game_id: str) -> Cached:
        """The game as the store holds it now, decoded."""
        return _decoded(await self._load(game_id))

    async def _repeat(self, current: GameRecord, prior: Answer, seat: int) -> Submitted:
        """The first answer to a repeated request: its summary and its events, read back from the log."""
        stored = []
        if prior.event_count:
            after = before_revision(prior.revision)
            stored = await self.store.events_after(current.game_id, after, limit=prior.event_count)
        served = (_served(e) for e in stored)
        return Submitted(prior.record(current), tuple(e for e in served if e.event.visible_for(seat)))

    @staticmethod
    def _checked(entry: Cached, seat: int, expected_version: int, action_id: str | None, action: Any) -> Any:
        """The engine action to apply, once the request passed every check (nothing is changed)."""
        record, state = entry.record, entry.state
        if record.status is not GameStatus.ACTIVE:
            raise GameError(Reason.GAME_NOT_ACTIVE, f"game {record.game_id} is {record.status.value.lower()}")
        if expected_version and expected_version != record.version:
            raise GameError(
                Reason.STALE_VERSION,
                f"the game is at version {record.version}, not {expected_version}",
                version=str(record.version),
            )
        if seat not in state.actors():
            raise GameError(
                Reason.NOT_YOUR_TURN, f"seat {seat} may not act now", to_act=_seats(state.actors())
            )
        if action_id is not None:
            found = state.action_by_id(seat, action_id)
            if found is None:
                raise GameError(
                    Reason.ILLEGAL_ACTION, f"no legal action {action_id!r} at version {record.version}"
                )
            return found
        if action not in state.legal_actions(seat):  # never hand the engine a move it did not offer
            raise GameError(Reason.ILLEGAL_ACTION, f"{action!r} is not legal at version {record.version}")
        return action

    @staticmethod
    def _apply(entry: Cached, seat: int, action: Any) -> Step:
        """Apply a checked action and the dice it triggers to the entry's state (in memory only)."""
        step = Step(entry.record, entry.state)
        try:
            # ``_checked`` matched the action against this state's legal list (or found it by id):
            # the unchecked path skips recomputing that list, a large part of the rules' cost.
            step.note(entry.state.apply_legal(seat, action))
        except IllegalAction as exc:
            reason = Reason.NOT_YOUR_TURN if exc.reason == "NOT_YOUR_TURN" else Reason.ILLEGAL_ACTION
            raise GameError(reason, str(exc), engine_reason=exc.reason) from None
        step.resolve_chance()
        return step

    # -- helpers -------------------------------------------------------------

    def _conflicted(self, game_type: str, attempt: int) -> None:
        """Report a lost compare-and-set; give up with CONFLICT once the retries are spent."""
        retrying = attempt < self._retries
        self.observer.commit_conflicted(game_type, retrying=retrying)
        if not retrying:
            raise GameError(Reason.CONFLICT, "the game kept changing; try again")

    async def _maybe_ended(self, record: GameRecord) -> None:
        """Report a game that just ended, and take its bot seats off the workers' queue."""
        if not record.status.is_over:
            return
        self.observer.game_ended(record, max(0.0, self._clock() - record.create_time))
        bots = [n for n, seat in enumerate(record.seats) if seat.bot]
        if bots:
            try:
                await self.store.drop_bot_seats(record.game_id, bots)
            except StoreUnavailable as exc:  # the move is committed; the seats' leases lapse instead
                log.warning("game %s ended; its bot seats stay queued until leased: %s", record.game_id, exc)

    async def _load(self, game_id: str) -> Loaded:
        loaded = await self.store.load(validation.game_id(game_id))
        if loaded is None:
            self._cache.drop(game_id)
            raise GameError(Reason.GAME_NOT_FOUND, f"no game {game_id}", game_id=game_id)
        self._forget_if_ahead(loaded)
        return loaded

    def _forget_if_ahead(self, loaded: Loaded) -> None:
        """Drop a cached game whose revision is above the store's: the store went back.

        The cache may only ever be behind the store. After a failover to a
        lagging Redis replica it is ahead, and a pinned submission would be
        refused as stale against a version that no longer exists.
        """
        entry = self._cache.peek(loaded.record.game_id)
        if entry is not None and entry.revision > loaded.revision:
            log.warning(
                "game %s: the store is at revision %d, below this replica's %d; dropping the cached copy",
                loaded.record.game_id,
                loaded.revision,
                entry.revision,
            )
            self._cache.drop(loaded.record.game_id)

    @staticmethod
    def _required(token: str | None) -> str:
        if token is None:
            raise GameError(Reason.UNAUTHENTICATED, "this call needs `authorization: Bearer <seat token>`")
        return token

    @staticmethod
    def _seat(record: GameRecord, token: str) -> int:
        """The seat a token proves, for this game."""
        parsed = tokens.parse(token)
        if parsed is None:
            raise GameError(Reason.UNAUTHENTICATED, "malformed seat token")
        if parsed.game_id != record.game_id:
            raise GameError(Reason.WRONG_GAME_TOKEN, f"this token is for another game, not {record.game_id}")
        if parsed.seat >= record.players or not parsed.matches(record.seats[parsed.seat].token_hash):
            raise GameError(Reason.UNAUTHENTICATED, "seat token not recognised for this game")
        return parsed.seat

    @staticmethod
    def _options(game: Game, players: int, options: dict[str, str]) -> dict[str, str]:
        if not game.min_players <= players <= game.max_players:
            raise GameError(
                Reason.INVALID_PLAYER_COUNT,
                f"{game.name} takes {game.min_players}-{game.max_players} players, not {players}",
            )
        known = {spec.name for spec in game.options}
        unknown = sorted(set(options) - known)
        if unknown:
            raise GameError(
                Reason.UNKNOWN_OPTION,
                f"unknown option {unknown[0]!r} for {game.name}; known: {', '.join(sorted(known)) or 'none'}",
                option=unknown[0],
            )
        try:
            return game.validate_options(players, options)
        except InvalidOptions as exc:
            raise GameError(Reason.INVALID_OPTION, str(exc)) from None


def _bot_seat(level: str) -> SeatRecord:
    return SeatRecord(f"{level.capitalize()} bot", bot=True, bot_level=level)


def _resigned(record: GameRecord, seat: int, name: str) -> tuple[GameRecord, Event]:
    """The game after ``seat`` resigns from an ACTIVE game, and the event that says so.

    While another human plays on, a bot takes the seat over so the game can
    finish, and the resigned player's token stops working (the bot gets its
    own). The last human to leave abandons the game instead, keeping read
    access to it.
    """
    others = [s for n, s in enumerate(record.seats) if n != seat and not s.bot]
    current = record.seats[seat]
    if not others:
        updated = record.with_seat(seat, replace(current, resigned=True))
        return replace(updated, status=GameStatus.ABANDONED, to_act=()), Event(
            "player_resigned", f"{name} resigns", seat
        )
    takeover = replace(
        current, resigned=True, bot=True, bot_level=validation.DEFAULT_BOT_LEVEL, token_hash=""
    )
    return record.with_seat(seat, takeover), Event(
        "player_resigned", f"{name} resigns; a bot takes the seat over", seat
    )


def _seats(seats: Sequence[int]) -> str:
    return ",".join(str(s) for s in seats)


def _decoded(loaded: Loaded) -> Cached:
    state = _game(loaded.record.game_type).load(loaded.blob)
    return Cached(loaded.record, state, loaded.revision, Answers.decode(loaded.answers))


def _submitted(record: GameRecord, ids: Sequence[str], step: Step, seat: int) -> Submitted:
    """A fresh answer, from the step's events in hand (no JSON decode)."""
    versions = (e.version for e in step.events)
    served = (ServedEvent(i, v, e) for i, v, e in zip(ids, versions, step.engine_events, strict=True))
    return Submitted(record, tuple(e for e in served if e.event.visible_for(seat)))
