"""Assembling the gRPC server: services, health, reflection, limits and the drain."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2_grpc

from server.api.bot_service import BotService
from server.api.calls import Drain
from server.api.connect_http import ConnectApp, Proxies
from server.api.game_service import GameService
from server.api.guard import add_guarded, request_types
from server.api.http_port import Cors, HttpServer
from server.api.http_port import bind as bind_http
from server.api.matchmaking_service import MatchmakingService
from server.api.player_service import PlayerService
from server.bots.dispatcher import BotDispatcher
from server.clocks.keeper import ClockKeeper
from server.config import Config
from server.matchmaking.grouping import Window
from server.matchmaking.matcher import Matchmaker, MatchSettings
from server.players.accounts import Players
from server.security.jwt_identity import JwtVerifier, load_issuers
from server.security.tls import CertificateFiles
from server.sessions.facade import Observer, Sessions
from server.store import SessionStore, open_store
from server.streams.admission import StreamLimits
from zythos.v1 import bot_service_pb2 as bot_pb
from zythos.v1 import bot_service_pb2_grpc as bot_grpc
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import game_service_pb2_grpc as pb_grpc
from zythos.v1 import matchmaking_service_pb2 as mm_pb
from zythos.v1 import matchmaking_service_pb2_grpc as mm_grpc
from zythos.v1 import player_service_pb2 as player_pb
from zythos.v1 import player_service_pb2_grpc as player_grpc

if TYPE_CHECKING:
    from server.observability.metrics import RpcMetrics

log = logging.getLogger(__name__)

# Seconds the background loops get to end at stop.
LOOP_STOP_SECONDS = 2.0
GAME_SERVICE = pb.DESCRIPTOR.services_by_name["GameService"].full_name
BOT_SERVICE = bot_pb.DESCRIPTOR.services_by_name["BotService"].full_name
PLAYER_SERVICE = player_pb.DESCRIPTOR.services_by_name["PlayerService"].full_name
MATCHMAKING_SERVICE = mm_pb.DESCRIPTOR.services_by_name["MatchmakingService"].full_name


@dataclass
class ZythosServer:
    """A built server; ``port`` is the one actually bound."""

    server: grpc.aio.Server
    sessions: Sessions
    health: health.aio.HealthServicer
    drain: Drain
    port: int
    config: Config
    bots: BotDispatcher
    matchmaker: Matchmaker
    web: HttpServer | None = None

    _bot_loop: asyncio.Task[None] | None = None
    _hub_loop: asyncio.Task[None] | None = None
    _observer_loop: asyncio.Task[None] | None = None
    _clock_loop: asyncio.Task[None] | None = None
    _match_loop: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.server.start()
        log.info("serving zythos.v1 on %s:%d", self.config.host, self.port)
        if self.web is not None:
            self.web.start()
            host = "localhost" if self.config.host in ("0.0.0.0", "::", "") else self.config.host
            what = "the web client: open" if self.config.web_client_dir else "Connect and gRPC-Web on"
            log.info("serving %s http://%s:%d/", what, host, self.web.port)
        if not self.config.bot_secret:
            log.warning("no bot secret (--bot-secret / ZYTHOS_BOT_SECRET): BotService refuses every worker")
        self._bot_loop = asyncio.create_task(self.bots.run())
        self._hub_loop = asyncio.create_task(self.sessions.hub.run())
        self._observer_loop = asyncio.create_task(self.sessions.observer.run(self.sessions.store))
        clocks = ClockKeeper(self.sessions, self.bots, self.config.clock_poll_seconds)
        self._clock_loop = asyncio.create_task(clocks.run())
        self._match_loop = asyncio.create_task(self.matchmaker.run())

    async def stop(self, grace: float | None = None) -> None:
        """Drain: NOT_SERVING, end open streams, refuse new calls (DRAINING), then stop within the grace."""
        log.info("draining")
        running = (self._bot_loop, self._hub_loop, self._observer_loop, self._clock_loop, self._match_loop)
        loops = [loop for loop in running if loop is not None]
        for loop in loops:
            loop.cancel()
        # Let them end: none should be inside a store call when the store closes.
        if loops:
            await asyncio.wait(loops, timeout=LOOP_STOP_SECONDS)
        await self.health.enter_graceful_shutdown()
        self.drain.started.set()
        await self.sessions.hub.close(self.drain.error())
        grace = self.config.drain_grace if grace is None else grace
        # New calls now get UNAVAILABLE/DRAINING from the guard (server.api.guard). Closing the
        # port at once would answer the calls queued in gRPC core with CANCELLED instead
        # (grpc/grpc#41785), so refuse them ourselves for a moment first.
        await asyncio.sleep(min(self.config.drain_refuse, grace))
        web_stopped = self.web.stop() if self.web is not None else asyncio.sleep(0)
        await asyncio.gather(web_stopped, self.server.stop(grace))
        await self.sessions.store.close()
        log.info("stopped")


class GenericOnly:
    """A ``grpc.aio.Server`` as service registration sees it: every handler generic, none registered.

    grpcio's aio server keeps one pending call request per registered method
    and, for every call it accepts, waits on all of them (``asyncio.wait`` over
    24 futures here: about an eighth of the server's CPU per SubmitAction). With
    generic handlers only it waits on one request and finds the handler by
    path, a dict lookup per service. The handlers and answers are the same (an
    unknown method is UNIMPLEMENTED either way); the gRPC-Web app, which reads
    the registered handlers, is given them directly (``add_guarded``).

    With ``metrics``, every handler is counted (``RpcMetrics.generic``), health
    and reflection included: wrapped here rather than by an interceptor, which
    would put gRPC's interceptor coroutine chain in front of every call.
    """

    def __init__(self, server: grpc.aio.Server, metrics: RpcMetrics | None = None) -> None:
        self._server = server
        self._metrics = metrics

    def add_generic_rpc_handlers(self, handlers: Sequence[grpc.GenericRpcHandler]) -> None:
        if self._metrics is not None:
            handlers = [self._metrics.generic(handler) for handler in handlers]
        self._server.add_generic_rpc_handlers(handlers)

    def add_registered_method_handlers(self, service: str, handlers: Any) -> None:
        """Ignored: the same handlers come through ``add_generic_rpc_handlers``."""

    def as_server(self) -> grpc.aio.Server:
        """This view, typed as the generated ``add_*_to_server`` functions want (they call just those two)."""
        return cast(grpc.aio.Server, self)


def server_options(config: Config) -> list[tuple[str, int]]:
    """Channel arguments: message size, port sharing, keepalive and connection ageing.

    A connection is closed (GOAWAY, then ``max_connection_age_grace`` for its
    calls and streams to finish) after ``max_connection_age``, so clients
    that balance over the headless Service's addresses reconnect and spread
    onto replicas added since. Keepalive pings find dead peers behind
    proxies; clients may ping every 10 s even without calls (zythos.channel).
    """
    seconds = 1000
    return [
        ("grpc.max_receive_message_length", config.max_message_bytes),
        # off by default so a second server on a taken port fails loudly instead of sharing it
        ("grpc.so_reuseport", 1 if config.reuse_port else 0),
        ("grpc.keepalive_time_ms", int(config.keepalive_seconds * seconds)),
        ("grpc.keepalive_timeout_ms", 20 * seconds),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.min_ping_interval_without_data_ms", 10 * seconds),
        ("grpc.http2.max_pings_without_data", 0),
        ("grpc.max_connection_age_ms", int(config.max_connection_age * seconds)),
        ("grpc.max_connection_age_grace_ms", int(config.max_connection_age_grace * seconds)),
    ]


def build_server(
    config: Config,
    interceptors: Sequence[grpc.aio.ServerInterceptor] = (),
    store: SessionStore | None = None,
    sessions: Sessions | None = None,
    observer: Observer | None = None,
    rpc_metrics: RpcMetrics | None = None,
) -> ZythosServer:
    """A ready-to-start server. Call inside a running event loop.

    ``rpc_metrics`` counts every RPC on both ports and ``observer`` hears domain
    happenings (both for metrics); ``interceptors`` wrap every native RPC (the
    DEBUG request log); ``store`` or ``sessions`` replace the ones the
    configuration would open (tests).
    """
    if sessions is None:
        sessions = Sessions(
            store or open_store(config.redis_url, config.expiry, config.redis_wait_replicas),
            commit_retries=config.commit_retries,
            observer=observer,
            cache_size=config.cache_size,
            stream_limits=StreamLimits(config.max_streams, config.max_streams_per_client),
        )
    server = grpc.aio.server(interceptors=list(interceptors), options=server_options(config))
    drain = Drain()
    bots = BotDispatcher(sessions, config.bot_lease_seconds)
    players = Players(sessions.store.match_store(), identities=identity_verifier(config))
    matchmaker = Matchmaker(sessions, bots, match_settings(config))
    watch_limits = StreamLimits(config.max_streams, config.max_streams_per_client)
    game_service = GameService(sessions, drain, bots, players)
    bot_service = BotService(bots, config.bot_secret, drain, client_certificates=bool(config.bot_client_ca))
    # The HTTP port (Connect, gRPC-Web) gets every service but BotService: bot workers speak native gRPC.
    for_browsers = [
        (pb_grpc.add_GameServiceServicer_to_server, game_service, pb),
        (player_grpc.add_PlayerServiceServicer_to_server, PlayerService(players), player_pb),
        (
            mm_grpc.add_MatchmakingServiceServicer_to_server,
            MatchmakingService(matchmaker, players, drain, watch_limits),
            mm_pb,
        ),
    ]
    services = [*for_browsers, (bot_grpc.add_BotServiceServicer_to_server, bot_service, bot_pb)]
    generic = GenericOnly(server, rpc_metrics)
    for add_to_server, servicer, module in services:
        (service,) = module.DESCRIPTOR.services_by_name.values()
        add_guarded(add_to_server, servicer, generic, request_types(service), drain.refusing)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, generic.as_server())
    reflected = [
        GAME_SERVICE,
        BOT_SERVICE,
        PLAYER_SERVICE,
        MATCHMAKING_SERVICE,
        health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
        reflection.SERVICE_NAME,
    ]
    # What ``reflection.enable_server_reflection`` does for an aio server, given the generic-only view.
    reflection_pb2_grpc.add_ServerReflectionServicer_to_server(  # type: ignore[no-untyped-call]  # stub lacks it
        reflection.aio.ReflectionServicer(reflected), generic.as_server()
    )
    port = _listen(server, config)
    web = None
    if config.grpc_web_port:
        app = ConnectApp(
            Cors.parse(config.grpc_web_origins),
            _static_root(config),
            config.max_message_bytes,
            Proxies.parse(config.http_trusted_proxies),
            counted=rpc_metrics.counted if rpc_metrics else None,
        )
        for add_to_server, servicer, module in for_browsers:
            (service,) = module.DESCRIPTOR.services_by_name.values()
            add_guarded(add_to_server, servicer, app, request_types(service), drain.refusing)
        web = HttpServer(app, bind_http(config.host, config.grpc_web_port), config.drain_grace)
    return ZythosServer(server, sessions, health_servicer, drain, port, config, bots, matchmaker, web)


def match_settings(config: Config) -> MatchSettings:
    """The matcher's settings from the configuration."""
    return MatchSettings(
        abandon_seconds=config.ticket_abandon_seconds,
        keep_seconds=config.ticket_keep_seconds,
        tick_seconds=config.matchmaking_tick_seconds,
        lease_seconds=config.matchmaking_lease_seconds,
        window=Window(config.rating_window, config.rating_window_per_second),
    )


def identity_verifier(config: Config) -> JwtVerifier | None:
    """The verifier of the trusted issuers' JWTs, if any are configured (ValueError/OSError if bad)."""
    return JwtVerifier(load_issuers(config.jwt_issuers)) if config.jwt_issuers else None


def _static_root(config: Config) -> Path | None:
    return Path(config.web_client_dir) if config.web_client_dir else None


def _listen(server: grpc.aio.Server, config: Config) -> int:
    """Bind the gRPC port (TLS when a certificate is configured) and the optional bot port.

    Both ports serve every service; BotService itself refuses calls without a
    verified client certificate when ``--bot-client-ca`` is set, which only
    the bot port asks for.
    """
    address = f"{config.host}:{config.port}"
    if config.tls_cert:
        port = server.add_secure_port(
            address, CertificateFiles(Path(config.tls_cert), Path(config.tls_key)).credentials()
        )
    else:
        port = server.add_insecure_port(address)
    if config.bot_port:
        bot_address = f"{config.host}:{config.bot_port}"
        if config.tls_cert:
            ca = Path(config.bot_client_ca) if config.bot_client_ca else None
            files = CertificateFiles(Path(config.tls_cert), Path(config.tls_key), ca)
            server.add_secure_port(bot_address, files.credentials())
        else:
            server.add_insecure_port(bot_address)
    return port


async def mark_serving(server: ZythosServer) -> None:
    """Report SERVING for the whole server and for GameService."""
    for name in ("", GAME_SERVICE, BOT_SERVICE, PLAYER_SERVICE, MATCHMAKING_SERVICE):
        await server.health.set(name, health_pb2.HealthCheckResponse.SERVING)
