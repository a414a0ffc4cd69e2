"""Turn clocks with the memory store: a seat out of time is played by a bot until its player is back.

A real ``zythos-bots`` process plays the seats the clock hands to bots; the
server enforces the clock with its own ``ClockKeeper``. Every wait polls with
generous bounds: nothing here asserts how fast a takeover happens.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import grpc
import orjson
import pytest
from google.protobuf.duration_pb2 import Duration

from engine.core.events import Event
from server.sessions.facade import Sessions
from server.store import MemoryStore
from tests.replicas.support import until
from tests.server.harness import Served, bot_worker, expect_error, start_server
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb

# One second a decision, no reserve: a seat that does not act is taken over about a second later.
ONE_SECOND = pb.TurnClock(per_turn=Duration(seconds=1))
WAIT = 90.0


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    running = await start_server(Sessions(MemoryStore()), "memory")
    yield running
    await running.close()


async def seat_events(served: Served, game_id: str, seat: int) -> list[Event]:
    """The game's logged events acted by (or about) ``seat``, oldest first."""
    stored = await served.sessions.store.events_after(game_id, limit=100_000)
    events = (Event.from_json(orjson.loads(e.data)) for e in stored)
    return [event for event in events if event.seat == seat]


def kinds(events: list[Event]) -> list[str]:
    return [event.kind for event in events]


async def state_of(client: ZythosClient, game_id: str, seat: int) -> int:
    game = await client.get_game(game_id)
    assert game.status == pb.GAME_STATUS_ACTIVE, "the game ended before the test was done with it"
    return game.seats[seat].state


async def act_at_own_decision(client: ZythosClient, game_id: str, seat: int) -> None:
    """Submit one legal action once ``seat`` is on turn (a bot may win the race: that is fine)."""
    await until(lambda: _on_turn(client, game_id, seat), WAIT, f"seat {seat} on turn")
    legal = await client.list_legal_actions(game_id)
    # The turn may have passed since: any action id still reclaims the seat before it is refused.
    action_id = random.Random(seat).choice(legal.actions).id if legal.actions else "pass"
    try:
        await client.submit_action(game_id, action_id, expected_version=legal.version)
    except ZythosError as error:  # the position moved on meanwhile
        assert error.reason in {"STALE_VERSION", "NOT_YOUR_TURN", "ILLEGAL_ACTION"}, error


async def _on_turn(client: ZythosClient, game_id: str, seat: int) -> bool:
    return seat in (await client.get_game(game_id)).to_act


async def test_a_seat_out_of_time_is_played_by_a_bot_until_its_player_reclaims_it(served: Served) -> None:
    """Ann never acts in time; Bob never acts at all. Ann comes back twice (acting, then ReclaimSeat),
    then resigns: her resigned seat stays the bot's."""
    ann, bob = served.client(), served.client()
    created = await ann.create_game("tbbr_dice", 2, "Ann", clock=ONE_SECOND)
    game_id = created.game.game_id
    await bob.join_game(game_id, "Bob")
    with bot_worker(served.target):
        await until(lambda: _away(ann, game_id, 0), WAIT, "Ann's seat taken over")
        await until(lambda: _bot_acted_since(served, game_id, 0, "seat_taken_over"), WAIT, "a bot plays it")

        await act_at_own_decision(ann, game_id, 0)  # with her own token: the seat is hers again
        assert await state_of(ann, game_id, 0) in (pb.SEAT_STATE_HUMAN, pb.SEAT_STATE_AWAY)
        assert "seat_reclaimed" in kinds(await seat_events(served, game_id, 0))
        await until(lambda: _away(ann, game_id, 0), WAIT, "Ann's seat taken over again once idle")

        game = await ann.reclaim_seat(game_id)
        assert game.seats[0].state == pb.SEAT_STATE_HUMAN and not game.seats[0].bot
        await until(lambda: _away(ann, game_id, 0), WAIT, "Ann's seat taken over a third time")
        since_reclaim = _after_last(await seat_events(served, game_id, 0), "seat_reclaimed")
        assert kinds(since_reclaim)[0] == "seat_taken_over", "no bot acted for the seat while it was Ann's"

        left = await ann.leave_game(game_id)
        assert left.status == pb.GAME_STATUS_ACTIVE and left.seats[0].state == pb.SEAT_STATE_RESIGNED
        await expect_error(ann.reclaim_seat(game_id), grpc.StatusCode.FAILED_PRECONDITION, "SEAT_RESIGNED")
        await until(lambda: _bot_acted_since(served, game_id, 0, "player_resigned"), WAIT, "a bot plays on")
        assert (await bob.get_game(game_id)).seats[0].state == pb.SEAT_STATE_RESIGNED


