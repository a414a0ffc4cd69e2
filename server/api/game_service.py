"""The zythos.v1.GameService servicer: protobuf in, domain call, protobuf out.

It holds no game logic. It reads the seat token from the ``authorization``
metadata, maps requests onto ``Sessions`` and answers with the messages built
by ``server.api.messages`` and each game's wire module. Domain errors become
statuses with an ErrorInfo detail (``server.api.status``).
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import grpc

from engine.core import registry
from server.api import messages, status
from server.api.calls import Drain, as_game_error, bearer_token, client_address, unary
from server.domain import validation
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord
from server.players.accounts import Players
from server.sessions.facade import ServedEvent, Sessions
from server.sessions.model import TypedAction

if TYPE_CHECKING:
    from server.bots.dispatcher import BotDispatcher
from server.store import StoreUnavailable
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import game_service_pb2_grpc as pb_grpc


def _stream_response(wire: Any, served: ServedEvent, names: list[str]) -> pb.StreamEventsResponse:
    """The message for an event, built once however many streams send it (the fan-out's cost)."""
    response: pb.StreamEventsResponse | None = served.wire_cache.get("stream")
    if response is None:
        response = pb.StreamEventsResponse(event=messages.event(wire, served, names))
        served.wire_cache["stream"] = response
    return response


@functools.cache
def _game_types_by_arm() -> dict[str, str]:
    """The game type of each arm of ``Action.game``: a typed action names its game."""
    return {registry.wire(g.name).oneof_field: g.name for g in registry.all_games() if g.wire_module}


def _typed_action(message: pb.Action) -> TypedAction:
    """The engine action a typed message carries, with its game type (the commit checks it)."""
    arm = message.WhichOneof("game")
    game_type = _game_types_by_arm().get(arm or "")
    if game_type is None:
        raise GameError(Reason.UNKNOWN_ACTION, "a typed action names its game: set one arm of Action.game")
    try:
        return TypedAction(game_type, registry.wire(game_type).action_from_proto(getattr(message, arm or "")))
    except ValueError as exc:
        raise GameError(Reason.UNKNOWN_ACTION, f"malformed action: {validation.quoted(str(exc))}") from None


class GameService(pb_grpc.GameServiceServicer):
    """GameService over a ``Sessions`` domain object."""

    def __init__(
        self,
        sessions: Sessions,
        drain: Drain | None = None,
        bots: BotDispatcher | None = None,
        players: Players | None = None,
    ) -> None:
        self._sessions = sessions
        self._drain = drain or Drain()
        self._bots = bots
        self._players = players or Players(sessions.store.match_store())

    @unary
    async def ListGameTypes(
        self,
        request: pb.ListGameTypesRequest,
        context: grpc.aio.ServicerContext[pb.ListGameTypesRequest, pb.ListGameTypesResponse],
    ) -> pb.ListGameTypesResponse:
        return pb.ListGameTypesResponse(
            game_types=[messages.game_type(g) for g in self._sessions.game_types()]
        )

    @unary
    async def CreateGame(
        self,
        request: pb.CreateGameRequest,
        context: grpc.aio.ServicerContext[pb.CreateGameRequest, pb.CreateGameResponse],
    ) -> pb.CreateGameResponse:
        seated = await self._sessions.create(
            request.game_type,
            request.players,
            dict(request.options),
            request.display_name,
            bots=[(b.seat, b.level) for b in request.bots],
            clock=messages.clock(request.clock),
            player_id=await self._players.authenticate(bearer_token(context)),
        )
        record = await self._with_bots(seated.record) if request.bots else seated.record
        return pb.CreateGameResponse(game=messages.game(record), seat=seated.seat, seat_token=seated.token)

    async def _with_bots(self, record: GameRecord) -> GameRecord:
        """The game once its bot seats are queued: a connected worker may take them (and start it) now."""
        if self._bots is None:
            return record
        await self._bots.want(record)
        return await self._sessions.get(record.game_id)

    @unary
    async def JoinGame(
        self,
        request: pb.JoinGameRequest,
        context: grpc.aio.ServicerContext[pb.JoinGameRequest, pb.JoinGameResponse],
    ) -> pb.JoinGameResponse:
        player_id = await self._players.authenticate(bearer_token(context))
        seated = await self._sessions.join(request.game_id, request.display_name, player_id)
        return pb.JoinGameResponse(
            game=messages.game(seated.record), seat=seated.seat, seat_token=seated.token
        )

    @unary
    async def GetGame(
        self,
        request: pb.GetGameRequest,
        context: grpc.aio.ServicerContext[pb.GetGameRequest, pb.GetGameResponse],
    ) -> pb.GetGameResponse:
        return pb.GetGameResponse(game=messages.game(await self._sessions.get(request.game_id)))

    @unary
    async def ListGames(
        self,
        request: pb.ListGamesRequest,
        context: grpc.aio.ServicerContext[pb.ListGamesRequest, pb.ListGamesResponse],
    ) -> pb.ListGamesResponse:
        if request.status and request.status not in messages.STATUS_FROM_PROTO:
            raise validation.invalid("status", f"unknown status {request.status}")
        page = await self._sessions.list_games(
            request.game_type,
            messages.STATUS_FROM_PROTO.get(request.status),
            request.page_size,
            request.page_token,
        )
        return pb.ListGamesResponse(
            games=[messages.game(r) for r in page.records], next_page_token=page.next_page_token
        )

    @unary
    async def GetView(
        self,
        request: pb.GetViewRequest,
        context: grpc.aio.ServicerContext[pb.GetViewRequest, pb.GetViewResponse],
    ) -> pb.GetViewResponse:
        view = await self._sessions.view(request.game_id, bearer_token(context))
        wire = registry.wire(view.record.game_type)
        return pb.GetViewResponse(view=messages.view(wire, view.record, view.seat, view.observation))

    @unary
    async def ListLegalActions(
        self,
        request: pb.ListLegalActionsRequest,
        context: grpc.aio.ServicerContext[pb.ListLegalActionsRequest, pb.ListLegalActionsResponse],
    ) -> pb.ListLegalActionsResponse:
        record, actions = await self._sessions.legal_actions(request.game_id, bearer_token(context))
        wire = registry.wire(record.game_type)
        names = messages.seat_names(record)
        return pb.ListLegalActionsResponse(
            version=record.version, actions=[messages.legal_action(wire, a, names) for a in actions]
        )

    @unary
    async def SubmitAction(
        self,
        request: pb.SubmitActionRequest,
        context: grpc.aio.ServicerContext[pb.SubmitActionRequest, pb.SubmitActionResponse],
    ) -> pb.SubmitActionResponse:
        token = bearer_token(context)
        choice = request.WhichOneof("choice")
        action_id: str | None = None
        action: TypedAction | None = None
        if choice == "action_id":
            action_id = request.action_id
        elif choice == "action":
            action = _typed_action(request.action)
        else:
            raise validation.invalid("choice", "set action_id or action")
        submitted = await self._sessions.submit(
            request.game_id,
            token,
            expected_version=request.expected_version,
            request_id=request.request_id,
            action_id=action_id,
            action=action,
        )
        wire = registry.wire(submitted.record.game_type)
        names = messages.seat_names(submitted.record)
        return pb.SubmitActionResponse(
            game=messages.game(submitted.record),
            events=[messages.event(wire, e, names) for e in submitted.events],
        )

    async def StreamEvents(
        self,
        request: pb.StreamEventsRequest,
        context: grpc.aio.ServicerContext[pb.StreamEventsRequest, pb.StreamEventsResponse],
    ) -> AsyncIterator[pb.StreamEventsResponse]:
        try:
            if self._drain.started.is_set():
                raise self._drain.error()
            record, events = await self._sessions.events(
                request.game_id, bearer_token(context), request.after_event_id, client_address(context)
            )
            wire = registry.wire(record.game_type)
            names = messages.seat_names(record)
            async for served in events:
                yield _stream_response(wire, served, names)
        except (GameError, StoreUnavailable) as exc:
            await status.abort(context, as_game_error(exc))

    @unary
    async def LeaveGame(
        self,
        request: pb.LeaveGameRequest,
        context: grpc.aio.ServicerContext[pb.LeaveGameRequest, pb.LeaveGameResponse],
    ) -> pb.LeaveGameResponse:
        record = await self._sessions.leave(request.game_id, bearer_token(context))
        if self._bots is not None and any(seat.resigned and seat.bot for seat in record.seats):
            await self._bots.want(record)  # a resigned seat is played on by a bot
        return pb.LeaveGameResponse(game=messages.game(record))

    @unary
    async def ReclaimSeat(
        self,
        request: pb.ReclaimSeatRequest,
        context: grpc.aio.ServicerContext[pb.ReclaimSeatRequest, pb.ReclaimSeatResponse],
    ) -> pb.ReclaimSeatResponse:
        record = await self._sessions.reclaim(request.game_id, bearer_token(context))
        return pb.ReclaimSeatResponse(game=messages.game(record))

    @unary
    async def Rematch(
        self,
        request: pb.RematchRequest,
        context: grpc.aio.ServicerContext[pb.RematchRequest, pb.RematchResponse],
    ) -> pb.RematchResponse:
        seated = await self._sessions.rematch(request.game_id, bearer_token(context))
        record = await self._with_bots(seated.record)
        return pb.RematchResponse(game=messages.game(record), seat=seated.seat, seat_token=seated.token)
