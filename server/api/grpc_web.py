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
import struct
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import grpc

from server.api.connect_http import Aborted, HttpContext
from server.api.guard import Handler
from server.api.http_port import Cors, Receive, Scope, Send, respond, static

log = logging.getLogger(__name__)

FRAME = struct.Struct(">BI")
TRAILER_FLAG = 0x80
# Request headers that are HTTP's or CORS's own, not call metadata for the servicer.
NOT_METADATA = frozenset(
    {"host", "connection", "content-length", "content-type", "accept", "accept-encoding", "origin",
     "referer", "user-agent", "x-grpc-web", "x-user-agent", "grpc-timeout", "te", "cookie"}
)  # fmt: skip
TIMEOUT_UNITS = {"H": 3600.0, "M": 60.0, "S": 1.0, "m": 1e-3, "u": 1e-6, "n": 1e-9}


@dataclass
class WebContext(HttpContext):
    """``HttpContext`` with the trailer frame this hand-written gateway writes."""

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
            await static(self.static_root, scope, send)
        elif scope["method"] == "OPTIONS":
            await respond(send, 204, self.cors.preflight(scope))
        elif scope["method"] != "POST" or not grpc_web:
            await respond(send, 415, [], b"gRPC-Web calls are POSTs of application/grpc-web+proto\n")
        else:
            call = _Call(handler, scope, receive, send, self.cors.headers(scope))
            await call.run(self.max_message_bytes)


def _content_type(scope: Scope) -> str:
    value: bytes = dict(scope["headers"]).get(b"content-type", b"")
    return value.decode("latin-1")


async def _unimplemented(path: str, send: Send, cors: list[tuple[bytes, bytes]]) -> None:
    """A method this port does not serve (BotService, a typo) answers UNIMPLEMENTED, as gRPC does."""
    context = WebContext((), "", grpc.StatusCode.UNIMPLEMENTED, f"no method {path} on the gRPC-Web port")
    headers = [(b"content-type", b"application/grpc-web+proto"), *cors]
    await respond(send, 200, headers, frame(context.trailers(), TRAILER_FLAG))


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
