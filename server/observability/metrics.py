"""Prometheus metrics: the conventional gRPC server set and the ``zythos_*`` domain set.

The gRPC metrics carry the names and labels of go-grpc-prometheus, so the
usual dashboards and alerts work unchanged; :class:`RpcMetrics` fills them for
every RPC, native or gRPC-Web, by wrapping each method's handler where it is
registered (no interceptor: gRPC would put a coroutine chain before every
call). The domain metrics are module-level objects with small helpers that
the server calls at the point where the thing happens. (The bot
worker's own metrics live in ``ai_players.metrics``: a bot never imports the
server.) Every value is in base units (seconds, counts), and everything is
registered in prometheus-client's default registry, next to its process
metrics (CPU, memory, open file descriptors).

``start_metrics_server`` serves ``/metrics`` over plain HTTP on its own port,
so scraping never competes with game traffic on the gRPC port.
"""

from __future__ import annotations

import asyncio
import functools
import time
from bisect import bisect_left
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, NamedTuple, TypeAlias, cast
from wsgiref.simple_server import WSGIServer

import grpc
import prometheus_client
from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.metrics_core import CounterMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector
from prometheus_client.utils import floatToGoString

# Latency buckets from 100 µs to 10 s: a store round trip sits at the bottom,
# a bot's search and a slow client at the top.
LATENCY_BUCKETS = (
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
)  # fmt: skip
# Streams and whole games last minutes to hours.
LONG_BUCKETS = (1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 1800.0, 3600.0, 7200.0, 21600.0)
# Steps per finished game and MCTS iterations per decision.
COUNT_BUCKETS = (1.0, 10.0, 25.0, 50.0, 100.0, 250.0, 500.0, 1000.0, 2500.0, 5000.0, 10000.0, 50000.0)

# --- gRPC server (go-grpc-prometheus names) ---------------------------------
# Kept by GrpcServerStats below as plain integers, with no lock on the hot
# path: prometheus-client's locked counters cost ~16 µs per RPC here, the
# plain ones ~2 µs.

GRPC_HANDLING_BUCKETS = (*LATENCY_BUCKETS, *LONG_BUCKETS[2:])

# --- Games (server) ----------------------------------------------------------

GAMES_CREATED = Counter("zythos_games_created", "Games created.", ("game_type",))
GAMES_LIVE = Gauge(
    "zythos_games_live",
    "Games in the store by type and status, as last sampled from the store (shared by all replicas: "
    "aggregate with max, not sum).",
    ("game_type", "status"),
)
GAMES_FINISHED = Counter(
    "zythos_games_finished", "Games that ended, as FINISHED or ABANDONED.", ("game_type", "status")
)
GAME_LENGTH_STEPS = Histogram(
    "zythos_game_length_steps",
    "Steps (actions and chance outcomes, i.e. the final version) of each ended game.",
    ("game_type",),
    buckets=COUNT_BUCKETS,
)
GAME_DURATION_SECONDS = Histogram(
    "zythos_game_duration_seconds", "Wall time from creation to the end of each ended game.",
    ("game_type",), buckets=LONG_BUCKETS,
)  # fmt: skip
ACTIONS_APPLIED = Counter("zythos_actions_applied", "Player actions applied and committed.", ("game_type",))
CHANCE_STEPS = Counter(
    "zythos_chance_steps_resolved", "Chance steps (dice) resolved by the server.", ("game_type", "kind")
)

# --- Store -------------------------------------------------------------------

COMMITS = Counter("zythos_commits", "Compare-and-set commits that succeeded.", ("game_type",))
COMMIT_CONFLICTS = Counter(
    "zythos_commit_conflicts",
    "Compare-and-set commits refused because another writer moved the version first.",
    ("game_type",),
)
COMMIT_RETRIES = Counter(
    "zythos_commit_retries", "Reload-and-retry rounds after a commit conflict.", ("game_type",)
)
COMMIT_ABORTS = Counter(
    "zythos_commit_aborts", "Submissions answered ABORTED after the retry budget ran out.", ("game_type",)
)
STORE_SECONDS = Histogram(
    "zythos_store_operation_seconds",
    "Latency of one store operation, round trips included.",
    ("store", "operation"),
    buckets=LATENCY_BUCKETS,
)

# --- Event streams and bot workers (server) -----------------------------------

