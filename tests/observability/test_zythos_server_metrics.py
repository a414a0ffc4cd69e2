"""Metrics on the real Zythos server (Redis store): GameService traffic and the domain counters move."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from server.app import build_server, mark_serving
from server.config import Config
from server.observability.domain_metrics import MetricsObserver
from server.observability.metrics import RpcMetrics
from tests.observability.support import GAME_SERVICE, eventually, grpc_labels, sample
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb

GAME = {"game_type": "tbbr_dice"}


@pytest.fixture
async def client(redis_url: str) -> AsyncIterator[ZythosClient]:
    server = build_server(
        Config(host="127.0.0.1", port=0, metrics_port=0, redis_url=redis_url),
        observer=MetricsObserver(),
        rpc_metrics=RpcMetrics(),
    )
    await server.start()
    await mark_serving(server)
    try:
        async with ZythosClient(f"127.0.0.1:{server.port}") as zythos:
            yield zythos
    finally:
        await server.stop(0)


async def test_game_service_calls_are_counted_by_method_and_code(client: ZythosClient) -> None:
    create = grpc_labels(GAME_SERVICE, "CreateGame")
    join = grpc_labels(GAME_SERVICE, "JoinGame")
    created_before = sample("grpc_server_handled_total", **create, grpc_code="OK")
    not_found_before = sample("grpc_server_handled_total", **join, grpc_code="NOT_FOUND")

    for n in range(3):
        await client.create_game("tbbr_dice", players=2, display_name=f"p{n}")
    with pytest.raises(ZythosError) as raised:
        await client.join_game("0" * 20, display_name="late")  # well-formed, never created
    assert raised.value.reason == "GAME_NOT_FOUND"

    assert await eventually(
        lambda: sample("grpc_server_handled_total", **create, grpc_code="OK") == created_before + 3
    )
    assert await eventually(
        lambda: sample("grpc_server_handled_total", **join, grpc_code="NOT_FOUND") == not_found_before + 1
    )
    assert sample("grpc_server_handling_seconds_count", **create) >= 3


async def test_playing_moves_the_domain_counters(client: ZythosClient) -> None:
    created = sample("zythos_games_created_total", **GAME)
    applied = sample("zythos_actions_applied_total", **GAME)
    commits = sample("zythos_commits_total", **GAME)
    submitted = sample(
        "grpc_server_handled_total", **grpc_labels(GAME_SERVICE, "SubmitAction"), grpc_code="OK"
    )

    game = (await client.create_game("tbbr_dice", players=1, display_name="solo")).game
    rng = random.Random(7)
    steps = 0
    while steps < 12 and game.status == pb.GAME_STATUS_ACTIVE:
        legal = await client.list_legal_actions(game.game_id)
        action = rng.choice(legal.actions)
        game = (await client.submit_action(game.game_id, action.id, expected_version=legal.version)).game
        steps += 1

    assert steps > 0
    assert sample("zythos_games_created_total", **GAME) == created + 1
    assert sample("zythos_actions_applied_total", **GAME) == applied + steps
    assert sample("zythos_commits_total", **GAME) == commits + steps
    assert await eventually(
        lambda: (
            sample("grpc_server_handled_total", **grpc_labels(GAME_SERVICE, "SubmitAction"), grpc_code="OK")
            == submitted + steps
        )
    )
