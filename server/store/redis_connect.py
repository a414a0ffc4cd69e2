"""The Redis client a ``RedisStore`` talks through: one Redis by URL, or the primary Sentinel names.

``redis://[user:password@]host:port/db`` (or ``rediss://`` for TLS) is one
Redis. ``redis+sentinel://[user:password@]host:port[,host:port...]/service[/db]``
asks those Sentinels which Redis is the primary of ``service`` and follows it
through failovers: every new connection (the commit lane's included) asks
again, and a connection to a demoted primary is dropped at its first
``READONLY`` answer. ``?sentinel_password=`` authenticates to the Sentinels
when they have a password of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

import redis.asyncio as redis
from redis.asyncio.sentinel import Sentinel

SENTINEL_SCHEME = "redis+sentinel"
# Connections per replica, and how long a call waits for a free one before STORE_UNAVAILABLE.
POOL_SIZE = 100
POOL_WAIT = 10.0
# Seconds before a connect is declared failed (StoreUnavailable).
CONNECT_TIMEOUT = 5.0


@dataclass(frozen=True)
class SentinelTarget:
    """What a ``redis+sentinel://`` URL names."""

    sentinels: list[tuple[str, int]]
    service: str
    db: int
    username: str | None
    password: str | None
    sentinel_password: str | None


def parse_sentinel_url(url: str) -> SentinelTarget:
    """The parts of a ``redis+sentinel://`` URL; ValueError naming what is wrong."""
    parts = urlsplit(url)
    hosts = parts.netloc.rpartition("@")[2]
    sentinels = []
    for host in hosts.split(","):
        name, _, port = host.rpartition(":")
        if not name or not port.isdigit():
            raise ValueError(f"sentinel address {host!r} is not host:port")
        sentinels.append((name.strip("[]"), int(port)))
    path = [part for part in parts.path.split("/") if part]
    if not path or len(path) > 2 or (len(path) == 2 and not path[1].isdigit()):
        raise ValueError("a redis+sentinel URL ends in /<service name>[/<db>]")
    query = parse_qs(parts.query)
    return SentinelTarget(
        sentinels=sentinels,
        service=path[0],
        db=int(path[1]) if len(path) == 2 else 0,
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
        sentinel_password=query["sentinel_password"][0] if "sentinel_password" in query else None,
    )


def connect(url: str, read_timeout: float) -> redis.Redis:
    """A client for ``url`` with the pool every store part shares.

    Commit feeds and bot-seat wake-ups wait for less than ``read_timeout``,
    so a quiet replica is never mistaken for a dead Redis (redis-py's
    default is 5 s).
    """
    timeouts = {"socket_timeout": read_timeout, "socket_connect_timeout": CONNECT_TIMEOUT}
    if urlsplit(url).scheme != SENTINEL_SCHEME:
        # A burst of calls queues for a connection instead of failing at the pool's size.
        pool = redis.BlockingConnectionPool.from_url(
            url, max_connections=POOL_SIZE, timeout=POOL_WAIT, decode_responses=False, **timeouts
        )
        return redis.Redis(connection_pool=pool)
    target = parse_sentinel_url(url)
    sentinel_auth = {"password": target.sentinel_password} if target.sentinel_password else {}
    sentinel = Sentinel(  # type: ignore[no-untyped-call]  # redis-py leaves it unannotated
        target.sentinels, sentinel_kwargs={**timeouts, **sentinel_auth}, **timeouts
    )
    client: redis.Redis = sentinel.master_for(
        target.service,
        db=target.db,
        username=target.username,
        password=target.password,
        decode_responses=False,
        max_connections=POOL_SIZE,
    )
    return client
