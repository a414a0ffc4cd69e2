"""Enforcing turn clocks: every replica claims the deadlines that fell due and hands those seats to bots.

Deadlines are work in the store, like bot seats (``server.bots.dispatcher``): any
replica's loop claims a due one (the claim leases it, so no other replica
enforces it meanwhile), hands the seat to a bot if the deadline still names
the seat's running decision (``Sessions.take_over``), queues the seat for the
bot workers and forgets the deadline. A replica that dies half-way leaves the
claimed deadline to fall due again when its lease ends, for any replica; a
game's clock therefore never depends on the replica that created it.
"""

from __future__ import annotations

import asyncio
import logging

from server.bots.dispatcher import BotDispatcher
from server.domain.errors import GameError
from server.sessions.facade import Sessions
from server.store import Deadline, StoreUnavailable, raise_if_cancelled

log = logging.getLogger(__name__)

# Seconds between two looks for due deadlines: how late past its deadline a seat can be taken over.
POLL_SECONDS = 0.25
# Seconds a claimed deadline stays with its replica before another may enforce it.
CLAIM_SECONDS = 30.0
# Deadlines claimed per look.
BATCH = 64


class ClockKeeper:
    """This replica's share of enforcing every game's turn clock."""

    def __init__(self, sessions: Sessions, bots: BotDispatcher, poll_seconds: float = POLL_SECONDS) -> None:
        self._sessions = sessions
        self._bots = bots
        self._poll = poll_seconds

    async def run(self) -> None:
        """Claim and enforce due deadlines until cancelled; store outages and bugs only delay it."""
        while True:
            raise_if_cancelled()
            try:
                while await self.enforce_due():
                    pass
            except StoreUnavailable as exc:
                log.warning("turn clocks wait for the store: %s", exc)
            except Exception:  # a bug must not stop this replica's share of the clocks for good
                log.exception("turn clock upkeep failed; it goes on at the next round")
            await asyncio.sleep(self._poll)

    async def enforce_due(self) -> int:
        """Enforce the deadlines due now (one batch); how many were claimed."""
        due = await self._sessions.store.claim_due_deadlines(BATCH, CLAIM_SECONDS)
        for deadline in due:
            await self._enforce(deadline)
        return len(due)

    async def _enforce(self, deadline: Deadline) -> None:
        try:
            record = await self._sessions.take_over(deadline)
        except GameError as exc:  # e.g. the game kept changing: the claim lapses and it falls due again
            log.warning("game %s: seat %d not taken over yet: %s", deadline.game_id, deadline.seat, exc)
            return
        if record is not None:
            log.info("game %s: seat %d ran out of time; a bot plays it", deadline.game_id, deadline.seat)
            await self._bots.want(record)
        await self._sessions.store.finish_deadlines([deadline])
