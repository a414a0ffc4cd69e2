"""Domain values -> zythos.v1 messages (the game-agnostic parts; per-game arms come from wire modules)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from google.protobuf.duration_pb2 import Duration
from google.protobuf.timestamp_pb2 import Timestamp

from engine.core.game import Game, OptionSpec
from engine.core.labels import with_names
from server.domain import validation
from server.domain.records import GameRecord, GameStatus, SeatRecord, SeatState
from server.sessions.facade import ServedEvent
from server.sessions.steps import SERVER_EVENT_KINDS
from zythos.v1 import game_service_pb2 as pb

STATUS = {
    GameStatus.WAITING: pb.GAME_STATUS_WAITING,
    GameStatus.ACTIVE: pb.GAME_STATUS_ACTIVE,
    GameStatus.FINISHED: pb.GAME_STATUS_FINISHED,
    GameStatus.ABANDONED: pb.GAME_STATUS_ABANDONED,
}
STATUS_FROM_PROTO = {value: key for key, value in STATUS.items()}
SEAT_STATE = {
    SeatState.OPEN: pb.SEAT_STATE_OPEN,
    SeatState.HUMAN: pb.SEAT_STATE_HUMAN,
    SeatState.BOT: pb.SEAT_STATE_BOT,
    SeatState.AWAY: pb.SEAT_STATE_AWAY,
    SeatState.RESIGNED: pb.SEAT_STATE_RESIGNED,
    SeatState.RESERVED: pb.SEAT_STATE_RESERVED,
}


def game_type(game: Game) -> pb.GameType:
    return pb.GameType(
        name=game.name,
        title=game.title,
        min_players=game.min_players,
        max_players=game.max_players,
        options=[
            pb.GameOption(
                name=o.name,
                description=o.description,
                default_value=o.default,
                allowed_values=o.choices,
                values=option_values(o),
            )
            for o in game.options
        ],
    )


def option_values(option: OptionSpec) -> list[pb.GameOptionValue]:
    """Each accepted value with its name for people, from the game's declaration."""
    values = []
    for value in option.choices:
        choice = option.choice(value)
        values.append(pb.GameOptionValue(value=value, label=choice.label, description=choice.description))
    return values


def seat_names(record: GameRecord) -> list[str]:
    """The display names the labels' "Player N" become (empty: the seat keeps "Player N")."""
    return [s.display_name for s in record.seats]


def game(record: GameRecord) -> pb.Game:
    """The public summary: never the seeds or token hashes."""
    message = pb.Game()
    message.CopyFrom(_fixed_part(record))
    message.status = STATUS[record.status]
    message.version = record.version
    message.to_act.extend(record.to_act)
    message.scores.extend(record.scores)
    message.ranking.extend(record.ranking)
    message.result = record.result
    message.rematch_id = record.rematch_id  # set on a finished game: not part of the fixed part
    message.waiting_reason = waiting_reason(record)
    return message


# Games whose fixed summary part is kept; every answer carries the summary, and the seats,
# options and creation time (a third of its cost to build) change only when a seat does.
FIXED_PARTS = 10_000
_fixed: dict[str, tuple[GameRecord, pb.Game]] = {}


def _fixed_part(record: GameRecord) -> pb.Game:
    """``game``'s fields that only seating changes, built once per game and seating."""
    known = _fixed.get(record.game_id)
    if known is not None:
        seen, message = known
        if (seen.seats, seen.options, seen.create_time) == (record.seats, record.options, record.create_time):
            return message
    message = _build_fixed_part(record)
    _fixed.pop(record.game_id, None)
    _fixed[record.game_id] = (record, message)
    while len(_fixed) > FIXED_PARTS:  # the oldest entries go first
        del _fixed[next(iter(_fixed))]
    return message


def _build_fixed_part(record: GameRecord) -> pb.Game:
    message = pb.Game(
        game_id=record.game_id,
        game_type=record.game_type,
        seats=[seat(record, i, s) for i, s in enumerate(record.seats)],
        options=record.options,
        create_time=_timestamp(record.create_time),
        rematch_of=record.rematch_of,
    )
    if record.clock_turn:
        message.clock.per_turn.CopyFrom(_duration(record.clock_turn))
        message.clock.reserve.CopyFrom(_duration(record.clock_reserve))
    return message


