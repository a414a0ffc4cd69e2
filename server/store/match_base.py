"""The ``MatchStore`` contract: players, their ratings and matchmaking tickets, shared by every replica.

Kept apart from ``SessionStore`` (games) because its data has another
shape and life: a player lives for good, a ticket for minutes. Each store
(memory, Redis) hands out its own through ``SessionStore.match_store``.

A ticket moves SEARCHING -> MATCHING (claimed by one matcher, under a
deadline) -> MATCHED, or SEARCHING -> CANCELLED / EXPIRED. Every move is
one atomic step in the store, so a ticket is claimed by one match at most
however many replicas run the matching loop, and a claim whose matcher died
lapses back to SEARCHING. Times are the store's clock (milliseconds), so
replicas need not agree on the time.
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

import orjson


class TicketStatus(enum.StrEnum):
    """Life cycle of a ticket (MATCHING is internal: clients see it as SEARCHING)."""

    SEARCHING = "SEARCHING"
    MATCHING = "MATCHING"
    MATCHED = "MATCHED"
    CANCELLED = "CANCELLED"
    EXPIRED = "EXPIRED"

    @property
    def is_over(self) -> bool:
        return self in (TicketStatus.MATCHED, TicketStatus.CANCELLED, TicketStatus.EXPIRED)


class JsonFields:
    """A frozen dataclass stored as the JSON object of its fields."""

    def to_json(self) -> str:
        return orjson.dumps(self.__dict__).decode()

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        return cls(**orjson.loads(text))


@dataclass(frozen=True)
class TicketRequest(JsonFields):
    """What a ticket asks for; written once at creation (``pool`` names its kind of game)."""

    ticket_id: str
    token_hash: str
    game_type: str
    players: int
    options: dict[str, str]
    pool: str
    display_name: str
    player_id: str
    rating: float  # the player's mu for this game type when the ticket was made
    bot_fill_after: float  # seconds; 0: never
    bot_level: str  # "": chosen by rating
    clock_turn: float = 0.0  # the turn clock asked for, seconds per turn and reserve; 0, 0: none
    clock_reserve: float = 0.0


@dataclass(frozen=True)
class Seating(JsonFields):
    """Where a matched ticket sits: its game, seat and seat token."""

    game_id: str
    seat: int
    seat_token: str
    bot_filled: bool


@dataclass(frozen=True)
class Ticket:
    """A ticket as stored: its request, status, times (store clock, ms) and seat once matched."""

    request: TicketRequest
    status: TicketStatus
    create_ms: int
    end_ms: int = 0
    seating: Seating | None = None
    waiting: int = 0  # searching tickets of its pool when read (0 when not asked)


@dataclass(frozen=True)
class Rating(JsonFields):
    """One player's OpenSkill rating at one game type."""

    mu: float
    sigma: float
    games: int = 0


@dataclass(frozen=True)
class PlayerRecord:
    """A player: name, the hash of its token, when it was made; ratings are stored beside it."""

    player_id: str
    display_name: str
    token_hash: str
    create_time: float  # Unix seconds
    ratings: dict[str, Rating] = field(default_factory=dict)  # by game type, filled on load

    def to_json(self) -> str:
        data: dict[str, Any] = dict(self.__dict__)
        del data["ratings"]
        return orjson.dumps(data).decode()

    @staticmethod
    def from_json(text: str | bytes, ratings: Mapping[str, Rating]) -> PlayerRecord:
        return PlayerRecord(**orjson.loads(text), ratings=dict(ratings))


@dataclass(frozen=True)
class Snapshot:
    """The searching tickets of every pool, read at ``now_ms`` on the store's clock."""

    now_ms: int
    pools: dict[str, list[Ticket]]


class RatingsMoved(Exception):
    """A player's rating changed since it was read: read again and recompute."""


class MatchStore(abc.ABC):
    """Players, ratings and tickets. Implementations must pass tests/server/test_match_store.py."""

    # -- players and ratings -------------------------------------------------------------

    @abc.abstractmethod
    async def create_player(self, player: PlayerRecord) -> None:
        """Store a new player (its id is fresh and random)."""

    @abc.abstractmethod
    async def load_player(self, player_id: str) -> PlayerRecord | None:
        """The player with every rating, or ``None``."""

    @abc.abstractmethod
    async def load_ratings(self, game_type: str, player_ids: Sequence[str]) -> dict[str, Rating | None]:
        """Each player's rating at ``game_type`` (``None``: not rated yet, or no such player)."""

    @abc.abstractmethod
    async def apply_ratings(
        self, game_id: str, game_type: str, before: Mapping[str, Rating | None], after: Mapping[str, Rating]
    ) -> bool:
        """Write ``after`` once per game: False if ``game_id`` was rated already.

        Raises ``RatingsMoved`` when a rating is no longer ``before`` (another
        game of the player was rated meanwhile). Players that are gone are skipped.
        """

    # -- tickets ------------------------------------------------------------------------

    @abc.abstractmethod
    async def create_ticket(self, request: TicketRequest, abandon_after: float) -> Ticket:
        """Store a SEARCHING ticket that expires unless seen again within ``abandon_after`` seconds."""

    @abc.abstractmethod
    async def touch_ticket(self, ticket_id: str, abandon_after: float) -> Ticket | None:
        """The ticket with its pool's ``waiting`` count; a live one is seen (its abandonment put off)."""

    @abc.abstractmethod
    async def cancel_ticket(self, ticket_id: str, keep: float) -> Ticket | None:
        """Cancel a SEARCHING ticket (others are returned unchanged); kept ``keep`` seconds after."""

    @abc.abstractmethod
    async def searching(self) -> Snapshot:
        """Every SEARCHING ticket by pool, oldest first."""

    @abc.abstractmethod
    async def claim_tickets(self, ticket_ids: Sequence[str], ttl: float) -> bool:
        """SEARCHING -> MATCHING for all of ``ticket_ids`` at once, or for none (False)."""

    @abc.abstractmethod
    async def finish_match(self, seatings: Mapping[str, Seating], keep: float) -> list[Ticket]:
        """MATCHING -> MATCHED with each ticket's seat; the tickets it applied to (a lapsed claim is not)."""

    @abc.abstractmethod
    async def release_lapsed_claims(self, abandon_after: float) -> int:
        """MATCHING -> SEARCHING for every claim past its deadline; how many."""

    @abc.abstractmethod
    async def expire_abandoned(self, keep: float) -> list[Ticket]:
        """SEARCHING -> EXPIRED for every ticket not seen in time; those tickets."""

    @abc.abstractmethod
    async def lead(self, holder: str, ttl: float) -> bool:
        """Take or keep the matcher's lease for ``ttl`` seconds; False while another holds it."""
