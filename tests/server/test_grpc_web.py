"""gRPC-Web on its own port, called with a plain HTTP client and the framing written out by hand.

What a browser's transport does: POST a framed message, read framed
messages and a trailer frame back. The calls must behave exactly as over
native gRPC: the seat token, ErrorInfo in the trailers, the guard's
MALFORMED_REQUEST, a live StreamEvents, and CORS for other origins only.
"""

from __future__ import annotations

import asyncio
import base64
import struct
from collections.abc import AsyncIterator
from urllib.parse import unquote

import httpx
import pytest
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from server.sessions.facade import Sessions
from server.store import MemoryStore
from tests.conftest import free_port
from tests.server.harness import Served, start_server
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import matchmaking_service_pb2 as mm_pb
from zythos.v1 import player_service_pb2 as player_pb

SERVICE = "/zythos.v1.GameService/"
ORIGIN = "https://play.example.org"
GRPC_WEB = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1"}


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    running = await start_server(
        Sessions(MemoryStore()), "memory", grpc_web_port=free_port(), grpc_web_origins=ORIGIN
    )
    yield running
    await running.close()


@pytest.fixture
async def http(served: Served) -> AsyncIterator[httpx.AsyncClient]:
    assert served.server.web is not None
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{served.server.web.port}") as client:
        yield client


def frames(body: bytes) -> tuple[list[bytes], dict[str, str]]:
    """The messages and the trailers of a gRPC-Web response body."""
    messages, trailers = [], {}
    while body:
        flags, length = struct.unpack(">BI", body[:5])
        payload, body = body[5 : 5 + length], body[5 + length :]
        if flags & 0x80:
            lines = payload.decode().strip().split("\r\n")
            trailers = {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in lines)}
        else:
            messages.append(payload)
    return messages, trailers


async def call(
    http: httpx.AsyncClient, method: str, request: Message, token: str = "", service: str = SERVICE
) -> tuple[list[bytes], dict[str, str]]:
    headers = {**GRPC_WEB, **({"authorization": f"Bearer {token}"} if token else {})}
    body = request.SerializeToString()
    answer = await http.post(
        service + method, content=struct.pack(">BI", 0, len(body)) + body, headers=headers
    )
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/grpc-web+proto"
    return frames(answer.content)


def error_info(trailers: dict[str, str]) -> error_details_pb2.ErrorInfo:
    details = base64.b64decode(trailers["grpc-status-details-bin"] + "==")
    status = status_pb2.Status.FromString(details)
    assert status.code == int(trailers["grpc-status"])
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    return info


async def test_a_unary_call_answers_the_message_and_an_ok_trailer(http: httpx.AsyncClient) -> None:
    messages, trailers = await call(http, "ListGameTypes", pb.ListGameTypesRequest())
    names = {t.name for t in pb.ListGameTypesResponse.FromString(messages[0]).game_types}
    assert {"tiny_dice", "tbbr_dice", "tbbr"} <= names
    assert trailers["grpc-status"] == "0"


async def test_players_and_matchmaking_are_offered_to_browsers(http: httpx.AsyncClient) -> None:
    """A browser can make a player and queue a ticket: both services are on the gRPC-Web port."""
    messages, trailers = await call(
        http,
        "CreatePlayer",
        player_pb.CreatePlayerRequest(display_name="Ann"),
        service="/zythos.v1.PlayerService/",
    )
    created = player_pb.CreatePlayerResponse.FromString(messages[0])
    assert trailers["grpc-status"] == "0" and created.player_token
    ticket = mm_pb.CreateTicketRequest(game_type="tiny_dice", players=2, display_name="Ann")
    messages, trailers = await call(
        http, "CreateTicket", ticket, token=created.player_token, service="/zythos.v1.MatchmakingService/"
    )
    assert trailers["grpc-status"] == "0" and mm_pb.CreateTicketResponse.FromString(messages[0]).ticket_token


async def test_a_domain_error_carries_its_error_info_in_the_trailers(http: httpx.AsyncClient) -> None:
    messages, trailers = await call(http, "CreateGame", pb.CreateGameRequest(game_type="pilsner", players=2))
    assert messages == [] and trailers["grpc-status"] == "3"  # INVALID_ARGUMENT
    assert "pilsner" in unquote(trailers["grpc-message"])
    info = error_info(trailers)
    assert (info.reason, info.domain) == ("UNKNOWN_GAME_TYPE", "zythos.v1")


