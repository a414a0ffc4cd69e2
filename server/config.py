"""Server settings from command-line flags and ``ZYTHOS_*`` environment variables.

A flag wins over its variable, which wins over the default. docs/CONFIG.md
lists every setting; keep the two in step.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields

from server.store import Expiry


@dataclass(frozen=True)
class Config:
    """Everything the server process can be told."""

    host: str = "0.0.0.0"
    port: int = 50051
    redis_url: str = ""  # empty: the embedded in-memory store
    metrics_port: int = 9090  # 0: no metrics endpoint
    waiting_ttl: int = 3600
    active_ttl: int = 7 * 24 * 3600
    finished_ttl: int = 24 * 3600
    max_message_bytes: int = 256 * 1024
    log_level: str = "INFO"
    drain_grace: float = 10.0
    commit_retries: int = 3
    bot_secret: str = ""  # empty: BotService refuses every worker
    bot_lease_seconds: float = 10.0
    with_bots: int = 0  # bot worker processes to start beside the server (make run uses 1)
    reuse_port: int = 0  # 1: SO_REUSEPORT, so several server processes can share one port
    cache_size: int = 10_000  # games whose last committed state this replica keeps in memory
    live_sample_seconds: float = 15.0
    max_streams: int = 20_000
    max_streams_per_client: int = 1_000
    keepalive_seconds: float = 60.0
    max_connection_age: float = 300.0
    max_connection_age_grace: float = 60.0
    ticket_abandon_seconds: float = 30.0
    ticket_keep_seconds: float = 600.0
    matchmaking_tick_seconds: float = 0.2
    matchmaking_lease_seconds: float = 3.0
    rating_window: float = 3.0
    rating_window_per_second: float = 0.5

    @property
    def expiry(self) -> Expiry:
        return Expiry(waiting=self.waiting_ttl, active=self.active_ttl, finished=self.finished_ttl)


_HELP = {
    "host": "address to listen on",
    "port": "gRPC port (0 picks a free one)",
    "redis_url": "Redis URL such as redis://host:6379/0; empty keeps sessions in memory",
    "metrics_port": "Prometheus /metrics HTTP port; 0 disables it",
    "waiting_ttl": "seconds a WAITING game lives after its last change (0 = forever)",
    "active_ttl": "seconds an ACTIVE game lives after its last change (0 = forever)",
    "finished_ttl": "seconds a FINISHED or ABANDONED game and its event log stay for replays (0 = forever)",
    "max_message_bytes": "largest request message accepted; bigger ones fail with RESOURCE_EXHAUSTED",
    "log_level": "DEBUG, INFO, WARNING or ERROR",
    "drain_grace": "seconds in-flight calls get to finish after SIGTERM before they are cancelled",
    "commit_retries": "reloads after a store conflict before answering ABORTED/CONFLICT",
    "bot_secret": "shared secret bot workers must send to BotService; empty refuses every worker",
    "bot_lease_seconds": "seconds a bot seat stays leased unrenewed: a dead worker's seats move on after it",
    "with_bots": "start this many `zythos-bots` worker processes beside the server, connected to it",
    "reuse_port": "1 sets SO_REUSEPORT so several server processes (one per core) can listen on one port",
    "cache_size": "games whose last committed state this replica keeps in memory (LRU); 0 turns it off",
    "live_sample_seconds": "seconds between two counts of the stored games (zythos_games_live)",
    "max_streams": "open StreamEvents calls this replica accepts; more get RESOURCE_EXHAUSTED",
    "max_streams_per_client": "open StreamEvents calls one client address may hold on this replica",
    "keepalive_seconds": "seconds between the server's keepalive pings on an idle connection",
    "max_connection_age": "seconds before a connection must close, so clients spread onto new replicas",
    "max_connection_age_grace": "seconds a closing connection's calls and streams get to finish",
    "ticket_abandon_seconds": "seconds a SEARCHING ticket lives unwatched and unpolled before it expires",
    "ticket_keep_seconds": "seconds an ended ticket (its seat token included) stays readable",
    "matchmaking_tick_seconds": "seconds between two matching rounds of the replica holding the lease",
    "matchmaking_lease_seconds": "seconds the matcher's lease lasts unrenewed (another replica takes over)",
    "rating_window": "widest rating (mu) gap two tickets are matched across when they are new",
    "rating_window_per_second": "how much that gap widens per second a ticket has waited",
}


def env_name(field: str) -> str:
    return f"ZYTHOS_{field.upper()}"


def parse(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> Config:
    """The configuration from ``argv`` (default: sys.argv) over ``environ`` (default: os.environ)."""
    env = os.environ if environ is None else environ
    defaults = Config()
    parser = argparse.ArgumentParser(prog="zythos-server", description="Zythos game server")
    for spec in fields(Config):
        kind = type(getattr(defaults, spec.name))
        raw = env.get(env_name(spec.name))
        try:
            default = kind(raw) if raw is not None else getattr(defaults, spec.name)
        except ValueError:
            parser.error(f"{env_name(spec.name)}={raw!r} is not a valid {kind.__name__}")
        parser.add_argument(
            f"--{spec.name.replace('_', '-')}",
            type=kind,
            default=default,
            help=f"{_HELP[spec.name]} (env {env_name(spec.name)}, default {getattr(defaults, spec.name)!r})",
        )
    args = parser.parse_args(argv)
    return Config(**vars(args))
