"""Server settings from command-line flags and ``ZYTHOS_*`` environment variables.

A flag wins over its variable, which wins over the default; a bad value stops
the server with one line naming the setting (``zythos.settings``).
docs/CONFIG.md lists every setting; keep the two in step.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from server.store import Expiry
from zythos import settings
from zythos.settings import setting

PROG = "zythos-server"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

HOUR, DAY = 3600, 24 * 3600


@dataclass(frozen=True)
class Config:
    """Everything the server process can be told."""

    host: str = setting("0.0.0.0", "address to listen on")
    port: int = setting(50051, "gRPC port (0 picks a free one)", minimum=0, maximum=65535)
    redis_url: str = setting(
        "",
        "redis://[user:pass@]host:6379/0, or redis+sentinel://[user:pass@]s1:26379,s2:26379/<service>/0;"
        " empty keeps sessions in memory",
    )
    redis_wait_replicas: int = setting(
        0,
        "acknowledge a move only once this many Redis replicas have it (WAIT); 0: once the primary has it",
        minimum=0,
    )
    tls_cert: str = setting(
        "", "PEM certificate (chain) file for TLS on the gRPC ports; re-read when it changes"
    )
    tls_key: str = setting("", "PEM private key file of --tls-cert")
    bot_port: int = setting(
        0,
        "a second gRPC port for bot workers, mutual TLS with --bot-client-ca; 0: none",
        minimum=0,
        maximum=65535,
    )
    bot_client_ca: str = setting(
        "", "CA file that signs bot workers' client certificates: BotService then needs one (on --bot-port)"
    )
    grpc_web_port: int = setting(
        0,
        "HTTP port: every public service over Connect (JSON or proto POSTs) and gRPC-Web, and"
        " --web-client-dir's files; 0: off",
        minimum=0,
        maximum=65535,
    )
    grpc_web_origins: str = setting(
        "", "comma-separated origins whose pages may call the HTTP port (CORS), `*` for any; empty: same site"
    )
    http_trusted_proxies: str = setting(
        "",
        "comma-separated proxy addresses or CIDRs whose X-Forwarded-For names the client on the HTTP port"
        " (per-client limits); empty: the socket's peer only",
    )
    web_client_dir: str = setting(
        "", "directory served as static files on --grpc-web-port (clients/web/dist)"
    )
    metrics_port: int = setting(
        9090, "Prometheus /metrics HTTP port; 0 disables it", minimum=0, maximum=65535
    )
    metrics_host: str = setting("", "address /metrics listens on; empty: the same as --host")
    waiting_ttl: int = setting(
        HOUR, "seconds a WAITING game lives after its last change (0 = forever)", minimum=0
    )
    active_ttl: int = setting(
        7 * DAY, "seconds an ACTIVE game lives after its last change (0 = forever)", minimum=0
    )
    finished_ttl: int = setting(
        DAY,
        "seconds a FINISHED or ABANDONED game and its event log stay for replays (0 = forever)",
        minimum=0,
    )
    max_message_bytes: int = setting(
        256 * 1024, "largest request message accepted; bigger ones fail with RESOURCE_EXHAUSTED", minimum=1024
    )
    log_level: str = setting("INFO", "DEBUG, INFO, WARNING or ERROR", choices=LOG_LEVELS)
    drain_grace: float = setting(
        10.0, "seconds in-flight calls get to finish after SIGTERM before they are cancelled", minimum=0
    )
    drain_refuse: float = setting(
        0.5,
        "seconds of the drain in which new calls get UNAVAILABLE/DRAINING before the port closes",
        minimum=0,
    )
    commit_retries: int = setting(
        3, "reloads after a store conflict before answering ABORTED/CONFLICT", minimum=0
    )
    jwt_issuers: str = setting(
        "",
        "TOML file of trusted identity providers ([[issuer]] tables: issuer, audience, jwks, ...) whose"
        " JWTs name players; empty: only Zythos player tokens",
    )
    bot_secret: str = setting(
        "", "shared secret bot workers must send to BotService; empty refuses every worker"
    )
    bot_lease_seconds: float = setting(
        10.0, "seconds a bot seat stays leased unrenewed: a dead worker's seats move on after it", minimum=0.1
    )
    clock_poll_seconds: float = setting(
        0.25, "seconds between two looks for turn clocks that ran out: how late a takeover is", minimum=0.01
    )
    with_bots: int = setting(0, "start this many `zythos-bots` worker processes beside the server", minimum=0)
    processes: int = setting(
        1, "server processes sharing the port (one per core; needs --redis-url)", minimum=1, maximum=256
    )
    reuse_port: int = setting(
        0,
        "1 sets SO_REUSEPORT so several server processes (one per core) can listen on one port",
        minimum=0,
        maximum=1,
    )
    cache_size: int = setting(
        10_000,
        "games whose last committed state this replica keeps in memory (LRU); 0 turns it off",
        minimum=0,
    )
    live_sample_seconds: float = setting(
        15.0, "seconds between two counts of the stored games (zythos_games_live)", minimum=0.1
    )
    max_streams: int = setting(
        20_000,
        "open StreamEvents (and apart, WatchTicket) calls allowed; more: RESOURCE_EXHAUSTED",
        minimum=0,
    )
    max_streams_per_client: int = setting(
        1_000, "open StreamEvents (and apart, WatchTicket) calls one client address may hold here", minimum=0
    )
    keepalive_seconds: float = setting(
        60.0, "seconds between the server's keepalive pings on an idle connection", minimum=1
    )
    full_gc_seconds: float = setting(
        60.0,
        "seconds between two full garbage collections, run by the event loop (server/collector.py); "
        "0: whenever Python's collector decides (with many games in memory, a long pause every few seconds)",
        minimum=0,
    )
    max_connection_age: float = setting(
        300.0, "seconds before a connection must close, so clients spread onto new replicas", minimum=1
    )
    max_connection_age_grace: float = setting(
        60.0, "seconds a closing connection's calls and streams get to finish", minimum=0
    )
    ticket_abandon_seconds: float = setting(
        30.0, "seconds a SEARCHING ticket lives unwatched and unpolled before it expires", minimum=0.1
    )
    ticket_keep_seconds: float = setting(
        600.0, "seconds an ended ticket (its seat token included) stays readable", minimum=1
    )
    matchmaking_tick_seconds: float = setting(
        0.2, "seconds between two matching rounds of the replica holding the lease", minimum=0.01
    )
    matchmaking_lease_seconds: float = setting(
        3.0, "seconds the matcher's lease lasts unrenewed (another replica takes over)", minimum=0.1
    )
    rating_window: float = setting(
        3.0, "widest rating (mu) gap two tickets are matched across when they are new", minimum=0
    )
    rating_window_per_second: float = setting(
        0.5, "how much that gap widens per second a ticket has waited", minimum=0
    )

    @property
    def expiry(self) -> Expiry:
        return Expiry(waiting=self.waiting_ttl, active=self.active_ttl, finished=self.finished_ttl)

    @property
    def metrics_address(self) -> str:
        """Where /metrics listens: ``--metrics-host``, else the gRPC host."""
        return self.metrics_host or self.host


def inconsistencies(config: Config) -> list[str]:
    """What settings that are each valid mean nothing together."""
    problems = []
    if bool(config.tls_cert) != bool(config.tls_key):
        problems.append("--tls-cert and --tls-key go together")
    if config.processes > 1 and not config.redis_url:
        problems.append("--processes above 1 needs --redis-url: processes share games only through Redis")
    if config.bot_client_ca and not (config.tls_cert and config.bot_port):
        problems.append("--bot-client-ca needs --tls-cert/--tls-key and a --bot-port to verify workers on")
    if config.web_client_dir and not config.grpc_web_port:
        problems.append("--web-client-dir is served on --grpc-web-port: set one")
    if config.web_client_dir and not os.path.isdir(config.web_client_dir):
        problems.append(f"--web-client-dir: no such directory {config.web_client_dir!r}")
    for proxy in filter(None, (p.strip() for p in config.http_trusted_proxies.split(","))):
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            problems.append(f"--http-trusted-proxies: {proxy!r} is not an address or CIDR")
    for name in ("tls_cert", "tls_key", "bot_client_ca"):
        path = getattr(config, name)
        if path and not os.path.isfile(path):
            problems.append(f"--{name.replace('_', '-')}: no such file {path!r}")
    return problems


def env_name(field: str) -> str:
    return f"ZYTHOS_{field.upper()}"


def parse(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> Config:
    """The configuration from ``argv`` (default: sys.argv) over ``environ`` (default: os.environ)."""
    config = settings.load(Config, PROG, "Zythos game server", argv, environ)
    for problem in inconsistencies(config):
        settings.fail(PROG, problem)
    return config
