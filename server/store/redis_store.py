"""``RedisStore``: games in Redis, shareable by any number of server replicas.

Per-game keys share the hash tag ``{<game_id>}`` so they sit in one Redis
Cluster slot and one Lua script (``commit.lua``) can compare-and-set the
state (record, engine blob and idempotent answers), append to the event
stream and refresh the expiry atomically. That one call per action goes over
a lane of its own (``server/store/direct.py`` says why), not through the
client. ``server/store/packing.py`` packs the values (LZ4 for the state,
deflate with a per-game dictionary for the events) and says why. The game
index (sorted sets ordered by game id, which sorts by creation time) lives
outside the tag and is maintained best-effort: entries whose game expired are
pruned when a listing meets them.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

import redis.asyncio as redis
from redis.exceptions import NoScriptError

from server.domain.records import GameRecord, GameStatus
from server.store import packing
from server.store.base import (
    MAX_SCAN,
    BotSeat,
    Commit,
    CommitFeed,
    CommitNote,
    Deadline,
    Expiry,
    GameExists,
    Loaded,
    NewEvent,
    Page,
    RevisionConflict,
    SeatKey,
    SessionStore,
    StoredEvent,
    StoreUnavailable,
    event_ids,
)
from server.store.direct import Lane, pack
from server.store.match_base import MatchStore
from server.store.redis_bot_seats import RedisBotSeats
from server.store.redis_connect import connect
from server.store.redis_deadlines import RedisDeadlines
from server.store.redis_errors import CAUGHT, as_store_error
from server.store.redis_errors import guard as _guard
from server.store.redis_match import RedisMatchStore

_COMMIT_LUA = (Path(__file__).parent / "commit.lua").read_text()
_INDEX = "zythos:index"
# A write that changes nothing (the revision rewritten as it is): a WAIT after it covers every
# earlier write of the game, whichever connection or replica made it.
_FENCE_LUA = (
    "local rev = redis.call('HGET', KEYS[1], 'rev');"
    " if rev then redis.call('HSET', KEYS[1], 'rev', rev) end; return 0"
)


def _keys(game_id: str) -> list[str]:
    return [f"zythos:{{{game_id}}}:state", f"zythos:{{{game_id}}}:events"]


def _live_index(game_type: str, status: GameStatus) -> str:
    """The games of one type and status that have not expired: game id -> expiry (ms; +inf: never)."""
    return f"zythos:live:{game_type}:{status.value}"


@functools.cache
def _live_keys(game_type: str, status: GameStatus) -> tuple[bytes, ...]:
    """The live indexes a commit names, the new status's first; built once per type and status.

    Every commit names all four; building them (an f-string and an enum walk each) cost
    about 2% of an action's CPU. Game types are the registry's few, so the cache stays small.
    """
    others = [other for other in GameStatus if other is not status]
    return tuple(_live_index(game_type, each).encode() for each in (status, *others))


def _channel(game_id: str) -> str:
    """Where the commits of a game are announced (``RedisFeed``)."""
    return f"zythos:commits:{game_id}"


def _type_index(game_type: str) -> str:
    return f"{_INDEX}:type:{game_type}"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _unpack_events(entry_id: bytes | str, fields: Any) -> list[StoredEvent]:
    """The events of one stream entry ``<revision>-0``, with their ids ``<revision>-<n>``."""
    revision = _text(entry_id).partition("-")[0]
    ((field, value),) = fields.items()
    lines = packing.unpack_events(field, value)
    return [StoredEvent(f"{revision}-{n}", version, data) for n, (version, data) in enumerate(lines)]


def _event_key(event_id: str) -> tuple[int, int]:
    revision, _, n = event_id.partition("-")
    return int(revision), int(n)


def _stored(entries: Sequence[Any], after: str = "") -> list[StoredEvent]:
    """The events of the stream entries that come after the event ``after``."""
    events = [event for entry_id, fields in entries for event in _unpack_events(entry_id, fields)]
    if after:
        cut = _event_key(after)
        events = [e for e in events if _event_key(e.event_id) > cut]
    return events


# Seconds before a Redis read is declared failed (StoreUnavailable).
READ_TIMEOUT = 30.0
# How long a commit waits for replicas to acknowledge it (``wait_replicas``).
WAIT_MS = 1000


class RedisFeed(CommitFeed):
    """Commit notes from ``commit.lua``'s PUBLISH, over one pub/sub connection per replica.

    One channel per followed game, so Redis sends a replica only the commits
    of games it follows.
    """

    def __init__(self, client: redis.Redis) -> None:
        self._pubsub = client.pubsub(ignore_subscribe_messages=True)

    async def follow(self, game_id: str) -> None:
        async with _guard():
            await self._pubsub.subscribe(_channel(game_id))

    async def unfollow(self, game_id: str) -> None:
        async with _guard():
            await self._pubsub.unsubscribe(_channel(game_id))

    async def next(self, timeout: float) -> list[CommitNote]:
        notes: list[CommitNote] = []
        wait = timeout
        async with _guard():
            while (message := await self._pubsub.get_message(timeout=wait)) is not None:
                notes.append(_note(message))
                wait = 0.0  # take what has arrived, without waiting for more
        return notes

    async def close(self) -> None:
        await self._pubsub.aclose()  # type: ignore[no-untyped-call]  # redis-py leaves PubSub.aclose unannotated


def _note(message: dict[str, Any]) -> CommitNote:
    game_id = _text(message["channel"]).rpartition(":")[2]
    revision, _, status = _text(message["data"]).partition(" ")
    return CommitNote(game_id, int(revision), GameStatus(status))


class RedisStore(SessionStore):
    """Sessions in Redis (standalone or Cluster-compatible key layout)."""

    def __init__(
        self,
        url: str,
        expiry: Expiry | None = None,
        read_timeout: float = READ_TIMEOUT,
        wait_replicas: int = 0,
    ) -> None:
        """``url``: one Redis or a Sentinel-managed primary (server/store/redis_connect.py).

        ``wait_replicas``: a commit is acknowledged only once that many replicas
        have it (``WAIT``, in the same round trip), so a failover cannot lose
        an action a client was told about.
        """
        self._redis = connect(url, read_timeout)
        self._wait = b"" if not wait_replicas else pack([b"WAIT", b"%d" % wait_replicas, b"%d" % WAIT_MS])
        self._wait_replicas = wait_replicas
        self._expiry = expiry or Expiry()
        self._commit_sha = self._redis.register_script(_COMMIT_LUA).sha.encode()
        self._fence_sha = self._redis.register_script(_FENCE_LUA).sha.encode()
        self._lane = Lane(self._redis, read_timeout)  # the commit's own path (server/store/direct.py)
        self._bot_seats = RedisBotSeats(self._redis)
        self._deadlines = RedisDeadlines(self._redis)
        self._match = RedisMatchStore(self._redis)

    async def _run_commit(
        self,
        expected_revision: int,
        record: GameRecord,
        blob: bytes,
        events: Sequence[NewEvent],
        answers: bytes | None,
    ) -> int:
        """The script's reply: the new revision (> 0), or minus one more than the current one (< 0)."""
        state_key, events_key = _keys(record.game_id)
        events_field, packed_events = packing.pack_events(record.game_type, events)
        live = _live_keys(record.game_type, record.status)
        args = [
            b"EVALSHA",
            self._commit_sha,
            b"%d" % (2 + len(live)),
            state_key.encode(),
            events_key.encode(),
            *live,
            b"%d" % expected_revision,
            packing.pack_state(record.to_json()),
            packing.pack_state(blob),
            b"%d" % self._expiry.ttl(record.status),
            b"0" if answers is None else b"1",
            packing.pack_state(answers) if answers else b"",
            events_field,
            packed_events,
            record.status.value.encode(),
            _channel(record.game_id).encode(),
            record.game_id.encode(),
        ]
        try:  # what ``_guard`` does, inline: this is the one store call of every action
            try:
                return await self._send_commit(pack(args))
            except NoScriptError:
                await self._redis.script_load(_COMMIT_LUA)  # a restarted or other Redis: load it once
                return await self._send_commit(pack(args))
        except CAUGHT as exc:
            if (error := as_store_error(exc)) is None:
                raise
            raise error from exc

    async def _send_commit(self, command: bytes) -> int:
        """The commit's reply; with ``wait_replicas``, only once enough replicas have the commit."""
        if not self._wait:
            return int(await self._lane.call(command))
        reply, replicas = await self._lane.call_then(command, self._wait)
        revision = int(reply)
        if revision > 0 and int(replicas) < self._wait_replicas:
            raise StoreUnavailable(
                f"redis: the commit reached {replicas} of {self._wait_replicas} replicas within {WAIT_MS} ms,"
                " so a failover could lose it; a retry with the same request_id is answered once"
            )
        return revision

    async def create(self, record: GameRecord, blob: bytes, events: Sequence[NewEvent]) -> Commit:
        if await self._run_commit(0, record, blob, events, None) < 0:
            raise GameExists(record.game_id)
        async with _guard(), self._redis.pipeline(transaction=False) as pipe:
            pipe.zadd(_INDEX, {record.game_id: 0})
            pipe.zadd(_type_index(record.game_type), {record.game_id: 0})
            await pipe.execute()
        return Commit(1, event_ids(1, len(events)))

    async def load(self, game_id: str) -> Loaded | None:
        async with _guard():
            # The pool is made with decode_responses=False: replies are bytes, which redis-py cannot type.
            fields = cast(
                "list[bytes | None]",
                await self._redis.hmget(_keys(game_id)[0], ["rev", "meta", "blob", "answers"]),
            )
        rev, meta, blob, answers = fields
        if rev is None or meta is None or blob is None:
            return None
        return Loaded(
            GameRecord.from_json(packing.unpack_state(meta)),
            packing.unpack_state(blob),
            int(rev),
            packing.unpack_state(answers) if answers else b"",
        )

    async def confirm(self, game_id: str) -> None:
        """With ``wait_replicas``: a fence write on the game, then ``WAIT``, in one round trip."""
        if not self._wait:
            return
        fence = pack([b"EVALSHA", self._fence_sha, b"1", _keys(game_id)[0].encode()])
        try:
            try:
                _, replicas = await self._lane.call_then(fence, self._wait)
            except NoScriptError:
                await self._redis.script_load(_FENCE_LUA)
                _, replicas = await self._lane.call_then(fence, self._wait)
        except CAUGHT as exc:
            if (error := as_store_error(exc)) is None:
                raise
            raise error from exc
        if int(replicas) < self._wait_replicas:
            raise StoreUnavailable(
                f"redis: the stored answer reached {replicas} of {self._wait_replicas} replicas within"
                f" {WAIT_MS} ms, so a failover could lose it; retry with the same request_id"
            )

    async def commit(
        self,
        expected_revision: int,
        record: GameRecord,
        blob: bytes,
        events: Sequence[NewEvent],
        answers: bytes | None = None,
    ) -> Commit:
        if expected_revision <= 0:
            raise ValueError("commit needs the revision that was loaded")
        revision = await self._run_commit(expected_revision, record, blob, events, answers)
        if revision < 0:
            raise RevisionConflict(f"revision is {-revision - 1}, not {expected_revision}")
        return Commit(revision, event_ids(revision, len(events)))

    async def events_after(self, game_id: str, after: str = "", limit: int = 1000) -> list[StoredEvent]:
        # The entry of the commit that holds ``after`` may hold later events too, or none: one entry
        # more than ``limit`` still yields ``limit`` events, since every later entry holds at least one.
        start = f"{_event_key(after)[0]}-0" if after else "-"
        count = limit + 1 if after else limit
        async with _guard():
            entries = await self._redis.xrange(_keys(game_id)[1], min=start, max="+", count=count)
        return _stored(entries or [], after)[:limit]

    def commit_feed(self) -> CommitFeed:
        return RedisFeed(self._redis)

    async def live_counts(self, game_types: Sequence[str]) -> dict[tuple[str, GameStatus], int]:
        kinds = [(game_type, status) for game_type in game_types for status in GameStatus]
        now = int(time.time() * 1000)
        async with _guard(), self._redis.pipeline(transaction=False) as pipe:
            for game_type, status in kinds:
                pipe.zremrangebyscore(_live_index(game_type, status), "-inf", now)  # expired games
                pipe.zcard(_live_index(game_type, status))
            replies = await pipe.execute()
        return dict(zip(kinds, replies[1::2], strict=True))

    async def existing(self, game_ids: Sequence[str]) -> set[str]:
        async with _guard(), self._redis.pipeline(transaction=False) as pipe:
            for game_id in game_ids:
                pipe.exists(_keys(game_id)[0])
            found = await pipe.execute()
        return {game_id for game_id, hit in zip(game_ids, found, strict=True) if hit}

    async def list_games(
        self, game_type: str = "", status: GameStatus | None = None, page_size: int = 50, cursor: str = ""
    ) -> Page:
        index = _type_index(game_type) if game_type else _INDEX
        batch = max(2 * page_size, 50)
        found: list[GameRecord] = []
        scanned = 0
        while scanned < MAX_SCAN:
            ids, metas = await self._index_batch(index, cursor, batch)
            for game_id, meta in zip(ids, metas, strict=True):
                scanned += 1
                cursor = game_id
                if meta is None:
                    await self._prune(index, game_id)
                    continue
                record = GameRecord.from_json(packing.unpack_state(meta))
                if status is None or record.status is status:
                    found.append(record)
                    if len(found) == page_size:
                        return Page(tuple(found), cursor)
            if len(ids) < batch:
                return Page(tuple(found), None)
        return Page(tuple(found), cursor)

    async def _index_batch(self, index: str, cursor: str, count: int) -> tuple[list[str], list[Any]]:
        """The next ``count`` game ids below ``cursor`` in ``index`` and their metadata."""
        async with _guard():
            raw = await self._redis.zrevrangebylex(index, f"({cursor}" if cursor else "+", "-", 0, count)
            ids = [_text(i) for i in raw]
            async with self._redis.pipeline(transaction=False) as pipe:
                for game_id in ids:
                    pipe.hget(_keys(game_id)[0], "meta")
                metas = await pipe.execute()
        return ids, metas

    async def _prune(self, index: str, game_id: str) -> None:
        """Forget an expired game in the indexes."""
        async with _guard():
            await self._redis.zrem(_INDEX, game_id)
            await self._redis.zrem(index, game_id)

    async def ping(self) -> None:
        async with _guard():
            await self._redis.ping()

    async def offer_bot_seats(self, seats: Sequence[BotSeat]) -> int:
        async with _guard():
            return await self._bot_seats.offer(seats)

    async def lease_bot_seat(
        self, holder: str, kinds: Sequence[tuple[str, str]], ttl: float
    ) -> BotSeat | None:
        async with _guard():
            return await self._bot_seats.lease(holder, kinds, ttl)

    async def renew_bot_leases(self, holder: str, seats: Sequence[SeatKey], ttl: float) -> set[SeatKey]:
        async with _guard():
            return await self._bot_seats.renew(holder, seats, ttl)

    async def requeue_lapsed_bot_leases(self) -> int:
        async with _guard():
            return await self._bot_seats.requeue_lapsed()

    async def drop_bot_seats(self, game_id: str, seats: Sequence[int]) -> None:
        async with _guard():
            await self._bot_seats.drop(game_id, seats)

    async def wait_bot_seats(self, timeout: float) -> None:
        async with _guard():
            await self._bot_seats.wait(timeout)

    async def schedule_deadlines(self, deadlines: Sequence[Deadline]) -> None:
        async with _guard():
            await self._deadlines.schedule(deadlines)

    async def claim_due_deadlines(self, limit: int, lease: float) -> list[Deadline]:
        async with _guard():
            return await self._deadlines.claim(limit, lease)

    async def finish_deadlines(self, deadlines: Sequence[Deadline]) -> None:
        async with _guard():
            await self._deadlines.finish(deadlines)

    def match_store(self) -> MatchStore:
        return self._match

    async def close(self) -> None:
        await self._bot_seats.close()
        await self._lane.close()
        await self._redis.aclose()
