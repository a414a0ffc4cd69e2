"""gRPC for Locust: a client interceptor that reports every RPC, and a base ``GrpcUser``.

Locust runs users as gevent greenlets, so this speaks gRPC through the
blocking stubs with grpc's gevent integration instead of ``zythos.client``
(which is asyncio); it decodes errors with the same ``ZythosError``. Each
user owns a channel and an interceptor, so the interceptor's state needs no
lock.

Every call becomes one Locust request named after its method. A status a
scenario declares expected (``with client.expecting(ABORTED): ...``) is
reported as a success under ``"Method [CODE]"``, so it is counted and timed
but never fails the run.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
import grpc.experimental.gevent as grpc_gevent
from locust import User
from locust.env import Environment
from locust.exception import LocustError

from zythos.channel import channel_options
from zythos.client import ZythosError
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import game_service_pb2_grpc as pb_grpc
from zythos.v1 import matchmaking_service_pb2 as mm_pb
from zythos.v1 import matchmaking_service_pb2_grpc as mm_grpc
from zythos.v1 import player_service_pb2 as player_pb
from zythos.v1 import player_service_pb2_grpc as player_grpc

# Make grpc's blocking calls yield to other greenlets; must run before the first channel.
grpc_gevent.init_gevent()

REQUEST_TYPE = "grpc"


class LocustInterceptor(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):  # type: ignore[misc]
    """Fires Locust's ``request`` event for each unary call, and for each stream when it ends."""

    def __init__(self, environment: Environment) -> None:
        self._events = environment.events
        self.expected: frozenset[grpc.StatusCode] = frozenset()

    def report(self, method: str, start: float, length: int, error: grpc.RpcError | None) -> None:
        name = method.rsplit("/", 1)[-1]
        failure: ZythosError | None = None
        if error is not None and error.code() in self.expected:
            name = f"{name} [{error.code().name}]"
        elif error is not None:
            failure = ZythosError.from_rpc_error(error)  # "CODE REASON: message" groups well in reports
        self._events.request.fire(
            request_type=REQUEST_TYPE,
            name=name,
            response_time=(time.perf_counter() - start) * 1000,
            response_length=length,
            exception=failure,
            context={},
        )

    def intercept_unary_unary(
        self, continuation: Callable[..., Any], client_call_details: grpc.ClientCallDetails, request: Any
    ) -> Any:
        start = time.perf_counter()
        outcome = continuation(client_call_details, request)
        try:
            length = outcome.result().ByteSize()
        except grpc.RpcError as error:
            self.report(client_call_details.method, start, 0, error)
        else:
            self.report(client_call_details.method, start, length, None)
        return outcome

    def intercept_unary_stream(
        self, continuation: Callable[..., Any], client_call_details: grpc.ClientCallDetails, request: Any
    ) -> ReportedStream:
        return ReportedStream(continuation(client_call_details, request), client_call_details.method, self)


class ReportedStream:
    """A server stream that reports itself to Locust once, when it ends (length = messages read)."""

    def __init__(self, call: Any, method: str, interceptor: LocustInterceptor) -> None:
        self._call = call
        self._method = method
        self._interceptor = interceptor
        self._start = time.perf_counter()
        self._messages = 0
        self._reported = False

    def __iter__(self) -> Iterator[Any]:
        try:
            for message in self._call:
                self._messages += 1
                yield message
        except grpc.RpcError as error:
            self._finish(error)
            raise
        self._finish(None)

    def cancel(self) -> None:
        self._call.cancel()

    def _finish(self, error: grpc.RpcError | None) -> None:
        if not self._reported:
            self._reported = True
            self._interceptor.report(self._method, self._start, self._messages, error)


def _channel(target: str, timeout: float) -> grpc.Channel:
    """Plaintext, or TLS trusting ``ZYTHOS_TLS_CA`` (a CA file) against a server started with --tls-cert."""
    ca = os.environ.get("ZYTHOS_TLS_CA", "")
    if not ca:
        return grpc.insecure_channel(target, options=channel_options(timeout))
    credentials = grpc.ssl_channel_credentials(root_certificates=Path(ca).read_bytes())
    return grpc.secure_channel(target, credentials, options=channel_options(timeout))


