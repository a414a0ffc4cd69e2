"""Fixtures: a real grpc.aio server on loopback with the RPC metrics and the request log, and promtool."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import AsyncIterator, Iterator

import grpc
import pytest
from grpc_health.v1 import health_pb2_grpc
from grpc_health.v1._async import HealthServicer

from server.app import GenericOnly
from server.observability import metrics
from server.observability.logs import RequestLogInterceptor
from server.observability.metrics import RpcMetrics
from tests.observability.support import REPO, LiveServer, TinyGameService
from zythos.v1 import game_service_pb2_grpc


@pytest.fixture
async def live_server() -> AsyncIterator[LiveServer]:
    server = grpc.aio.server(interceptors=[RequestLogInterceptor()])
    counted = GenericOnly(server, RpcMetrics()).as_server()  # as build_server registers every service
    health = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, counted)
    game_service_pb2_grpc.add_GameServiceServicer_to_server(TinyGameService(), counted)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    try:
        yield LiveServer(channel=channel, health=health)
    finally:
        await channel.close()
        await server.stop(None)


@pytest.fixture(scope="module")
def endpoint() -> Iterator[str]:
    """The URL of a /metrics endpoint serving the default registry, on a port of its own."""
    server = metrics.start_metrics_server(0, addr="127.0.0.1")
    try:
        yield f"http://127.0.0.1:{server.port}/metrics"
    finally:
        server.close()


@pytest.fixture(scope="session")
def promtool() -> str:
    """The promtool binary, installed by scripts/ensure_promtool.sh when missing."""
    found = shutil.which("promtool")
    if found is None:
        subprocess.run(["bash", str(REPO / "scripts" / "ensure_promtool.sh")], check=True)
        found = shutil.which("promtool")
    assert found, "promtool is not installed and scripts/ensure_promtool.sh could not install it"
    return found
