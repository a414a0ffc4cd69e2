"""Rematch: the same players and bot levels, every seat moved one place on, the game made once.

On Redis two servers (two replicas over one store) take the players' calls at
the same time; on the memory store one server takes both.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import grpc
import orjson
import pytest

from server.sessions.facade import Sessions
from server.store import MemoryStore
from server.store.redis_store import RedisStore
from tests.server.harness import Served, expect_error, play_randomly, start_server
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb


@pytest.fixture(params=["memory", "redis"])
async def replicas(request: pytest.FixtureRequest) -> AsyncIterator[tuple[Served, Served]]:
    """Two servers over one store (Redis), or one server twice (memory)."""
    if request.param == "memory":
        one = await start_server(Sessions(MemoryStore()), "memory")
        yield one, one
        await one.close()
        return
    url = request.getfixturevalue("redis_url")
    one = await start_server(Sessions(RedisStore(url)), "redis")
    two = await start_server(Sessions(RedisStore(url)), "redis")
    yield one, two
    await one.close()
    await two.close()


async def finished_game(served: Served) -> tuple[str, ZythosClient, ZythosClient, ZythosClient]:
    """A finished 3-seat Tiny Dice game: Ann at seat 0, a hard bot at seat 1 (the test plays it), Bob at 2."""
    ann, bob, bot = served.client(), served.client(), served.client()
    created = await ann.create_game("tiny_dice", 3, "Ann", bots={1: "hard"})
    game_id = created.game.game_id
    await bob.join_game(game_id, "Bob")
    _, bot.tokens[game_id] = await served.sessions.assign_bot(game_id, 1)
    game = await play_randomly([ann, bot, bob], await ann.get_game(game_id), random.Random(7))
    assert game.status == pb.GAME_STATUS_FINISHED
    return game_id, ann, bob, bot


async def test_a_rematch_rotates_the_seats_keeps_the_bots_and_is_made_once(
    replicas: tuple[Served, Served],
) -> None:
    one, two = replicas
    game_id, ann, bob, _ = await finished_game(one)
    bob_elsewhere = two.client()
    bob_elsewhere.tokens[game_id] = bob.tokens[game_id]
    first, second = await asyncio.gather(ann.rematch(game_id), bob_elsewhere.rematch(game_id))

    rematch_id = first.game.game_id
    assert second.game.game_id == rematch_id != game_id
    assert (first.seat, second.seat) == (1, 0), "seat n's player plays seat n + 1"
    game = await ann.get_game(rematch_id)
    assert game.rematch_of == game_id and (await ann.get_game(game_id)).rematch_id == rematch_id
    assert [s.display_name for s in game.seats] == ["Bob", "Ann", "Hard bot"]
    assert [s.state for s in game.seats][:2] == [pb.SEAT_STATE_HUMAN, pb.SEAT_STATE_HUMAN]
    assert (game.seats[2].bot, game.seats[2].bot_level) == (True, "hard")
    assert game.status == pb.GAME_STATUS_WAITING and "bot" in game.waiting_reason

    listed = (await ann.list_games()).games
    assert sorted(g.game_id for g in listed) == sorted([game_id, rematch_id]), "the rematch was made once"
    old_log = await one.sessions.store.events_after(game_id, limit=10_000)
    assert [orjson.loads(e.data)["k"] for e in old_log].count("rematch_created") == 1

    await one.sessions.assign_bot(rematch_id, 2)
    assert (await ann.get_game(rematch_id)).status == pb.GAME_STATUS_ACTIVE
    assert (await ann.get_view(rematch_id)).your_seat == 1
    assert (await bob_elsewhere.get_view(rematch_id)).your_seat == 0

    earlier = ann.tokens[rematch_id]
    again = await ann.rematch(game_id)  # asked again: the same seat, a fresh token
    assert (again.game.game_id, again.seat) == (rematch_id, 1) and again.seat_token != earlier
    await expect_error(
        ann.get_view(rematch_id, token=earlier), grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"
    )


async def test_only_players_of_a_finished_game_ask_for_a_rematch(replicas: tuple[Served, Served]) -> None:
    one, _ = replicas
    game_id, ann, _, bot = await finished_game(one)
    await expect_error(bot.rematch(game_id), grpc.StatusCode.FAILED_PRECONDITION, "BOT_SEAT")
    waiting = await ann.create_game("tiny_dice", 2, "Ann")
    await expect_error(
        ann.rematch(waiting.game.game_id), grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_FINISHED"
    )
    await expect_error(
        ann.rematch(game_id, token=ann.tokens[waiting.game.game_id]),
        grpc.StatusCode.PERMISSION_DENIED,
        "WRONG_GAME_TOKEN",
    )
