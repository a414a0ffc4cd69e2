"""The interceptor counts real RPCs on a real grpc.aio server: codes, latency and stream messages."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import grpc
import pytest
from grpc_health.v1 import health_pb2

from server.observability.metrics import RpcMetrics
from tests.observability.support import (
    GAME_SERVICE,
    HEALTH_SERVICE,
    LiveServer,
    eventually,
    grpc_labels,
    sample,
)
from zythos.v1 import game_service_pb2

CHECK = grpc_labels(HEALTH_SERVICE, "Check")
WATCH = grpc_labels(HEALTH_SERVICE, "Watch", "server_stream")
GET_GAME = grpc_labels(GAME_SERVICE, "GetGame")


async def test_unary_calls_are_counted_with_their_codes(live_server: LiveServer) -> None:
    started = sample("grpc_server_started_total", **CHECK)
    ok = sample("grpc_server_handled_total", **CHECK, grpc_code="OK")
    not_found = sample("grpc_server_handled_total", **CHECK, grpc_code="NOT_FOUND")
    observed = sample("grpc_server_handling_seconds_count", **CHECK)
    received = sample("grpc_server_msg_received_total", **CHECK)
    sent = sample("grpc_server_msg_sent_total", **CHECK)

    stub = live_server.health_stub
    for _ in range(3):
        await stub.Check(health_pb2.HealthCheckRequest())
    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await stub.Check(health_pb2.HealthCheckRequest(service="no.such.Service"))
    assert raised.value.code() == grpc.StatusCode.NOT_FOUND

    assert sample("grpc_server_started_total", **CHECK) == started + 4
    assert sample("grpc_server_handled_total", **CHECK, grpc_code="OK") == ok + 3
    assert sample("grpc_server_handled_total", **CHECK, grpc_code="NOT_FOUND") == not_found + 1
    assert sample("grpc_server_handling_seconds_count", **CHECK) == observed + 4
    assert sample("grpc_server_msg_received_total", **CHECK) == received + 4
    assert sample("grpc_server_msg_sent_total", **CHECK) == sent + 3  # no response on NOT_FOUND


async def test_a_handler_that_raises_is_counted_as_unknown(live_server: LiveServer) -> None:
    unknown = sample("grpc_server_handled_total", **GET_GAME, grpc_code="UNKNOWN")
    ok = sample("grpc_server_handled_total", **GET_GAME, grpc_code="OK")

    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await live_server.game_stub.GetGame(game_service_pb2.GetGameRequest(game_id="boom"))
    assert raised.value.code() == grpc.StatusCode.UNKNOWN
    await live_server.game_stub.GetGame(game_service_pb2.GetGameRequest(game_id="g1"))

    assert sample("grpc_server_handled_total", **GET_GAME, grpc_code="UNKNOWN") == unknown + 1
    assert sample("grpc_server_handled_total", **GET_GAME, grpc_code="OK") == ok + 1


async def test_server_stream_messages_are_counted_and_a_cancel_ends_the_call(live_server: LiveServer) -> None:
    started = sample("grpc_server_started_total", **WATCH)
    sent = sample("grpc_server_msg_sent_total", **WATCH)
    cancelled = sample("grpc_server_handled_total", **WATCH, grpc_code="CANCELLED")

    call = live_server.health_stub.Watch(health_pb2.HealthCheckRequest())
    first = await call.read()
    assert first.status == health_pb2.HealthCheckResponse.SERVING
    await live_server.health.set("", health_pb2.HealthCheckResponse.NOT_SERVING)
    second = await call.read()
    assert second.status == health_pb2.HealthCheckResponse.NOT_SERVING
    assert sample("grpc_server_started_total", **WATCH) == started + 1
    assert await eventually(lambda: sample("grpc_server_msg_sent_total", **WATCH) == sent + 2)

    call.cancel()
    assert await eventually(
        lambda: sample("grpc_server_handled_total", **WATCH, grpc_code="CANCELLED") == cancelled + 1
    )


async def test_stream_lifetime_is_observed_once_it_ends(live_server: LiveServer) -> None:
    before = sample("grpc_server_handling_seconds_sum", **WATCH)
    count = sample("grpc_server_handling_seconds_count", **WATCH)
    call = live_server.health_stub.Watch(health_pb2.HealthCheckRequest())
    await call.read()
    await asyncio.sleep(0.05)
    call.cancel()
    assert await eventually(lambda: sample("grpc_server_handling_seconds_count", **WATCH) == count + 1)
    assert sample("grpc_server_handling_seconds_sum", **WATCH) - before >= 0.05


async def collect(requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext) -> bytes:
    return b"".join([message async for message in requests])


async def chat(requests: AsyncIterator[bytes], context: grpc.aio.ServicerContext) -> AsyncIterator[bytes]:
    async for message in requests:
        yield message.upper()


async def test_client_and_bidi_streams_count_messages_both_ways() -> None:
    """Zythos has no client-streaming RPC today; the metrics still count one correctly."""
    server = grpc.aio.server()
    handlers = {
        "Collect": grpc.stream_unary_rpc_method_handler(collect),
        "Chat": grpc.stream_stream_rpc_method_handler(chat),
    }
    echo = grpc.method_handlers_generic_handler("test.Echo", handlers)
    server.add_generic_rpc_handlers([RpcMetrics().generic(echo)])
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    collect_labels = grpc_labels("test.Echo", "Collect", "client_stream")
    chat_labels = grpc_labels("test.Echo", "Chat", "bidi_stream")
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            assert await channel.stream_unary("/test.Echo/Collect")(iter([b"a", b"b", b"c"])) == b"abc"
            replies = [reply async for reply in channel.stream_stream("/test.Echo/Chat")(iter([b"x", b"y"]))]
            assert replies == [b"X", b"Y"]
    finally:
        await server.stop(None)

    assert await eventually(lambda: sample("grpc_server_handled_total", **chat_labels, grpc_code="OK") == 1)
    assert sample("grpc_server_handled_total", **collect_labels, grpc_code="OK") == 1
    assert sample("grpc_server_msg_received_total", **collect_labels) == 3
    assert sample("grpc_server_msg_sent_total", **collect_labels) == 1
    assert sample("grpc_server_msg_received_total", **chat_labels) == 2
    assert sample("grpc_server_msg_sent_total", **chat_labels) == 2
