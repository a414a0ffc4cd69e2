"""The SessionStore contract, run against MemoryStore and RedisStore alike."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from dataclasses import replace

import pytest
import redis

from server.domain.records import GameRecord, GameStatus, SeatRecord
from server.store import (
    BotSeat,
    CommitNote,
    Deadline,
    Expiry,
    GameExists,
    MemoryStore,
    NewEvent,
    RevisionConflict,
    SessionStore,
    StoreUnavailable,
    before_revision,
    packing,
)
from server.store.redis_store import RedisStore

_counter = iter(range(1, 1 << 30))


def new_record(game_type: str = "dice", status: GameStatus = GameStatus.WAITING) -> GameRecord:
    """A record whose id sorts after every earlier one, like the server's ids."""
    game_id = f"{next(_counter):012x}{secrets.token_hex(4)}"
    return GameRecord(
        game_id=game_id,
        game_type=game_type,
        options={"target": "20"},
        seats=(SeatRecord("ann", "ab" * 32), SeatRecord()),
        create_time=1_700_000_000.0,
        deal_seed=11,
        chance_seed=22,
        status=status,
    )


def events(*versions: int) -> list[NewEvent]:
    return [NewEvent(v, f'{{"k":"e{v}","l":"event {v}","s":0,"p":{{}}}}') for v in versions]


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[SessionStore]:
    if request.param == "memory":
        yield MemoryStore()
        return
    url = request.getfixturevalue("redis_url")
    redis_store = RedisStore(url)
    yield redis_store
    await redis_store.close()


async def test_create_then_load_round_trips(store: SessionStore) -> None:
    record = new_record()
    commit = await store.create(record, b"\x00blob\xff", events(0))
    loaded = await store.load(record.game_id)
    assert loaded is not None
    assert (loaded.record, loaded.blob, loaded.revision) == (record, b"\x00blob\xff", 1)
    assert commit.revision == 1 and len(commit.event_ids) == 1


async def test_unknown_game_loads_as_none(store: SessionStore) -> None:
    assert await store.load("000000000000deadbeef") is None
    assert await store.events_after("000000000000deadbeef") == []


async def test_create_refuses_a_taken_id(store: SessionStore) -> None:
    record = new_record()
    await store.create(record, b"one", [])
    with pytest.raises(GameExists):
        await store.create(record, b"two", [])
    loaded = await store.load(record.game_id)
    assert loaded is not None and loaded.blob == b"one"


async def test_commit_is_compare_and_set_on_the_revision(store: SessionStore) -> None:
    record = new_record()
    await store.create(record, b"v0", [])
    moved = replace(record, version=1, status=GameStatus.ACTIVE)
    commit = await store.commit(1, moved, b"v1", events(1))
    assert commit.revision == 2
    with pytest.raises(RevisionConflict):
        await store.commit(1, replace(record, version=9), b"stale", events(9))
    loaded = await store.load(record.game_id)
    assert loaded is not None
    assert (loaded.record, loaded.blob, loaded.revision) == (moved, b"v1", 2)
    assert [e.version for e in await store.events_after(record.game_id)] == [1]


async def test_commit_to_a_missing_game_conflicts(store: SessionStore) -> None:
    with pytest.raises(RevisionConflict):
        await store.commit(1, new_record(), b"x", [])


async def test_racing_commits_on_one_revision_apply_once(store: SessionStore) -> None:
    record = new_record()
    await store.create(record, b"v0", [])
    attempts = [store.commit(1, replace(record, version=n), b"%d" % n, events(n)) for n in range(1, 9)]
    results = await asyncio.gather(*attempts, return_exceptions=True)
    winners = [r for r in results if not isinstance(r, BaseException)]
    assert len(winners) == 1
    assert all(isinstance(r, RevisionConflict) for r in results if r not in winners)
    assert len(await store.events_after(record.game_id)) == 1


async def test_events_resume_after_any_id_without_gap_or_duplicate(store: SessionStore) -> None:
    record = new_record()
    first = await store.create(record, b"v0", events(0, 0))
    second = await store.commit(1, replace(record, version=1), b"v1", events(1, 1, 1))
    ids = [*first.event_ids, *second.event_ids]
    log = await store.events_after(record.game_id)
    assert [e.event_id for e in log] == ids
    assert [e.version for e in log] == [0, 0, 1, 1, 1]
    assert log[2].data == events(1)[0].data
    for n, event_id in enumerate(ids):
        assert [e.event_id for e in await store.events_after(record.game_id, event_id)] == ids[n + 1 :]
    assert [e.event_id for e in await store.events_after(record.game_id, "", limit=2)] == ids[:2]


