"""The zythos.v1.MatchmakingService servicer: tickets, protobuf in and out.

Like ``server.api.game_service``, it only translates: the ticket tokens come from
the ``authorization`` metadata, CreateTicket's player token is checked by
``server.players.accounts``, the work is in ``server.matchmaking.matcher``, and
domain errors become statuses with an ErrorInfo (``server.api.calls.unary``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import grpc
from google.protobuf import timestamp_pb2

from server.api import messages, status
from server.api.calls import Drain, as_game_error, bearer_token, client_address, unary
from server.domain import validation
from server.domain.errors import GameError
from server.matchmaking.matcher import Matchmaker, NewTicket, public_status
from server.players.accounts import Players
from server.store import StoreUnavailable
from server.store.match_base import Ticket, TicketStatus
from server.streams.admission import StreamAdmission, StreamLimits
from zythos.v1 import matchmaking_service_pb2 as mm_pb
from zythos.v1 import matchmaking_service_pb2_grpc as mm_grpc

_STATUS = {
    TicketStatus.SEARCHING: mm_pb.TICKET_STATUS_SEARCHING,
    TicketStatus.MATCHED: mm_pb.TICKET_STATUS_MATCHED,
    TicketStatus.CANCELLED: mm_pb.TICKET_STATUS_CANCELLED,
    TicketStatus.EXPIRED: mm_pb.TICKET_STATUS_EXPIRED,
}
Context = grpc.aio.ServicerContext[Any, Any]


def _from_ms(millis: int) -> timestamp_pb2.Timestamp:
    stamp = timestamp_pb2.Timestamp()
    stamp.FromMilliseconds(millis)
    return stamp


def ticket_message(ticket: Ticket) -> mm_pb.Ticket:
    request, seating = ticket.request, ticket.seating
    message = mm_pb.Ticket(
        ticket_id=request.ticket_id,
        status=_STATUS[public_status(ticket)],
        game_type=request.game_type,
        players=request.players,
        options=request.options,
        waiting=ticket.waiting,
        create_time=_from_ms(ticket.create_ms),
        player_id=request.player_id,
    )
    if ticket.end_ms:
        message.end_time.CopyFrom(_from_ms(ticket.end_ms))
    if request.clock_turn:
        message.clock.per_turn.FromNanoseconds(int(request.clock_turn * 1e9))
        message.clock.reserve.FromNanoseconds(int(request.clock_reserve * 1e9))
    if seating is not None:
        message.game_id, message.seat, message.seat_token = seating.game_id, seating.seat, seating.seat_token
        message.bot_filled = seating.bot_filled
    return message


class MatchmakingService(mm_grpc.MatchmakingServiceServicer):
    """MatchmakingService over a ``Matchmaker``; CreateTicket's player token is checked by ``Players``."""

    def __init__(
        self,
        matchmaker: Matchmaker,
        players: Players,
        drain: Drain | None = None,
        watch_limits: StreamLimits | None = None,
    ) -> None:
        self._matchmaker = matchmaker
        self._players = players
        self._drain = drain or Drain()
        self._watches = StreamAdmission(watch_limits or StreamLimits(), "ticket watches")

    @unary
    async def CreateTicket(
        self, request: mm_pb.CreateTicketRequest, context: Context
    ) -> mm_pb.CreateTicketResponse:
        player_id = await self._players.authenticate(bearer_token(context))
        fill = request.bot_fill_after
        asked = NewTicket(
            request.game_type,
            request.players,
            dict(request.options),
            request.display_name,
            validation.duration("bot_fill_after", fill.seconds, fill.nanos),
            request.bot_level,
            player_id,
            messages.clock(request.clock),
        )
        ticket, token = await self._matchmaker.create(asked)
        return mm_pb.CreateTicketResponse(ticket=ticket_message(ticket), ticket_token=token)

    @unary
    async def GetTicket(self, request: mm_pb.GetTicketRequest, context: Context) -> mm_pb.GetTicketResponse:
        ticket = await self._matchmaker.get(request.ticket_id, bearer_token(context))
        return mm_pb.GetTicketResponse(ticket=ticket_message(ticket))

    async def WatchTicket(
        self, request: mm_pb.WatchTicketRequest, context: Context
    ) -> AsyncIterator[mm_pb.WatchTicketResponse]:
        stop, client = self._drain.started, client_address(context)
        try:
            self._watches.admit(client)
            try:
                async for ticket in self._matchmaker.watch(request.ticket_id, bearer_token(context), stop):
                    yield mm_pb.WatchTicketResponse(ticket=ticket_message(ticket))
                if stop.is_set():  # ended by the drain, not by the ticket: the client watches elsewhere
                    raise self._drain.error()
            finally:
                self._watches.leave(client)
        except (GameError, StoreUnavailable) as exc:
            await status.abort(context, as_game_error(exc))

    @unary
    async def CancelTicket(
        self, request: mm_pb.CancelTicketRequest, context: Context
    ) -> mm_pb.CancelTicketResponse:
        ticket = await self._matchmaker.cancel(request.ticket_id, bearer_token(context))
        return mm_pb.CancelTicketResponse(ticket=ticket_message(ticket))
