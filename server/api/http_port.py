"""The HTTP port's plumbing: the socket, hypercorn in the server's event loop, CORS, static files.

What the port serves (every public service over Connect and gRPC-Web) is ``server.api.connect_http``;
this module holds what any ASGI app on the port needs: an already bound socket (so the port is known
before serving), hypercorn started and stopped with the server's drain, the CORS answers for the
configured origins only, and the web client's files (``--web-client-dir``).
"""

from __future__ import annotations

import asyncio
import logging
import mimetypes
import os
import socket
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypercorn.asyncio import serve
from hypercorn.config import Config as HypercornConfig

# hypercorn's own lines go through the server's logging, warnings and errors only: the server
# logs where to point a browser itself, and hypercorn's "CTRL + C to quit" is not ours to say.
HYPERCORN_LOG = logging.getLogger(f"{__name__}.hypercorn")
HYPERCORN_LOG.setLevel(logging.WARNING)

Scope = Mapping[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# What a page from another origin may send: the token, and the Connect and gRPC-Web protocols' headers.
ALLOWED_HEADERS = (
    "authorization, content-type, connect-protocol-version, connect-timeout-ms, connect-accept-encoding,"
    " connect-content-encoding, grpc-timeout, x-grpc-web, x-user-agent, x-forwarded-for"
)
# What its script may read: gRPC-Web's status headers (Connect's errors are in the body).
EXPOSED_HEADERS = "grpc-status, grpc-message, grpc-status-details-bin"


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
            (b"access-control-allow-methods", b"GET, POST, OPTIONS"),
            (b"access-control-allow-headers", ALLOWED_HEADERS.encode()),
            (b"access-control-max-age", b"600"),
        ]


async def respond(send: Send, status: int, headers: list[tuple[bytes, bytes]], body: bytes = b"") -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def static(root: Path | None, scope: Scope, send: Send) -> None:
    """A file of the web client (GET or HEAD), else 404."""
    path = _static_file(root, scope["path"]) if scope["method"] in ("GET", "HEAD") else None
    if path is None:
        await respond(send, 404, [], b"not found\n")
        return
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    body = path.read_bytes() if scope["method"] == "GET" else b""
    await respond(send, 200, [(b"content-type", kind.encode()), (b"cache-control", b"no-cache")], body)


def _static_file(root: Path | None, url_path: str) -> Path | None:
    """The file under ``root`` a URL path names (``/`` is index.html); None outside it or missing."""
    if root is None:
        return None
    candidate = (root / (url_path.lstrip("/") or "index.html")).resolve()
    inside = candidate.is_relative_to(root.resolve())
    return candidate if inside and candidate.is_file() else None


@dataclass
class HttpServer:
    """An ASGI app served by hypercorn on an already bound socket, started and stopped with the server."""

    app: App
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