async def test_a_limited_read_from_a_revision_gets_its_single_event(store: SessionStore) -> None:
    """What a repeated request reads back: the one event of the commit that made revision 2."""
    record = new_record()
    await store.create(record, b"blob", events(0, 0))
    await store.commit(1, replace(record, version=1), b"blob", events(1))
    read = await store.events_after(record.game_id, before_revision(2), limit=1)
    assert [(e.event_id, e.version) for e in read] == [("2-0", 1)]


async def test_answers_are_committed_with_the_revision_and_kept_until_replaced(store: SessionStore) -> None:
    record = new_record()
    await store.create(record, b"v0", [])
    loaded = await store.load(record.game_id)
    assert loaded is not None and loaded.answers == b""
    await store.commit(1, replace(record, version=1), b"v1", events(1), b"answers after 1")
    with pytest.raises(RevisionConflict):  # a losing twin writes nothing, answers included
        await store.commit(1, replace(record, version=1), b"twin", events(1), b"twin answers")
    await store.commit(2, replace(record, version=2), b"v2", events(2))  # None: keep them
    loaded = await store.load(record.game_id)
    assert loaded is not None
    assert (loaded.blob, loaded.revision, loaded.answers) == (b"v2", 3, b"answers after 1")


async def test_event_ids_are_fixed_by_the_revision(store: SessionStore) -> None:
    """The ids of a commit's events are known before it commits: ``<revision>-<n>``."""
    record = new_record()
    created = await store.create(record, b"v0", events(0, 0))
    second = await store.commit(1, replace(record, version=1), b"v1", events(1, 1, 1))
    third = await store.commit(2, replace(record, version=2), b"v2", events(2))
    assert created.event_ids == ("1-0", "1-1")
    assert (second.revision, second.event_ids) == (2, ("2-0", "2-1", "2-2"))
    assert third.event_ids == ("3-0",)
    one_step = await store.events_after(record.game_id, before_revision(2), limit=3)
    assert [e.event_id for e in one_step] == list(second.event_ids)
    assert [e.event_id for e in await store.events_after(record.game_id, before_revision(1))][:2] == [
        "1-0",
        "1-1",
    ]


async def test_a_commit_feed_announces_followed_games_only(store: SessionStore) -> None:
    followed, other = new_record(), new_record()
    await store.create(followed, b"v0", events(0))
    await store.create(other, b"v0", events(0))
    feed = store.commit_feed()
    try:
        await feed.follow(followed.game_id)
        assert await feed.next(0.05) == []
        waiter = asyncio.create_task(feed.next(5))
        await asyncio.sleep(0.05)
        assert not waiter.done()
        await store.commit(1, replace(other, version=1), b"v1", events(1))
        await store.commit(1, replace(followed, version=1, status=GameStatus.ACTIVE), b"v1", events(1))
        notes = await asyncio.wait_for(waiter, 2)
        notes += await feed.next(0.05)
        assert notes == [CommitNote(followed.game_id, 2, GameStatus.ACTIVE)]
        await feed.unfollow(followed.game_id)
        await store.commit(2, replace(followed, version=2), b"v2", events(2))
        assert await feed.next(0.1) == []
    finally:
        await feed.close()


async def test_existing_names_the_games_that_still_exist(store: SessionStore) -> None:
    record = new_record()
    await store.create(record, b"v0", [])
    assert await store.existing([record.game_id, "0" * 20]) == {record.game_id}


async def test_list_games_is_newest_first_filtered_and_paged(store: SessionStore) -> None:
    made = [
        new_record("dice", GameStatus.WAITING),
        new_record("other", GameStatus.ACTIVE),
        new_record("dice", GameStatus.ACTIVE),
        new_record("dice", GameStatus.FINISHED),
        new_record("dice", GameStatus.ACTIVE),
    ]
    for record in made:
        await store.create(record, b"x", [])
    newest_first = [r.game_id for r in reversed(made)]

    page = await store.list_games()
    assert [r.game_id for r in page.records] == newest_first and page.cursor is None

    seen: list[str] = []
    cursor = ""
    while True:
        page = await store.list_games(page_size=2, cursor=cursor)
        seen += [r.game_id for r in page.records]
        if page.cursor is None:
            break
        cursor = page.cursor
    assert seen == newest_first

    dice = await store.list_games(game_type="dice")
    assert [r.game_id for r in dice.records] == [g for g in newest_first if g != made[1].game_id]
    active_dice = await store.list_games(game_type="dice", status=GameStatus.ACTIVE)
    assert [r.game_id for r in active_dice.records] == [made[4].game_id, made[2].game_id]
    assert (await store.list_games(game_type="nope")).records == ()


