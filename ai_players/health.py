"""The bot worker's liveness: ``GET /healthz`` answers 200 while its assignment stream is alive.

A worker whose ``BotService.WatchAssignments`` stream has been down for longer
than ``window`` seconds (the server unreachable, the worker wedged) answers 503,
so Kubernetes restarts it. ``/metrics`` cannot tell: it answers as long as the
process runs. The endpoint is served on the worker's own event loop, so a
blocked loop fails the probe too.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

_REPLY = (
    "HTTP/1.1 {status}\r\nContent-Type: text/plain\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
)


class StreamHealth:
    """When the assignment stream was last open; healthy while open or within ``window`` seconds of it."""

    def __init__(self, window: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self._clock = clock
        self._open = False
        self._last_open = clock()  # a starting worker gets one window to connect

    def opened(self) -> None:
        self._open = True
        self._last_open = self._clock()

    def closed(self) -> None:
        if self._open:
            self._last_open = self._clock()
        self._open = False

    def healthy(self) -> bool:
        return self._open or self._clock() - self._last_open <= self.window

    def describe(self) -> str:
        if self._open:
            return "assignment stream open"
        down = self._clock() - self._last_open
        return f"assignment stream down for {down:.1f} s (window {self.window:g} s)"


async def serve_health(health: StreamHealth, host: str, port: int) -> asyncio.Server:
    """Serve ``GET /healthz`` on ``host:port``; any other path answers 404."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), timeout=5)
            path = request.split(b" ", 2)[1] if request.count(b" ") >= 2 else b""
            if path != b"/healthz":
                status, body = "404 Not Found", "not found"
            elif health.healthy():
                status, body = "200 OK", health.describe()
            else:
                status, body = "503 Service Unavailable", health.describe()
            payload = body.encode() + b"\n"
            writer.write(_REPLY.format(status=status, length=len(payload)).encode() + payload)
            await writer.drain()
        except (TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
            pass
        finally:
            writer.close()

    return await asyncio.start_server(answer, host, port)
