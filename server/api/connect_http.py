"""Every public service on plain HTTP: the Connect protocol and gRPC-Web, served by connectrpc.

The framing, content negotiation (JSON or proto), deadlines (``Connect-Timeout-Ms``,
``grpc-timeout``), size limit and stream envelopes are the library's. What is ours is the
translation onto the native servicers, so each RPC's behaviour is decided in one place: each
Connect method calls the very handler the native server runs (registered by
``server.api.guard.add_guarded``: the malformed-body guard and the drain's refusal included, and
counted by ``RpcMetrics`` with a ``transport`` label), with an ``HttpContext`` standing in for
grpc's servicer context. A handler's abort (a status with ``ErrorInfo``) becomes a ``ConnectError``
carrying the same details, readable as JSON in the error's ``debug`` (connectrpc writes it for
messages it has descriptors of: ``_Details`` gives it the google.rpc ones).

The caller's address for per-client limits is the socket's peer, or the last address before the
configured proxies in ``X-Forwarded-For`` when the peer is one of them (``--http-trusted-proxies``).
"""

from __future__ import annotations

import base64
import binascii
import importlib
import ipaddress
import re
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

import grpc
from connectrpc.code import Code
from connectrpc.codec import Codec
from connectrpc.compat import google_protobuf_binary_codec, google_protobuf_json_codec
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.request import RequestContext
from google.protobuf import any_pb2, descriptor_pb2
from google.rpc import error_details_pb2, status_pb2

from server.api import status
from server.api.guard import Handler, Malformed
from server.api.http_port import App, Cors, Receive, Scope, Send, respond, static
from server.domain.errors import GameError, Reason

# Request headers that are HTTP's, CORS's or the protocols' own, not call metadata for the servicer.
NOT_METADATA = frozenset(
    {"host", "connection", "content-length", "content-type", "accept", "accept-encoding", "origin",
     "referer", "user-agent", "x-grpc-web", "x-user-agent", "grpc-timeout", "te", "cookie",
     "content-encoding", "grpc-encoding", "grpc-accept-encoding", "x-forwarded-for"}
)  # fmt: skip
Count = Callable[[str, Handler, str], Handler]
TRANSPORTS = ("connect", "grpc_web", "grpc")


def transport_of(content_type: str) -> str:
    """The ``transport`` label of a call: ``grpc_web``, ``grpc`` (HTTP/2 on this port) or ``connect``."""
    if content_type.startswith("application/grpc-web"):
        return "grpc_web"
    if content_type.startswith("application/grpc"):
        return "grpc"
    return "connect"


class Aborted(Exception):
    """Raised by ``HttpContext.abort*``: the call ends with the context's status."""


@dataclass
class HttpContext:
    """The part of ``grpc.aio.ServicerContext`` Zythos handlers use, for one call over HTTP."""

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
        return {}  # no client certificates on the HTTP port

    def code(self) -> grpc.StatusCode:
        return self.status

    async def abort(self, code: grpc.StatusCode, details: str = "", trailing: Sequence[Any] = ()) -> NoReturn:
        self.status, self.message, self.trailing = code, details, tuple(trailing)
        raise Aborted(details)

    async def abort_with_status(self, status: grpc.Status) -> NoReturn:
        await self.abort(status.code, status.details, status.trailing_metadata)

    def error(self) -> ConnectError:
        """The aborted status as a ``ConnectError`` with the same details (ErrorInfo, BadRequest)."""
        details = next((v for k, v in self.trailing if k == "grpc-status-details-bin"), b"")
        packed = status_pb2.Status.FromString(details).details if isinstance(details, bytes) else []
        return ConnectError(connect_code(self.status), self.message, [DETAILS.detail(a) for a in packed])


def connect_code(code: grpc.StatusCode) -> Code:
    return Code.CANCELED if code is grpc.StatusCode.CANCELLED else Code[code.name]


class _Details:
    """google.rpc detail messages as connectrpc's ``ErrorDetail``, with the JSON form it can print.

    connectrpc writes a detail's JSON (``debug``) only for a message of its own protobuf runtime
    (protobuf-py). Its registry is built here from google.rpc's descriptors, so a curl user reads
    ``{"reason": "UNKNOWN_GAME_TYPE", ...}`` and not only base64. protobuf-py's public API has no
    way to load a descriptor at run time yet, hence its ``_file_registry``; if that ever fails the
    details are still sent, as bytes without ``debug`` (tests/server/test_http_contract.py notices).
    """

    def __init__(self) -> None:
        self._registry: Any = None
        try:
            self._registry = _rpc_registry()
        except Exception:  # pragma: no cover - a protobuf-py release that moved its internals
            self._registry = None

    def detail(self, packed: any_pb2.Any) -> ErrorDetail:
        from protobuf.wkt import Any as PyAny  # connectrpc's runtime: imported with it

        wire = PyAny(type_url=packed.type_url, value=packed.value)
        desc = self._registry.message(packed.TypeName()) if self._registry is not None else None
        readable = wire.unpack(desc) if desc is not None else None
        return ErrorDetail(readable or wire)


