"""Seating, leaving, listing and store outages, through gRPC."""

from __future__ import annotations

import asyncio
import socket

import grpc
import pytest

from server.config import parse
from server.domain.errors import GameError, Reason
from server.sessions.facade import Sessions
from server.store.redis_store import RedisStore
from tests.server.harness import Served, expect_error, seat_game, start_server
from zythos.v1 import game_service_pb2 as pb


async def test_game_types_are_listed_with_their_options(served: Served) -> None:
    types = {t.name: t for t in await served.client().list_game_types()}
    tiny = types["tiny_dice"]
    assert (tiny.min_players, tiny.max_players) == (1, 4)
    assert [(o.name, o.default_value, list(o.allowed_values)) for o in tiny.options] == [
        ("target", "10", ["10", "20"])
    ]


async def test_solo_games_start_at_once_and_options_get_defaults(served: Served) -> None:
    created = await served.client().create_game("tiny_dice", 1, "  Solo  ")
    game = created.game
    assert game.status == pb.GAME_STATUS_ACTIVE and game.version == 1 and list(game.to_act) == [0]
    assert dict(game.options) == {"target": "10"} and game.seats[0].display_name == "Solo"
    assert game.waiting_reason == ""
    assert created.seat_token.startswith(f"zt1.{game.game_id}.0.")


async def test_leaving_a_waiting_game_frees_the_seat_and_voids_the_token(served: Served) -> None:
    host, guest, late = served.client(), served.client(), served.client()
    created = (await host.create_game("tiny_dice", 3, "Host")).game
    game_id = created.game_id
    assert created.waiting_reason == "waiting for 2 more players"
    assert (await guest.join_game(game_id, "Guest")).game.waiting_reason == "waiting for 1 more player"
    old_token = guest.tokens[game_id]
    left = await guest.leave_game(game_id)
    assert left.status == pb.GAME_STATUS_WAITING and not left.seats[1].occupied
    await expect_error(
        guest.get_view(game_id, token=old_token), grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"
    )
    assert (await late.join_game(game_id, "Late")).seat == 1


