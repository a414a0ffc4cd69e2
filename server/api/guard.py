"""Registering services so that a body that is not the request message gets a precise answer.

grpcio decodes the request before the servicer runs, and a ``DecodeError``
there reaches the client as ``UNKNOWN "Unexpected DecodeError"`` with a
traceback in the log. ``add_guarded`` registers a generated service with a
deserializer that cannot raise: a malformed body becomes a ``Malformed``
value, and the wrapped method answers it with ``INVALID_ARGUMENT`` /
``MALFORMED_REQUEST`` before any servicer code runs. The cost on a good call
is one ``isinstance`` check; nothing runs per call as an interceptor would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

import grpc
from google.protobuf.message import DecodeError

from server.api import status
from server.domain.errors import GameError, Reason

Decode = Callable[[bytes], Any]
Handler: TypeAlias = "grpc.RpcMethodHandler[Any, Any]"
# Asked before each call: the error that answers it instead of the servicer, or None to serve it.
Refusing = Callable[[], "GameError | None"]


@dataclass(frozen=True, slots=True)
class Malformed:
    """A request body the method's message type could not decode."""

    message_type: str
    detail: str

    def error(self) -> GameError:
        return GameError(
            Reason.MALFORMED_REQUEST,
            f"the request body is not a valid {self.message_type}: {self.detail}",
            field="body",
        )


def safe_decoder(decode: Decode, message_type: str) -> Decode:
    """``decode``, answering a ``Malformed`` instead of raising on bad bytes."""

    def decoder(body: bytes) -> Any:
        try:
            return decode(body)
        except (DecodeError, UnicodeDecodeError, RecursionError) as exc:
            return Malformed(message_type, str(exc).split(": ")[-1][:80] or type(exc).__name__)

    return decoder


def _refusal(request: Any, refusing: Refusing) -> GameError | None:
    if isinstance(request, Malformed):
        return request.error()
    return refusing()


def _guard_unary(behaviour: Callable[..., Any], refusing: Refusing) -> Callable[..., Any]:
    async def method(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
        if refused := _refusal(request, refusing):
            await status.abort(context, refused)
        return await behaviour(request, context)

    return method


def _guard_stream(
    behaviour: Callable[..., AsyncIterator[Any]], refusing: Refusing
) -> Callable[..., AsyncIterator[Any]]:
    async def method(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> AsyncIterator[Any]:
        if refused := _refusal(request, refusing):
            await status.abort(context, refused)
        async for response in behaviour(request, context):
            yield response

    return method


def _serving() -> None:
    return None


def guard(handler: Handler, message_type: str, refusing: Refusing = _serving) -> Handler:
    """The same method handler, answering undecodable unary requests with MALFORMED_REQUEST.

    ``refusing`` is asked before each call: an error it returns (the drain's
    ``DRAINING``) answers the call instead of the servicer.
    """
    if handler.request_streaming or handler.request_deserializer is None:
        return handler
    decoder = safe_decoder(handler.request_deserializer, message_type)
    # grpc's stubs type the behaviours for the sync server; under grpc.aio they are coroutines.
    behaviour: Any = handler.unary_stream if handler.response_streaming else handler.unary_unary
    if handler.response_streaming:
        return handler._replace(  # type: ignore[attr-defined, no-any-return]
            request_deserializer=decoder, unary_stream=_guard_stream(behaviour, refusing)
        )
    return handler._replace(  # type: ignore[attr-defined, no-any-return]
        request_deserializer=decoder, unary_unary=_guard_unary(behaviour, refusing)
    )


class _Capture:
    """Stands in for the server while a generated ``add_*_to_server`` registers its handlers."""

    def __init__(self) -> None:
        self.service = ""
        self.handlers: Mapping[str, Handler] = {}

    def add_generic_rpc_handlers(self, handlers: object) -> None:
        """Ignored: the handlers are registered from ``add_registered_method_handlers``."""

    def add_registered_method_handlers(self, service: str, handlers: Mapping[str, Handler]) -> None:
        self.service, self.handlers = service, handlers


class Registry(Protocol):
    """Where handlers go: a ``grpc.aio.Server``, or the gRPC-Web app (server.api.grpc_web)."""

    def add_generic_rpc_handlers(self, handlers: Any) -> None: ...

    def add_registered_method_handlers(self, service: str, handlers: Any) -> None: ...


def add_guarded(
    add_to_server: Callable[[Any, Any], None],
    servicer: object,
    server: Registry,
    messages: Mapping[str, str],
    refusing: Refusing = _serving,
) -> None:
    """Register ``servicer`` like ``add_to_server`` would, each unary request guarded.

    ``messages`` maps a method name to its request message's full name (for the answer's text).
    """
    capture = _Capture()
    add_to_server(servicer, capture)
    guarded = {
        name: guard(handler, messages.get(name, "request"), refusing)
        for name, handler in capture.handlers.items()
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(capture.service, guarded),))
    server.add_registered_method_handlers(capture.service, guarded)


def request_types(service: Any) -> dict[str, str]:
    """Method name → request message full name, from a service descriptor."""
    return {method.name: method.input_type.full_name for method in service.methods}
