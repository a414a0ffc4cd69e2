"""gRPC-Web for browsers: an ASGI app on its own port, in the server's process and event loop.

Browsers cannot send HTTP/2 trailers, so gRPC-Web frames the trailers into
the body. This app calls the very handlers the native server runs: they are
registered here by ``server.api.guard.add_guarded`` from the same servicer
object, so a malformed body, the drain, the seat token (``authorization``
header) and every error's ``ErrorInfo`` (``grpc-status-details-bin``) behave
as over native gRPC. Only GameService is offered: bot workers speak native
gRPC. The port also serves the web client's static files
(``--web-client-dir``). Why this and not sonora or Envoy: docs/DEPLOY.md.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import logging
import mimetypes
import os
import socket
import struct
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import quote

import grpc
from hypercorn.asyncio import serve
from hypercorn.config import Config as HypercornConfig

from server.api.guard import Handler

log = logging.getLogger(__name__)
# hypercorn's own lines go through the server's logging, warnings and errors only: the server
# logs where to point a browser itself, and hypercorn's "CTRL + C to quit" is not ours to say.
HYPERCORN_LOG = logging.getLogger(f"{__name__}.hypercorn")
HYPERCORN_LOG.setLevel(logging.WARNING)

Scope = Mapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

FRAME = struct.Struct(">BI")
TRAILER_FLAG = 0x80
# Request headers that are HTTP's or CORS's own, not call metadata for the servicer.
NOT_METADATA = frozenset(
    {"host", "connection", "content-length", "content-type", "accept", "accept-encoding", "origin",
     "referer", "user-agent", "x-grpc-web", "x-user-agent", "grpc-timeout", "te", "cookie"}
)  # fmt: skip
ALLOWED_HEADERS = "authorization, content-type, grpc-timeout, x-grpc-web, x-user-agent"
EXPOSED_HEADERS = "grpc-status, grpc-message, grpc-status-details-bin"
TIMEOUT_UNITS = {"H": 3600.0, "M": 60.0, "S": 1.0, "m": 1e-3, "u": 1e-6, "n": 1e-9}


class Aborted(Exception):
    """Raised by ``WebContext.abort*``: the call ends with the context's status."""


@dataclass
class WebContext:
    """The part of ``grpc.aio.ServicerContext`` Zythos handlers use, for one gRPC-Web call."""

    metadata: tuple[tuple[str, str | bytes], ...]
    client: str
    status: grpc.StatusCode = grpc.StatusCode.OK
    message: str = ""
    trailing: Sequence[tuple[str, str | bytes]] = ()

    def invocation_metadata(self) -> tuple[tuple[str, str | bytes], ...]:
        return self.metadata

    def peer(self) -> str:
        return self.client

    def auth_context(self) -> dict[str, list[bytes]]:
        return {}  # no client certificates over gRPC-Web

    def code(self) -> grpc.StatusCode:
        return self.status

    async def abort(self, code: grpc.StatusCode, details: str = "", trailing: Sequence[Any] = ()) -> NoReturn:
        self.status, self.message, self.trailing = code, details, tuple(trailing)
        raise Aborted(details)

    async def abort_with_status(self, status: grpc.Status) -> NoReturn:
        await self.abort(status.code, status.details, status.trailing_metadata)

    def trailers(self) -> bytes:
        """The trailer frame's payload: status, percent-encoded message, then the trailing metadata."""
        lines = [f"grpc-status: {self.status.value[0]}"]
        if self.message:
            lines.append(f"grpc-message: {quote(self.message, safe=' ')}")
        for key, value in self.trailing:
            text = base64.b64encode(value).decode() if isinstance(value, bytes) else value
            lines.append(f"{key}: {text}")
        return "".join(line + "\r\n" for line in lines).encode()


def frame(payload: bytes, flags: int = 0) -> bytes:
    return FRAME.pack(flags, len(payload)) + payload


def first_message(body: bytes) -> bytes:
    """The one message of a unary request body (an empty body is an empty message)."""
    if len(body) < FRAME.size:
        return b""
    _, length = FRAME.unpack_from(body)
    return body[FRAME.size : FRAME.size + length]


def call_metadata(headers: Iterable[tuple[bytes, bytes]]) -> tuple[tuple[str, str | bytes], ...]:
    """The headers a native call would carry as metadata; ``-bin`` values decoded as gRPC does."""
    metadata: list[tuple[str, str | bytes]] = []
    for raw_key, raw_value in headers:
        key = raw_key.decode("latin-1").lower()
        if key in NOT_METADATA or key.startswith(("sec-", "access-control-")):
            continue
        value = raw_value.decode("latin-1")
        if not key.endswith("-bin"):
            metadata.append((key, value))
        elif binary := _unbase64(value):
            metadata.append((key, binary))
    return tuple(metadata)


def _unbase64(value: str) -> bytes | None:
    """A ``-bin`` header's bytes (padding optional, as gRPC allows); None when it is not base64."""
    try:
        return base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except binascii.Error:
        return None