async def test_status_changes_show_in_filtered_listings(store: SessionStore) -> None:
    record = new_record()
    await store.create(record, b"x", [])
    await store.commit(1, replace(record, status=GameStatus.FINISHED), b"y", [])
    assert (await store.list_games(status=GameStatus.WAITING)).records == ()
    finished = await store.list_games(status=GameStatus.FINISHED)
    assert [r.game_id for r in finished.records] == [record.game_id]


async def test_memory_games_expire_by_status_and_leave_listings() -> None:
    now = [1000.0]
    store = MemoryStore(Expiry(waiting=60, active=0, finished=600), clock=lambda: now[0])
    waiting, finished = new_record(), new_record()
    await store.create(waiting, b"w", [])
    await store.create(finished, b"f", events(0))
    await store.commit(1, replace(finished, status=GameStatus.FINISHED), b"f2", events(1))
    now[0] += 61
    assert await store.load(waiting.game_id) is None
    assert len(await store.events_after(finished.game_id)) == 2  # replays still possible
    assert [r.game_id for r in (await store.list_games()).records] == [finished.game_id]
    now[0] += 600
    assert await store.load(finished.game_id) is None
    assert await store.events_after(finished.game_id) == []


async def test_redis_keys_share_a_hash_tag_and_carry_the_status_ttl(redis_url: str) -> None:
    store = RedisStore(redis_url, Expiry(waiting=100, active=0, finished=5000))
    record = new_record()
    await store.create(record, b"w", events(0))
    await store.commit(1, record, b"w", events(1), b"a")
    client = redis.Redis.from_url(redis_url)
    keys = sorted(k.decode() for k in client.keys(f"*{record.game_id}*"))
    tag = f"{{{record.game_id}}}"
    assert keys == [f"zythos:{tag}:events", f"zythos:{tag}:state"]
    assert all(0 < client.ttl(k) <= 100 for k in keys)
    await store.commit(2, replace(record, status=GameStatus.ACTIVE), b"a", [])
    assert all(client.ttl(k) == -1 for k in keys)  # active games do not expire when active=0
    await store.commit(3, replace(record, status=GameStatus.FINISHED), b"f", [])
    assert all(100 < client.ttl(k) <= 5000 for k in keys)  # the event log stays for replays
    client.close()
    await store.close()


async def test_redis_down_is_store_unavailable(dead_redis_url: str) -> None:
    store = RedisStore(dead_redis_url)
    with pytest.raises(StoreUnavailable):
        await store.load("000000000000deadbeef")
    with pytest.raises(StoreUnavailable):
        await store.ping()
    await store.close()


async def test_redis_feed_wait_longer_than_the_socket_timeout_is_not_an_outage(redis_url: str) -> None:
    """A quiet replica waits for commits without being mistaken for a dead Redis (regression: redis-py's
    5 s socket timeout used to end 5 s event waits with STORE_UNAVAILABLE)."""
    store = RedisStore(redis_url, read_timeout=1.0)
    record = new_record()
    await store.create(record, b"w", events(0))
    feed = store.commit_feed()
    await feed.follow(record.game_id)
    assert await feed.next(1.5) == []
    await feed.close()
    await store.close()


async def test_redis_stores_record_and_blob_compressed(redis_url: str) -> None:
    store = RedisStore(redis_url)
    record = new_record()
    blob = b'{"board": [' + b"0, " * 2000 + b"0]}"
    await store.create(record, blob, [])
    client = redis.Redis.from_url(redis_url)
    stored_blob = client.hget(f"zythos:{{{record.game_id}}}:state", "blob")
    assert stored_blob is not None and len(stored_blob) < len(blob) // 10
    loaded = await store.load(record.game_id)
    assert loaded is not None and (loaded.record, loaded.blob) == (record, blob)
    client.close()
    await store.close()


async def test_redis_packs_events_against_the_game_types_dictionary(redis_url: str) -> None:
    """A game type with a preset dictionary: its entries name it, and read back as written."""
    store = RedisStore(redis_url)
    record = new_record("tbbr_dice")
    await store.create(record, b"blob", events(0, 0, 1))
    client = redis.Redis.from_url(redis_url)
    ((_, fields),) = client.xrange(f"zythos:{{{record.game_id}}}:events")
    newest = max(packing.DICTIONARIES.glob("tbbr_dice-*.zdict"), key=lambda p: int(p.stem.rpartition("-")[2]))
    assert list(fields) == [newest.stem.encode()]
    assert [(e.version, e.data) for e in await store.events_after(record.game_id)] == [
        (e.version, e.data) for e in events(0, 0, 1)
    ]
    client.close()
    await store.close()