async def test_resigning_everyone_abandons_an_active_game(served: Served) -> None:
    """A resigned seat is handed to a bot (its token stops working); the last human out abandons."""
    game_id, clients, _ = await seat_game(served, "tiny_dice", 2)
    first = await clients[0].leave_game(game_id)
    assert first.status == pb.GAME_STATUS_ACTIVE
    assert first.seats[0].resigned and first.seats[0].bot and first.seats[0].bot_level == "medium"
    for call in (clients[0].submit_action(game_id, "roll"), clients[0].list_legal_actions(game_id)):
        await expect_error(call, grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED")
    second = await clients[1].leave_game(game_id)
    assert second.status == pb.GAME_STATUS_ABANDONED and list(second.to_act) == []
    kinds = [e.kind async for e in clients[1].stream_events(game_id)]  # ends: the game is over
    assert kinds[-3:] == ["player_resigned", "player_resigned", "game_abandoned"]
    await expect_error(clients[1].leave_game(game_id), grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_ACTIVE")
    await expect_error(
        served.client().join_game(game_id, "X"), grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_ACTIVE"
    )


async def test_list_games_pages_newest_first_with_filters(served: Served) -> None:
    client = served.client()
    made = [
        (await client.create_game("tiny_dice", players, f"P{players}")).game for players in (1, 2, 1, 2, 2)
    ]
    newest_first = [g.game_id for g in reversed(made)]
    seen, token = [], ""
    while True:
        page = await client.list_games(page_size=2, page_token=token)
        seen += [g.game_id for g in page.games]
        token = page.next_page_token
        if not token:
            break
    assert seen == newest_first
    waiting = await client.list_games(status=pb.GAME_STATUS_WAITING)
    assert [g.game_id for g in waiting.games] == [g.game_id for g in reversed(made) if len(g.seats) == 2]
    assert (await client.list_games(game_type="tbbr_dice_nope")).games == []


async def test_stream_resumes_after_any_event_id(served: Served) -> None:
    game_id, clients, _ = await seat_game(served, "tiny_dice", 1)
    await clients[0].submit_action(game_id, "roll")
    await clients[0].leave_game(game_id)
    whole = [e async for e in clients[0].stream_events(game_id)]
    for n, event in enumerate(whole):
        rest = [e async for e in clients[0].stream_events(game_id, after_event_id=event.event_id)]
        assert [e.event_id for e in rest] == [e.event_id for e in whole[n + 1 :]]


async def test_redis_down_answers_unavailable() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    served = await start_server(Sessions(RedisStore(f"redis://127.0.0.1:{port}/0")), "redis")
    try:
        client = served.client()
        unavailable = grpc.StatusCode.UNAVAILABLE
        await expect_error(client.create_game("tiny_dice", 2, "Ann"), unavailable, "STORE_UNAVAILABLE")
        await expect_error(client.get_game("0" * 20), unavailable, "STORE_UNAVAILABLE")
        await expect_error(anext(client.stream_events("0" * 20)), unavailable, "STORE_UNAVAILABLE")
    finally:
        await served.close()


def test_config_flags_beat_environment_beat_defaults() -> None:
    assert parse([], {}).port == 50051 and parse([], {}).redis_url == ""
    env = {"ZYTHOS_PORT": "6000", "ZYTHOS_REDIS_URL": "redis://r:6379/1", "ZYTHOS_DRAIN_GRACE": "2.5"}
    from_env = parse([], env)
    assert (from_env.port, from_env.redis_url, from_env.drain_grace) == (6000, "redis://r:6379/1", 2.5)
    assert parse(["--port", "7000", "--finished-ttl", "0"], env).port == 7000
    assert parse(["--finished-ttl", "0"], env).expiry.finished == 0


async def test_the_metrics_observer_counts_games_actions_and_dice() -> None:
    from prometheus_client import REGISTRY

    from server.observability.domain_metrics import MetricsObserver
    from server.store import MemoryStore

    def sample(name: str, **labels: str) -> float:
        return REGISTRY.get_sample_value(name, {"game_type": "tiny_dice", **labels}) or 0.0

    before = (
        sample("zythos_games_created_total"),
        sample("zythos_actions_applied_total"),
        sample("zythos_chance_steps_resolved_total", kind="roll"),
        sample("zythos_games_finished_total", status="ABANDONED"),
    )
    served = await start_server(Sessions(MemoryStore(), observer=MetricsObserver()), "memory")
    try:
        game_id, clients, _ = await seat_game(served, "tiny_dice", 1)
        await clients[0].submit_action(game_id, "roll")
        await clients[0].submit_action(game_id, "hold")
        await clients[0].leave_game(game_id)
    finally:
        await served.close()
    after = (
        sample("zythos_games_created_total"),
        sample("zythos_actions_applied_total"),
        sample("zythos_chance_steps_resolved_total", kind="roll"),
        sample("zythos_games_finished_total", status="ABANDONED"),
    )
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 2, 1, 1]


async def test_health_and_reflection_are_served(served: Served) -> None:
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

    async with grpc.aio.insecure_channel(served.target) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for service in ("", "zythos.v1.GameService"):
            reply = await health.Check(health_pb2.HealthCheckRequest(service=service))
            assert reply.status == health_pb2.HealthCheckResponse.SERVING

    def reflected() -> list[str]:  # the reflection client is synchronous: run it off the event loop
        with grpc.insecure_channel(served.target) as channel:
            database = ProtoReflectionDescriptorDatabase(channel)
            services = list(database.get_services())
            database.FindFileContainingSymbol("zythos.v1.GameService")
            return services

    services = await asyncio.to_thread(reflected)
    assert {"zythos.v1.GameService", "grpc.health.v1.Health"} <= set(services)


async def test_bot_seats_wait_for_a_worker_then_play_with_their_own_token(served: Served) -> None:
    host = served.client()
    request = pb.CreateGameRequest(
        game_type="tiny_dice",
        players=3,
        display_name="Host",
        bots=[pb.BotSeat(seat=0, level="hard"), pb.BotSeat(seat=2)],
    )
    created = await host.stub.CreateGame(request)
    game_id, game = created.game.game_id, created.game
    host.tokens[game_id] = created.seat_token
    assert created.seat == 1  # the first seat that is not a bot
    assert [(s.bot, s.bot_level, s.occupied) for s in game.seats] == [
        (True, "hard", False), (False, "", True), (True, "medium", False)
    ]  # fmt: skip
    assert game.waiting_reason == "waiting for a bot worker for 2 bot seats (hard, medium)"
    precondition = grpc.StatusCode.FAILED_PRECONDITION
    await expect_error(served.client().join_game(game_id, "Human"), precondition, "GAME_FULL")

    record, first_token = await served.sessions.assign_bot(game_id, 0)
    assert record.status.value == "WAITING" and record.seats[0].occupied
    record, token0 = await served.sessions.assign_bot(
        game_id, 0
    )  # the worker died: a new worker, a new token
    bot0 = served.client()
    await expect_error(
        bot0.get_view(game_id, token=first_token), grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"
    )
    record, _ = await served.sessions.assign_bot(game_id, 2)
    assert record.status.value == "ACTIVE" and record.version == 1  # the last seat filled: the game starts
    bot0.tokens[game_id] = token0
    assert (await bot0.get_view(game_id)).your_seat == 0
    assert [a.id for a in (await bot0.list_legal_actions(game_id)).actions] == ["roll", "hold"]
    await bot0.submit_action(game_id, "hold")
    kinds = [e.kind for e in (await host.submit_action(game_id, "hold")).events]
    assert kinds[0] == "holds"
    with pytest.raises(GameError) as refused:
        await served.sessions.assign_bot(game_id, 1)  # a human seat
    assert refused.value.reason is Reason.INVALID_ARGUMENT


async def test_a_game_is_abandoned_when_its_last_human_resigns_even_with_bots(served: Served) -> None:
    host = served.client()
    request = pb.CreateGameRequest(
        game_type="tiny_dice", players=2, display_name="Host", bots=[pb.BotSeat(seat=1)]
    )
    created = await host.stub.CreateGame(request)
    game_id = created.game.game_id
    host.tokens[game_id] = created.seat_token
    await served.sessions.assign_bot(game_id, 1)
    assert (await host.leave_game(game_id)).status == pb.GAME_STATUS_ABANDONED
    with pytest.raises(GameError) as refused:
        await served.sessions.assign_bot(game_id, 1)
    assert refused.value.reason is Reason.GAME_NOT_ACTIVE