EVENT_STREAMS_OPEN = Gauge(
    "zythos_event_streams_open", "StreamEvents calls open on this process.", ("game_type",)
)
EVENTS_STREAMED = Counter("zythos_events_streamed", "Events sent on StreamEvents calls.", ("game_type",))
BOT_WORKERS_CONNECTED = Gauge(
    "zythos_bot_workers_connected", "Bot workers holding a WatchAssignments stream to this server process."
)
BOT_ASSIGNMENTS = Counter(
    "zythos_bot_assignments", "Seats this server process handed to bot workers.", ("game_type", "level")
)

# --- Live play: turn clocks and seats changing hands (server) --------------------

SEATS_TAKEN_OVER = Counter(
    "zythos_seats_taken_over",
    "Human seats a bot took over: cause is clock (its time ran out) or left (its player resigned).",
    ("game_type", "cause"),
)
SEATS_RECLAIMED = Counter(
    "zythos_seats_reclaimed", "Away seats their player took back from the bot.", ("game_type",)
)

# --- Matchmaking (server) ------------------------------------------------------------
# Each ticket is counted once: created by the replica that took the call, ended by the one
# that matched, cancelled or expired it. The bot-filled share is
# sum(rate(zythos_tickets_matched_total{bot_filled="true"})) / sum(rate(zythos_tickets_matched_total)).

TICKETS_CREATED = Counter("zythos_tickets_created", "Matchmaking tickets created.", ("game_type",))
TICKETS_MATCHED = Counter(
    "zythos_tickets_matched",
    "Tickets seated in a game; bot_filled is true when bots filled some of its seats.",
    ("game_type", "bot_filled"),
)
TICKETS_CANCELLED = Counter("zythos_tickets_cancelled", "Tickets cancelled by their holder.", ("game_type",))
TICKETS_EXPIRED = Counter(
    "zythos_tickets_expired", "Tickets nobody watched or polled in time.", ("game_type",)
)
TICKET_WAIT_SECONDS = Histogram(
    "zythos_ticket_wait_seconds",
    "Time from a ticket's creation to its end, by how it ended (MATCHED, CANCELLED, EXPIRED).",
    ("game_type", "status"),
    buckets=(0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0, 300.0, 600.0),
)

# --- The process (server) ---------------------------------------------------------

GC_FULL_SECONDS = Histogram(
    "zythos_gc_full_collection_seconds",
    "Wall time of each scheduled full garbage collection (server/collector.py): the event loop "
    "serves nothing meanwhile.",
    buckets=LATENCY_BUCKETS,
)

# --- Helpers for the server ------------------------------------------------------


@functools.cache
def _child(metric: Any, *labels: str) -> Any:
    """``metric.labels(*labels)``, memoised: the label lookup costs more than the update."""
    return metric.labels(*labels)


def game_created(game_type: str) -> None:
    _child(GAMES_CREATED, game_type).inc()


def game_ended(game_type: str, status: str, steps: int, duration_seconds: float) -> None:
    """Record a game that reached FINISHED or ABANDONED after ``steps`` versions."""
    _child(GAMES_FINISHED, game_type, status).inc()
    _child(GAME_LENGTH_STEPS, game_type).observe(steps)
    _child(GAME_DURATION_SECONDS, game_type).observe(duration_seconds)


def set_live_games(game_type: str, status: str, count: int) -> None:
    """Publish the store's current count of games of one type and status."""
    _child(GAMES_LIVE, game_type, status).set(count)


def action_applied(game_type: str) -> None:
    _child(ACTIONS_APPLIED, game_type).inc()


def chance_resolved(game_type: str, kind: str, count: int = 1) -> None:
    _child(CHANCE_STEPS, game_type, kind).inc(count)


def commit_succeeded(game_type: str) -> None:
    _child(COMMITS, game_type).inc()


def commit_conflicted(game_type: str, *, retrying: bool) -> None:
    """A compare-and-set lost a race; ``retrying`` is False when the caller gets ABORTED."""
    _child(COMMIT_CONFLICTS, game_type).inc()
    if retrying:
        _child(COMMIT_RETRIES, game_type).inc()
    else:
        _child(COMMIT_ABORTS, game_type).inc()


def store_operation(store: str) -> Callable[[str, float], None]:
    """What ``TimedStore`` calls after each call of a store of kind ``store``."""

    def observe(operation: str, seconds: float) -> None:
        _child(STORE_SECONDS, store, operation).observe(seconds)

    return observe


