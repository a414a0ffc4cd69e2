"""The ``SessionStore`` contract shared by the in-memory and Redis stores.

A game is one record (metadata), one engine blob, the domain layer's table
of recent idempotent answers (opaque bytes to the store) and a ``revision``
that counts commits; every write is a compare-and-set on that revision, so
two replicas can never both apply a move to the same position. Because the
answers live under the same revision, a request that lost the race to its
own twin sees the twin's answer on reload. Each game also has an append-only
event log, written in the same atomic commit: the events of the commit that
made revision ``r`` get the ids ``r-0``, ``r-1``, ... (see ``event_ids``), so
the domain layer knows them before it commits.
"""

from __future__ import annotations

import abc
import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field

from server.domain.records import GameRecord, GameStatus
from server.store.match_base import MatchStore

# The largest sequence part of a stream id: "<r>-<LAST_SEQ>" sorts after every event of revision r.
LAST_SEQ = 2**64 - 1


def event_ids(revision: int, count: int) -> tuple[str, ...]:
    """The ids of the ``count`` events appended by the commit that made ``revision``."""
    return tuple(f"{revision}-{n}" for n in range(count))


def before_revision(revision: int) -> str:
    """An ``after`` cursor for ``events_after`` that starts at the first event of ``revision``."""
    return f"{revision - 1}-{LAST_SEQ}" if revision > 1 else ""


def raise_if_cancelled() -> None:
    """Re-raise a cancellation that a store call swallowed.

    redis-py's reads with a timeout can eat a ``CancelledError`` on Python
    3.11; a loop that waits on the store calls this each round, so it still
    ends when its task is cancelled.
    """
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError


class StoreError(Exception):
    """Base class of store failures."""


class StoreUnavailable(StoreError):
    """The backing store cannot be reached; the caller may retry later."""


class StoreFull(StoreUnavailable):
    """The store refuses writes because it is out of memory (Redis ``maxmemory`` with ``noeviction``).

    A kind of unavailability, so every loop that waits out an outage waits this out too; the
    servicers tell clients apart: ``RESOURCE_EXHAUSTED`` / ``STORE_FULL``.
    """


class RevisionConflict(StoreError):
    """Somebody else committed first: reload and decide again."""


class GameExists(StoreError):
    """``create`` was called with a game id that is already taken."""


@dataclass(frozen=True)
class NewEvent:
    """An event to append: the game version after its step and the engine event as JSON."""

    version: int
    data: str


@dataclass(frozen=True)
class StoredEvent:
    """An event in the log, with its store-assigned increasing id."""

    event_id: str
    version: int
    data: str


@dataclass(frozen=True)
class Loaded:
    """A game as read from the store; ``answers`` is what the last commit that set it stored."""

    record: GameRecord
    blob: bytes
    revision: int
    answers: bytes = b""


@dataclass(frozen=True)
class Commit:
    """The outcome of a commit: the new revision and the ids given to the events."""

    revision: int
    event_ids: tuple[str, ...]


@dataclass(frozen=True)
class CommitNote:
    """A commit of a followed game as the store announces it: its new revision and status."""

    game_id: str
    revision: int
    status: GameStatus


