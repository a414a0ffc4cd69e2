"""The zythos.v1.BotService servicer: bot workers register here and receive seats."""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import AsyncIterator
from typing import Any

import grpc

from engine.core import registry
from server.api import status
from server.api.calls import Drain, bearer_token
from server.bots.dispatcher import Assignment, BotDispatcher, WorkerOffer
from server.domain import validation
from server.domain.errors import GameError, Reason
from server.security.tls import has_client_certificate
from server.store import SeatKey, StoreUnavailable
from zythos.v1 import bot_service_pb2 as bot_pb
from zythos.v1 import bot_service_pb2_grpc as bot_grpc

MAX_CAPACITY = 1000
MAX_HELD = MAX_CAPACITY


class BotService(bot_grpc.BotServiceServicer):
    """Streams seat assignments to authenticated workers while they stay connected."""

    def __init__(
        self, dispatcher: BotDispatcher, secret: str, drain: Drain, *, client_certificates: bool = False
    ) -> None:
        self._dispatcher = dispatcher
        self._secret = secret
        self._drain = drain
        # Mutual TLS for workers: only calls whose connection showed a verified client certificate.
        self._client_certificates = client_certificates

    async def WatchAssignments(
        self,
        request: bot_pb.WatchAssignmentsRequest,
        context: grpc.aio.ServicerContext[bot_pb.WatchAssignmentsRequest, bot_pb.WatchAssignmentsResponse],
    ) -> AsyncIterator[bot_pb.WatchAssignmentsResponse]:
        try:
            self._authenticate(context)
            offer, held = _offer(request), _held(request)
            if self._drain.started.is_set():
                raise self._drain.error()
            slot = await self._dispatcher.connect(offer, held)
            try:
                while True:
                    assignment = await self._next(slot.queue)
                    yield bot_pb.WatchAssignmentsResponse(assignment=_message(assignment))
            finally:
                self._dispatcher.disconnect(slot)
        except (GameError, StoreUnavailable) as exc:
            if isinstance(exc, StoreUnavailable):
                exc = GameError(Reason.STORE_UNAVAILABLE, "the session store is unavailable; retry shortly")
            await status.abort(context, exc)

    async def _next(self, queue: asyncio.Queue[Assignment]) -> Assignment:
        """The next assignment, or DRAINING once the server starts shutting down."""
        following = asyncio.ensure_future(queue.get())
        drained = asyncio.ensure_future(self._drain.started.wait())
        try:
            await asyncio.wait({following, drained}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            drained.cancel()
            following.cancel()
        if following.done() and not following.cancelled():
            return following.result()
        raise self._drain.error()

    def _authenticate(self, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        if self._client_certificates and not has_client_certificate(context.auth_context()):
            raise GameError(
                Reason.UNAUTHENTICATED,
                "bot workers need a client certificate on this server: connect to its bot port (--bot-port)",
            )
        if not self._secret:
            raise GameError(
                Reason.UNAUTHENTICATED,
                "this server accepts no bot workers: it was started without a bot secret "
                "(--bot-secret / ZYTHOS_BOT_SECRET)",
            )
        given = bearer_token(context)
        if given is None or not hmac.compare_digest(given.encode(), self._secret.encode()):
            raise GameError(Reason.UNAUTHENTICATED, "bot workers need `authorization: Bearer <bot secret>`")


def _message(a: Assignment) -> bot_pb.BotAssignment:
    return bot_pb.BotAssignment(
        game_id=a.game_id, game_type=a.game_type, seat=a.seat, seat_token=a.seat_token, level=a.level
    )


def _offer(request: bot_pb.WatchAssignmentsRequest) -> WorkerOffer:
    if not 1 <= request.capacity <= MAX_CAPACITY:
        raise validation.invalid("capacity", f"must be 1-{MAX_CAPACITY}, not {request.capacity}")
    known_games = [g.name for g in registry.all_games()]
    for game_type in request.game_types:
        if game_type not in known_games:
            raise validation.invalid("game_types", f"unknown game type {game_type!r}")
    for level in request.levels:
        validation.bot_level(level)
    if len(request.worker_id) > 64:
        raise validation.invalid("worker_id", "at most 64 characters")
    games = list(request.game_types) or known_games
    levels = list(request.levels) or list(validation.BOT_LEVELS)
    kinds = tuple((game, level) for game in games for level in levels)
    name = request.worker_name[:64] or "unnamed"
    if request.worker_id:
        return WorkerOffer(name, request.capacity, kinds, f"worker-{request.worker_id}")
    return WorkerOffer(name, request.capacity, kinds)


def _held(request: bot_pb.WatchAssignmentsRequest) -> list[SeatKey]:
    if len(request.held) > MAX_HELD:
        raise validation.invalid("held", f"at most {MAX_HELD} seats")
    most = max(g.max_players for g in registry.all_games())
    for held in request.held:
        validation.game_id(held.game_id)
        if not 0 <= held.seat < most:
            raise validation.invalid("held", f"seat {held.seat} is not a seat (0-{most - 1})")
    return [(held.game_id, held.seat) for held in request.held]
