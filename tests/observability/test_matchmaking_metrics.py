"""Ticket metrics on the real server: created, matched (people only or bot-filled), cancelled, expired, waits.

The traffic is served by a real server over Redis and the figures are read
from its /metrics endpoint, as Prometheus reads them.
"""

from __future__ import annotations

import asyncio
import urllib.request
from collections.abc import AsyncIterator

import pytest
from prometheus_client.parser import text_string_to_metric_families

from server.app import ZythosServer, build_server, mark_serving
from server.config import Config
from server.observability.domain_metrics import MetricsObserver
from zythos.client import ZythosClient
from zythos.matchmaking import MatchmakingClient

GAME = {"game_type": "tiny_dice"}


@pytest.fixture
async def server(redis_url: str) -> AsyncIterator[ZythosServer]:
    config = Config(host="127.0.0.1", port=0, metrics_port=0, redis_url=redis_url, ticket_abandon_seconds=0.5)
    running = build_server(config, observer=MetricsObserver())
    await running.start()
    await mark_serving(running)
    try:
        yield running
    finally:
        await running.stop(0)


def scraped(url: str, name: str, **labels: str) -> float:
    with urllib.request.urlopen(url, timeout=5) as response:
        text = response.read().decode()
    return sum(
        s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == name and labels.items() <= s.labels.items()
    )


async def test_ticket_traffic_moves_the_ticket_metrics(server: ZythosServer, endpoint: str) -> None:
    names = {
        "created": ("zythos_tickets_created_total", GAME),
        "people": ("zythos_tickets_matched_total", {**GAME, "bot_filled": "false"}),
        "bots": ("zythos_tickets_matched_total", {**GAME, "bot_filled": "true"}),
        "cancelled": ("zythos_tickets_cancelled_total", GAME),
        "expired": ("zythos_tickets_expired_total", GAME),
        "waits": ("zythos_ticket_wait_seconds_count", {**GAME, "status": "MATCHED"}),
    }
    before = {key: scraped(endpoint, name, **labels) for key, (name, labels) in names.items()}
    clients = [MatchmakingClient(ZythosClient(f"127.0.0.1:{server.port}")) for _ in range(5)]
    pair = [await c.create_ticket("tiny_dice", 2, "P") for c in clients[:2]]
    lone = await clients[2].create_ticket("tiny_dice", 3, "Lone", bot_fill_after=0.3)
    await asyncio.gather(*(c.matched(t.ticket_id) for c, t in zip(clients, [*pair, lone], strict=False)))
    cancelled = await clients[3].create_ticket("tiny_dice", 4, "Quits")
    await clients[3].cancel_ticket(cancelled.ticket_id)
    await clients[4].create_ticket(
        "tiny_dice", 4, "Leaves", options={"target": "20"}
    )  # and never looks again
    await asyncio.sleep(1.2)  # past its abandonment, and a few matching rounds

    after = {key: scraped(endpoint, name, **labels) for key, (name, labels) in names.items()}
    moved = {key: after[key] - before[key] for key in names}
    assert moved == {"created": 5, "people": 2, "bots": 1, "cancelled": 1, "expired": 1, "waits": 3}
    for client in clients:
        await client.games.close()
