"""Domain values -> zythos.v1 messages (the game-agnostic parts; per-game arms come from wire modules)."""

from __future__ import annotations

from typing import Any

from google.protobuf.timestamp_pb2 import Timestamp

from engine.core.game import Game
from server.records import GameRecord, GameStatus
from server.sessions import ServedEvent
from server.steps import SERVER_EVENT_KINDS
from zythos.v1 import game_service_pb2 as pb

STATUS = {
    GameStatus.WAITING: pb.GAME_STATUS_WAITING,
    GameStatus.ACTIVE: pb.GAME_STATUS_ACTIVE,
    GameStatus.FINISHED: pb.GAME_STATUS_FINISHED,
    GameStatus.ABANDONED: pb.GAME_STATUS_ABANDONED,
}
STATUS_FROM_PROTO = {value: key for key, value in STATUS.items()}


def game_type(game: Game) -> pb.GameType:
    return pb.GameType(
        name=game.name,
        title=game.title,
        min_players=game.min_players,
        max_players=game.max_players,
        options=[
            pb.GameOption(
                name=o.name, description=o.description, default_value=o.default, allowed_values=o.choices
            )
            for o in game.options
        ],
    )


def game(record: GameRecord) -> pb.Game:
    """The public summary: never the seeds or token hashes."""
    create_time = Timestamp()
    create_time.FromNanoseconds(int(record.create_time * 1e9))
    return pb.Game(
        game_id=record.game_id,
        game_type=record.game_type,
        status=STATUS[record.status],
        version=record.version,
        seats=[
            pb.Seat(
                seat=i,
                display_name=s.display_name,
                occupied=s.occupied,
                bot=s.bot,
                bot_level=s.bot_level,
                resigned=s.resigned,
            )
            for i, s in enumerate(record.seats)
        ],
        to_act=record.to_act,
        scores=record.scores,
        ranking=record.ranking,
        options=record.options,
        create_time=create_time,
        result=record.result,
        waiting_reason=waiting_reason(record),
    )


def waiting_reason(record: GameRecord) -> str:
    """Why a WAITING game has not started: free seats, and bot seats no bot worker holds yet."""
    if record.status is not GameStatus.WAITING:
        return ""
    players = sum(not s.occupied and not s.bot for s in record.seats)
    bots = [s.bot_level for s in record.seats if s.bot and not s.occupied]
    parts = []
    if players:
        parts.append(f"{players} more player" + ("" if players == 1 else "s"))
    if bots:
        seats = f"{len(bots)} bot seat" + ("" if len(bots) == 1 else "s")
        parts.append(f"a bot worker for {seats} ({', '.join(sorted(set(bots)))})")
    return "waiting for " + " and ".join(parts)


def typed_action(wire: Any, action: Any) -> pb.Action:
    message = pb.Action()
    if wire.oneof_field:
        getattr(message, wire.oneof_field).CopyFrom(wire.action_to_proto(action))
    return message


def legal_action(wire: Any, action: Any) -> pb.LegalAction:
    return pb.LegalAction(id=action.id, label=action.label, action=typed_action(wire, action))


def view(wire: Any, record: GameRecord, seat: int | None, observation: Any) -> pb.GameView:
    message = pb.GameView(game=game(record), your_seat=-1 if seat is None else seat)
    if wire.oneof_field:
        getattr(message, wire.oneof_field).CopyFrom(wire.view_to_proto(observation))
    return message


def event(wire: Any, served: ServedEvent) -> pb.GameEvent:
    e = served.event
    message = pb.GameEvent(
        event_id=served.event_id, version=served.version, seat=e.seat, kind=e.kind, label=e.label
    )
    typed = wire.oneof_field and e.kind not in SERVER_EVENT_KINDS
    payload = wire.event_to_proto(e) if typed else None
    if payload is not None:
        getattr(message, wire.oneof_field).CopyFrom(payload)
    return message
