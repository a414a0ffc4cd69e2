"""``RedisStore``: games in Redis, shareable by any number of server replicas.

Per-game keys share the hash tag ``{<game_id>}`` so they sit in one Redis
Cluster slot and one Lua script (``commit.lua``) can compare-and-set the
state, append to the event stream, store the idempotent answer and refresh
the expiry atomically. The game index (sorted sets ordered by game id, which
sorts by creation time) lives outside the tag and is maintained best-effort:
entries whose game expired are pruned when a listing meets them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import redis.asyncio as redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.records import GameRecord, GameStatus
from server.store.base import (
    MAX_SCAN,
    Answer,
    Commit,
    Expiry,
    GameExists,
    Loaded,
    NewEvent,
    Page,
    RevisionConflict,
    SessionStore,
    StoredEvent,
    StoreUnavailable,
)

_COMMIT_LUA = (Path(__file__).parent / "commit.lua").read_text()
_INDEX = "zythos:index"


def _keys(game_id: str) -> list[str]:
    return [f"zythos:{{{game_id}}}:state", f"zythos:{{{game_id}}}:events", f"zythos:{{{game_id}}}:requests"]


def _type_index(game_type: str) -> str:
    return f"{_INDEX}:type:{game_type}"


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _raw(value: bytes | str) -> bytes:
    """Replies are bytes (``decode_responses=False``); redis-py's types also allow str."""
    return value if isinstance(value, bytes) else value.encode()


def _stored(entries: Sequence[Any]) -> list[StoredEvent]:
    return [StoredEvent(_text(eid), int(fields[b"v"]), _text(fields[b"e"])) for eid, fields in entries]


@asynccontextmanager
async def _guard() -> AsyncIterator[None]:
    """Turn connection failures into ``StoreUnavailable``."""
    try:
        yield
    except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
        raise StoreUnavailable(f"redis: {exc}") from exc


# Seconds before a Redis read or connect is declared failed (StoreUnavailable).
READ_TIMEOUT = 30.0
CONNECT_TIMEOUT = 5.0


class RedisStore(SessionStore):
    """Sessions in Redis (standalone or Cluster-compatible key layout)."""

    def __init__(self, url: str, expiry: Expiry | None = None, read_timeout: float = READ_TIMEOUT) -> None:
        # wait_events blocks for less than the socket timeout, so a quiet game's
        # stream is never mistaken for a dead Redis (redis-py's default is 5 s).
        self._read_timeout = read_timeout
        self._redis = redis.Redis.from_url(
            url, decode_responses=False, socket_timeout=read_timeout, socket_connect_timeout=CONNECT_TIMEOUT
        )
        self._expiry = expiry or Expiry()
        self._commit = self._redis.register_script(_COMMIT_LUA)

    async def _run_commit(
        self,
        expected_revision: int,
        record: GameRecord,
        blob: bytes,
        events: Sequence[NewEvent],
        request_key: str,
        answer: bytes,
    ) -> list[bytes]:
        args: list[Any] = [
            expected_revision,
            record.to_json(),
            blob,
            self._expiry.ttl(record.status),
            request_key,
            answer,
        ]
        for event in events:
            args += [event.version, event.data]
        async with _guard():
            reply: list[bytes] = await self._commit(keys=_keys(record.game_id), args=args)
        return reply

    async def create(self, record: GameRecord, blob: bytes, events: Sequence[NewEvent]) -> Commit:
        reply = await self._run_commit(0, record, blob, events, "", b"")
        if reply[0] != b"ok":
            raise GameExists(record.game_id)
        async with _guard(), self._redis.pipeline(transaction=False) as pipe:
            pipe.zadd(_INDEX, {record.game_id: 0})
            pipe.zadd(_type_index(record.game_type), {record.game_id: 0})
            await pipe.execute()
        return Commit(int(reply[1]), tuple(_text(i) for i in reply[2:]))

    async def load(self, game_id: str) -> Loaded | None:
        async with _guard():
            rev, meta, blob = await self._redis.hmget(_keys(game_id)[0], ["rev", "meta", "blob"])
        if rev is None or meta is None or blob is None:
            return None
        return Loaded(GameRecord.from_json(meta), _raw(blob), int(rev))

    async def commit(
        self,
        expected_revision: int,
        record: GameRecord,
        blob: bytes,
        events: Sequence[NewEvent],
        request_key: str = "",
        answer: bytes = b"",
    ) -> Commit:
        if expected_revision <= 0:
            raise ValueError("commit needs the revision that was loaded")
        reply = await self._run_commit(expected_revision, record, blob, events, request_key, answer)
        if reply[0] == b"dup":
            return Commit(expected_revision, (), duplicate=Answer.unpack(bytes(reply[1])))
        if reply[0] == b"conflict":
            raise RevisionConflict(f"revision is {_text(reply[1])}, not {expected_revision}")
        return Commit(int(reply[1]), tuple(_text(i) for i in reply[2:]))

    async def answer(self, game_id: str, request_key: str) -> Answer | None:
        async with _guard():
            value = await self._redis.hget(_keys(game_id)[2], request_key)
        return None if value is None else Answer.unpack(_raw(value))

    async def events_after(self, game_id: str, after: str = "", limit: int = 1000) -> list[StoredEvent]:
        start = f"({after}" if after else "-"
        async with _guard():
            entries = await self._redis.xrange(_keys(game_id)[1], min=start, max="+", count=limit)
        return _stored(entries or [])

    async def wait_events(self, game_id: str, after: str, timeout: float) -> list[StoredEvent]:
        stream = _keys(game_id)[1]
        async with _guard():
            block = min(timeout, self._read_timeout / 2)
            reply: Any = await self._redis.xread({stream: after or "0-0"}, block=max(1, int(block * 1000)))
        return _stored(reply[0][1]) if reply else []

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
                record = GameRecord.from_json(meta)
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

    async def close(self) -> None:
        await self._redis.aclose()
