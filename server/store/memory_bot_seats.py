"""The bot-seat queue and its leases, in process (``MemoryStore``'s half of the contract).

The same semantics as Redis's (``server/store/redis_bot_seats.py``): one queue
per (game type, level), oldest first; a lease per seat with its holder and
deadline; a lapsed lease queues the seat again.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from server.store.base import BotSeat, SeatKey


@dataclass
class _Lease:
    holder: str
    deadline: float


class MemoryBotSeats:
    """Queued seats by kind, leases by seat; ``clock`` is monotonic seconds (injectable for tests)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._seat_clock = clock
        self._known: dict[SeatKey, BotSeat] = {}  # every seat queued or leased
        self._queued: dict[SeatKey, float] = {}  # seat -> when it was queued
        self._leases: dict[SeatKey, _Lease] = {}
        self._offered = asyncio.Event()

    async def offer_bot_seats(self, seats: Sequence[BotSeat]) -> int:
        fresh = [seat for seat in seats if seat.key not in self._known]
        for seat in fresh:
            self._known[seat.key] = seat
            self._queued[seat.key] = self._seat_clock()
        if fresh:
            self._offered.set()
        return len(fresh)

    async def lease_bot_seat(
        self, holder: str, kinds: Sequence[tuple[str, str]], ttl: float
    ) -> BotSeat | None:
        wanted = set(kinds)
        ready = [key for key in self._queued if self._kind(key) in wanted]
        if not ready:
            return None
        key = min(ready, key=lambda k: self._queued[k])
        del self._queued[key]
        self._leases[key] = _Lease(holder, self._seat_clock() + ttl)
        return self._known[key]

    async def renew_bot_leases(self, holder: str, seats: Sequence[SeatKey], ttl: float) -> set[SeatKey]:
        held = {key for key in seats if (lease := self._leases.get(key)) and lease.holder == holder}
        for key in held:
            self._leases[key].deadline = self._seat_clock() + ttl
        return held

    async def requeue_lapsed_bot_leases(self) -> int:
        now = self._seat_clock()
        lapsed = [key for key, lease in self._leases.items() if lease.deadline <= now]
        for key in lapsed:
            del self._leases[key]
            self._queued[key] = now
        if lapsed:
            self._offered.set()
        return len(lapsed)

    async def drop_bot_seats(self, game_id: str, seats: Sequence[int]) -> None:
        for seat in seats:
            key = (game_id, seat)
            self._known.pop(key, None)
            self._queued.pop(key, None)
            self._leases.pop(key, None)

    async def wait_bot_seats(self, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._offered.wait(), timeout)
        self._offered.clear()

    def _kind(self, key: SeatKey) -> tuple[str, str]:
        seat = self._known[key]
        return seat.game_type, seat.level
