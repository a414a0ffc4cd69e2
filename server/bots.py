"""Bot seats and the workers that play them (the domain side of BotService).

A game created with bot seats asks for one worker per seat. The dispatcher
keeps the bot seats still looking for a worker, and the workers connected to
this replica with their capacity, game types and levels. Handing a seat to a
worker mints a fresh seat token (``Sessions.assign_bot``), so when a worker
dies and its seats go to another worker, the dead worker's token stops
working: a seat can never be played twice.

Scope: dispatch is per replica. A replica recovers the bot seats of every
unfinished game when it starts (``recover``), and re-assigns a worker's seats
as soon as its stream ends. Workers should therefore connect to every
replica (the bot Deployment scales with the server's); see docs/AI.md.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from dataclasses import dataclass, field

from server.reasons import GameError
from server.records import GameRecord, GameStatus
from server.sessions import Sessions

log = logging.getLogger(__name__)

SeatKey = tuple[str, int]  # (game id, seat)


@dataclass(frozen=True)
class Assignment:
    """One bot seat handed to a worker, with the seat token it must use."""

    game_id: str
    game_type: str
    seat: int
    seat_token: str
    level: str


@dataclass
class WorkerOffer:
    """What a worker announced: the games and levels it plays and how many seats at once."""

    name: str
    capacity: int
    game_types: frozenset[str] = frozenset()  # empty: every game type
    levels: frozenset[str] = frozenset()  # empty: every level

    def serves(self, game_type: str, level: str) -> bool:
        return (not self.game_types or game_type in self.game_types) and (
            not self.levels or level in self.levels
        )


@dataclass
class WorkerSlot:
    """A connected worker: what it offered, its assignment queue and the seats it plays."""

    offer: WorkerOffer
    queue: asyncio.Queue[Assignment] = field(default_factory=asyncio.Queue)
    seats: set[SeatKey] = field(default_factory=set)


class BotDispatcher:
    """Matches bot seats waiting for a worker with connected workers that have room."""

    def __init__(self, sessions: Sessions) -> None:
        self._sessions = sessions
        self._workers: dict[int, WorkerSlot] = {}
        self._ids = itertools.count(1)
        self._pending: dict[SeatKey, tuple[str, str]] = {}  # seat -> (game type, level)
        self._lock = asyncio.Lock()

    @property
    def workers(self) -> int:
        return len(self._workers)

    def pending(self) -> list[SeatKey]:
        return sorted(self._pending)

    async def want(self, record: GameRecord) -> None:
        """Queue every bot seat of ``record`` that no worker of this replica plays, then dispatch."""
        if record.status.is_over:
            return
        held = {key for worker in self._workers.values() for key in worker.seats}
        for seat, info in enumerate(record.seats):
            key = (record.game_id, seat)
            if info.bot and key not in held:
                self._pending[key] = (record.game_type, info.bot_level)
        await self._dispatch()

    async def recover(self, page_size: int = 100) -> int:
        """Queue the bot seats of every unfinished game in the store (after a restart); returns how many."""
        before = len(self._pending)
        for status in (GameStatus.WAITING, GameStatus.ACTIVE):
            token = ""
            while True:
                page = await self._sessions.list_games(status=status, page_size=page_size, page_token=token)
                for record in page.records:
                    if any(seat.bot for seat in record.seats):
                        await self.want(record)
                if not page.next_page_token:
                    break
                token = page.next_page_token
        return len(self._pending) - before

    async def connect(self, offer: WorkerOffer) -> WorkerSlot:
        """Register a worker; its assignments arrive on the returned slot's queue."""
        slot = WorkerSlot(offer)
        self._workers[next(self._ids)] = slot
        log.info("bot worker %s connected (capacity %d)", offer.name, offer.capacity)
        await self._dispatch()
        return slot

    async def disconnect(self, slot: WorkerSlot) -> None:
        """Forget a worker whose stream ended; its unfinished seats go to other workers."""
        for worker_id, known in list(self._workers.items()):
            if known is slot:
                del self._workers[worker_id]
        log.info("bot worker %s left; %d seat(s) to re-assign", slot.offer.name, len(slot.seats))
        for key in slot.seats:
            record = await self._record(key[0])
            if record is not None and not record.status.is_over:
                self._pending[key] = (record.game_type, record.seats[key[1]].bot_level)
        slot.seats.clear()
        await self._dispatch()

    async def _dispatch(self) -> None:
        async with self._lock:
            for key, (game_type, level) in sorted(self._pending.items()):
                worker = await self._pick(game_type, level)
                if worker is None:
                    continue
                try:
                    record, token = await self._sessions.assign_bot(*key)
                except GameError as exc:  # the game ended or vanished meanwhile
                    log.info("bot seat %s dropped: %s", key, exc)
                    del self._pending[key]
                    continue
                del self._pending[key]
                worker.seats.add(key)
                worker.queue.put_nowait(Assignment(key[0], record.game_type, key[1], token, level))

    async def _pick(self, game_type: str, level: str) -> WorkerSlot | None:
        """The least loaded worker that serves this game and level and has room."""
        candidates = [w for w in self._workers.values() if w.offer.serves(game_type, level)]
        for worker in candidates:
            if len(worker.seats) >= worker.offer.capacity:
                await self._forget_finished(worker)
        open_workers = [w for w in candidates if len(w.seats) < w.offer.capacity]
        return min(open_workers, key=lambda w: len(w.seats) / w.offer.capacity, default=None)

    async def _forget_finished(self, worker: WorkerSlot) -> None:
        for key in list(worker.seats):
            record = await self._record(key[0])
            if record is None or record.status.is_over:
                worker.seats.discard(key)

    async def _record(self, game_id: str) -> GameRecord | None:
        try:
            return await self._sessions.get(game_id)
        except GameError:
            return None
