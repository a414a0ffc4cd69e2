"""``zythos-server``: run the game server until SIGTERM or SIGINT, then drain."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import signal
import socket
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import grpc

from server import config as config_module
from server import processes
from server.app import build_server, mark_serving
from server.collector import FullCollections
from server.config import PROG, Config
from server.observability.logs import REQUEST_LOGGER, RequestLogInterceptor, configure_logging
from server.security.jwt_identity import load_issuers
from server.sessions.facade import Observer
from server.store import SessionStore, open_store
from server.store.timed import TimedStore
from zythos import settings

if TYPE_CHECKING:
    from server.observability.metrics import RpcMetrics

log = logging.getLogger("server")


@dataclass
class Instruments:
    """What metrics and logging add: RPC counts, interceptors, the domain observer, the timed store."""

    rpc_metrics: RpcMetrics | None
    interceptors: list[grpc.aio.ServerInterceptor]
    observer: Observer | None
    store: SessionStore
    full_collection: Callable[[float], None] | None = None  # observes each full collection's seconds


def _instrumented(config: Config) -> Instruments:
    """The store the configuration names; with a metrics port, serve /metrics and instrument it all."""
    store = open_store(config.redis_url, config.expiry, config.redis_wait_replicas)
    if not config.metrics_port:
        return Instruments(None, [], None, store)
    from server.observability.domain_metrics import MetricsObserver
    from server.observability.metrics import (
        GC_FULL_SECONDS,
        RpcMetrics,
        start_metrics_server,
        store_operation,
    )

    try:
        start_metrics_server(config.metrics_port, addr=config.metrics_address)
    except OSError as exc:
        settings.fail(
            PROG, f"--metrics-port {config.metrics_port} on {config.metrics_address!r}: {exc.strerror or exc}"
        )
    timed = TimedStore(store, store_operation("redis" if config.redis_url else "memory"))
    observer = MetricsObserver(config.live_sample_seconds)
    return Instruments(RpcMetrics(), [], observer, timed, GC_FULL_SECONDS.observe)


def _start_bot_workers(config: Config, port: int) -> list[subprocess.Popen[bytes]]:
    """``--with-bots N``: N ``zythos-bots`` processes playing this server's bot seats.

    They are separate processes that speak gRPC to the server like any client;
    starting them here only saves a second command on a single node.
    """
    env = dict(os.environ, ZYTHOS_SERVER=f"127.0.0.1:{port}", ZYTHOS_BOT_SECRET=config.bot_secret)
    env.pop("ZYTHOS_METRICS_PORT", None)  # the server's port; workers export metrics only when told to
    return [
        subprocess.Popen([sys.executable, "-m", "ai_players.worker", "--name", f"local-bots-{n}"], env=env)
        for n in range(config.with_bots)
    ]


def _stop_bot_workers(workers: Sequence[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        worker.terminate()
    for worker in workers:
        try:
            worker.wait(timeout=10)
        except subprocess.TimeoutExpired:
            worker.kill()


def with_local_bot_secret(config: Config) -> Config:
    """``--with-bots`` without a bot secret: a fresh one that only this server and its workers know."""
    if config.with_bots and not config.bot_secret:
        return replace(config, bot_secret=secrets.token_urlsafe(32))
    return config


def check_port_free(config: Config) -> None:
    """Stop with one line if the gRPC (or gRPC-Web) port is taken, before a library logs its own complaint.

    Skipped with ``--reuse-port`` (sharing the gRPC port is the point) and for port 0.
    """
    ports = {"--port": 0 if config.reuse_port else config.port, "--grpc-web-port": config.grpc_web_port}
    for flag, port in ports.items():
        if port:
            _check_free(flag, config.host, port)


def _check_free(flag: str, host: str, port: int) -> None:
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        settings.fail(PROG, f"{flag} {port} on {host!r}: {exc.strerror or exc}")


def _check_issuers(config: Config) -> None:
    """A bad --jwt-issuers file stops the start with one line, like any bad setting."""
    if config.jwt_issuers:
        try:
            load_issuers(config.jwt_issuers)
        except (OSError, ValueError) as exc:
            settings.fail(PROG, f"--jwt-issuers {config.jwt_issuers!r}: {exc}")


async def serve(config: Config) -> None:
    config = with_local_bot_secret(config)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    _check_issuers(config)
    instruments = _instrumented(config)
    if logging.getLogger(REQUEST_LOGGER).isEnabledFor(logging.DEBUG):
        # Only then: any interceptor puts a Python coroutine chain in front of every call, and
        # the log level is set once at start-up (configure_logging), never changed while serving.
        instruments.interceptors.append(RequestLogInterceptor())
    try:
        server = build_server(
            config,
            interceptors=instruments.interceptors,
            store=instruments.store,
            observer=instruments.observer,
            rpc_metrics=instruments.rpc_metrics,
        )
    except RuntimeError:  # grpc's only word for a port it cannot bind
        settings.fail(
            PROG, f"--port {config.port} on {config.host!r}: cannot listen (in use, or not an address here)"
        )
    await server.sessions.store.ping()
    await server.start()
    await mark_serving(server)
    workers = _start_bot_workers(config, server.port)
    collections = _full_collections(config, instruments)
    try:
        await stop.wait()
    finally:
        if collections is not None:
            collections.cancel()
        await server.stop()
        _stop_bot_workers(workers)


def _full_collections(config: Config, instruments: Instruments) -> asyncio.Task[None] | None:
    """``--full-gc-seconds``: the process's full garbage collections on a timer (server/collector.py)."""
    if not config.full_gc_seconds:
        return None
    schedule = FullCollections(config.full_gc_seconds, instruments.full_collection)
    return asyncio.create_task(schedule.run())


def main(argv: Sequence[str] | None = None) -> None:
    config = config_module.parse(argv)
    check_port_free(config)
    configure_logging(config.log_level.upper())
    if config.processes > 1:
        raise SystemExit(supervised(config))
    asyncio.run(serve(config))


def supervised(config: Config) -> int:
    """``--processes N``: N children on one port (server/processes.py), and the local bots beside them."""
    config = with_local_bot_secret(config)
    port = config.port or processes.free_port(config.host)
    workers = _start_bot_workers(config, port)
    try:
        return processes.supervise(config, port)
    finally:
        _stop_bot_workers(workers)


if __name__ == "__main__":
    main()
