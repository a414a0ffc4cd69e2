"""Players, ratings and tickets in process (``MemoryStore``'s ``MatchStore``).

The same semantics as Redis's (``server/store/redis_match.py``) on one
replica: every method runs without an ``await`` inside, so each is atomic.
Ended tickets are dropped lazily once their ``keep`` time has passed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from server.store.match_base import (
    MatchStore,
    PlayerRecord,
    Rating,
    RatingsMoved,
    Seating,
    Snapshot,
    Ticket,
    TicketRequest,
    TicketStatus,
)


@dataclass
class _Entry:
    ticket: Ticket
    deadline: float  # seconds: abandonment while SEARCHING, the claim while MATCHING, removal once over


class MemoryMatchStore(MatchStore):
    """Dicts of players and tickets; ``clock`` is Unix seconds (injectable for tests)."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._now = clock
        self._players: dict[str, PlayerRecord] = {}
        self._rated: set[str] = set()
        self._tickets: dict[str, _Entry] = {}
        self._leader: tuple[str, float] = ("", 0.0)

    def _ms(self) -> int:
        return int(self._now() * 1000)

    async def create_player(self, player: PlayerRecord) -> None:
        self._players[player.player_id] = player

    async def load_player(self, player_id: str) -> PlayerRecord | None:
        return self._players.get(player_id)

    async def load_ratings(self, game_type: str, player_ids: Sequence[str]) -> dict[str, Rating | None]:
        return {
            p: (player.ratings.get(game_type) if (player := self._players.get(p)) else None)
            for p in player_ids
        }

    async def apply_ratings(
        self, game_id: str, game_type: str, before: Mapping[str, Rating | None], after: Mapping[str, Rating]
    ) -> bool:
        if game_id in self._rated:
            return False
        current = await self.load_ratings(game_type, list(before))
        if any(current[p] != before[p] for p in before if p in self._players):
            raise RatingsMoved(game_id)
        for player_id, rating in after.items():
            if player_id in self._players:
                self._players[player_id].ratings[game_type] = rating
        self._rated.add(game_id)
        return True

    async def create_ticket(self, request: TicketRequest, abandon_after: float) -> Ticket:
        ticket = Ticket(request, TicketStatus.SEARCHING, self._ms())
        self._tickets[request.ticket_id] = _Entry(ticket, self._now() + abandon_after)
        return replace(ticket, waiting=self._waiting(request.pool))

    def _live(self, ticket_id: str) -> _Entry | None:
        entry = self._tickets.get(ticket_id)
        if entry is not None and entry.ticket.status.is_over and entry.deadline <= self._now():
            del self._tickets[ticket_id]
            return None
        return entry

    def _waiting(self, pool: str) -> int:
        return sum(
            1
            for e in self._tickets.values()
            if e.ticket.status is TicketStatus.SEARCHING and e.ticket.request.pool == pool
        )

    async def touch_ticket(self, ticket_id: str, abandon_after: float) -> Ticket | None:
        entry = self._live(ticket_id)
        if entry is None:
            return None
        if entry.ticket.status is TicketStatus.SEARCHING:
            entry.deadline = self._now() + abandon_after
            return replace(entry.ticket, waiting=self._waiting(entry.ticket.request.pool))
        return entry.ticket

    def _end(
        self, entry: _Entry, status: TicketStatus, keep: float, seating: Seating | None = None
    ) -> Ticket:
        entry.ticket = replace(entry.ticket, status=status, end_ms=self._ms(), seating=seating)
        entry.deadline = self._now() + keep
        return entry.ticket

    async def cancel_ticket(self, ticket_id: str, keep: float) -> Ticket | None:
        entry = self._live(ticket_id)
        if entry is None or entry.ticket.status is not TicketStatus.SEARCHING:
            return None if entry is None else entry.ticket
        return self._end(entry, TicketStatus.CANCELLED, keep)

    async def searching(self) -> Snapshot:
        pools: dict[str, list[Ticket]] = {}
        for entry in sorted(self._tickets.values(), key=lambda e: e.ticket.create_ms):
            if entry.ticket.status is TicketStatus.SEARCHING:
                pools.setdefault(entry.ticket.request.pool, []).append(entry.ticket)
        return Snapshot(self._ms(), pools)

    async def claim_tickets(self, ticket_ids: Sequence[str], ttl: float) -> bool:
        entries = [self._live(t) for t in ticket_ids]
        if not all(e is not None and e.ticket.status is TicketStatus.SEARCHING for e in entries):
            return False
        for entry in filter(None, entries):
            entry.ticket = replace(entry.ticket, status=TicketStatus.MATCHING)
            entry.deadline = self._now() + ttl
        return True

    async def finish_match(self, seatings: Mapping[str, Seating], keep: float) -> list[Ticket]:
        done = []
        for ticket_id, seating in seatings.items():
            entry = self._live(ticket_id)
            if entry is not None and entry.ticket.status is TicketStatus.MATCHING:
                done.append(self._end(entry, TicketStatus.MATCHED, keep, seating))
        return done

    async def release_lapsed_claims(self, abandon_after: float) -> int:
        lapsed = [
            e
            for e in self._tickets.values()
            if e.ticket.status is TicketStatus.MATCHING and e.deadline <= self._now()
        ]
        for entry in lapsed:
            entry.ticket = replace(entry.ticket, status=TicketStatus.SEARCHING)
            entry.deadline = self._now() + abandon_after
        return len(lapsed)

    async def expire_abandoned(self, keep: float) -> list[Ticket]:
        now = self._now()
        for ticket_id in list(self._tickets):
            self._live(ticket_id)  # drop ended tickets past their keep time
        abandoned = [
            e
            for e in self._tickets.values()
            if e.ticket.status is TicketStatus.SEARCHING and e.deadline <= now
        ]
        return [self._end(entry, TicketStatus.EXPIRED, keep) for entry in abandoned]

    async def lead(self, holder: str, ttl: float) -> bool:
        current, until = self._leader
        if current in ("", holder) or until <= self._now():
            self._leader = (holder, self._now() + ttl)
            return True
        return False