def _rpc_registry() -> Any:
    from protobuf._file_registry import create_file_registry
    from protobuf.wkt.google.protobuf import duration_pb
    from protobuf.wkt.google.protobuf.descriptor_pb import FileDescriptorProto

    proto = descriptor_pb2.FileDescriptorProto()
    error_details_pb2.DESCRIPTOR.CopyToProto(proto)
    _name_json_fields(proto.message_type)  # protoc's Python output drops json_name; protobuf-py needs it
    deps = {duration_pb.desc().name: duration_pb.desc()}
    return create_file_registry(FileDescriptorProto.from_binary(proto.SerializeToString()), deps.get)


def _name_json_fields(messages: Iterable[descriptor_pb2.DescriptorProto]) -> None:
    for message in messages:
        for f in message.field:
            first, *rest = f.name.split("_")
            f.json_name = first + "".join(part[:1].upper() + part[1:] for part in rest)
        _name_json_fields(message.nested_type)


DETAILS = _Details()


class _GuardedCodec:
    """A google.protobuf codec answering a body it cannot decode with ``Malformed``.

    The guarded handler then answers MALFORMED_REQUEST with its ErrorInfo, exactly as over native
    gRPC, where the guard's deserializer does the same.
    """

    def __init__(self, inner: Codec[Any, Any]) -> None:
        self._inner = inner

    def name(self) -> str:
        return self._inner.name()

    def encode(self, message: Any) -> bytes:
        return self._inner.encode(message)

    def decode(self, data: bytes | bytearray, message_class: Any) -> Any:
        try:
            return self._inner.decode(data, message_class)
        except Exception as exc:  # any parse error of either format: DecodeError, ParseError, ...
            detail = str(exc).split(": ")[-1][:80] or type(exc).__name__
            return Malformed(message_class.DESCRIPTOR.full_name, detail)


CODECS = [_GuardedCodec(google_protobuf_binary_codec()), _GuardedCodec(google_protobuf_json_codec())]


class _Explained:
    """A connectrpc metadata interceptor: the library's own refusals get an ErrorInfo too.

    A request past ``--max-message-bytes`` and a body connectrpc cannot even unwrap (unknown
    compression, bad base64) are refused by the library before our handler runs; the client still
    gets a reason to switch on.
    """

    REASONS = {
        Code.RESOURCE_EXHAUSTED: Reason.MESSAGE_TOO_LARGE,
        Code.INVALID_ARGUMENT: Reason.MALFORMED_REQUEST,
    }

    async def on_start(self, ctx: RequestContext[Any, Any]) -> None:
        return None

    async def on_end(self, token: None, ctx: RequestContext[Any, Any], error: Exception | None) -> None:
        if isinstance(error, ConnectError) and not error.details and error.code in self.REASONS:
            grpc_status = status.to_status(GameError(self.REASONS[error.code], error.message))
            context = HttpContext((), "")
            try:
                await context.abort_with_status(grpc_status)
            except Aborted:
                raise context.error() from error