async def _away(client: ZythosClient, game_id: str, seat: int) -> bool:
    return await state_of(client, game_id, seat) == pb.SEAT_STATE_AWAY


async def _bot_acted_since(served: Served, game_id: str, seat: int, kind: str) -> bool:
    """Whether an action event of ``seat`` follows its last ``kind`` event (the game may have ended)."""
    game = await served.sessions.get(game_id)
    since = _after_last(await seat_events(served, game_id, seat), kind)
    return game.status.is_over or any(event.kind not in _SEAT_KINDS for event in since)


def _after_last(events: list[Event], kind: str) -> list[Event]:
    last = max(n for n, event in enumerate(events) if event.kind == kind)
    return events[last + 1 :]


_SEAT_KINDS = frozenset({"seat_taken_over", "seat_reclaimed", "player_resigned"})


async def test_a_reclaimed_seat_leaves_the_bot_queue(served: Served) -> None:
    """With no worker, a timed-out seat waits in the bot queue; ReclaimSeat takes it out again."""
    ann, bob = served.client(), served.client()
    created = await ann.create_game("tiny_dice", 2, "Ann", clock=ONE_SECOND)
    await bob.join_game(created.game.game_id, "Bob")
    game_id = created.game.game_id
    await until(lambda: _away(ann, game_id, 0), WAIT, "Ann's seat taken over")
    store = served.sessions.store
    game = await ann.reclaim_seat(game_id)
    assert game.seats[0].state == pb.SEAT_STATE_HUMAN
    leased = await store.lease_bot_seat("probe", [("tiny_dice", "medium")], 5.0)
    events = kinds(await seat_events(served, game_id, 0))
    reclaimed = events.index("seat_reclaimed")
    assert events[reclaimed - 1] == "seat_taken_over"
    if leased is not None:  # only a second takeover (Ann idle a second again) may have queued it since
        assert events[reclaimed + 1 :].count("seat_taken_over") == 1, events
    streamed = await asyncio.wait_for(_streamed_until(bob, game_id, "seat_reclaimed"), WAIT)
    assert streamed[-2:] == ["seat_taken_over", "seat_reclaimed"], "both are on the game's event stream"


async def _streamed_until(client: ZythosClient, game_id: str, kind: str) -> list[str]:
    """The kinds streamed to ``client`` from the start up to the first ``kind``."""
    seen: list[str] = []
    stream = client.stream_events(game_id)
    try:
        async for event in stream:
            seen.append(event.kind)
            if event.kind == kind:
                return seen
    finally:
        await stream.aclose()
    raise AssertionError(f"the stream ended without {kind}: {seen}")


async def test_a_bot_token_never_reclaims_the_seat_of_its_away_player(served: Served) -> None:
    """Issue #32.5: ReclaimSeat refuses the token the bot worker got for an AWAY seat."""
    ann, bob, bot = served.client(), served.client(), served.client()
    created = await ann.create_game("tiny_dice", 2, "Ann", clock=ONE_SECOND)
    await bob.join_game(created.game.game_id, "Bob")
    game_id = created.game.game_id
    await until(lambda: _away(ann, game_id, 0), WAIT, "Ann's seat taken over")
    _, bot.tokens[game_id] = await served.sessions.assign_bot(game_id, 0)
    await expect_error(bot.reclaim_seat(game_id), grpc.StatusCode.FAILED_PRECONDITION, "BOT_SEAT")
    assert await state_of(ann, game_id, 0) == pb.SEAT_STATE_AWAY, "the refused call changed nothing"
    assert (await ann.reclaim_seat(game_id)).seats[0].state == pb.SEAT_STATE_HUMAN
