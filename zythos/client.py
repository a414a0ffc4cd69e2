"""``ZythosClient``: a small async client for zythos.v1.GameService.

It keeps the seat tokens that CreateGame and JoinGame return and sends the
right one with every call for that game, and it raises ``ZythosError`` with
the ErrorInfo ``reason`` so callers can switch on it::

    async with ZythosClient("localhost:50051") as client:
        created = await client.create_game("tbbr_dice", players=2, display_name="Ann")
        actions = await client.list_legal_actions(created.game.game_id)
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Mapping, Sequence
from types import TracebackType
from typing import Any

import grpc

from zythos.channel import balanced_channel
from zythos.status_details import STATUS_DETAILS_KEY, parse_status_details
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import game_service_pb2_grpc as pb_grpc


class ZythosError(Exception):
    """A failed call: the gRPC ``code``, the ErrorInfo ``reason`` (empty if none) and its metadata.

    ``field_violations`` maps each request field a BadRequest detail names to what is wrong with it.
    """

    def __init__(
        self,
        code: grpc.StatusCode,
        reason: str,
        message: str,
        metadata: Mapping[str, str],
        field_violations: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(f"{code.name} {reason}: {message}" if reason else f"{code.name}: {message}")
        self.code = code
        self.reason = reason
        self.message = message
        self.metadata = dict(metadata)
        self.field_violations = dict(field_violations or {})

    @staticmethod
    def from_rpc_error(error: grpc.aio.AioRpcError) -> ZythosError:
        for key, value in error.trailing_metadata() or ():
            if key == STATUS_DETAILS_KEY and isinstance(value, bytes):
                found = parse_status_details(value)
                return ZythosError(
                    error.code(), found.reason, error.details() or "", found.metadata, found.field_violations
                )
        return ZythosError(error.code(), "", error.details() or "", {})


class ZythosClient:
    """Async GameService client over one channel; holds seat tokens by game id."""

    def __init__(
        self,
        target: str | None = None,
        *,
        channel: grpc.aio.Channel | None = None,
        options: Sequence[tuple[str, Any]] = (),
        credentials: grpc.ChannelCredentials | None = None,
    ) -> None:
        """``credentials``: TLS (``zythos.channel.tls_credentials``); plaintext without."""
        if channel is None:
            if target is None:
                raise ValueError("give a target such as 'localhost:50051' or a channel")
            channel = balanced_channel(target, credentials=credentials, options=options)
        self.channel = channel
        self.stub = pb_grpc.GameServiceStub(channel)
        self.tokens: dict[str, str] = {}
        # A PlayerService token sent with CreateGame and JoinGame, so the seats taken are the player's.
        self.player_token: str | None = None

    async def __aenter__(self) -> ZythosClient:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        await self.channel.close()

    def _metadata(self, game_id: str, token: str | None) -> tuple[tuple[str, str], ...]:
        token = token if token is not None else self.tokens.get(game_id)
        return (("authorization", f"Bearer {token}"),) if token else ()

    def _as_player(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.player_token}"),) if self.player_token else ()

    async def _call(self, method: Any, request: Any, metadata: Sequence[tuple[str, str]] = ()) -> Any:
        try:
            return await method(request, metadata=tuple(metadata))
        except grpc.aio.AioRpcError as error:
            raise ZythosError.from_rpc_error(error) from None

    async def list_game_types(self) -> list[pb.GameType]:
        response = await self._call(self.stub.ListGameTypes, pb.ListGameTypesRequest())
        return list(response.game_types)

    async def create_game(
        self,
        game_type: str,
        players: int,
        display_name: str,
        options: Mapping[str, str] | None = None,
        bots: Mapping[int, str] | None = None,
        clock: pb.TurnClock | None = None,
    ) -> pb.CreateGameResponse:
        """Open a game; its seat token is kept for later calls on it.

        ``bots`` maps seats to bot levels ("easy", "medium", "hard") for seats
        that bot workers play from the start; ``clock`` gives the human seats
        a turn clock.
        """
        request = pb.CreateGameRequest(
            game_type=game_type,
            players=players,
            options=dict(options or {}),
            display_name=display_name,
            bots=[pb.BotSeat(seat=seat, level=level) for seat, level in sorted((bots or {}).items())],
            clock=clock,
        )
        response: pb.CreateGameResponse = await self._call(self.stub.CreateGame, request, self._as_player())
        self.tokens[response.game.game_id] = response.seat_token
        return response

    async def join_game(self, game_id: str, display_name: str) -> pb.JoinGameResponse:
        """Take a free seat; its token is kept (replacing any other seat token of this client there)."""
        request = pb.JoinGameRequest(game_id=game_id, display_name=display_name)
        response: pb.JoinGameResponse = await self._call(self.stub.JoinGame, request, self._as_player())
        self.tokens[game_id] = response.seat_token
        return response

    async def get_game(self, game_id: str) -> pb.Game:
        response: pb.GetGameResponse = await self._call(self.stub.GetGame, pb.GetGameRequest(game_id=game_id))
        return response.game

    async def list_games(
        self,
        game_type: str = "",
        status: pb.GameStatus = pb.GAME_STATUS_UNSPECIFIED,
        page_size: int = 0,
        page_token: str = "",
    ) -> pb.ListGamesResponse:
        request = pb.ListGamesRequest(
            game_type=game_type, status=status, page_size=page_size, page_token=page_token
        )
        response: pb.ListGamesResponse = await self._call(self.stub.ListGames, request)
        return response

    async def get_view(self, game_id: str, token: str | None = None) -> pb.GameView:
        """The seat's view (the spectator view when this client holds no token for the game)."""
        request = pb.GetViewRequest(game_id=game_id)
        response: pb.GetViewResponse = await self._call(
            self.stub.GetView, request, self._metadata(game_id, token)
        )
        return response.view

    async def list_legal_actions(self, game_id: str, token: str | None = None) -> pb.ListLegalActionsResponse:
        request = pb.ListLegalActionsRequest(game_id=game_id)
        response: pb.ListLegalActionsResponse = await self._call(
            self.stub.ListLegalActions, request, self._metadata(game_id, token)
        )
        return response

    async def submit_action(
        self,
        game_id: str,
        action_id: str | None = None,
        *,
        action: pb.Action | None = None,
        expected_version: int = 0,
        request_id: str = "",
        token: str | None = None,
    ) -> pb.SubmitActionResponse:
        """Apply one action, given by LegalAction id or typed."""
        request = pb.SubmitActionRequest(
            game_id=game_id, expected_version=expected_version, request_id=request_id
        )
        if action_id is not None and action is None:
            request.action_id = action_id
        elif action is not None and action_id is None:
            request.action.CopyFrom(action)
        else:
            raise ValueError("give exactly one of action_id and action")
        response: pb.SubmitActionResponse = await self._call(
            self.stub.SubmitAction, request, self._metadata(game_id, token)
        )
        return response

    async def stream_events(
        self, game_id: str, after_event_id: str = "", token: str | None = None
    ) -> AsyncGenerator[pb.GameEvent, None]:
        """The events this seat may see, live until the game ends; resume with the last event id.

        Stopping early? Close the iterator (``await it.aclose()``) so the call is cancelled at once.
        """
        request = pb.StreamEventsRequest(game_id=game_id, after_event_id=after_event_id)
        call = self.stub.StreamEvents(request, metadata=self._metadata(game_id, token))
        try:
            async for response in call:
                yield response.event
        except grpc.aio.AioRpcError as error:
            raise ZythosError.from_rpc_error(error) from None
        finally:
            call.cancel()

    async def leave_game(self, game_id: str, token: str | None = None) -> pb.Game:
        request = pb.LeaveGameRequest(game_id=game_id)
        response: pb.LeaveGameResponse = await self._call(
            self.stub.LeaveGame, request, self._metadata(game_id, token)
        )
        return response.game

    async def reclaim_seat(self, game_id: str, token: str | None = None) -> pb.Game:
        """Take back a seat a bot plays while this client's player was away."""
        request = pb.ReclaimSeatRequest(game_id=game_id)
        response: pb.ReclaimSeatResponse = await self._call(
            self.stub.ReclaimSeat, request, self._metadata(game_id, token)
        )
        return response.game

    async def rematch(self, game_id: str, token: str | None = None) -> pb.RematchResponse:
        """This client's seat in the rematch of a finished game; the new seat's token is kept."""
        request = pb.RematchRequest(game_id=game_id)
        response: pb.RematchResponse = await self._call(
            self.stub.Rematch, request, self._metadata(game_id, token)
        )
        self.tokens[response.game.game_id] = response.seat_token
        return response