def event_stream_changed(game_type: str, delta: int) -> None:
    """A StreamEvents call opened (+1) or ended (-1)."""
    _child(EVENT_STREAMS_OPEN, game_type).inc(delta)


def event_streamed(game_type: str, count: int = 1) -> None:
    _child(EVENTS_STREAMED, game_type).inc(count)


def bot_worker_connected() -> None:
    BOT_WORKERS_CONNECTED.inc()


def bot_worker_disconnected() -> None:
    BOT_WORKERS_CONNECTED.dec()


def ticket_created(game_type: str) -> None:
    _child(TICKETS_CREATED, game_type).inc()


def ticket_ended(game_type: str, status: str, wait_seconds: float, bot_filled: bool) -> None:
    if status == "MATCHED":
        _child(TICKETS_MATCHED, game_type, "true" if bot_filled else "false").inc()
    elif status == "CANCELLED":
        _child(TICKETS_CANCELLED, game_type).inc()
    elif status == "EXPIRED":
        _child(TICKETS_EXPIRED, game_type).inc()
    _child(TICKET_WAIT_SECONDS, game_type, status).observe(wait_seconds)


def bot_assigned(game_type: str, level: str) -> None:
    _child(BOT_ASSIGNMENTS, game_type, level).inc()


def seat_taken_over(game_type: str, cause: str) -> None:
    _child(SEATS_TAKEN_OVER, game_type, cause).inc()


def seat_reclaimed(game_type: str) -> None:
    _child(SEATS_RECLAIMED, game_type).inc()


# --- The gRPC server interceptor ------------------------------------------------------

_Behavior = Callable[..., Any]


class MethodStats:
    """The grpc_server_* values of one method, updated by the event loop and read by scrapes."""

    __slots__ = ("buckets", "handled", "labels", "received", "seconds_sum", "sent", "started")

    def __init__(self, labels: tuple[str, str, str, str]) -> None:
        self.labels = labels
        self.started = 0
        self.received = 0
        self.sent = 0
        self.handled: dict[str, int] = {}
        self.buckets = [0] * (len(GRPC_HANDLING_BUCKETS) + 1)  # the last one is +Inf
        self.seconds_sum = 0.0

    def finish(self, code: grpc.StatusCode, start: float) -> None:
        """Count the RPC as handled with ``code`` and observe its duration since ``start``."""
        seconds = time.perf_counter() - start
        self.handled[code.name] = self.handled.get(code.name, 0) + 1
        self.buckets[bisect_left(GRPC_HANDLING_BUCKETS, seconds)] += 1
        self.seconds_sum += seconds


class GrpcServerStats(Collector):
    """Exposes the grpc_server_* families from the per-method ``MethodStats``."""

    def __init__(self) -> None:
        self._methods: dict[tuple[str, str], MethodStats] = {}

    def method(self, full_method: str, grpc_type: str, transport: str = "grpc") -> MethodStats:
        """The stats of ``/package.Service/Method`` over ``transport``, created on first use."""
        stats = self._methods.get((full_method, transport))
        if stats is None:
            service, _, method = full_method.lstrip("/").rpartition("/")
            labels = (grpc_type, service, method, transport)
            stats = self._methods[full_method, transport] = MethodStats(labels)
        return stats

    def describe(self) -> Iterator[Metric]:
        return iter(_GrpcFamilies.empty())

    def collect(self) -> Iterator[Metric]:
        families = _GrpcFamilies.empty()
        bounds = [*map(floatToGoString, GRPC_HANDLING_BUCKETS), "+Inf"]
        for stats in list(self._methods.values()):
            families.started.add_metric(stats.labels, stats.started)
            for code, count in list(stats.handled.items()):
                families.handled.add_metric((*stats.labels, code), count)
            buckets = list(zip(bounds, accumulate(stats.buckets), strict=True))
            families.seconds.add_metric(stats.labels, buckets, stats.seconds_sum)
            families.received.add_metric(stats.labels, stats.received)
            families.sent.add_metric(stats.labels, stats.sent)
        return iter(families)