def parse_timeout(value: str) -> float | None:
    """Seconds from a ``grpc-timeout`` header (``250m``, ``5S``); None when absent or unreadable."""
    unit = TIMEOUT_UNITS.get(value[-1:]) if value else None
    return int(value[:-1]) * unit if unit and value[:-1].isdigit() else None


def peer_of(scope: Scope) -> str:
    """``ipv4:host:port`` like grpc's ``peer()``, so per-client limits count browsers the same way."""
    host, port = scope.get("client") or ("unknown", 0)
    return f"ipv6:[{host}]:{port}" if ":" in host else f"ipv4:{host}:{port}"


@dataclass(frozen=True)
class Cors:
    """Which other sites' pages may call (``*`` any); a page served from this port needs no entry."""

    origins: frozenset[str]

    @classmethod
    def parse(cls, setting: str) -> Cors:
        return cls(frozenset(o.strip().rstrip("/") for o in setting.split(",") if o.strip()))

    def headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        origin = dict(scope["headers"]).get(b"origin", b"").decode("latin-1")
        if not origin or not ("*" in self.origins or origin in self.origins):
            return []
        return [
            (b"access-control-allow-origin", origin.encode()),
            (b"access-control-expose-headers", EXPOSED_HEADERS.encode()),
            (b"vary", b"Origin"),
        ]

    def preflight(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        allowed = self.headers(scope)
        if not allowed:
            return []
        return [
            *allowed,
            (b"access-control-allow-methods", b"POST, OPTIONS"),
            (b"access-control-allow-headers", ALLOWED_HEADERS.encode()),
            (b"access-control-max-age", b"600"),
        ]


@dataclass
class GrpcWebApp:
    """The ASGI app: gRPC-Web calls to the registered methods, static files for everything else."""

    cors: Cors = field(default_factory=lambda: Cors(frozenset()))
    static_root: Path | None = None
    max_message_bytes: int = 256 * 1024  # --max-message-bytes, as on the native port
    # wraps each method's handler as it is registered (RpcMetrics.counted: the grpc_server_* metrics)
    counted: Callable[[str, Handler], Handler] | None = None
    methods: dict[str, Handler] = field(default_factory=dict)

    def add_generic_rpc_handlers(self, handlers: object) -> None:
        """Ignored: ``add_guarded`` also hands the handlers to ``add_registered_method_handlers``."""

    def add_registered_method_handlers(self, service: str, handlers: Mapping[str, Handler]) -> None:
        for name, handler in handlers.items():
            path = f"/{service}/{name}"
            self.methods[path] = self.counted(path, handler) if self.counted else handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # lifespan: nothing to set up
        handler = self.methods.get(scope["path"])
        grpc_web = _content_type(scope).startswith("application/grpc-web")
        if handler is None and grpc_web:
            await _unimplemented(scope["path"], send, self.cors.headers(scope))
        elif handler is None:
            await self._static(scope, send)
        elif scope["method"] == "OPTIONS":
            await _respond(send, 204, self.cors.preflight(scope))
        elif scope["method"] != "POST" or not grpc_web:
            await _respond(send, 415, [], b"gRPC-Web calls are POSTs of application/grpc-web+proto\n")
        else:
            call = _Call(handler, scope, receive, send, self.cors.headers(scope))
            await call.run(self.max_message_bytes)

    async def _static(self, scope: Scope, send: Send) -> None:
        path = _static_file(self.static_root, scope["path"]) if scope["method"] in ("GET", "HEAD") else None
        if path is None:
            await _respond(send, 404, [], b"not found\n")
            return
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        body = path.read_bytes() if scope["method"] == "GET" else b""
        await _respond(send, 200, [(b"content-type", kind.encode()), (b"cache-control", b"no-cache")], body)


def _static_file(root: Path | None, url_path: str) -> Path | None:
    """The file under ``root`` a URL path names (``/`` is index.html); None outside it or missing."""
    if root is None:
        return None
    candidate = (root / (url_path.lstrip("/") or "index.html")).resolve()
    inside = candidate.is_relative_to(root.resolve())
    return candidate if inside and candidate.is_file() else None


async def _unimplemented(path: str, send: Send, cors: list[tuple[bytes, bytes]]) -> None:
    """A method this port does not serve (BotService, a typo) answers UNIMPLEMENTED, as gRPC does."""
    context = WebContext((), "", grpc.StatusCode.UNIMPLEMENTED, f"no method {path} on the gRPC-Web port")
    headers = [(b"content-type", b"application/grpc-web+proto"), *cors]
    await _respond(send, 200, headers, frame(context.trailers(), TRAILER_FLAG))


def _content_type(scope: Scope) -> str:
    value: bytes = dict(scope["headers"]).get(b"content-type", b"")
    return value.decode("latin-1")


async def _respond(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes = b"") -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class _Call:
    """One gRPC-Web call: decode the request, run the handler, frame the answers and the trailers."""

    def __init__(
        self, handler: Handler, scope: Scope, receive: Receive, send: Send, cors: list[tuple[bytes, bytes]]
    ) -> None:
        self.handler, self.receive, self.send = handler, receive, send
        self.text = _content_type(scope).startswith("application/grpc-web-text")
        kind = b"application/grpc-web-text+proto" if self.text else b"application/grpc-web+proto"
        self.headers = [(b"content-type", kind), *cors]
        headers = scope["headers"]
        self.context = WebContext(call_metadata(headers), peer_of(scope))
        self.timeout = parse_timeout(dict(headers).get(b"grpc-timeout", b"").decode("latin-1"))
        self.started = False
        self.gone = False

    async def run(self, max_message_bytes: int) -> None:
        try:
            body = await self._body(max_message_bytes)
            request = self.handler.request_deserializer(first_message(body))  # type: ignore[misc]
            async with asyncio.timeout(self.timeout):
                await self._serve(request)
        except Aborted:
            pass
        except TimeoutError:
            self.context.status, self.context.message = grpc.StatusCode.DEADLINE_EXCEEDED, "deadline exceeded"
        except Exception:
            log.exception("gRPC-Web call failed")
            self.context.status, self.context.message = grpc.StatusCode.UNKNOWN, "unexpected server error"
        if not self.gone:
            await self._write(self.context.trailers(), TRAILER_FLAG, more=False)

    async def _body(self, max_message_bytes: int) -> bytes:
        """The request body, refused past the size the native port refuses (base64 is a third larger)."""
        cap = max_message_bytes + FRAME.size
        cap = cap * 4 // 3 + 4 if self.text else cap
        chunks, size = [], 0
        while True:
            event = await self.receive()
            chunks.append(event.get("body", b""))
            size += len(chunks[-1])
            if size > cap:
                too_big = f"the request is larger than {max_message_bytes} bytes (--max-message-bytes)"
                await self.context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, too_big)
            if not event.get("more_body"):
                break
        if not self.text:
            return b"".join(chunks)
        try:
            return base64.b64decode(b"".join(chunks), validate=True)
        except binascii.Error:
            await self.context.abort(grpc.StatusCode.INVALID_ARGUMENT, "a grpc-web-text body must be base64")

    async def _serve(self, request: Any) -> None:
        # grpc's stubs type the behaviours for the sync server; under grpc.aio they are coroutines.
        behaviour: Any
        if self.handler.response_streaming:
            behaviour = self.handler.unary_stream
            await self._stream(behaviour(request, self.context))
        else:
            behaviour = self.handler.unary_unary
            await self._write(self.handler.response_serializer(await behaviour(request, self.context)))  # type: ignore[misc]

    async def _stream(self, responses: AsyncIterator[Any]) -> None:
        """Send each response as it comes; when the browser goes away, stop waiting and close the handler."""
        gone = asyncio.ensure_future(self._disconnected())
        following: asyncio.Future[Any] | None = None
        try:
            await self._write(b"")  # headers now, so the browser knows the stream is open
            while True:
                following = asyncio.ensure_future(anext(responses))
                await asyncio.wait({following, gone}, return_when=asyncio.FIRST_COMPLETED)
                if gone.done():
                    self.gone = True
                    return
                try:
                    response = following.result()
                except StopAsyncIteration:
                    return
                await self._write(self.handler.response_serializer(response))  # type: ignore[misc]
        finally:
            gone.cancel()
            if following is not None and not following.done():
                following.cancel()  # gone, or the deadline: the generator must stop before it is closed
                await asyncio.wait({following})
            await responses.aclose()  # type: ignore[attr-defined]

    async def _disconnected(self) -> None:
        while (await self.receive())["type"] != "http.disconnect":
            pass

    async def _write(self, payload: bytes, flags: int = 0, more: bool = True) -> None:
        if not self.started:
            await self.send({"type": "http.response.start", "status": 200, "headers": self.headers})
            self.started = True
        if not payload and flags == 0 and more:
            return
        data = frame(payload, flags)
        await self.send(
            {
                "type": "http.response.body",
                "body": base64.b64encode(data) if self.text else data,
                "more_body": more,
            }
        )


@dataclass
class GrpcWebServer:
    """The ASGI app served by hypercorn on an already bound socket, started and stopped with the server."""

    app: GrpcWebApp
    sock: socket.socket
    grace: float
    _stop: asyncio.Event = field(default_factory=asyncio.Event)
    _task: asyncio.Task[None] | None = None

    @property
    def port(self) -> int:
        port: int = self.sock.getsockname()[1]
        return port

    def start(self) -> None:
        config = HypercornConfig()
        # hypercorn closes the socket it serves on: hand it a duplicate, ours is closed in ``stop``.
        config.bind = [f"fd://{os.dup(self.sock.fileno())}"]
        config.graceful_timeout = self.grace
        config.accesslog = None
        config.errorlog = HYPERCORN_LOG
        self._task = asyncio.create_task(serve(self.app, config, shutdown_trigger=self._stop.wait))  # type: ignore[arg-type]

    async def stop(self) -> None:
        self._stop.set()
        if self._task is not None:
            await asyncio.wait([self._task], timeout=self.grace + 1)
        self.sock.close()


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (0 picks a free port), so the port is known before serving."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(address)
    sock.listen(128)
    sock.setblocking(False)
    return sock