# -- bot seats: queued work with leases --------------------------------------------------------

DICE_EASY = ("dice", "easy")


def bot_seat(game_id: str, seat: int = 1, level: str = "easy") -> BotSeat:
    return BotSeat(game_id, seat, "dice", level)


async def test_a_queued_bot_seat_is_leased_once_oldest_first_by_kind(store: SessionStore) -> None:
    first, second, hard = bot_seat("a" * 20), bot_seat("b" * 20), bot_seat("c" * 20, level="hard")
    assert await store.offer_bot_seats([first]) == 1
    await asyncio.sleep(0.002)  # queued a tick later
    assert await store.offer_bot_seats([second, hard, first]) == 2  # a queued seat stays as it is
    assert await store.lease_bot_seat("w1", [DICE_EASY], 10) == first
    assert await store.lease_bot_seat("w2", [DICE_EASY], 10) == second
    assert await store.lease_bot_seat("w2", [DICE_EASY], 10) is None
    assert await store.lease_bot_seat("w2", [("dice", "hard"), ("other", "easy")], 10) == hard
    assert await store.offer_bot_seats([first]) == 0  # a leased seat is not queued again


async def test_renewals_keep_a_lease_and_a_lapsed_one_queues_the_seat_again(store: SessionStore) -> None:
    kept, lapsing = bot_seat("d" * 20), bot_seat("e" * 20)
    await store.offer_bot_seats([kept, lapsing])
    assert {(await store.lease_bot_seat("w1", [DICE_EASY], 0.3)) for _ in range(2)} == {kept, lapsing}
    for _ in range(3):
        await asyncio.sleep(0.15)
        assert await store.renew_bot_leases("w1", [kept.key], 0.3) == {kept.key}
    assert await store.renew_bot_leases("intruder", [kept.key], 10) == set()
    assert await store.requeue_lapsed_bot_leases() == 1
    assert await store.renew_bot_leases("w1", [lapsing.key], 10) == set()  # lost: requeued
    assert await store.lease_bot_seat("w2", [DICE_EASY], 10) == lapsing


async def test_dropped_bot_seats_leave_the_queue_and_their_leases(store: SessionStore) -> None:
    game = "f" * 20
    await store.offer_bot_seats([bot_seat(game, 0), bot_seat(game, 1)])
    leased = await store.lease_bot_seat("w1", [DICE_EASY], 10)
    assert leased is not None
    await store.drop_bot_seats(game, [0, 1])
    assert await store.lease_bot_seat("w1", [DICE_EASY], 10) is None
    assert await store.renew_bot_leases("w1", [leased.key], 10) == set()
    assert await store.offer_bot_seats([bot_seat(game, 1)]) == 1  # forgotten: may be queued anew


async def test_waiting_for_bot_seats_wakes_on_an_offer(store: SessionStore) -> None:
    await store.wait_bot_seats(0.01)  # subscribes (Redis) and drains any earlier wake-up
    waiting = asyncio.create_task(store.wait_bot_seats(5.0))
    await asyncio.sleep(0.05)
    await store.offer_bot_seats([bot_seat("0" * 20)])
    await asyncio.wait_for(waiting, 2.0)


async def test_a_due_deadline_is_claimed_once_until_its_claim_lapses(store: SessionStore) -> None:
    due, later = Deadline("1" * 20, 0, 5, seconds=0.0), Deadline("1" * 20, 1, 5, seconds=60.0)
    await store.schedule_deadlines([due, later])
    await asyncio.sleep(0.01)
    assert await store.claim_due_deadlines(10, lease=0.2) == [due]
    assert await store.claim_due_deadlines(10, lease=0.2) == [], "claimed: no other replica takes it"
    await asyncio.sleep(0.3)
    assert await store.claim_due_deadlines(10, lease=10) == [due], "a lapsed claim falls due again"
    await store.finish_deadlines([due])
    await store.schedule_deadlines([replace(later, seconds=0.0)])  # the same decision, moved
    await asyncio.sleep(0.01)
    assert await store.claim_due_deadlines(10, lease=10) == [later]
    await store.finish_deadlines([later])
    assert await store.claim_due_deadlines(10, lease=10) == []


async def test_claims_take_at_most_the_limit_of_due_deadlines(store: SessionStore) -> None:
    deadlines = [Deadline("2" * 20, seat, 1) for seat in range(5)]
    await store.schedule_deadlines(deadlines)
    await asyncio.sleep(0.01)
    first = await store.claim_due_deadlines(3, lease=10)
    rest = await store.claim_due_deadlines(3, lease=10)
    assert len(first) == 3 and sorted(first + rest, key=lambda d: d.seat) == deadlines