class _GrpcFamilies(NamedTuple):
    started: CounterMetricFamily
    handled: CounterMetricFamily
    seconds: HistogramMetricFamily
    received: CounterMetricFamily
    sent: CounterMetricFamily

    @staticmethod
    def empty() -> _GrpcFamilies:
        # transport: grpc (the native port), or connect / grpc_web / grpc on the HTTP port
        labels = ["grpc_type", "grpc_service", "grpc_method", "transport"]
        return _GrpcFamilies(
            started=CounterMetricFamily("grpc_server_started", "RPCs started on the server.", labels=labels),
            handled=CounterMetricFamily(
                "grpc_server_handled",
                "RPCs completed on the server, by status code.",
                labels=[*labels, "grpc_code"],
            ),
            seconds=HistogramMetricFamily(
                "grpc_server_handling_seconds",
                "Time from the start of an RPC to its status; for streams, the stream's whole life.",
                labels=labels,
            ),
            received=CounterMetricFamily(
                "grpc_server_msg_received", "Request messages received by the server.", labels=labels
            ),
            sent=CounterMetricFamily(
                "grpc_server_msg_sent", "Response messages sent by the server.", labels=labels
            ),
        )


GRPC_SERVER = GrpcServerStats()
REGISTRY.register(GRPC_SERVER)


def _grpc_type(handler: grpc.RpcMethodHandler[Any, Any]) -> str:
    if handler.request_streaming:
        return "bidi_stream" if handler.response_streaming else "client_stream"
    return "server_stream" if handler.response_streaming else "unary"


def rpc_status_code(
    context: grpc.aio.ServicerContext[Any, Any], error: BaseException | None
) -> grpc.StatusCode:
    """The status an RPC ends with: the one its handler set or aborted with, else how it stopped.

    A handler that raised after its status was still OK (a gRPC-Web context starts at OK) did not
    end OK: the error decides.
    """
    code: grpc.StatusCode | None = context.code()
    if code is not None and (error is None or code is not grpc.StatusCode.OK):
        return code
    if error is None:
        return grpc.StatusCode.OK
    if isinstance(error, asyncio.CancelledError):  # the client went away
        return grpc.StatusCode.CANCELLED
    return grpc.StatusCode.UNKNOWN


class _CountingContext:
    """A servicer context that counts ``write`` calls: streams written through the context API."""

    def __init__(self, context: grpc.aio.ServicerContext[Any, Any], stats: MethodStats) -> None:
        self._context = context
        self._stats = stats

    async def write(self, message: Any) -> None:
        await self._context.write(message)
        self._stats.sent += 1

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)


async def _counting_iterator(iterator: AsyncIterator[Any], stats: MethodStats) -> AsyncIterator[Any]:
    async for message in iterator:
        stats.received += 1
        yield message


Handler: TypeAlias = "grpc.RpcMethodHandler[Any, Any]"


class RpcMetrics:
    """Fills the ``grpc_server_*`` metrics for every RPC of a ``grpc.aio`` server or the gRPC-Web app.

    Handlers are wrapped, not replaced: the status code is the one the handler
    set or aborted with, a handler that raises counts as UNKNOWN, and a client
    that goes away as CANCELLED. Stream messages are counted whether the
    handler yields them or writes them with ``context.write``. Handlers must
    be ``async`` (the grpc.aio style), as every Zythos handler is.

    ``counted`` wraps one method's handler (the gRPC-Web app, at registration);
    ``generic`` a server's generic handler, whose methods are wrapped the first
    time they resolve (server.app.GenericOnly registers every service that way).
    """

    def __init__(self, stats: GrpcServerStats = GRPC_SERVER) -> None:
        self._stats = stats
        # (method, transport) -> (the handler it resolved to, its counted wrapper): wrapped once, not per call
        self._wrapped: dict[tuple[str, str], tuple[Handler, Handler]] = {}

    def counted(self, method: str, handler: Handler, transport: str = "grpc") -> Handler:
        """``handler`` of ``/package.Service/Method`` with each call over ``transport`` counted and timed.

        The wrapper holds no per-call state (each call's start time and status are locals of
        ``handle``), so one serves every call, reused while the method resolves to the same
        handler object. Only resolved methods are kept: the server's own, a fixed few.
        """
        known = self._wrapped.get((method, transport))
        if known is not None and known[0] is handler:
            return known[1]
        grpc_type = _grpc_type(handler)
        wrapped = _wrap(handler, grpc_type, self._stats.method(method, grpc_type, transport))
        self._wrapped[method, transport] = (handler, wrapped)
        return wrapped

    def generic(self, handler: grpc.GenericRpcHandler) -> grpc.GenericRpcHandler:
        """``handler`` answering with counted method handlers."""
        return _CountedGeneric(handler, self)


