"""The replica's state cache and the idempotent-answer window.

The cache lets a submission skip loading the game; it may be behind the
store (another replica moved the game) but never ahead, and the revision
compare-and-set still decides. These tests drive two replicas (two
``Sessions``, each with its own ``RedisStore``) over one Redis.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from server.domain.errors import GameError, Reason
from server.domain.records import GameStatus
from server.sessions.answers import WINDOW, Answer, Answers
from server.sessions.cache import Cached, StateCache
from server.sessions.facade import Sessions
from server.store import Loaded, MemoryStore
from server.store.redis_store import RedisStore


class CountingStore(MemoryStore):
    """A real ``MemoryStore`` that counts how often a game is read whole."""

    def __init__(self) -> None:
        super().__init__()
        self.loads = 0

    async def load(self, game_id: str) -> Loaded | None:
        self.loads += 1
        return await super().load(game_id)


async def solo_game(sessions: Sessions) -> tuple[str, str, int]:
    """A started one-seat Tiny Dice game: its id, the seat token and its version."""
    seated = await sessions.create("tiny_dice", 1, {}, "ann")
    return seated.record.game_id, seated.token, seated.record.version


@pytest.fixture
async def replicas(redis_url: str) -> AsyncIterator[tuple[Sessions, Sessions]]:
    one, two = Sessions(RedisStore(redis_url)), Sessions(RedisStore(redis_url))
    yield one, two
    await one.store.close()
    await two.store.close()


async def test_a_submission_after_a_commit_does_not_load_the_game() -> None:
    store = CountingStore()
    sessions = Sessions(store)
    game_id, token, _ = await solo_game(sessions)
    await sessions.submit(game_id, token, action_id="roll")
    loads = store.loads
    for _ in range(3):
        await sessions.submit(game_id, token, action_id="roll")
    assert store.loads == loads


async def test_a_stale_pinned_version_is_refused_from_the_cache() -> None:
    store = CountingStore()
    sessions = Sessions(store)
    game_id, token, version = await solo_game(sessions)
    first = await sessions.submit(game_id, token, action_id="roll", expected_version=version, request_id="a")
    loads = store.loads
    with pytest.raises(GameError) as refused:
        await sessions.submit(game_id, token, action_id="roll", expected_version=version)
    assert refused.value.reason is Reason.STALE_VERSION
    assert refused.value.metadata["version"] == str(first.record.version)
    # a repeat of the request that won is answered the first answer, still without a load
    again = await sessions.submit(game_id, token, action_id="roll", expected_version=version, request_id="a")
    assert again == first and store.loads == loads


async def test_a_replica_behind_another_reloads_and_applies(replicas: tuple[Sessions, Sessions]) -> None:
    one, two = replicas
    game_id, token, _ = await solo_game(one)
    await one.submit(game_id, token, action_id="roll")  # one caches its commit
    moved = await two.submit(game_id, token, action_id="roll")  # ...which is now behind
    unpinned = await one.submit(game_id, token, action_id="roll")
    assert unpinned.record.version > moved.record.version
    pinned = await one.submit(game_id, token, action_id="roll", expected_version=unpinned.record.version)
    assert pinned.record.version > unpinned.record.version
    loaded = await one.store.load(game_id)
    assert loaded is not None and loaded.record.version == pinned.record.version


async def test_a_version_pinned_on_a_stale_cache_loses_with_the_real_version(
    replicas: tuple[Sessions, Sessions],
) -> None:
    one, two = replicas
    game_id, token, _ = await solo_game(one)
    cached = await one.submit(game_id, token, action_id="roll")
    moved = await two.submit(game_id, token, action_id="roll", expected_version=cached.record.version)
    with pytest.raises(GameError) as refused:
        await one.submit(game_id, token, action_id="roll", expected_version=cached.record.version)
    assert refused.value.reason is Reason.STALE_VERSION
    assert refused.value.metadata["version"] == str(moved.record.version)


async def test_a_request_repeated_on_another_replica_gets_the_first_answer(
    replicas: tuple[Sessions, Sessions],
) -> None:
    one, two = replicas
    game_id, token, version = await solo_game(one)
    await two.view(game_id, token)  # two caches the game at this version
    first = await one.submit(game_id, token, action_id="roll", expected_version=version, request_id="r1")
    again = await two.submit(game_id, token, action_id="hold", expected_version=version, request_id="r1")
    assert again == first and again.events  # the step's events, read back from the log
    loaded = await one.store.load(game_id)
    assert loaded is not None and loaded.record.version == first.record.version


async def test_request_ids_are_remembered_for_a_window_per_seat() -> None:
    sessions = Sessions(MemoryStore())
    game_id, token, _ = await solo_game(sessions)
    answers = [
        await sessions.submit(game_id, token, action_id="roll", request_id=f"r{n}") for n in range(WINDOW + 1)
    ]
    latest = answers[-1].record.version
    # every id in the window is answered again, nothing is applied twice
    for n in range(1, WINDOW + 1):
        assert await sessions.submit(game_id, token, action_id="roll", request_id=f"r{n}") == answers[n]
    # the oldest fell out of the window: it counts as a new request
    reused = await sessions.submit(game_id, token, action_id="roll", request_id="r0")
    assert reused.record.version > latest


async def test_a_finished_game_in_the_cache_refuses_a_stale_move_as_over() -> None:
    sessions = Sessions(MemoryStore())
    game_id, token, _ = await solo_game(sessions)
    record = None
    for n in range(1000):
        record = (await sessions.submit(game_id, token, action_id="hold" if n % 3 == 2 else "roll")).record
        if record.status is not GameStatus.ACTIVE:
            break
    assert record is not None and record.status is GameStatus.FINISHED
    with pytest.raises(GameError) as refused:
        await sessions.submit(game_id, token, action_id="roll", expected_version=1)
    assert refused.value.reason is Reason.GAME_NOT_ACTIVE


def test_answers_round_trip_and_keep_the_last_window() -> None:
    answers = Answers.empty()
    for n in range(WINDOW + 2):
        answer = Answer(n + 2, 2, n + 5, n, GameStatus.ACTIVE, (0,), (), (), "")
        answers = answers.with_answer(0, f"r{n}", answer)
    answers = answers.with_answer(
        1, "r0", Answer(9, 0, 9, 4, GameStatus.FINISHED, (), (3.0, 1.0), (1, 2), "ann wins")
    )
    decoded = Answers.decode(answers.encode())
    assert decoded == answers and len(decoded) == WINDOW + 1
    assert decoded.find(0, "r0") is None and decoded.find(0, "r1") is None
    found = decoded.find(0, f"r{WINDOW + 1}")
    assert found is not None and found.version == WINDOW + 6
    finished = decoded.find(1, "r0")
    assert finished is not None and finished.ranking == (1, 2)


def test_state_cache_is_a_bounded_lru() -> None:
    cache = StateCache(2)
    entries = {name: Cached(None, None, n, Answers.empty()) for n, name in enumerate("abc")}  # type: ignore[arg-type]
    cache.put("a", entries["a"])
    cache.put("b", entries["b"])
    assert cache.peek("a") is entries["a"]
    cache.put("a", entries["a"])  # touched: now the most recent
    cache.put("c", entries["c"])
    assert (cache.peek("a"), cache.peek("b"), cache.peek("c")) == (entries["a"], None, entries["c"])
    assert cache.take("a") is entries["a"] and cache.peek("a") is None and len(cache) == 1
    off = StateCache(0)
    off.put("a", entries["a"])
    assert off.peek("a") is None


async def test_a_token_issued_on_another_replica_is_accepted_by_a_stale_cache(
    replicas: tuple[Sessions, Sessions],
) -> None:
    """A bot seat re-assigned on replica two gets a token replica one's cached record predates."""
    one, two = replicas
    seated = await one.create("tiny_dice", 2, {}, "ann", bots=[(1, "easy")])
    game_id = seated.record.game_id
    record, first_token = await two.assign_bot(game_id, 1)
    if record.to_act == (0,):  # let the bot seat be the one to act
        record = (await one.submit(game_id, seated.token, action_id="hold")).record
    await one.view(game_id, first_token)  # one caches the game with the first token's hash
    _, second_token = await two.assign_bot(game_id, 1)  # a new worker: the first token stops working
    moved = await one.submit(game_id, second_token, action_id="roll", expected_version=record.version)
    assert moved.record.version > record.version
    with pytest.raises(GameError) as refused:
        await one.submit(game_id, first_token, action_id="roll")
    assert refused.value.reason is Reason.UNAUTHENTICATED