async def test_a_body_that_is_not_the_request_is_malformed_as_over_grpc(http: httpx.AsyncClient) -> None:
    body = b"\xff\xff\xff"
    answer = await http.post(SERVICE + "GetGame", content=struct.pack(">BI", 0, 3) + body, headers=GRPC_WEB)
    _, trailers = frames(answer.content)
    assert error_info(trailers).reason == "MALFORMED_REQUEST"


async def test_the_seat_token_goes_in_the_authorization_header(http: httpx.AsyncClient) -> None:
    created = pb.CreateGameResponse.FromString(
        (
            await call(
                http, "CreateGame", pb.CreateGameRequest(game_type="tiny_dice", players=2, display_name="Ann")
            )
        )[0][0]
    )
    request = pb.ListLegalActionsRequest(game_id=created.game.game_id)
    _, anonymous = await call(http, "ListLegalActions", request)
    assert error_info(anonymous).reason == "UNAUTHENTICATED"
    _, seated = await call(http, "ListLegalActions", request, created.seat_token)
    assert seated["grpc-status"] == "0"
    noise = {**GRPC_WEB, "authorization": f"Bearer {created.seat_token}", "trace-bin": "not base64!"}
    body = request.SerializeToString()
    answer = await http.post(
        SERVICE + "ListLegalActions", content=struct.pack(">BI", 0, len(body)) + body, headers=noise
    )
    assert frames(answer.content)[1]["grpc-status"] == "0"  # a bad -bin header is dropped, not a 500


async def test_stream_events_delivers_each_move_live(served: Served, http: httpx.AsyncClient) -> None:
    created = pb.CreateGameResponse.FromString(
        (
            await call(
                http, "CreateGame", pb.CreateGameRequest(game_type="tiny_dice", players=2, display_name="Ann")
            )
        )[0][0]
    )
    game_id = created.game.game_id
    join = pb.JoinGameRequest(game_id=game_id, display_name="Bea")
    joined = pb.JoinGameResponse.FromString((await call(http, "JoinGame", join))[0][0])
    tokens = {created.seat: created.seat_token, joined.seat: joined.seat_token}
    body = pb.StreamEventsRequest(game_id=game_id).SerializeToString()
    async with http.stream(
        "POST", SERVICE + "StreamEvents", content=struct.pack(">BI", 0, len(body)) + body, headers=GRPC_WEB
    ) as stream:
        events = EventReader(stream.aiter_raw())
        first = await events.next()
        assert first.version <= joined.game.version
        seat = joined.game.to_act[0]
        legal = pb.ListLegalActionsResponse.FromString(
            (await call(http, "ListLegalActions", pb.ListLegalActionsRequest(game_id=game_id), tokens[seat]))[
                0
            ][0]
        )
        submit = pb.SubmitActionRequest(
            game_id=game_id, expected_version=legal.version, request_id="web-1", action_id=legal.actions[0].id
        )
        _, trailers = await call(http, "SubmitAction", submit, tokens[seat])
        assert trailers["grpc-status"] == "0"
        event = first
        while event.version <= legal.version:
            event = await events.next()
        assert event.seat == seat
        assert served.sessions.hub.open_streams == 1


async def test_a_browser_that_goes_away_closes_its_stream(served: Served, http: httpx.AsyncClient) -> None:
    created = pb.CreateGameResponse.FromString(
        (
            await call(
                http, "CreateGame", pb.CreateGameRequest(game_type="tiny_dice", players=2, display_name="Ann")
            )
        )[0][0]
    )
    body = pb.StreamEventsRequest(game_id=created.game.game_id).SerializeToString()
    async with http.stream(
        "POST", SERVICE + "StreamEvents", content=struct.pack(">BI", 0, len(body)) + body, headers=GRPC_WEB
    ) as stream:
        await EventReader(stream.aiter_raw()).next()
        assert served.sessions.hub.open_streams == 1
    for _ in range(100):  # no event comes: the server notices the closed connection by itself
        if served.sessions.hub.open_streams == 0:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the stream stayed open after its browser left")


