"""/metrics on its own HTTP port: real traffic moves the values, and promtool accepts the text."""

from __future__ import annotations

import subprocess
import urllib.request

from grpc_health.v1 import health_pb2
from prometheus_client import REGISTRY, generate_latest
from prometheus_client.parser import text_string_to_metric_families

from ai_players import metrics as bot_metrics
from server.observability import metrics
from tests.observability.support import HEALTH_SERVICE, LiveServer, grpc_labels


def scrape(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        assert response.status == 200
        return str(response.read().decode())


def value(text: str, name: str, **labels: str) -> float:
    """One sample of a scraped exposition, or 0 when it is absent."""
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and all(sample.labels.get(k) == v for k, v in labels.items()):
                return float(sample.value)
    return 0.0


async def test_scraped_counters_move_under_real_rpcs(live_server: LiveServer, endpoint: str) -> None:
    check = grpc_labels(HEALTH_SERVICE, "Check")
    before = scrape(endpoint)
    for _ in range(5):
        await live_server.health_stub.Check(health_pb2.HealthCheckRequest())
    after = scrape(endpoint)

    handled = "grpc_server_handled_total"
    assert (
        value(after, handled, **check, grpc_code="OK") - value(before, handled, **check, grpc_code="OK") == 5
    )
    seconds = "grpc_server_handling_seconds_count"
    assert value(after, seconds, **check) - value(before, seconds, **check) == 5
    inf_bucket = value(after, "grpc_server_handling_seconds_bucket", **check, le="+Inf")
    assert inf_bucket == value(after, seconds, **check)


def promtool_check(promtool: str, exposition: str) -> None:
    result = subprocess.run([promtool, "check", "metrics"], input=exposition, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "" and result.stderr.strip() == "", result.stdout + result.stderr


async def test_promtool_accepts_the_server_exposition(
    live_server: LiveServer, endpoint: str, promtool: str
) -> None:
    await live_server.health_stub.Check(health_pb2.HealthCheckRequest())
    metrics.action_applied("obs_test")
    text = scrape(endpoint)
    assert "grpc_server_handled_total" in text and "zythos_actions_applied_total" in text
    promtool_check(promtool, text)


def test_promtool_accepts_the_bot_worker_exposition(promtool: str) -> None:
    bot_metrics.seat_started("obs_test", "easy")
    bot_metrics.decided("obs_test", "easy", seconds=0.01, iterations=50)
    bot_metrics.error("obs_test", "rpc")
    bot_metrics.seat_finished()
    text = generate_latest(REGISTRY).decode()
    assert "zythos_bot_decision_seconds_bucket" in text and "zythos_bot_errors_total" in text
    promtool_check(promtool, text)
