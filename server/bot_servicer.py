"""The zythos.v1.BotService servicer: bot workers register here and receive seats."""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import AsyncIterator

import grpc

from engine.core import registry
from server import errors, validation
from server.bots import Assignment, BotDispatcher, WorkerOffer
from server.reasons import GameError, Reason
from server.servicers import Drain, bearer_token
from zythos.v1 import bot_service_pb2 as bot_pb
from zythos.v1 import bot_service_pb2_grpc as bot_grpc

MAX_CAPACITY = 1000


class BotService(bot_grpc.BotServiceServicer):
    """Streams seat assignments to workers; a worker's seats return to the pool when its stream ends."""

    def __init__(self, dispatcher: BotDispatcher, secret: str, drain: Drain) -> None:
        self._dispatcher = dispatcher
        self._secret = secret
        self._drain = drain

    async def WatchAssignments(
        self, request: bot_pb.WatchAssignmentsRequest, context: grpc.aio.ServicerContext
    ) -> AsyncIterator[bot_pb.WatchAssignmentsResponse]:
        try:
            self._authenticate(context)
            offer = _offer(request)
            if self._drain.started.is_set():
                raise self._drain.error()
            slot = await self._dispatcher.connect(offer)
            drained = asyncio.ensure_future(self._drain.started.wait())
            following: asyncio.Future[Assignment] | None = None
            try:
                while True:
                    following = asyncio.ensure_future(slot.queue.get())
                    await asyncio.wait({following, drained}, return_when=asyncio.FIRST_COMPLETED)
                    if not following.done():
                        raise self._drain.error()
                    a = following.result()
                    yield bot_pb.WatchAssignmentsResponse(
                        assignment=bot_pb.BotAssignment(
                            game_id=a.game_id, game_type=a.game_type, seat=a.seat,
                            seat_token=a.seat_token, level=a.level,
                        )
                    )
            finally:
                drained.cancel()
                if following is not None:
                    following.cancel()
                # Shielded: a cancelled stream (the worker hung up) must still return its seats.
                await asyncio.shield(self._dispatcher.disconnect(slot))
        except GameError as exc:
            await errors.abort(context, exc)

    def _authenticate(self, context: grpc.aio.ServicerContext) -> None:
        if not self._secret:
            return
        given = bearer_token(context)
        if given is None or not hmac.compare_digest(given.encode(), self._secret.encode()):
            raise GameError(Reason.UNAUTHENTICATED, "bot workers need `authorization: Bearer <bot secret>`")


def _offer(request: bot_pb.WatchAssignmentsRequest) -> WorkerOffer:
    if not 1 <= request.capacity <= MAX_CAPACITY:
        raise validation.invalid("capacity", f"must be 1-{MAX_CAPACITY}, not {request.capacity}")
    known_games = {g.name for g in registry.all_games()}
    for game_type in request.game_types:
        if game_type not in known_games:
            raise validation.invalid("game_types", f"unknown game type {game_type!r}")
    for level in request.levels:
        validation.bot_level(level)
    name = request.worker_name[:64] or "unnamed"
    return WorkerOffer(name, request.capacity, frozenset(request.game_types), frozenset(request.levels))