def seat(record: GameRecord, n: int, s: SeatRecord) -> pb.Seat:
    """One seat: who plays it and, in a clocked game, its time left."""
    message = pb.Seat(
        seat=n,
        display_name=s.display_name,
        occupied=s.occupied,
        bot=s.bot,
        bot_level=s.bot_level,
        resigned=s.resigned,
        state=SEAT_STATE[s.state],
        player_id=s.player_id,
    )
    if record.clock_turn:
        message.reserve_left.CopyFrom(_duration(s.reserve_left(record.clock_reserve)))
        if s.turn_start:
            message.turn_deadline.CopyFrom(_timestamp(s.turn_start + record.clock_turn))
    return message


def _timestamp(seconds: float) -> Timestamp:
    stamp = Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


def _duration(seconds: float) -> Duration:
    duration = Duration()
    duration.FromNanoseconds(int(seconds * 1e9))
    return duration


def clock(message: pb.TurnClock) -> tuple[float, float]:
    """A requested clock as validated (seconds per turn, reserve seconds)."""
    per_turn = validation.duration("clock.per_turn", message.per_turn.seconds, message.per_turn.nanos)
    reserve = validation.duration("clock.reserve", message.reserve.seconds, message.reserve.nanos)
    return validation.clock(per_turn, reserve)


def waiting_reason(record: GameRecord) -> str:
    """Why a WAITING game has not started: free seats, and bot seats no bot worker holds yet."""
    if record.status is not GameStatus.WAITING:
        return ""
    players = sum(s.state is SeatState.OPEN for s in record.seats)
    reserved = sum(s.state is SeatState.RESERVED for s in record.seats)
    bots = [s.bot_level for s in record.seats if s.bot and not s.occupied]
    parts = []
    if players:
        parts.append(f"{players} more player" + ("" if players == 1 else "s"))
    if reserved:
        players_of = f"{reserved} player" + ("" if reserved == 1 else "s")
        parts.append(f"{players_of} of the last game to ask for their seat (Rematch)")
    if bots:
        seats = f"{len(bots)} bot seat" + ("" if len(bots) == 1 else "s")
        parts.append(f"a bot worker for {seats} ({', '.join(sorted(set(bots)))})")
    return "waiting for " + " and ".join(parts)


def typed_action(wire: Any, action: Any) -> pb.Action:
    message = pb.Action()
    if wire.oneof_field:
        getattr(message, wire.oneof_field).CopyFrom(wire.action_to_proto(action))
    return message


def legal_action(wire: Any, action: Any, names: Sequence[str] = ()) -> pb.LegalAction:
    """One legal action: its id, its label with the players' ``names``, its kind and targets."""
    return pb.LegalAction(
        id=action.id,
        label=with_names(action.label, names),
        action=typed_action(wire, action),
        kind=getattr(action, "kind", ""),  # games not yet declared with engine/core/actions.py have none
        targets=getattr(action, "targets", ()),
    )


def view(wire: Any, record: GameRecord, seat: int | None, observation: Any) -> pb.GameView:
    message = pb.GameView(game=game(record), your_seat=-1 if seat is None else seat)
    if wire.oneof_field:
        getattr(message, wire.oneof_field).CopyFrom(wire.view_to_proto(observation))
    return message


def event(wire: Any, served: ServedEvent, names: Sequence[str] = ()) -> pb.GameEvent:
    """One event, its label with the players' ``names`` (engine labels say "Player N")."""
    e = served.event
    label = with_names(e.label, names)
    message = pb.GameEvent(
        event_id=served.event_id, version=served.version, seat=e.seat, kind=e.kind, label=label
    )
    typed = wire.oneof_field and e.kind not in SERVER_EVENT_KINDS
    payload = wire.event_to_proto(e) if typed else None
    if payload is not None:
        getattr(message, wire.oneof_field).CopyFrom(payload)
    return message
