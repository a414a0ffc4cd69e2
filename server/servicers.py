"""The zythos.v1.GameService servicer: protobuf in, domain call, protobuf out.

It holds no game logic. It reads the seat token from the ``authorization``
metadata, maps requests onto ``Sessions`` and answers with the messages built
by ``server.convert`` and each game's wire module. Domain errors become
statuses with an ErrorInfo detail (``server.errors``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import grpc

from engine.core import registry
from server import convert, errors, validation
from server.players import Players
from server.reasons import GameError, Reason
from server.records import GameRecord
from server.sessions import ServedEvent, Sessions

if TYPE_CHECKING:
    from server.bots import BotDispatcher
from server.store import StoreFull, StoreUnavailable
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import game_service_pb2_grpc as pb_grpc

log = logging.getLogger(__name__)

Request = TypeVar("Request")
Response = TypeVar("Response")
Unary = Callable[[Any, Request, grpc.aio.ServicerContext[Any, Any]], Awaitable[Response]]


def as_game_error(exc: Exception) -> GameError:
    if isinstance(exc, GameError):
        return exc
    if isinstance(exc, StoreFull):
        log.error("session store full: %s", exc)
        return GameError(Reason.STORE_FULL, "the session store is full and refuses new writes; retry later")
    log.warning("session store unavailable: %s", exc)
    return GameError(Reason.STORE_UNAVAILABLE, "the session store is unavailable; retry shortly")


def _unary(method: Unary[Request, Response]) -> Unary[Request, Response]:
    """Answer domain errors and store outages with their status instead of UNKNOWN."""

    @functools.wraps(method)
    async def wrapper(self: Any, request: Request, context: grpc.aio.ServicerContext[Any, Any]) -> Response:
        try:
            return await method(self, request, context)
        except (GameError, StoreUnavailable) as exc:
            await errors.abort(context, as_game_error(exc))
            raise AssertionError("abort returned") from exc

    return wrapper


# The decorator for every unary method, this module's and the player and matchmaking servicers'.
unary = _unary


def bearer_token(context: grpc.aio.ServicerContext[Any, Any]) -> str | None:
    """The seat token from ``authorization: Bearer <token>``; ``None`` for a spectator."""
    value = next((v for k, v in context.invocation_metadata() or () if k == "authorization"), None)
    if value is None:
        return None
    scheme, _, token = str(value).partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise GameError(Reason.UNAUTHENTICATED, "authorization must be `Bearer <seat token>`")
    return token.strip()


def _stream_response(wire: Any, served: ServedEvent) -> pb.StreamEventsResponse:
    """The message for an event, built once however many streams send it (the fan-out's cost)."""
    response: pb.StreamEventsResponse | None = served.wire_cache.get("stream")
    if response is None:
        response = pb.StreamEventsResponse(event=convert.event(wire, served))
        served.wire_cache["stream"] = response
    return response


def client_address(context: grpc.aio.ServicerContext[Any, Any]) -> str:
    """The caller's address without its port (``ipv4:10.0.0.7``): what per-client limits count."""
    peer = context.peer() or ""
    host, _, port = peer.rpartition(":")
    return host if host and port.isdigit() else peer


class Drain:
    """Set when the server starts shutting down: open streams end so clients resume elsewhere."""

    def __init__(self) -> None:
        self.started = asyncio.Event()

    def error(self) -> GameError:
        return GameError(Reason.DRAINING, "this server is shutting down; reconnect and resume")

    def refusing(self) -> GameError | None:
        """``DRAINING`` once the drain started: new calls are answered UNAVAILABLE, not served."""
        return self.error() if self.started.is_set() else None


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

    @_unary
    async def ListGameTypes(
        self,
        request: pb.ListGameTypesRequest,
        context: grpc.aio.ServicerContext[pb.ListGameTypesRequest, pb.ListGameTypesResponse],
    ) -> pb.ListGameTypesResponse:
        return pb.ListGameTypesResponse(
            game_types=[convert.game_type(g) for g in self._sessions.game_types()]
        )

    @_unary
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
            clock=convert.clock(request.clock),
            player_id=await self._players.authenticate(bearer_token(context)),
        )
        record = await self._with_bots(seated.record) if request.bots else seated.record
        return pb.CreateGameResponse(game=convert.game(record), seat=seated.seat, seat_token=seated.token)

    async def _with_bots(self, record: GameRecord) -> GameRecord:
        """The game once its bot seats are queued: a connected worker may take them (and start it) now."""
        if self._bots is None:
            return record
        await self._bots.want(record)
        return await self._sessions.get(record.game_id)

    @_unary
    async def JoinGame(
        self,
        request: pb.JoinGameRequest,
        context: grpc.aio.ServicerContext[pb.JoinGameRequest, pb.JoinGameResponse],
    ) -> pb.JoinGameResponse:
        player_id = await self._players.authenticate(bearer_token(context))
        seated = await self._sessions.join(request.game_id, request.display_name, player_id)
        return pb.JoinGameResponse(
            game=convert.game(seated.record), seat=seated.seat, seat_token=seated.token
        )

    @_unary
    async def GetGame(
        self,
        request: pb.GetGameRequest,
        context: grpc.aio.ServicerContext[pb.GetGameRequest, pb.GetGameResponse],
    ) -> pb.GetGameResponse:
        return pb.GetGameResponse(game=convert.game(await self._sessions.get(request.game_id)))

    @_unary
    async def ListGames(
        self,
        request: pb.ListGamesRequest,
        context: grpc.aio.ServicerContext[pb.ListGamesRequest, pb.ListGamesResponse],
    ) -> pb.ListGamesResponse:
        if request.status and request.status not in convert.STATUS_FROM_PROTO:
            raise validation.invalid("status", f"unknown status {request.status}")
        page = await self._sessions.list_games(
            request.game_type,
            convert.STATUS_FROM_PROTO.get(request.status),
            request.page_size,
            request.page_token,
        )
        return pb.ListGamesResponse(
            games=[convert.game(r) for r in page.records], next_page_token=page.next_page_token
        )

    @_unary
    async def GetView(
        self,
        request: pb.GetViewRequest,
        context: grpc.aio.ServicerContext[pb.GetViewRequest, pb.GetViewResponse],
    ) -> pb.GetViewResponse:
        view = await self._sessions.view(request.game_id, bearer_token(context))
        wire = registry.wire(view.record.game_type)
        return pb.GetViewResponse(view=convert.view(wire, view.record, view.seat, view.observation))

    @_unary
    async def ListLegalActions(
        self,
        request: pb.ListLegalActionsRequest,
        context: grpc.aio.ServicerContext[pb.ListLegalActionsRequest, pb.ListLegalActionsResponse],
    ) -> pb.ListLegalActionsResponse:
        record, actions = await self._sessions.legal_actions(request.game_id, bearer_token(context))
        wire = registry.wire(record.game_type)
        return pb.ListLegalActionsResponse(
            version=record.version, actions=[convert.legal_action(wire, a) for a in actions]
        )

    @_unary
    async def SubmitAction(
        self,
        request: pb.SubmitActionRequest,
        context: grpc.aio.ServicerContext[pb.SubmitActionRequest, pb.SubmitActionResponse],
    ) -> pb.SubmitActionResponse:
        token = bearer_token(context)
        choice = request.WhichOneof("choice")
        action_id: str | None = None
        action: Any = None
        if choice == "action_id":
            action_id = request.action_id
        elif choice == "action":
            action = await self._typed_action(request.game_id, request.action)
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
        return pb.SubmitActionResponse(
            game=convert.game(submitted.record), events=[convert.event(wire, e) for e in submitted.events]
        )

    async def _typed_action(self, game_id: str, message: pb.Action) -> Any:
        record = await self._sessions.get(game_id)
        wire = registry.wire(record.game_type)
        arm = message.WhichOneof("game")
        if not wire.oneof_field or arm != wire.oneof_field:
            raise GameError(
                Reason.UNKNOWN_ACTION,
                f"a {record.game_type} game takes action_id or a typed {record.game_type} action",
            )
        try:
            return wire.action_from_proto(getattr(message, arm))
        except ValueError as exc:
            raise GameError(
                Reason.UNKNOWN_ACTION, f"malformed action: {validation.quoted(str(exc))}"
            ) from None

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
            async for served in events:
                yield _stream_response(wire, served)
        except (GameError, StoreUnavailable) as exc:
            await errors.abort(context, as_game_error(exc))

    @_unary
    async def LeaveGame(
        self,
        request: pb.LeaveGameRequest,
        context: grpc.aio.ServicerContext[pb.LeaveGameRequest, pb.LeaveGameResponse],
    ) -> pb.LeaveGameResponse:
        record = await self._sessions.leave(request.game_id, bearer_token(context))
        if self._bots is not None and any(seat.resigned and seat.bot for seat in record.seats):
            await self._bots.want(record)  # a resigned seat is played on by a bot
        return pb.LeaveGameResponse(game=convert.game(record))

    @_unary
    async def ReclaimSeat(
        self,
        request: pb.ReclaimSeatRequest,
        context: grpc.aio.ServicerContext[pb.ReclaimSeatRequest, pb.ReclaimSeatResponse],
    ) -> pb.ReclaimSeatResponse:
        record = await self._sessions.reclaim(request.game_id, bearer_token(context))
        return pb.ReclaimSeatResponse(game=convert.game(record))

    @_unary
    async def Rematch(
        self,
        request: pb.RematchRequest,
        context: grpc.aio.ServicerContext[pb.RematchRequest, pb.RematchResponse],
    ) -> pb.RematchResponse:
        seated = await self._sessions.rematch(request.game_id, bearer_token(context))
        record = await self._with_bots(seated.record)
        return pb.RematchResponse(game=convert.game(record), seat=seated.seat, seat_token=seated.token)
