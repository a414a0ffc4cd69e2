"""What every servicer shares: the caller's credentials and address, the drain, and error answers.

A servicer method is a translation; these are the few steps every translation takes the same way:
read the Bearer token, name the caller's address for per-client limits, refuse calls once the
drain started, and answer a domain error or a store outage with its status and ErrorInfo instead
of UNKNOWN.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import grpc

from server.api import status
from server.domain.errors import GameError, Reason
from server.store import StoreFull, StoreUnavailable

log = logging.getLogger(__name__)

Request = TypeVar("Request")
Response = TypeVar("Response")
Unary = Callable[[Any, Request, grpc.aio.ServicerContext[Any, Any]], Awaitable[Response]]


def as_game_error(exc: Exception) -> GameError:
    if isinstance(exc, GameError):
        return exc
    if isinstance(exc, StoreFull):
        log.error("session store full: %s", exc)
        return GameError(Reason.STORE_FULL, "the session store is full and refuses new writes; retry later")
    log.warning("session store unavailable: %s", exc)
    return GameError(Reason.STORE_UNAVAILABLE, "the session store is unavailable; retry shortly")


def unary(method: Unary[Request, Response]) -> Unary[Request, Response]:
    """Answer domain errors and store outages with their status instead of UNKNOWN."""

    @functools.wraps(method)
    async def wrapper(self: Any, request: Request, context: grpc.aio.ServicerContext[Any, Any]) -> Response:
        try:
            return await method(self, request, context)
        except (GameError, StoreUnavailable) as exc:
            await status.abort(context, as_game_error(exc))
            raise AssertionError("abort returned") from exc

    return wrapper


def bearer_token(context: grpc.aio.ServicerContext[Any, Any]) -> str | None:
    """The seat token from ``authorization: Bearer <token>``; ``None`` for a spectator."""
    value = next((v for k, v in context.invocation_metadata() or () if k == "authorization"), None)
    if value is None:
        return None
    scheme, _, token = str(value).partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise GameError(Reason.UNAUTHENTICATED, "authorization must be `Bearer <seat token>`")
    return token.strip()


def client_address(context: grpc.aio.ServicerContext[Any, Any]) -> str:
    """The caller's address without its port (``ipv4:10.0.0.7``): what per-client limits count."""
    peer = context.peer() or ""
    host, _, port = peer.rpartition(":")
    return host if host and port.isdigit() else peer


class Drain:
    """Set when the server starts shutting down: open streams end so clients resume elsewhere."""

    def __init__(self) -> None:
        self.started = asyncio.Event()

    def error(self) -> GameError:
        return GameError(Reason.DRAINING, "this server is shutting down; reconnect and resume")

    def refusing(self) -> GameError | None:
        """``DRAINING`` once the drain started: new calls are answered UNAVAILABLE, not served."""
        return self.error() if self.started.is_set() else None
