"""Shared fixtures: a private, throw-away redis-server for the whole test session.

Tests that need Redis take ``redis_url`` (a fresh logical database, flushed
for each test) or ``redis_server`` (the running server, for tests that stop
and restart clients). The server is a real ``redis-server`` on a free port
with no persistence; it is never mocked.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REDIS_BINARY = shutil.which("redis-server") or "/usr/bin/redis-server"


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass(frozen=True)
class RedisServer:
    """A running redis-server: ``url(db)`` gives a client URL."""

    port: int
    process: subprocess.Popen[bytes]

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"


def _wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"redis-server did not listen on {port} within {timeout}s")


@contextlib.contextmanager
def serving(argv: list[str], port: int) -> Iterator[RedisServer]:
    """``argv`` (a redis-server or Sentinel listening on ``port``) running until the block ends."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for_port(port, process)
        yield RedisServer(port, process)
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextlib.contextmanager
def running_redis(workdir: Path, conf: Path | None = None, **settings: str) -> Iterator[RedisServer]:
    """A redis-server on a free port with ``settings`` (``maxmemory="4mb"``...), stopped on exit.

    ``conf``: a redis.conf read first; ``settings`` override it.
    """
    port = free_port()
    settings = {
        "port": str(port),
        "bind": "127.0.0.1",
        "save": "",
        "appendonly": "no",
        "dir": str(workdir),
        **settings,
    }
    flags = [part for key, value in settings.items() for part in (f"--{key.replace('_', '-')}", value)]
    with serving([REDIS_BINARY, *([str(conf)] if conf else []), *flags], port) as server:
        yield server


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One redis-server for the test session, removed afterwards."""
    with running_redis(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture
def redis_url(redis_server: RedisServer) -> Iterator[str]:
    """A URL to an empty database of the session's redis-server, flushed after the test."""
    import redis

    url = redis_server.url(0)
    client = redis.Redis.from_url(url)
    client.flushdb()
    try:
        yield url
    finally:
        client.flushdb()
        client.close()


@pytest.fixture
def dead_redis_url() -> str:
    """A Redis URL on a port nobody listens on: every call fails as an outage."""
    return f"redis://127.0.0.1:{free_port()}/0"
