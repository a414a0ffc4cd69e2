"""Bot seats and the workers that play them (the domain side of BotService).

A seat a bot must play is work in the store, not in a replica: creating a
game (or a resignation that hands a seat to a bot) queues its bot seats by
game type and level. Every replica runs the same loop for the workers
connected to it: it leases queued seats for workers with room, hands each
seat to its worker with a fresh seat token (``Sessions.assign_bot``), and
renews its workers' leases while they stay connected. A lease that lapses
(the worker died, or its replica did) queues the seat again for any worker
on any replica, and the fresh token makes the old holder's actions fail:
a seat is never played twice. A worker that reconnects (a replica rolled
out) names the seats it holds and keeps them, with their tokens.

No replica reads all games at start: lapsed leases are the only recovery.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from server.domain.errors import GameError
from server.domain.records import GameRecord
from server.sessions.facade import Sessions
from server.store import BotSeat, SeatKey, StoreUnavailable, raise_if_cancelled

log = logging.getLogger(__name__)

# Seconds a lease lasts without renewal: how long a dead worker's seats wait for another worker.
LEASE_SECONDS = 10.0


@dataclass(frozen=True)
class Assignment:
    """One bot seat handed to a worker, with the seat token it must use."""

    game_id: str
    game_type: str
    seat: int
    seat_token: str
    level: str


@dataclass(frozen=True)
class WorkerOffer:
    """What a worker announced: what it plays, how many seats at once, and its lease identity."""

    name: str
    capacity: int
    kinds: tuple[tuple[str, str], ...]  # (game type, level) pairs it plays
    holder: str = field(default_factory=lambda: f"anonymous-{secrets.token_hex(8)}")


@dataclass
class WorkerSlot:
    """A connected worker: what it offered, its assignment queue and the seats it holds."""

    offer: WorkerOffer
    queue: asyncio.Queue[Assignment] = field(default_factory=asyncio.Queue)
    seats: set[SeatKey] = field(default_factory=set)

    @property
    def room(self) -> int:
        return self.offer.capacity - len(self.seats)


def bot_seats(record: GameRecord) -> list[BotSeat]:
    """The seats of ``record`` that bots play."""
    return [
        BotSeat(record.game_id, n, record.game_type, seat.bot_level)
        for n, seat in enumerate(record.seats)
        if seat.bot
    ]


class BotDispatcher:
    """This replica's side of the shared bot-seat queue: its workers, their leases and assignments."""

    def __init__(self, sessions: Sessions, lease_seconds: float = LEASE_SECONDS) -> None:
        self._sessions = sessions
        self._store = sessions.store
        self._lease = lease_seconds
        self._workers: list[WorkerSlot] = []
        self._lock = asyncio.Lock()

    @property
    def workers(self) -> int:
        return len(self._workers)

    async def want(self, record: GameRecord) -> None:
        """Queue the bot seats of ``record`` (those queued or leased already stay), then fill."""
        if record.status.is_over:
            return
        if await self._store.offer_bot_seats(bot_seats(record)):
            await self.fill()

    async def connect(self, offer: WorkerOffer, held: Sequence[SeatKey] = ()) -> WorkerSlot:
        """Register a worker, keeping the seats it still holds; assignments arrive on the slot's queue."""
        slot = WorkerSlot(offer)
        if held:
            slot.seats = await self._store.renew_bot_leases(offer.holder, held, self._lease)
        self._workers.append(slot)
        self._sessions.observer.bot_worker_connected()
        log.info(
            "bot worker %s connected (capacity %d, %d seat(s) kept)",
            offer.name,
            offer.capacity,
            len(slot.seats),
        )
        await self.fill()
        return slot

    def disconnect(self, slot: WorkerSlot) -> None:
        """Forget a worker whose stream ended; its leases lapse unless it reconnects and names them."""
        if slot in self._workers:
            self._workers.remove(slot)
            self._sessions.observer.bot_worker_disconnected()
        log.info("bot worker %s left holding %d seat(s)", slot.offer.name, len(slot.seats))

    async def run(self) -> None:
        """The replica's loop: requeue lapsed leases, renew its workers' leases, fill; until cancelled."""
        while True:
            raise_if_cancelled()
            try:
                await self.maintain()
                await self._store.wait_bot_seats(self._lease / 3)
            except StoreUnavailable as exc:
                log.warning("bot seats wait for the store: %s", exc)
                await asyncio.sleep(min(1.0, self._lease / 3))
            except Exception:  # a bug must not stop this replica's leases and assignments for good
                log.exception("bot seat upkeep failed; it goes on at the next round")
                await asyncio.sleep(min(1.0, self._lease / 3))

    async def maintain(self) -> None:
        await self._store.requeue_lapsed_bot_leases()
        for slot in list(self._workers):
            asked = sorted(slot.seats)
            if asked:
                held = await self._store.renew_bot_leases(slot.offer.holder, asked, self._lease)
                slot.seats -= set(asked) - held  # seats assigned meanwhile stay
        await self.fill()

    async def fill(self) -> None:
        """Lease queued seats for workers with room, one per worker per round, least loaded first."""
        async with self._lock:
            leased = True
            while leased:
                leased = False
                for slot in self._open_slots():
                    leased |= await self._lease_one(slot)

    def _open_slots(self) -> Iterable[WorkerSlot]:
        open_slots = [slot for slot in self._workers if slot.room > 0]
        return sorted(open_slots, key=lambda slot: len(slot.seats) / slot.offer.capacity)

    async def _lease_one(self, slot: WorkerSlot) -> bool:
        seat = await self._store.lease_bot_seat(slot.offer.holder, slot.offer.kinds, self._lease)
        if seat is None:
            return False
        try:
            record, token = await self._sessions.assign_bot(seat.game_id, seat.seat)
        except GameError as exc:  # the game ended or expired while the seat waited
            log.info("bot seat %s dropped: %s", seat.key, exc)
            await self._store.drop_bot_seats(seat.game_id, [seat.seat])
            return True
        if slot not in self._workers:  # the worker left meanwhile: the lease lapses, another takes it
            return True
        slot.seats.add(seat.key)
        slot.queue.put_nowait(Assignment(seat.game_id, record.game_type, seat.seat, token, seat.level))
        self._sessions.observer.bot_seat_assigned(record.game_type, seat.level)
        return True