class GameClient:
    """The GameService, PlayerService and MatchmakingService calls the scenarios make.

    Seat, player and ticket tokens are passed explicitly per call.
    """

    def __init__(self, target: str, environment: Environment, timeout: float = 10.0) -> None:
        self.interceptor = LocustInterceptor(environment)
        self._channel = _channel(target, timeout)
        intercepted = grpc.intercept_channel(self._channel, self.interceptor)
        self._stub = pb_grpc.GameServiceStub(intercepted)
        self._players = player_grpc.PlayerServiceStub(intercepted)
        self._tickets = mm_grpc.MatchmakingServiceStub(intercepted)
        self._timeout = timeout

    def close(self) -> None:
        self._channel.close()

    @contextmanager
    def expecting(self, *codes: grpc.StatusCode) -> Iterator[None]:
        """Count these statuses as expected outcomes, not failures, inside the block."""
        saved = self.interceptor.expected
        self.interceptor.expected = saved | frozenset(codes)
        try:
            yield
        finally:
            self.interceptor.expected = saved

    def _call(self, method: Callable[..., Any], request: Any, token: str | None = None) -> Any:
        metadata = (("authorization", f"Bearer {token}"),) if token else ()
        try:
            return method(request, metadata=metadata, timeout=self._timeout)
        except grpc.RpcError as error:
            raise ZythosError.from_rpc_error(error) from None

    def create_game(self, game_type: str, players: int, name: str) -> pb.CreateGameResponse:
        request = pb.CreateGameRequest(game_type=game_type, players=players, display_name=name)
        return self._call(self._stub.CreateGame, request)

    def join_game(self, game_id: str, name: str) -> pb.JoinGameResponse:
        return self._call(self._stub.JoinGame, pb.JoinGameRequest(game_id=game_id, display_name=name))

    def get_game(self, game_id: str) -> pb.Game:
        return self._call(self._stub.GetGame, pb.GetGameRequest(game_id=game_id)).game

    def list_games(self, status: int, page_size: int = 20) -> list[pb.Game]:
        request = pb.ListGamesRequest(status=status, page_size=page_size)
        return list(self._call(self._stub.ListGames, request).games)

    def get_view(self, game_id: str, token: str | None = None) -> pb.GameView:
        return self._call(self._stub.GetView, pb.GetViewRequest(game_id=game_id), token).view

    def list_legal_actions(self, game_id: str, token: str) -> pb.ListLegalActionsResponse:
        return self._call(self._stub.ListLegalActions, pb.ListLegalActionsRequest(game_id=game_id), token)

    def submit_action(
        self, game_id: str, action_id: str, token: str, expected_version: int = 0, request_id: str = ""
    ) -> pb.SubmitActionResponse:
        request = pb.SubmitActionRequest(
            game_id=game_id, action_id=action_id, expected_version=expected_version, request_id=request_id
        )
        return self._call(self._stub.SubmitAction, request, token)

    def leave_game(self, game_id: str, token: str) -> pb.Game:
        return self._call(self._stub.LeaveGame, pb.LeaveGameRequest(game_id=game_id), token).game

    def create_player(self, name: str) -> player_pb.CreatePlayerResponse:
        return self._call(self._players.CreatePlayer, player_pb.CreatePlayerRequest(display_name=name))

    def create_ticket(
        self, game_type: str, players: int, name: str, player_token: str, bot_fill_after: float, level: str
    ) -> mm_pb.CreateTicketResponse:
        request = mm_pb.CreateTicketRequest(
            game_type=game_type, players=players, display_name=name, bot_level=level
        )
        request.bot_fill_after.FromMilliseconds(int(bot_fill_after * 1000))
        return self._call(self._tickets.CreateTicket, request, player_token)

    def watch_ticket(self, ticket_id: str, ticket_token: str) -> ReportedStream:
        """The ticket's updates until it ends."""
        request = mm_pb.WatchTicketRequest(ticket_id=ticket_id)
        metadata = (("authorization", f"Bearer {ticket_token}"),)
        stream: ReportedStream = self._tickets.WatchTicket(request, metadata=metadata, timeout=120)
        return stream

    def stream_events(self, game_id: str, after_event_id: str = "") -> ReportedStream:
        """The spectator's event stream; no deadline, since it lasts as long as the game."""
        request = pb.StreamEventsRequest(game_id=game_id, after_event_id=after_event_id)
        stream: ReportedStream = self._stub.StreamEvents(request)
        return stream


class GrpcUser(User):  # type: ignore[misc]
    """A Locust user with its own channel to ``--host`` (``host:port``, no scheme)."""

    abstract = True

    def __init__(self, environment: Environment) -> None:
        super().__init__(environment)
        if not self.host:
            raise LocustError("give the server as --host 127.0.0.1:50051")
        self.client = GameClient(self.host.removeprefix("grpc://"), environment)

    def on_stop(self) -> None:
        self.client.close()