class EventReader:
    """Reads StreamEvents messages off an open response as its chunks arrive."""

    def __init__(self, chunks: AsyncIterator[bytes]) -> None:
        self.chunks, self.pending = chunks, bytearray()

    async def next(self) -> pb.GameEvent:
        while len(self.pending) < 5 or len(self.pending) < 5 + struct.unpack(">I", self.pending[1:5])[0]:
            self.pending.extend(await anext(self.chunks))
        length = struct.unpack(">I", self.pending[1:5])[0]
        assert self.pending[0] == 0, "a trailer frame came before the next event"
        payload = bytes(self.pending[5 : 5 + length])
        del self.pending[: 5 + length]
        return pb.StreamEventsResponse.FromString(payload).event


async def test_cors_answers_listed_origins_only(http: httpx.AsyncClient) -> None:
    preflight = {"access-control-request-method": "POST", "access-control-request-headers": "authorization"}
    allowed = await http.options(SERVICE + "GetGame", headers={**preflight, "origin": ORIGIN})
    assert allowed.headers["access-control-allow-origin"] == ORIGIN
    assert "authorization" in allowed.headers["access-control-allow-headers"]
    other = await http.options(SERVICE + "GetGame", headers={**preflight, "origin": "https://evil.example"})
    assert "access-control-allow-origin" not in other.headers


async def test_a_draining_server_refuses_new_calls_as_over_grpc(
    served: Served, http: httpx.AsyncClient
) -> None:
    served.server.drain.started.set()
    _, trailers = await call(http, "ListGameTypes", pb.ListGameTypesRequest())
    assert trailers["grpc-status"] == "14" and error_info(trailers).reason == "DRAINING"  # UNAVAILABLE


async def test_grpc_timeout_ends_a_quiet_stream_with_deadline_exceeded(http: httpx.AsyncClient) -> None:
    created = pb.CreateGameResponse.FromString(
        (
            await call(
                http, "CreateGame", pb.CreateGameRequest(game_type="tiny_dice", players=2, display_name="Ann")
            )
        )[0][0]
    )
    body = pb.StreamEventsRequest(game_id=created.game.game_id).SerializeToString()
    headers = {**GRPC_WEB, "grpc-timeout": "300m"}
    answer = await http.post(
        SERVICE + "StreamEvents", content=struct.pack(">BI", 0, len(body)) + body, headers=headers
    )
    messages, trailers = frames(answer.content)
    assert messages and trailers["grpc-status"] == "4"  # the log so far, then DEADLINE_EXCEEDED


async def test_bot_service_is_not_offered_to_browsers(http: httpx.AsyncClient) -> None:
    path = "/zythos.v1.BotService/WatchAssignments"
    answer = await http.post(path, content=struct.pack(">BI", 0, 0), headers=GRPC_WEB)
    assert answer.status_code == 404  # what Connect and gRPC-Web clients read as UNIMPLEMENTED


async def test_a_request_past_max_message_bytes_is_refused_as_over_grpc(http: httpx.AsyncClient) -> None:
    name = "x" * (300 * 1024)  # the test server keeps the default 256 KiB
    _, trailers = await call(
        http, "CreateGame", pb.CreateGameRequest(game_type="tiny_dice", display_name=name)
    )
    assert trailers["grpc-status"] == "8"  # RESOURCE_EXHAUSTED


async def test_the_drain_ends_an_open_stream_with_draining(served: Served, http: httpx.AsyncClient) -> None:
    created = pb.CreateGameResponse.FromString(
        (
            await call(
                http, "CreateGame", pb.CreateGameRequest(game_type="tiny_dice", players=2, display_name="Ann")
            )
        )[0][0]
    )
    body = pb.StreamEventsRequest(game_id=created.game.game_id).SerializeToString()
    async with http.stream(
        "POST", SERVICE + "StreamEvents", content=struct.pack(">BI", 0, len(body)) + body, headers=GRPC_WEB
    ) as stream:
        events = EventReader(stream.aiter_raw())
        await events.next()
        stopping = asyncio.create_task(served.server.stop(grace=1))
        rest = bytes(events.pending) + b"".join([chunk async for chunk in events.chunks])
    await stopping
    _, trailers = frames(rest)  # the rest of the log, then the trailers
    assert trailers["grpc-status"] == "14" and error_info(trailers).reason == "DRAINING"
