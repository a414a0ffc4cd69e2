"""The bot-seat queue and its leases in Redis, shared by every replica (``RedisStore``'s half).

Keys share the hash tag ``{zythos:bots}`` so each script below touches one
slot: a sorted set per (game type, level) of queued seats scored by when
they were queued, a sorted set of leases scored by their deadline, a hash
of lease holders and a hash of every known seat's kind. Each operation is
one script, so two replicas can never lease one seat twice, and deadlines
are Redis's own clock (``TIME``), so replicas need not agree on the time.
Queueing publishes on ``zythos:bots:wake`` so idle replicas look at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any

import redis.asyncio as redis

from server.store.base import BotSeat, SeatKey

_TAG = "zythos:{bots}"
_KINDS, _LEASES, _HOLDERS = f"{_TAG}:kinds", f"{_TAG}:leases", f"{_TAG}:holders"
_QUEUE_PREFIX = f"{_TAG}:queue:"
WAKE_CHANNEL = "zythos:bots:wake"

NOW_LUA = "local t = redis.call('TIME'); local now = t[1] * 1000 + math.floor(t[2] / 1000)\n"

# KEYS: kinds, queue of each seat; ARGV: member, kind of each seat.
_OFFER = (
    NOW_LUA
    + """
local added = 0
for i = 1, #ARGV, 2 do
  if redis.call('HSETNX', KEYS[1], ARGV[i], ARGV[i + 1]) == 1 then
    redis.call('ZADD', KEYS[1 + (i + 1) / 2], now, ARGV[i])
    added = added + 1
  end
end
if added > 0 then redis.call('PUBLISH', '"""
    + WAKE_CHANNEL
    + """', added) end
return added
"""
)

# KEYS: kinds, leases, holders, the queues the worker serves; ARGV: holder, ttl in ms.
_LEASE = (
    NOW_LUA
    + """
local best, from, oldest = false, nil, nil
for i = 4, #KEYS do
  local head = redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')
  if head[1] and (not best or tonumber(head[2]) < oldest) then
    best, from, oldest = head[1], KEYS[i], tonumber(head[2])
  end
end
if not best then return false end
redis.call('ZREM', from, best)
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), best)
redis.call('HSET', KEYS[3], best, ARGV[1])
return {best, redis.call('HGET', KEYS[1], best)}
"""
)

# KEYS: leases, holders; ARGV: holder, ttl in ms, members.
_RENEW = (
    NOW_LUA
    + """
local held = {}
for i = 3, #ARGV do
  if redis.call('HGET', KEYS[2], ARGV[i]) == ARGV[1] then
    redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[i])
    held[#held + 1] = ARGV[i]
  end
end
return held
"""
)

# KEYS: kinds, leases, holders; ARGV: the queue key prefix.
_REQUEUE = (
    NOW_LUA
    + """
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)
for _, member in ipairs(lapsed) do
  redis.call('ZREM', KEYS[2], member)
  redis.call('HDEL', KEYS[3], member)
  local kind = redis.call('HGET', KEYS[1], member)
  if kind then redis.call('ZADD', ARGV[1] .. kind, now, member) end
end
if #lapsed > 0 then redis.call('PUBLISH', '"""
    + WAKE_CHANNEL
    + """', #lapsed) end
return #lapsed
"""
)

# KEYS: kinds, leases, holders; ARGV: the queue key prefix, members.
_DROP = """
for i = 2, #ARGV do
  local kind = redis.call('HGET', KEYS[1], ARGV[i])
  if kind then
    redis.call('ZREM', ARGV[1] .. kind, ARGV[i])
    redis.call('HDEL', KEYS[1], ARGV[i])
  end
  redis.call('ZREM', KEYS[2], ARGV[i])
  redis.call('HDEL', KEYS[3], ARGV[i])
end
return 0
"""


def _member(key: SeatKey) -> str:
    return f"{key[0]}/{key[1]}"


def _key(member: bytes | str) -> SeatKey:
    text = member.decode() if isinstance(member, bytes) else member
    game_id, _, seat = text.rpartition("/")
    return game_id, int(seat)


def _kind(game_type: str, level: str) -> str:
    return f"{game_type}:{level}"


def milliseconds(seconds: float) -> int:
    """Seconds as the whole milliseconds the scripts take (at least 1)."""
    return max(1, int(seconds * 1000))


class RedisBotSeats:
    """The bot-seat operations over one redis-py client."""

    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._offer = client.register_script(_OFFER)
        self._lease = client.register_script(_LEASE)
        self._renew = client.register_script(_RENEW)
        self._requeue = client.register_script(_REQUEUE)
        self._drop = client.register_script(_DROP)
        self._pubsub: Any = None

    async def offer(self, seats: Sequence[BotSeat]) -> int:
        if not seats:
            return 0
        queues = [_QUEUE_PREFIX + _kind(s.game_type, s.level) for s in seats]
        args = [part for s in seats for part in (_member(s.key), _kind(s.game_type, s.level))]
        return int(await self._offer(keys=[_KINDS, *queues], args=args))

    async def lease(self, holder: str, kinds: Sequence[tuple[str, str]], ttl: float) -> BotSeat | None:
        queues = [_QUEUE_PREFIX + _kind(*kind) for kind in kinds]
        reply = await self._lease(keys=[_KINDS, _LEASES, _HOLDERS, *queues], args=[holder, milliseconds(ttl)])
        if not reply:
            return None
        member, kind = reply
        game_id, seat = _key(member)
        game_type, _, level = (kind.decode() if isinstance(kind, bytes) else kind).rpartition(":")
        return BotSeat(game_id, seat, game_type, level)

    async def renew(self, holder: str, seats: Sequence[SeatKey], ttl: float) -> set[SeatKey]:
        if not seats:
            return set()
        held = await self._renew(
            keys=[_LEASES, _HOLDERS], args=[holder, milliseconds(ttl), *map(_member, seats)]
        )
        return {_key(member) for member in held}

    async def requeue_lapsed(self) -> int:
        return int(await self._requeue(keys=[_KINDS, _LEASES, _HOLDERS], args=[_QUEUE_PREFIX]))

    async def drop(self, game_id: str, seats: Sequence[int]) -> None:
        if not seats:
            return
        members = [_member((game_id, seat)) for seat in seats]
        await self._drop(keys=[_KINDS, _LEASES, _HOLDERS], args=[_QUEUE_PREFIX, *members])

    async def wait(self, timeout: float) -> None:
        """Wait for a wake-up on the channel (one subscription per replica), at most ``timeout``."""
        if self._pubsub is None:
            self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            await self._pubsub.subscribe(WAKE_CHANNEL)
        with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
            await self._pubsub.get_message(timeout=timeout)
        while await self._pubsub.get_message(timeout=0) is not None:  # one wake-up for a burst
            pass

    async def close(self) -> None:
        if self._pubsub is not None:
            await self._pubsub.aclose()
            self._pubsub = None