class _CountedGeneric(grpc.GenericRpcHandler):
    def __init__(self, inner: grpc.GenericRpcHandler, metrics: RpcMetrics) -> None:
        self._inner = inner
        self._metrics = metrics

    def service(self, handler_call_details: grpc.HandlerCallDetails) -> Handler | None:
        handler = self._inner.service(handler_call_details)
        if handler is None:  # not this service's method: gRPC asks the next, or answers UNIMPLEMENTED
            return None
        return self._metrics.counted(handler_call_details.method, handler)


def _wrap(
    handler: grpc.RpcMethodHandler[Any, Any], grpc_type: str, stats: MethodStats
) -> grpc.RpcMethodHandler[Any, Any]:
    """The handler with each call counted and timed.

    gRPC sets the one behaviour that ``grpc_type`` names and leaves the other
    three None; the stubs type them as optional sync callables, while under
    grpc.aio they are coroutine functions or async generators: hence the casts.
    """
    codec = {
        "request_deserializer": handler.request_deserializer,
        "response_serializer": handler.response_serializer,
    }
    if grpc_type == "unary":
        behavior = _unary_response(cast(_Behavior, handler.unary_unary), stats)
        return grpc.unary_unary_rpc_method_handler(behavior, **codec)
    if grpc_type == "server_stream":
        behavior = _stream_response(cast(_Behavior, handler.unary_stream), stats)
        return grpc.unary_stream_rpc_method_handler(behavior, **codec)
    if grpc_type == "client_stream":
        behavior = _unary_response(cast(_Behavior, handler.stream_unary), stats)
        return grpc.stream_unary_rpc_method_handler(behavior, **codec)
    behavior = _stream_response(cast(_Behavior, handler.stream_stream), stats)
    return grpc.stream_stream_rpc_method_handler(behavior, **codec)


def _count_requests(request: Any, stats: MethodStats) -> Any:
    """Count the request message, or each message of a request stream."""
    if hasattr(request, "__aiter__"):
        return _counting_iterator(request, stats)
    stats.received += 1
    return request


def _unary_response(behavior: _Behavior, stats: MethodStats) -> _Behavior:
    async def handle(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
        start = time.perf_counter()
        stats.started += 1
        try:
            response = await behavior(_count_requests(request, stats), context)
        except BaseException as error:
            stats.finish(rpc_status_code(context, error), start)
            raise
        code = rpc_status_code(context, None)
        if code is grpc.StatusCode.OK:
            stats.sent += 1
        stats.finish(code, start)
        return response

    return handle


def _stream_response(behavior: _Behavior, stats: MethodStats) -> _Behavior:
    async def handle(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> AsyncIterator[Any]:
        start = time.perf_counter()
        stats.started += 1
        try:
            result = behavior(_count_requests(request, stats), _CountingContext(context, stats))
            if hasattr(result, "__aiter__"):  # an async generator
                async for message in result:
                    stats.sent += 1
                    yield message
            else:  # a coroutine that writes through the context
                await result
        except BaseException as error:
            stats.finish(rpc_status_code(context, error), start)
            raise
        stats.finish(rpc_status_code(context, None), start)

    return handle


# --- The /metrics HTTP endpoint --------------------------------------------------------


@dataclass
class MetricsServer:
    """The running /metrics endpoint; ``port`` is the bound port (useful with port 0)."""

    httpd: WSGIServer
    port: int

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def start_metrics_server(
    port: int, registry: CollectorRegistry = REGISTRY, addr: str = "0.0.0.0"
) -> MetricsServer:
    """Serve ``registry`` at ``http://addr:port/metrics`` from a daemon thread.

    Port 0 picks a free port. The ``*_created`` series are turned off: they
    double the series count and no rule or dashboard here uses them.
    """
    prometheus_client.disable_created_metrics()  # type: ignore[no-untyped-call]  # unannotated in prometheus_client
    httpd, _thread = prometheus_client.start_http_server(port, addr=addr, registry=registry)
    return MetricsServer(httpd=httpd, port=httpd.server_port)