@dataclass(frozen=True)
class Proxies:
    """The proxies whose ``X-Forwarded-For`` is believed (``--http-trusted-proxies``: addresses, CIDRs)."""

    networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = ()

    @classmethod
    def parse(cls, setting: str) -> Proxies:
        proxies = (p.strip() for p in setting.split(","))
        return cls(tuple(ipaddress.ip_network(p, strict=False) for p in proxies if p))

    def trusted(self, host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def peer(self, client_address: str | None, forwarded_for: str) -> str:
        """``ipv4:host:port`` like grpc's ``peer()``: the socket's, or the client a trusted proxy named."""
        host, _, port = (client_address or "unknown:0").rpartition(":")
        if forwarded_for and self.trusted(host):
            # Walk back from the nearest hop: the first address that is not one of our proxies is the client.
            for hop in reversed([h.strip() for h in forwarded_for.split(",") if h.strip()]):
                host, port = hop, "0"
                if not self.trusted(hop):
                    break
        return f"ipv6:[{host}]:{port}" if ":" in host else f"ipv4:{host}:{port}"


def call_metadata(headers: Iterable[tuple[str, str]]) -> tuple[tuple[str, str | bytes], ...]:
    """The headers a native call would carry as metadata; ``-bin`` values decoded as gRPC does."""
    metadata: list[tuple[str, str | bytes]] = []
    for key, value in headers:
        if key in NOT_METADATA or key.startswith(("sec-", "access-control-", "connect-")):
            continue
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


def snake(method: str) -> str:
    """The generated Connect stub's name for a method (``ListLegalActions`` -> ``list_legal_actions``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", method).lower()


class Bridge:
    """One service as its generated Connect ``Protocol`` wants it: each method a translation.

    Each method runs the guarded gRPC handler (counted for the call's transport) with an
    ``HttpContext``; an abort becomes the ``ConnectError`` the library writes as Connect JSON or
    gRPC-Web trailers. The methods are set per name from the handlers, not written one by one: the
    behaviour is the native servicer's.
    """

    def __init__(self, handlers: Mapping[str, Mapping[str, Handler]], proxies: Proxies) -> None:
        self._proxies = proxies
        for name, by_transport in handlers.items():
            streaming = next(iter(by_transport.values())).response_streaming
            method = self._stream(by_transport) if streaming else self._unary(by_transport)
            setattr(self, snake(name), method)

    def _context(self, ctx: RequestContext[Any, Any]) -> HttpContext:
        headers = ctx.request_headers
        peer = self._proxies.peer(ctx.client_address, headers.get("x-forwarded-for", ""))
        return HttpContext(call_metadata(headers.allitems()), peer)

    def _unary(self, by_transport: Mapping[str, Handler]) -> Callable[..., Any]:
        async def call(request: Any, ctx: RequestContext[Any, Any]) -> Any:
            handler = by_transport[transport_of(ctx.request_headers.get("content-type", ""))]
            context = self._context(ctx)
            behaviour: Any = handler.unary_unary  # grpc's stubs type it for the sync server
            try:
                return await behaviour(request, context)
            except Aborted:
                raise context.error() from None

        return call

    def _stream(self, by_transport: Mapping[str, Handler]) -> Callable[..., AsyncIterator[Any]]:
        async def call(request: Any, ctx: RequestContext[Any, Any]) -> AsyncIterator[Any]:
            handler = by_transport[transport_of(ctx.request_headers.get("content-type", ""))]
            context = self._context(ctx)
            behaviour: Any = handler.unary_stream
            responses = behaviour(request, context)
            try:
                async for response in responses:
                    yield response
            except Aborted:
                raise context.error() from None
            finally:
                await responses.aclose()

        return call


@dataclass
class ConnectApp:
    """The HTTP port's ASGI app: each service's generated Connect app by path, else the web client's files.

    Services are registered like on a ``grpc.aio.Server`` (``add_guarded`` calls
    ``add_registered_method_handlers``): each becomes its generated ``*ASGIApplication`` over a
    ``Bridge``. CORS is ours (connectrpc has none): preflights answered, and the allow/expose
    headers added to every answer, for the configured origins only.
    """

    cors: Cors = field(default_factory=lambda: Cors(frozenset()))
    static_root: Path | None = None
    max_message_bytes: int = 256 * 1024  # --max-message-bytes, as on the native port
    proxies: Proxies = field(default_factory=Proxies)
    # wraps each method's handler per transport (RpcMetrics.counted: the grpc_server_* metrics)
    counted: Count | None = None
    services: dict[str, App] = field(default_factory=dict)

    def add_generic_rpc_handlers(self, handlers: object) -> None:
        """Ignored: ``add_guarded`` also hands the handlers to ``add_registered_method_handlers``."""

    def add_registered_method_handlers(self, service: str, handlers: Mapping[str, Handler]) -> None:
        package, _, name = service.rpartition(".")
        generated = importlib.import_module(f"{package}.{snake(name)}_connect")
        by_method = {
            method: {t: self._count(f"/{service}/{method}", handler, t) for t in TRANSPORTS}
            for method, handler in handlers.items()
        }
        app_class = getattr(generated, f"{name}ASGIApplication")
        app = app_class(
            Bridge(by_method, self.proxies),
            interceptors=[_Explained()],
            read_max_bytes=self.max_message_bytes,
            codecs=CODECS,
        )
        self.services[f"/{service}"] = app

    def _count(self, path: str, handler: Handler, transport: str) -> Handler:
        return self.counted(path, handler, transport) if self.counted else handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # lifespan: nothing to set up (the Connect apps resolve their endpoints on first use)
        service = self.services.get(scope["path"].rpartition("/")[0])
        if service is None:
            await static(self.static_root, scope, send)
        elif scope["method"] == "OPTIONS":
            await respond(send, 204, self.cors.preflight(scope))
        else:
            await service(scope, receive, self._with_cors(scope, send))

    def _with_cors(self, scope: Scope, send: Send) -> Send:
        allowed = self.cors.headers(scope)
        if not allowed:
            return send

        async def send_allowed(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *allowed]}
            await send(message)

        return send_allowed
