"""JSON-lines logs: one line per RPC at debug, game_id and seat on warnings, never a token."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2

from server.observability.logs import REDACTED, JsonFormatter, bind, configure_logging, scrub
from server.security.seat_tokens import issue
from tests.observability.support import LiveServer, eventually
from zythos.v1 import game_service_pb2


@contextmanager
def captured_logs(level: str) -> Iterator[io.StringIO]:
    """Everything logged at ``level`` or above, as JSON lines; the root logger is restored after."""
    root = logging.getLogger()
    saved_handlers, saved_level = list(root.handlers), root.level
    stream = io.StringIO()
    configure_logging(level, stream)
    try:
        yield stream
    finally:
        for handler in list(root.handlers):
            root.removeHandler(handler)
        for handler in saved_handlers:
            root.addHandler(handler)
        root.setLevel(saved_level)


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    with captured_logs("DEBUG") as stream:
        yield stream


def parsed(stream: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def format_record(message: str, *args: object, **extra: object) -> dict[str, Any]:
    record = logging.LogRecord("zythos.test", logging.WARNING, __file__, 1, message, args, None)
    record.__dict__.update(extra)
    result: dict[str, Any] = json.loads(JsonFormatter().format(record))
    return result


def test_a_record_is_one_json_object_with_its_extra_fields() -> None:
    line = format_record("commit conflict on %s", "g1", game_id="g1", seat=3)
    assert line["level"] == "WARNING"
    assert line["logger"] == "zythos.test"
    assert line["msg"] == "commit conflict on g1"
    assert (line["game_id"], line["seat"]) == ("g1", 3)
    assert line["ts"].endswith("+00:00")


def test_secrets_are_redacted_by_key_and_inside_text() -> None:
    line = format_record(
        "create answered seat_token: %s; header authorization=Bearer abc.def",
        '"tok-123"',
        seat_token="tok-123",
        authorization="Bearer tok-123",
    )
    text = json.dumps(line)
    assert "tok-123" not in text and "abc.def" not in text
    assert line["seat_token"] == REDACTED
    assert line["authorization"] == REDACTED
    assert scrub("Bearer xyz") == f"Bearer {REDACTED}"
    token, _hash = issue("0123456789abcdef0123", 3)
    assert scrub(f"seat rejected ({token})") == f"seat rejected (zt1.0123456789abcdef0123.3.{REDACTED})"
    assert scrub("game g1 seat 2") == "game g1 seat 2"


def test_bound_fields_reach_every_record_in_the_block() -> None:
    with bind(game_id="g7"), bind(seat=1):
        inside = format_record("resigned")
    outside = format_record("idle")
    assert (inside["game_id"], inside["seat"]) == ("g7", 1)
    assert "game_id" not in outside


def test_exceptions_are_kept_on_the_same_line() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("zythos.test.exc")
    logger.addHandler(handler)
    try:
        try:
            raise ValueError("bad blob for Bearer s3cret")
        except ValueError:
            logger.error("load failed", exc_info=True, extra={"game_id": "g2"})
    finally:
        logger.removeHandler(handler)
    [line] = parsed(stream)
    assert "ValueError" in line["exc"] and "s3cret" not in line["exc"]
    assert line["game_id"] == "g2"


async def test_each_rpc_logs_one_debug_line_and_warnings_carry_game_and_seat(
    live_server: LiveServer, log_lines: io.StringIO
) -> None:
    stub = live_server.game_stub
    await stub.GetGame(
        game_service_pb2.GetGameRequest(game_id="g1"), metadata=[("authorization", "Bearer t0k")]
    )
    with pytest.raises(grpc.aio.AioRpcError):
        await stub.GetGame(game_service_pb2.GetGameRequest(game_id="missing"))

    def rpc_lines() -> list[dict[str, Any]]:
        return [line for line in parsed(log_lines) if line["logger"] == "zythos.rpc"]

    assert await eventually(lambda: len(rpc_lines()) == 2)  # written as the call ends on the server
    assert [(line["rpc"], line["code"], line["game_id"]) for line in rpc_lines()] == [
        ("/zythos.v1.GameService/GetGame", "OK", "g1"),
        ("/zythos.v1.GameService/GetGame", "NOT_FOUND", "missing"),
    ]
    assert all(line["level"] == "DEBUG" and line["duration_ms"] >= 0 for line in rpc_lines())
    [warning] = [
        line for line in parsed(log_lines) if line["level"] == "WARNING" and line["logger"] == "zythos.test"
    ]
    assert (warning["game_id"], warning["seat"]) == ("missing", 2)
    assert "s3cr3t-token" not in log_lines.getvalue() and "t0k" not in log_lines.getvalue()


async def test_no_request_lines_above_debug(live_server: LiveServer) -> None:
    with captured_logs("INFO") as stream:
        await live_server.game_stub.GetGame(game_service_pb2.GetGameRequest(game_id="g1"))
    assert [line for line in parsed(stream) if line["logger"] == "zythos.rpc"] == []


def test_configure_logging_twice_installs_one_handler() -> None:
    root = logging.getLogger()
    with captured_logs("INFO"):
        handler = configure_logging("WARNING", io.StringIO())
        assert root.handlers == [handler]
        assert root.level == logging.WARNING


async def test_a_stream_logs_its_line_when_it_ends(live_server: LiveServer, log_lines: io.StringIO) -> None:
    call = live_server.health_stub.Watch(health_pb2.HealthCheckRequest())
    await call.read()
    call.cancel()

    def watch_lines() -> list[dict[str, Any]]:
        return [line for line in parsed(log_lines) if line.get("rpc") == "/grpc.health.v1.Health/Watch"]

    assert await eventually(lambda: len(watch_lines()) == 1)
    assert watch_lines()[0]["code"] == "CANCELLED"
    assert "game_id" not in watch_lines()[0]  # health requests name no game
