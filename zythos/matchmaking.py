"""``MatchmakingClient``: PlayerService and MatchmakingService over a ``ZythosClient``'s channel.

It keeps the player token and each ticket's token, sends the right one
with every call, and raises ``ZythosError`` like ``ZythosClient``::

    async with ZythosClient("localhost:50051") as games:
        mm = MatchmakingClient(games)
        await mm.create_player("Ann")
        ticket = await mm.create_ticket("tbbr_dice", 2, "Ann", bot_fill_after=2.0)
        async for update in mm.watch_ticket(ticket.ticket_id):
            ...
        # once MATCHED, ``games`` holds the seat token of update.game_id
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

import grpc
from google.protobuf import duration_pb2

from zythos.client import ZythosClient, ZythosError
from zythos.v1 import matchmaking_service_pb2 as mm_pb
from zythos.v1 import matchmaking_service_pb2_grpc as mm_grpc
from zythos.v1 import player_service_pb2 as player_pb
from zythos.v1 import player_service_pb2_grpc as player_grpc


def _duration(seconds: float) -> duration_pb2.Duration:
    duration = duration_pb2.Duration()
    duration.FromNanoseconds(int(seconds * 1e9))
    return duration


def _bearer(token: str | None) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),) if token else ()


class MatchmakingClient:
    """Players and tickets for one ``ZythosClient`` (whose player token it sets and seat tokens it fills)."""

    def __init__(self, games: ZythosClient) -> None:
        self.games = games
        self.players = player_grpc.PlayerServiceStub(games.channel)
        self.stub = mm_grpc.MatchmakingServiceStub(games.channel)
        self.ticket_tokens: dict[str, str] = {}

    async def _call(self, method: Any, request: Any, metadata: Sequence[tuple[str, str]] = ()) -> Any:
        try:
            return await method(request, metadata=tuple(metadata))
        except grpc.aio.AioRpcError as error:
            raise ZythosError.from_rpc_error(error) from None

    async def create_player(self, display_name: str) -> player_pb.Player:
        """Register a player; its token is used from now on for games and tickets."""
        request = player_pb.CreatePlayerRequest(display_name=display_name)
        response: player_pb.CreatePlayerResponse = await self._call(self.players.CreatePlayer, request)
        self.games.player_token = response.player_token
        return response.player

    async def get_player(self, player_id: str) -> player_pb.Player:
        request = player_pb.GetPlayerRequest(player_id=player_id)
        response: player_pb.GetPlayerResponse = await self._call(self.players.GetPlayer, request)
        return response.player

    async def create_ticket(
        self,
        game_type: str,
        players: int,
        display_name: str,
        *,
        bot_fill_after: float = 0.0,
        bot_level: str = "",
        options: Mapping[str, str] | None = None,
        clock: tuple[float, float] | None = None,
    ) -> mm_pb.Ticket:
        """Start searching (as the player, when one was created); the ticket's token is kept.

        ``clock`` is (seconds per turn, reserve seconds) for a game with a turn clock.
        """
        request = mm_pb.CreateTicketRequest(
            game_type=game_type,
            players=players,
            options=dict(options or {}),
            display_name=display_name,
            bot_fill_after=_duration(bot_fill_after),
            bot_level=bot_level,
        )
        if clock is not None:
            request.clock.per_turn.CopyFrom(_duration(clock[0]))
            request.clock.reserve.CopyFrom(_duration(clock[1]))
        response: mm_pb.CreateTicketResponse = await self._call(
            self.stub.CreateTicket, request, _bearer(self.games.player_token)
        )
        self.ticket_tokens[response.ticket.ticket_id] = response.ticket_token
        return response.ticket

    def _token(self, ticket_id: str, token: str | None) -> tuple[tuple[str, str], ...]:
        return _bearer(token if token is not None else self.ticket_tokens.get(ticket_id))

    def _seen(self, ticket: mm_pb.Ticket) -> mm_pb.Ticket:
        if ticket.status == mm_pb.TICKET_STATUS_MATCHED:
            self.games.tokens[ticket.game_id] = ticket.seat_token
        return ticket

    async def get_ticket(self, ticket_id: str, token: str | None = None) -> mm_pb.Ticket:
        request = mm_pb.GetTicketRequest(ticket_id=ticket_id)
        response: mm_pb.GetTicketResponse = await self._call(
            self.stub.GetTicket, request, self._token(ticket_id, token)
        )
        return self._seen(response.ticket)

    async def watch_ticket(self, ticket_id: str, token: str | None = None) -> AsyncIterator[mm_pb.Ticket]:
        """The ticket's updates until it ends (a MATCHED ticket's seat token goes to ``games``)."""
        request = mm_pb.WatchTicketRequest(ticket_id=ticket_id)
        call = self.stub.WatchTicket(request, metadata=self._token(ticket_id, token))
        try:
            async for response in call:
                yield self._seen(response.ticket)
        except grpc.aio.AioRpcError as error:
            raise ZythosError.from_rpc_error(error) from None
        finally:
            call.cancel()

    async def matched(self, ticket_id: str) -> mm_pb.Ticket:
        """Watch the ticket to its end and return it there."""
        updates = [ticket async for ticket in self.watch_ticket(ticket_id)]
        return updates[-1]

    async def cancel_ticket(self, ticket_id: str, token: str | None = None) -> mm_pb.Ticket:
        request = mm_pb.CancelTicketRequest(ticket_id=ticket_id)
        response: mm_pb.CancelTicketResponse = await self._call(
            self.stub.CancelTicket, request, self._token(ticket_id, token)
        )
        return response.ticket
