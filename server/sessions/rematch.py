"""Rematch: the same players again in a new game of a finished one, every seat moved one place on.

The rematch's id is chosen once, by the first call, and kept on the finished
game (``GameRecord.rematch_id``, a compare-and-set): every later call, on any
replica, lands in the same game. A replica that dies between choosing the id
and creating the game leaves the id for the next call, which creates it; two
calls that race to create it are settled by the store (``GameExists``).

The rematch's human seats are kept for the finished game's players
(``SEAT_STATE_RESERVED``); each player's call gives them a fresh token for
their new seat, proved by their token of the finished game. Bot seats keep
their levels and are queued for the workers as in any new game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.core.events import Event
from server.domain import validation
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord, GameStatus, SeatRecord, SeatState
from server.security import seat_tokens
from server.sessions.context import SessionContext, game_of, required
from server.sessions.lifecycle import GameIds, bot_seat
from server.sessions.model import Seated
from server.sessions.seats import owned_seat, refuse_bot_token
from server.sessions.steps import Step, joined, new_state, stored_json
from server.store import GameExists, Loaded, NewEvent


def rotated(old: GameRecord) -> tuple[SeatRecord, ...]:
    """The rematch's seats: seat n's player (same player id) at n + 1; bots (resigned seats' too) as bots."""
    seats = [SeatRecord()] * old.players
    for n, seat in enumerate(old.seats):
        playing_bot = seat.bot and not seat.is_away
        kept = bot_seat(seat.bot_level or validation.DEFAULT_BOT_LEVEL) if playing_bot else None
        seats[(n + 1) % old.players] = kept or SeatRecord(
            seat.display_name, reserved=True, player_id=seat.player_id
        )
    return tuple(seats)


def _asker(old: GameRecord, token: str | None) -> int:
    """The finished game's seat whose player asks for the rematch."""
    seat = owned_seat(old, required(token))
    refuse_bot_token(old, seat, required(token))  # an AWAY seat's bot token must not take the human's seat
    if old.status is not GameStatus.FINISHED:
        raise GameError(
            Reason.GAME_NOT_FINISHED, f"game {old.game_id} is {old.status.value.lower()}, not finished"
        )
    return seat


def _claimed(current: SeatRecord, token_hash: str) -> SeatRecord:
    """The rematch seat with its player's fresh token (any earlier one from Rematch stops working)."""
    state = current.state
    if state in (SeatState.RESERVED, SeatState.OPEN, SeatState.HUMAN):
        return replace(current, token_hash=token_hash, reserved=False)
    if state is SeatState.AWAY:  # the player may come back with it (reclaim)
        return replace(current, owner_hash=token_hash)
    raise GameError(Reason.SEAT_RESIGNED, "this seat of the rematch was resigned; a bot plays it")


class Rematches:
    """rematch; ``ids`` is shared with the lifecycle, so this replica's ids keep increasing."""

    def __init__(self, context: SessionContext, ids: GameIds, seeds: Callable[[], int]) -> None:
        self._ctx = context
        self._ids = ids
        self._seeds = seeds

    async def rematch(self, game_id: str, token: str | None) -> Seated:
        """The caller's seat in the rematch of a finished game, with a fresh token; the rematch made once."""
        old = (await self._ctx.load(game_id)).record
        seat = _asker(old, token)
        rematch_id = await self._chosen_id(game_id)
        await self._ensure(replace(old, rematch_id=rematch_id))
        return await self._seat(rematch_id, (seat + 1) % old.players)

    async def _chosen_id(self, game_id: str) -> str:
        """The rematch's id, kept on the finished game by the first call."""

        async def change(loaded: Loaded) -> str:
            record = loaded.record
            if record.rematch_id:
                return record.rematch_id
            chosen = self._ids.new(self._ctx.clock())
            event = Event("rematch_created", f"A rematch is open: game {chosen}", payload={"game_id": chosen})
            self._ctx.cache.drop(game_id)
            events = [NewEvent(record.version, stored_json(event))]
            await self._ctx.store.commit(
                loaded.revision, replace(record, rematch_id=chosen), loaded.blob, events
            )
            return chosen

        return await self._ctx.commit_retrying(game_id, change)

    async def _ensure(self, old: GameRecord) -> None:
        """Create the rematch unless it exists (another call, maybe on another replica, made it)."""
        if await self._ctx.store.load(old.rematch_id) is not None:
            return
        game = game_of(old.game_type)
        record = GameRecord(
            game_id=old.rematch_id,
            game_type=old.game_type,
            options=dict(old.options),
            seats=rotated(old),
            create_time=self._ctx.clock(),
            deal_seed=self._seeds(),
            chance_seed=self._seeds(),
            clock_turn=old.clock_turn,
            clock_reserve=old.clock_reserve,
            rematch_of=old.game_id,
        )
        state, dealt = new_state(game, record.players, record.options, record.deal_seed)
        step = Step(record, state)
        step.note([Event("game_created", f"Rematch of game {old.game_id}")], advance=False)
        step.note(dealt, advance=False)
        try:
            await self._ctx.store.create(step.finish_record(), game.dump(state), step.events)
        except GameExists:
            return
        self._ctx.observer.game_created(record)

    async def _seat(self, game_id: str, seat: int) -> Seated:
        """Give the rematch seat a fresh token; the game starts when this was the last seat to fill."""

        async def change(loaded: Loaded) -> Seated:
            record = loaded.record
            current = record.seats[seat]
            token, token_hash = seat_tokens.issue(game_id, seat)
            state = game_of(record.game_type).load(loaded.blob)
            step = Step(record.with_seat(seat, _claimed(current, token_hash)), state)
            if not current.occupied and not current.bot:
                step.note([joined(current.display_name, seat)], advance=False)
            if record.status is GameStatus.WAITING and step.record.is_full():
                step.start()
            return Seated(await self._ctx.commit_step(loaded, step), seat, token)

        return await self._ctx.commit_retrying(game_id, change)
