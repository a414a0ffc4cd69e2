"""A server restarted mid-game on Redis carries on: same game, same version, event stream intact."""

from __future__ import annotations

import asyncio
import random

from server.sessions.facade import Sessions
from server.store.redis_store import RedisStore
from tests.server.harness import Served, start_server
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb

GAME_TYPE = "tiny_dice"


async def _play(clients: list[ZythosClient], game: pb.Game, picker: random.Random, steps: int) -> pb.Game:
    for _ in range(steps):
        if game.status != pb.GAME_STATUS_ACTIVE:
            break
        seat = game.to_act[0]
        legal = await clients[seat].list_legal_actions(game.game_id)
        choice = picker.choice(legal.actions)
        game = (
            await clients[seat].submit_action(game.game_id, choice.id, expected_version=game.version)
        ).game
    return game


async def _reconnect(old: list[ZythosClient], served: Served, game_id: str) -> list[ZythosClient]:
    """New connections to the new server, with the same seat tokens."""
    fresh = []
    for client in old:
        new = served.client()
        new.tokens[game_id] = client.tokens[game_id]
        fresh.append(new)
    return fresh


async def test_restart_mid_game_continues_with_the_stream_intact(redis_url: str) -> None:
    picker = random.Random(11)
    first = await start_server(Sessions(RedisStore(redis_url)), "redis")
    clients = [first.client(), first.client()]
    created = await clients[0].create_game(GAME_TYPE, 2, "Ann", {"target": "20"})
    game_id = created.game.game_id
    game = (await clients[1].join_game(game_id, "Bob")).game
    seen: list[pb.GameEvent] = []
    stream = clients[0].stream_events(game_id)
    game = await _play(clients, game, picker, 12)
    while not seen or seen[-1].version < game.version:
        seen.append(await anext(stream))
    await stream.aclose()
    version_before, view_before = game.version, await clients[0].get_view(game_id)
    await first.close()  # the replica goes away mid-game

    second = await start_server(Sessions(RedisStore(redis_url)), "redis")
    try:
        clients = await _reconnect(clients, second, game_id)
        game = await clients[0].get_game(game_id)
        assert game.status == pb.GAME_STATUS_ACTIVE and game.version == version_before
        assert await clients[0].get_view(game_id) == view_before
        resumed = clients[0].stream_events(game_id, after_event_id=seen[-1].event_id)
        game = await _play(clients, game, picker, 2000)
        assert game.status == pb.GAME_STATUS_FINISHED
        rest = [e async for e in resumed]
        whole = [e async for e in clients[0].stream_events(game_id)]
        assert [e.event_id for e in seen + rest] == [e.event_id for e in whole]
        assert len({e.event_id for e in whole}) == len(whole)
        assert rest and whole[-1].kind == "game_finished" and whole[-1].version == game.version
    finally:
        await second.close()


async def test_a_stream_on_one_replica_sees_moves_made_on_another(redis_url: str) -> None:
    one = await start_server(Sessions(RedisStore(redis_url)), "redis")
    two = await start_server(Sessions(RedisStore(redis_url)), "redis")
    try:
        player = one.client()
        game = (await player.create_game(GAME_TYPE, 1, "Ann")).game
        watcher = two.client().stream_events(game.game_id)
        kinds = [(await anext(watcher)).kind for _ in range(3)]
        assert kinds == ["game_created", "player_joined", "game_started"]
        pending = asyncio.ensure_future(anext(watcher))
        await asyncio.sleep(0.05)
        assert not pending.done()  # blocked in XREAD on replica two
        await player.submit_action(game.game_id, "hold")
        assert (await asyncio.wait_for(pending, 5)).kind == "holds"
        await watcher.aclose()
    finally:
        await one.close()
        await two.close()
