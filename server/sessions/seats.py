"""Seats changing hands in an active game: a bot takes over a seat out of time; its player reclaims it.

A takeover keeps the player's token hash (``SeatRecord.owner_hash``) so the
player can come back: ``reclaim`` puts the seat back in their hands, and the
bot's token stops working at once, so from the seat's next decision only the
player plays it. Both are seat-only commits (the engine state is unchanged)
under the game's lock, with an event on the game's log.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from engine.core.events import Event
from server.domain import validation
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord, GameStatus, SeatRecord
from server.sessions import turn_clocks
from server.sessions.context import SessionContext, claimed, not_active, required, seat_of
from server.store import Deadline, Loaded, StoreUnavailable

log = logging.getLogger("server.sessions")


def owned_seat(record: GameRecord, token: str) -> int:
    """The seat of the token's player (on it, or away from it); SEAT_RESIGNED for one who resigned."""
    parsed = claimed(record, token)
    seat = record.seats[parsed.seat]
    if seat.resigned and parsed.matches(seat.owner_hash):
        raise GameError(
            Reason.SEAT_RESIGNED,
            f"seat {parsed.seat} was resigned; a bot plays it to the end",
            seat=str(parsed.seat),
        )
    return seat_of(record, token, away=True)


def refuse_bot_token(record: GameRecord, seat: int, token: str) -> None:
    """BOT_SEAT when ``token`` is the bot's of the seat: a bot never reclaims or rematches for its human."""
    current = record.seats[seat]
    if current.bot and claimed(record, token).matches(current.token_hash):
        raise GameError(Reason.BOT_SEAT, f"seat {seat + 1} is played by a bot; only its player may do this")


def _away(seat: SeatRecord) -> SeatRecord:
    """The seat once a bot plays it for its absent player (the bot's token comes from ``assign_bot``)."""
    return replace(
        seat, bot=True, bot_level=validation.DEFAULT_BOT_LEVEL, owner_hash=seat.token_hash, token_hash=""
    )


def _back(seat: SeatRecord) -> SeatRecord:
    """The seat back in its player's hands; the bot's token stops working."""
    return replace(seat, bot=False, bot_level="", token_hash=seat.owner_hash, owner_hash="")


class SeatKeeping:
    """take_over (a deadline fell due) and reclaim (the player is back)."""

    def __init__(self, context: SessionContext) -> None:
        self._ctx = context

    async def take_over(self, deadline: Deadline) -> GameRecord | None:
        """Hand the seat of a due deadline to a bot; ``None`` when the deadline is stale or the game gone."""

        async def change(loaded: Loaded) -> GameRecord | None:
            record = loaded.record
            if not turn_clocks.is_due(record, deadline):
                return None
            seat = record.seats[deadline.seat]
            label = f"{seat.display_name} ran out of time; a bot plays the seat until they are back"
            event = Event("seat_taken_over", label, deadline.seat)
            updated = await self._ctx.commit_seats(
                loaded, record.with_seat(deadline.seat, _away(seat)), [event]
            )
            self._ctx.observer.seat_taken_over(record.game_type, "clock")
            return updated

        try:
            return await self._ctx.commit_retrying(deadline.game_id, change)
        except GameError as exc:
            if exc.reason is Reason.GAME_NOT_FOUND:
                return None
            raise

    async def reclaim(self, game_id: str, token: str | None) -> GameRecord:
        """Give an away seat back to its player; a seat the token already plays is answered as it is."""

        async def change(loaded: Loaded) -> GameRecord:
            record = loaded.record
            n = owned_seat(record, required(token))
            refuse_bot_token(record, n, required(token))
            if record.status is not GameStatus.ACTIVE:
                raise not_active(record)
            seat = record.seats[n]
            if not seat.is_away:
                return record
            event = Event("seat_reclaimed", f"{seat.display_name} is back and plays the seat again", n)
            updated = await self._ctx.commit_seats(loaded, record.with_seat(n, _back(seat)), [event])
            self._ctx.observer.seat_reclaimed(record.game_type)
            await self._release(game_id, n)
            return updated

        return await self._ctx.commit_retrying(game_id, change)

    async def reclaimed(self, game_id: str, token: str) -> bool:
        """Reclaim the seat if ``token`` is the player's of an away seat; whether the seat is now theirs."""
        try:
            await self.reclaim(game_id, token)
        except GameError:
            return False
        return True

    async def _release(self, game_id: str, seat: int) -> None:
        """Take the seat off the bot queue; its bot already lost it (its token no longer works)."""
        try:
            await self._ctx.store.drop_bot_seats(game_id, [seat])
        except (
            StoreUnavailable
        ) as exc:  # the reclaim is committed; the worker drops the seat at its next call
            log.warning("game %s: seat %d reclaimed; its bot lease lapses instead: %s", game_id, seat, exc)
