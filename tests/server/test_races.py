"""Racing submissions apply once; a repeated request id is answered, not re-applied."""

from __future__ import annotations

import asyncio
import json

import grpc

from server.sessions.facade import Sessions
from server.sessions.locks import GameLocks
from server.store.redis_store import RedisStore
from tests.server.harness import Served, seat_game, start_server, stored
from zythos.client import ZythosClient, ZythosError


async def _race(first: ZythosClient, second: ZythosClient, game_id: str, version: int) -> list[object]:
    return await asyncio.gather(
        first.submit_action(game_id, "roll", expected_version=version),
        second.submit_action(game_id, "roll", expected_version=version),
        return_exceptions=True,
    )


def _one_applied(results: list[object]) -> None:
    applied = [r for r in results if not isinstance(r, BaseException)]
    failed = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and len(failed) == 1, results
    error = failed[0]
    assert isinstance(error, ZythosError)
    assert (error.code, error.reason) == (grpc.StatusCode.ABORTED, "STALE_VERSION")


async def test_racing_submissions_on_one_replica_apply_once(served: Served) -> None:
    game_id, clients, game = await seat_game(served, "tiny_dice", 2)
    actor = game.to_act[0]
    twin = served.client()
    twin.tokens[game_id] = clients[actor].tokens[game_id]  # the same seat, a second connection
    _one_applied(await _race(clients[actor], twin, game_id, game.version))
    events = await served.sessions.store.events_after(game_id)
    assert [json.loads(e.data)["k"] for e in events].count("rolls") == 1


async def test_racing_submissions_on_two_replicas_apply_once(redis_url: str) -> None:
    one = await start_server(Sessions(RedisStore(redis_url)), "redis")
    two = await start_server(Sessions(RedisStore(redis_url)), "redis")
    try:
        for _ in range(5):  # several rounds: the two replicas really do interleave
            game_id, clients, game = await seat_game(one, "tiny_dice", 2)
            actor = game.to_act[0]
            other = two.client()
            other.tokens[game_id] = clients[actor].tokens[game_id]
            _one_applied(await _race(clients[actor], other, game_id, game.version))
            record, _, _ = await stored(one, game_id)
            assert record.version > game.version
    finally:
        await one.close()
        await two.close()


async def test_unpinned_submissions_on_two_replicas_retry_after_a_conflict(redis_url: str) -> None:
    one = await start_server(Sessions(RedisStore(redis_url)), "redis")
    two = await start_server(Sessions(RedisStore(redis_url)), "redis")
    try:
        game_id, clients, game = await seat_game(one, "tiny_dice", 1)
        other = two.client()
        other.tokens[game_id] = clients[0].tokens[game_id]
        results = await asyncio.gather(
            *(c.submit_action(game_id, "hold") for c in (clients[0], other, clients[0], other)),
            return_exceptions=True,
        )
        assert all(not isinstance(r, BaseException) for r in results), results
        record, _, _ = await stored(one, game_id)
        assert record.version == game.version + 4
    finally:
        await one.close()
        await two.close()


async def test_a_repeated_request_id_applies_once_and_answers_the_same(served: Served) -> None:
    game_id, clients, _ = await seat_game(served, "tiny_dice", 1)
    client = clients[0]
    first = await client.submit_action(game_id, "roll", request_id="click-1")
    after_first = await stored(served, game_id)
    again = await client.submit_action(game_id, "roll", request_id="click-1")
    assert again == first
    assert await stored(served, game_id) == after_first
    assert [e.event_id for e in first.events] and all(e.event_id for e in first.events)
    # the same id with another action, or at a pinned version, is still the first answer
    assert await client.submit_action(game_id, "hold", request_id="click-1", expected_version=99) == first
    assert await stored(served, game_id) == after_first
    # a new id applies
    second = await client.submit_action(game_id, "roll", request_id="click-2")
    assert second.game.version > first.game.version


async def test_concurrent_duplicates_apply_once(served: Served) -> None:
    game_id, clients, _ = await seat_game(served, "tiny_dice", 1)
    twin = served.client()
    twin.tokens[game_id] = clients[0].tokens[game_id]
    answers = await asyncio.gather(
        *(c.submit_action(game_id, "hold", request_id="dup") for c in (clients[0], twin, clients[0], twin))
    )
    assert all(a == answers[0] for a in answers)
    events = await served.sessions.store.events_after(game_id)
    assert [json.loads(e.data)["k"] for e in events].count("holds") == 1


async def test_request_ids_are_per_seat(served: Served) -> None:
    game_id, clients, game = await seat_game(served, "tiny_dice", 2)
    first_actor = game.to_act[0]
    response = await clients[first_actor].submit_action(game_id, "hold", request_id="same")
    next_actor = response.game.to_act[0]
    assert next_actor != first_actor
    second = await clients[next_actor].submit_action(game_id, "hold", request_id="same")
    assert second.game.version == response.game.version + 1


async def test_game_locks_serialise_one_game_and_vanish_when_idle() -> None:
    locks = GameLocks()
    order: list[str] = []

    async def hold(key: str, name: str) -> None:
        async with locks.hold(key):
            order.append(f"{name}+")
            await asyncio.sleep(0.01)
            order.append(f"{name}-")

    await asyncio.gather(hold("g1", "a"), hold("g1", "b"), hold("g2", "c"))
    assert order.index("a-") < order.index("b+")  # same game: one after the other
    assert order.index("c+") < order.index("a-")  # another game: not blocked
    assert len(locks) == 0