class CommitFeed(abc.ABC):
    """A replica's one subscription to the commits of the games it follows.

    Notes say only that a game moved; the events are read with
    ``events_after``, once per commit and replica, whatever the number of
    streams that follow the game. A note may be lost when the connection
    behind the feed breaks: ``next`` then raises ``StoreUnavailable`` and the
    caller re-reads what it follows once the feed is back.
    """

    @abc.abstractmethod
    async def follow(self, game_id: str) -> None:
        """Announce this game's commits from now on."""

    @abc.abstractmethod
    async def unfollow(self, game_id: str) -> None:
        """Stop announcing this game's commits."""

    @abc.abstractmethod
    async def next(self, timeout: float) -> list[CommitNote]:
        """The commits announced since the last call, waiting up to ``timeout`` seconds for one."""

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release the subscription."""


@dataclass(frozen=True)
class Expiry:
    """Seconds a game lives after its last write, by status (0 = forever)."""

    waiting: int = 3600
    active: int = 7 * 24 * 3600
    finished: int = 24 * 3600

    def ttl(self, status: GameStatus) -> int:
        if status is GameStatus.WAITING:
            return self.waiting
        if status is GameStatus.ACTIVE:
            return self.active
        return self.finished


@dataclass(frozen=True)
class Page:
    """One page of ``list_games``; ``cursor`` is ``None`` on the last page."""

    records: tuple[GameRecord, ...]
    cursor: str | None


@dataclass(frozen=True)
class BotSeat:
    """A seat a bot must play, queued for (or leased by) a bot worker."""

    game_id: str
    seat: int
    game_type: str
    level: str

    @property
    def key(self) -> SeatKey:
        return (self.game_id, self.seat)


# (game id, seat): how the bot-seat queue names a seat.
SeatKey = tuple[str, int]


@dataclass(frozen=True)
class Deadline:
    """When a seat's decision runs out of time: the seat, the version its decision began at, and the delay.

    ``seconds`` (from scheduling) is not part of the deadline's name: scheduling the same decision
    again moves its one entry.
    """

    game_id: str
    seat: int
    turn: int
    seconds: float = field(default=0.0, compare=False)

    @property
    def member(self) -> str:
        return f"{self.game_id}/{self.seat}/{self.turn}"

    @staticmethod
    def of_member(member: bytes | str) -> Deadline:
        text = member.decode() if isinstance(member, bytes) else member
        game_id, seat, turn = text.split("/")
        return Deadline(game_id, int(seat), int(turn))


# list_games inspects at most this many index entries per call, so a filter that
# matches rarely answers a short page with a cursor instead of scanning everything.
MAX_SCAN = 1000


class SessionStore(abc.ABC):
    """Where games live. Implementations must pass tests/server/test_store_contract.py."""

    @abc.abstractmethod
    async def create(self, record: GameRecord, blob: bytes, events: Sequence[NewEvent]) -> Commit:
        """Store a new game at revision 1; raises ``GameExists`` if the id is taken."""

    @abc.abstractmethod
    async def load(self, game_id: str) -> Loaded | None:
        """The game, or ``None`` if it does not exist (or expired)."""

    @abc.abstractmethod
    async def commit(
        self,
        expected_revision: int,
        record: GameRecord,
        blob: bytes,
        events: Sequence[NewEvent],
        answers: bytes | None = None,
    ) -> Commit:
        """Atomically replace the game if its revision is still ``expected_revision``.

        Appends ``events`` (ids ``event_ids(revision, len(events))``), replaces
        the answers when ``answers`` is not ``None`` and refreshes the expiry.
        Raises ``RevisionConflict`` when the revision moved or the game is gone.
        """

    @abc.abstractmethod
    async def events_after(self, game_id: str, after: str = "", limit: int = 1000) -> list[StoredEvent]:
        """Events with an id greater than ``after`` (all events when empty), oldest first."""

    @abc.abstractmethod
    def commit_feed(self) -> CommitFeed:
        """A new subscription to the commits of followed games (a replica holds one)."""

    @abc.abstractmethod
    async def live_counts(self, game_types: Sequence[str]) -> dict[tuple[str, GameStatus], int]:
        """How many games of each of these types are stored, by status (expired ones not counted)."""

    @abc.abstractmethod
    async def existing(self, game_ids: Sequence[str]) -> set[str]:
        """Those of ``game_ids`` that still exist (have not expired)."""

    @abc.abstractmethod
    async def list_games(
        self, game_type: str = "", status: GameStatus | None = None, page_size: int = 50, cursor: str = ""
    ) -> Page:
        """Games newest first, filtered; pass ``Page.cursor`` back for the next page."""

    @abc.abstractmethod
    async def ping(self) -> None:
        """Raise ``StoreUnavailable`` unless the store answers."""

    # -- bot seats: work for bot workers, shared by every replica ---------------------------
    #
    # A seat a bot must play is queued by (game type, level). A replica leases it for one of
    # its workers (the ``holder``) for ``ttl`` seconds and renews the lease while the worker
    # stays connected; a lease that lapses (the worker or its replica died) puts the seat back
    # in the queue, where any replica's worker can take it (with a fresh seat token).

    @abc.abstractmethod
    async def offer_bot_seats(self, seats: Sequence[BotSeat]) -> int:
        """Queue seats for a worker; a seat already queued or leased stays as it is. Returns how many."""

    @abc.abstractmethod
    async def lease_bot_seat(
        self, holder: str, kinds: Sequence[tuple[str, str]], ttl: float
    ) -> BotSeat | None:
        """The longest-queued seat of one of the (game type, level) ``kinds``, leased to ``holder``."""

    @abc.abstractmethod
    async def renew_bot_leases(self, holder: str, seats: Sequence[SeatKey], ttl: float) -> set[SeatKey]:
        """Extend ``holder``'s leases on ``seats``; returns the seats it still holds."""

    @abc.abstractmethod
    async def requeue_lapsed_bot_leases(self) -> int:
        """Queue again every seat whose lease ran out; returns how many."""

    @abc.abstractmethod
    async def drop_bot_seats(self, game_id: str, seats: Sequence[int]) -> None:
        """Forget these seats of the game, queued or leased (the game is over or gone)."""

    @abc.abstractmethod
    async def wait_bot_seats(self, timeout: float) -> None:
        """Return when seats may have been queued (by any replica), or after ``timeout`` seconds."""

    # -- turn clocks: deadlines any replica may enforce -----------------------------------------
    #
    # A deadline is due ``seconds`` after it is scheduled, by the store's own clock. Claiming due
    # deadlines leases them for ``lease`` seconds: a replica that dies before it finishes one lets
    # it fall due again for another.

    @abc.abstractmethod
    async def schedule_deadlines(self, deadlines: Sequence[Deadline]) -> None:
        """Make each deadline due ``Deadline.seconds`` from now (moving it if already scheduled)."""

    @abc.abstractmethod
    async def claim_due_deadlines(self, limit: int, lease: float) -> list[Deadline]:
        """Up to ``limit`` due deadlines, each claimed (due again in ``lease`` seconds) for the caller."""

    @abc.abstractmethod
    async def finish_deadlines(self, deadlines: Sequence[Deadline]) -> None:
        """Forget these deadlines (enforced, or found stale)."""

    # -- players, ratings and matchmaking tickets (server/store/match_base.py) ------------

    @abc.abstractmethod
    def match_store(self) -> MatchStore:
        """The players, ratings and tickets kept beside the games (one object per store)."""

    async def confirm(self, game_id: str) -> None:  # noqa: B027 - optional hook
        """Return once what the store holds of the game is as durable as a commit's acknowledgement.

        A repeated request is answered from the stored answer; without this, a
        retry could be told "done" for a commit that only a doomed primary holds.
        Raises ``StoreUnavailable`` when that cannot be confirmed in time.
        """

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release connections."""
