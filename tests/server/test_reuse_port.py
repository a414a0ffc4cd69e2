"""Several server processes per pod share one port only when asked to (``--reuse-port 1``)."""

from __future__ import annotations

import pytest

from server import config as config_module
from server.app import build_server
from server.store import MemoryStore


def test_reuse_port_and_cache_size_come_from_flags_and_environment() -> None:
    assert config_module.parse([], {}).reuse_port == 0
    assert config_module.parse([], {"ZYTHOS_REUSE_PORT": "1"}).reuse_port == 1
    assert config_module.parse(["--cache-size", "5"], {"ZYTHOS_CACHE_SIZE": "7"}).cache_size == 5


async def test_two_servers_share_a_port_with_reuse_port() -> None:
    first = build_server(config_module.parse(["--host", "127.0.0.1", "--port", "0", "--reuse-port", "1"], {}))
    shared = config_module.parse(["--host", "127.0.0.1", "--port", str(first.port), "--reuse-port", "1"], {})
    second = build_server(shared, store=MemoryStore())
    assert second.port == first.port
    await first.server.stop(None)
    await second.server.stop(None)


async def test_a_taken_port_fails_without_reuse_port() -> None:
    first = build_server(config_module.parse(["--host", "127.0.0.1", "--port", "0"], {}))
    taken = config_module.parse(["--host", "127.0.0.1", "--port", str(first.port)], {})
    with pytest.raises(RuntimeError):
        build_server(taken, store=MemoryStore())
    await first.server.stop(None)
