"""Turn clocks: when a seat's decision starts and ends, what it costs, and a human seat's deadline.

A game created with a clock gives each human seat ``clock_turn`` seconds per
decision and a ``clock_reserve`` for the whole game: a decision that
outlasts its turn time is paid from the reserve. A seat a bot plays from the
start runs the same clock, which its worker reads to budget its search
(``ai_players.clock_budget``); it has no deadline, as no one could take it
over. Away and resigned seats (a bot playing a person's seat) have no clock. The record carries, per
seat, when its current decision began and the game version it began at
(``turn_start``, ``turn_version``); ``advance`` keeps them right after every
change of the game and names the deadlines to schedule. The store holds the
deadlines (``SessionStore.schedule_deadlines``) and any replica claims the
due ones (``server.clocks.keeper``), so no process watches a game.

A deadline is named by (game, seat, turn version): a stale one (the seat
acted, left or was taken over since) no longer matches the record and is
dropped when it falls due, so deadlines are never cancelled one by one.
"""

from __future__ import annotations

from dataclasses import replace

from server.domain.records import GameRecord, GameStatus, SeatRecord, SeatState
from server.store import Deadline


def advance(record: GameRecord, now: float, acted: int | None = None) -> tuple[GameRecord, list[Deadline]]:
    """The record with every human seat's clock brought up to date, and the deadlines newly due.

    A seat's decision starts when it comes on turn (or acted and is on turn
    again) and ends when it leaves the turn or acts; the time beyond
    ``clock_turn`` comes out of its reserve. Only human seats get deadlines.
    """
    if not record.clock_turn:
        return record, []
    seats, deadlines = list(record.seats), []
    for n, seat in enumerate(record.seats):
        clocked = not seat.bot or seat.state is SeatState.BOT
        on_turn = record.status is GameStatus.ACTIVE and n in record.to_act and clocked
        running = seat.turn_start > 0
        if running and (not on_turn or n == acted):
            seat = _stopped(record, seat, now)
            running = False
        if on_turn and not running:
            seat = replace(seat, turn_start=now, turn_version=record.version)
            if not seat.bot:
                left = seat.reserve_left(record.clock_reserve)
                deadlines.append(Deadline(record.game_id, n, record.version, record.clock_turn + left))
        seats[n] = seat
    if seats == list(record.seats):
        return record, deadlines
    return replace(record, seats=tuple(seats)), deadlines


def _stopped(record: GameRecord, seat: SeatRecord, now: float) -> SeatRecord:
    """The seat once its decision ended at ``now``, its overtime paid from its reserve."""
    overtime = max(0.0, now - seat.turn_start - record.clock_turn)
    used = min(record.clock_reserve, seat.reserve_used + overtime)
    return replace(seat, reserve_used=used, turn_start=0.0, turn_version=0)


def is_due(record: GameRecord, deadline: Deadline) -> bool:
    """Whether ``deadline`` is still the running decision of a human seat (else it is stale)."""
    if record.status is not GameStatus.ACTIVE or not 0 <= deadline.seat < record.players:
        return False
    seat = record.seats[deadline.seat]
    return not seat.bot and seat.turn_start > 0 and seat.turn_version == deadline.turn
