"""The domain layer's vocabulary: what ``Sessions`` answers, and the hooks it reports to.

Every other ``sessions_*`` module and every caller (servicers, observers,
tests) speaks these types; they depend on nothing of the domain's own
machinery, so any part can import them without a cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event
from server.domain.records import GameRecord
from server.store import SessionStore

# The seat of a caller who holds none (a spectator, or the creator of an all-bot game).
SPECTATOR = -1


@dataclass(frozen=True)
class ServedEvent:
    """An event as stored, ready to be served to a seat allowed to see it.

    Every stream of a game is handed the same object for the same stored
    event, so ``wire_cache`` lets the servicer build its message once for all.
    """

    event_id: str
    version: int
    event: Event
    wire_cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


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
class TypedAction:
    """An engine action decoded from a typed message, with the game type its message names.

    The message's arm names the game it is for, so decoding needs no store read; the commit
    checks the arm against the game itself.
    """

    game_type: str
    action: Any


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

    def seat_taken_over(self, game_type: str, cause: str) -> None:
        """A bot took a human seat over: ``cause`` is "clock" (its time ran out) or "left" (resigned)."""

    def seat_reclaimed(self, game_type: str) -> None:
        """A player took their away seat back from the bot."""

    def stream_opened(self, game_type: str) -> None:
        """An event stream of a game opened on this replica."""

    def stream_closed(self, game_type: str) -> None:
        """An event stream of a game ended on this replica, however it ended."""

    def events_streamed(self, game_type: str, count: int) -> None:
        """``count`` events were sent on one stream."""

    def ticket_created(self, game_type: str) -> None:
        """A matchmaking ticket was created on this replica."""

    def ticket_ended(self, game_type: str, status: str, wait_seconds: float, bot_filled: bool) -> None:
        """A ticket was MATCHED (by this replica's matcher), CANCELLED or EXPIRED, after ``wait_seconds``."""

    async def run(self, store: SessionStore) -> None:
        """Work of the observer's own while the server runs (sampling the store); cancelled at stop."""
