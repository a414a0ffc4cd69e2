"""Structured logs: one JSON object per line, never a secret.

Every record becomes a JSON line with its time, level, logger and message,
plus the ``extra=`` fields of the call and the fields bound to the current
RPC with :func:`bind` (``game_id``, ``seat``), so a warning raised deep in
the domain layer still says which game and seat it is about. Values under
secret-looking keys and ``Bearer`` credentials inside text are replaced by
``[redacted]`` before anything is written.

:class:`RequestLogInterceptor` writes one line per RPC at DEBUG level (and
costs nothing when DEBUG is off).
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any, TextIO, cast

import grpc

from server.observability.metrics import rpc_status_code
from server.security.seat_tokens import PREFIX as TOKEN_PREFIX

REDACTED = "[redacted]"
REQUEST_LOGGER = "zythos.rpc"

_SECRET_KEY = re.compile(r"token|authorization|password|secret", re.IGNORECASE)
# "Bearer abc"; proto text / JSON renderings such as `seat_token: "abc"`; and
# a bare seat token, whose game id and seat stay readable (server/security/seat_tokens.py).
_SECRET_TEXT = re.compile(
    r"(?P<head>\b\w*(?:token|authorization|password|secret)\w*[\"']?\s*[:=]\s*(?:bearer\s+)?|\bbearer\s+)"
    r"(?P<value>\"[^\"]*\"|'[^']*'|[^\s,;}\]]+)"
    rf"|(?P<token>\b{TOKEN_PREFIX}\.[0-9a-f]+\.[0-9]+\.)[A-Za-z0-9_-]+",
    re.IGNORECASE,
)
# Attributes every LogRecord has; anything else on a record came from `extra=`.
_RECORD_FIELDS = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}

_bound: contextvars.ContextVar[Mapping[str, Any]] = contextvars.ContextVar(
    "zythos_log_fields", default=MappingProxyType({})
)


def scrub(text: str) -> str:
    """``text`` with every credential it contains replaced by ``[redacted]``."""
    return _SECRET_TEXT.sub(lambda m: (m.group("head") or m.group("token")) + REDACTED, text)


def _clean(key: str, value: Any) -> Any:
    if _SECRET_KEY.search(key):
        return REDACTED
    if isinstance(value, str):
        return scrub(value)
    return value


@contextmanager
def bind(**fields: Any) -> Iterator[None]:
    """Add ``fields`` to every record logged inside the block (in this task and those it starts)."""
    token = _bound.set({**_bound.get(), **fields})
    try:
        yield
    finally:
        _bound.reset(token)


class JsonFormatter(logging.Formatter):
    """Formats a record as one JSON line: ``ts``, ``level``, ``logger``, ``msg``, then its fields."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "msg": scrub(record.getMessage()),
        }
        for key, value in _bound.get().items():
            line[key] = _clean(key, value)
        for key, value in vars(record).items():
            if key not in _RECORD_FIELDS and key != "taskName":
                line[key] = _clean(key, value)
        if record.exc_info:
            line["exc"] = scrub(self.formatException(record.exc_info))
        return json.dumps(line, default=str, separators=(",", ":"))


def configure_logging(level: str | int = "INFO", stream: TextIO | None = None) -> logging.Handler:
    """Send every log record, as JSON lines, to ``stream`` (stderr by default).

    Replaces the handlers already on the root logger, so calling it twice
    does not print each line twice. Returns the installed handler.
    """
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper() if isinstance(level, str) else level)
    return handler


# --- One line per RPC ---------------------------------------------------------------

_Behavior = Callable[..., Any]


class RequestLogInterceptor(grpc.aio.ServerInterceptor):
    """Logs one DEBUG line per RPC: method, status code, duration, peer and the request's game_id.

    The request's ``game_id`` is bound for the whole call, so every record the
    handler logs carries it; a handler adds the seat once it has resolved the
    token (``with bind(seat=seat): ...``). Metadata is never logged, so
    neither is the seat token.
    """

    def __init__(self, logger: logging.Logger | None = None) -> None:
        self._logger = logger or logging.getLogger(REQUEST_LOGGER)

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler[Any, Any] | None]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        handler = await continuation(handler_call_details)
        if handler is None or not self._logger.isEnabledFor(logging.DEBUG):
            return handler
        if handler.request_streaming:  # no single request to take a game_id from; the API has none
            return handler
        log = _RpcLog(self._logger, handler_call_details.method)
        codec = {
            "request_deserializer": handler.request_deserializer,
            "response_serializer": handler.response_serializer,
        }
        # gRPC sets the behaviour the streaming flags name; the stubs type it as an optional sync
        # callable, while under grpc.aio it is a coroutine function or an async generator.
        if handler.response_streaming:
            return grpc.unary_stream_rpc_method_handler(
                log.stream(cast(_Behavior, handler.unary_stream)), **codec
            )
        return grpc.unary_unary_rpc_method_handler(log.unary(cast(_Behavior, handler.unary_unary)), **codec)


class _RpcLog:
    """Wraps the behaviours of one method so each call ends with its log line."""

    def __init__(self, logger: logging.Logger, method: str) -> None:
        self._logger = logger
        self._method = method

    def _write(
        self, context: grpc.aio.ServicerContext[Any, Any], error: BaseException | None, start: float
    ) -> None:
        code = rpc_status_code(context, error)
        self._logger.debug(
            "rpc %s %s",
            self._method,
            code.name,
            extra={
                "rpc": self._method,
                "code": code.name,
                "duration_ms": round((time.perf_counter() - start) * 1000, 3),
                "peer": context.peer(),
            },
        )

    def unary(self, behavior: _Behavior) -> _Behavior:
        async def handle(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            start = time.perf_counter()
            with bind(**_request_fields(request)):
                try:
                    response = await behavior(request, context)
                except BaseException as error:
                    self._write(context, error, start)
                    raise
                self._write(context, None, start)
                return response

        return handle

    def stream(self, behavior: _Behavior) -> _Behavior:
        async def handle(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> AsyncIterator[Any]:
            start = time.perf_counter()
            with bind(**_request_fields(request)):
                try:
                    result = behavior(request, context)
                    if hasattr(result, "__aiter__"):  # an async generator
                        async for message in result:
                            yield message
                    else:  # a coroutine that writes through the context
                        await result
                except BaseException as error:
                    self._write(context, error, start)
                    raise
                self._write(context, None, start)

        return handle


def _request_fields(request: Any) -> dict[str, Any]:
    """The identifying fields of a request worth logging (only ``game_id`` today)."""
    game_id = getattr(request, "game_id", "")
    return {"game_id": game_id} if isinstance(game_id, str) and game_id else {}
