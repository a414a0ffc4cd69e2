"""Players, ratings and tickets in Redis, shared by every replica (``RedisStore``'s ``MatchStore``).

Keys share the hash tag ``{mm}`` so each script below touches one slot. A
ticket is a hash (its request as JSON, status, pool, creation and end time,
seat once matched); each pool's searching tickets are a sorted set by
creation time, listed in a set of pools; ``seen`` holds each searching
ticket's abandonment deadline and ``claims`` each claimed ticket's. Every
status change is one script, and deadlines are Redis's own clock
(``TIME``), as for the bot seats (``server/store/redis_bot_seats.py``).
A player is a hash: its record as JSON and one field per rated game type;
``rated:<game id>`` marks a game whose ratings were applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import redis.asyncio as redis

from server.store.match_base import (
    MatchStore,
    PlayerRecord,
    Rating,
    RatingsMoved,
    Seating,
    Snapshot,
    Ticket,
    TicketRequest,
    TicketStatus,
)
from server.store.redis_errors import guard

_TAG = "zythos:{mm}"
_TICKET, _POOL, _PLAYER = f"{_TAG}:ticket:", f"{_TAG}:pool:", f"{_TAG}:player:"
_POOLS, _SEEN, _CLAIMS, _LEADER = f"{_TAG}:pools", f"{_TAG}:seen", f"{_TAG}:claims", f"{_TAG}:leader"
_RATING_FIELD = "rating:"
# How long a rated game's mark stays: longer than any game lives after it ends.
RATED_MARK_SECONDS = 7 * 24 * 3600

_NOW = "local t = redis.call('TIME'); local now = t[1] * 1000 + math.floor(t[2] / 1000)\n"

# KEYS: ticket, pool, pools, seen; ARGV: request, pool name, abandon ms, ticket id.
_CREATE = (
    _NOW
    + """
redis.call('HSET', KEYS[1], 'request', ARGV[1], 'status', 'SEARCHING', 'pool', ARGV[2], 'create_ms', now)
redis.call('ZADD', KEYS[2], now, ARGV[4])
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('ZADD', KEYS[4], now + tonumber(ARGV[3]), ARGV[4])
return {now, redis.call('ZCARD', KEYS[2])}
"""
)

# KEYS: ticket, seen; ARGV: ticket id, abandon ms, pool prefix.
_TOUCH = (
    _NOW
    + """
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return false end
local waiting = 0
if status == 'SEARCHING' then
  redis.call('ZADD', KEYS[2], 'XX', now + tonumber(ARGV[2]), ARGV[1])
  waiting = redis.call('ZCARD', ARGV[3] .. redis.call('HGET', KEYS[1], 'pool'))
end
return {redis.call('HGETALL', KEYS[1]), waiting}
"""
)

# Ends a SEARCHING ticket: ARGV of the caller give the ticket key, pool prefix, keep ms, new status.
_END = """
local function finish(ticket, id, pool_prefix, keep, status, now)
  redis.call('HSET', ticket, 'status', status, 'end_ms', now)
  redis.call('ZREM', pool_prefix .. redis.call('HGET', ticket, 'pool'), id)
  redis.call('ZREM', KEYS[1], id)
  redis.call('PEXPIRE', ticket, keep)
end
"""

# KEYS: seen, ticket; ARGV: ticket id, pool prefix, keep ms.
_CANCEL = (
    _NOW
    + _END
    + """
local status = redis.call('HGET', KEYS[2], 'status')
if not status then return false end
if status == 'SEARCHING' then finish(KEYS[2], ARGV[1], ARGV[2], tonumber(ARGV[3]), 'CANCELLED', now) end
return redis.call('HGETALL', KEYS[2])
"""
)

# KEYS: seen; ARGV: ticket prefix, pool prefix, keep ms.
_EXPIRE = (
    _NOW
    + _END
    + """
local ended = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)) do
  local ticket = ARGV[1] .. id
  if redis.call('HGET', ticket, 'status') == 'SEARCHING' then
    finish(ticket, id, ARGV[2], tonumber(ARGV[3]), 'EXPIRED', now)
    ended[#ended + 1] = redis.call('HGETALL', ticket)
  else
    redis.call('ZREM', KEYS[1], id)
  end
end
return ended
"""
)

# KEYS: pools; ARGV: pool prefix, ticket prefix.
_SEARCHING = (
    _NOW
    + """
local out = {now}
for _, pool in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local ids = redis.call('ZRANGE', ARGV[1] .. pool, 0, -1)
  if #ids == 0 then redis.call('SREM', KEYS[1], pool) end
  for _, id in ipairs(ids) do out[#out + 1] = redis.call('HGETALL', ARGV[2] .. id) end
end
return out
"""
)

# KEYS: claims; ARGV: ticket prefix, pool prefix, ttl ms, ticket ids.
_CLAIM = (
    _NOW
    + """
for i = 4, #ARGV do
  if redis.call('HGET', ARGV[1] .. ARGV[i], 'status') ~= 'SEARCHING' then return 0 end
end
for i = 4, #ARGV do
  local ticket = ARGV[1] .. ARGV[i]
  redis.call('HSET', ticket, 'status', 'MATCHING')
  redis.call('ZREM', ARGV[2] .. redis.call('HGET', ticket, 'pool'), ARGV[i])
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[i])
end
return 1
"""
)

# KEYS: claims, seen; ARGV: ticket prefix, keep ms, then (ticket id, seating) pairs.
_FINISH = (
    _NOW
    + """
local done = {}
for i = 3, #ARGV, 2 do
  local ticket = ARGV[1] .. ARGV[i]
  if redis.call('HGET', ticket, 'status') == 'MATCHING' then
    redis.call('HSET', ticket, 'status', 'MATCHED', 'seating', ARGV[i + 1], 'end_ms', now)
    redis.call('ZREM', KEYS[1], ARGV[i])
    redis.call('ZREM', KEYS[2], ARGV[i])
    redis.call('PEXPIRE', ticket, tonumber(ARGV[2]))
    done[#done + 1] = redis.call('HGETALL', ticket)
  end
end
return done
"""
)

# KEYS: claims, seen, pools; ARGV: ticket prefix, pool prefix, abandon ms.
_RELEASE = (
    _NOW
    + """
local lapsed = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
for _, id in ipairs(lapsed) do
  local ticket = ARGV[1] .. id
  redis.call('ZREM', KEYS[1], id)
  if redis.call('HGET', ticket, 'status') == 'MATCHING' then
    local pool = redis.call('HGET', ticket, 'pool')
    redis.call('HSET', ticket, 'status', 'SEARCHING')
    redis.call('ZADD', ARGV[2] .. pool, redis.call('HGET', ticket, 'create_ms'), id)
    redis.call('SADD', KEYS[3], pool)
    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), id)
  end
end
return #lapsed
"""
)

# KEYS: leader; ARGV: holder, ttl ms.
_LEAD = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]))
return 1
"""

# KEYS: rated mark; ARGV: player prefix, rating field, mark ttl ms, then (player id, before, after) triples.
_RATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 4, #ARGV, 3 do
  local key = ARGV[1] .. ARGV[i]
  if redis.call('EXISTS', key) == 1 and (redis.call('HGET', key, ARGV[2]) or '') ~= ARGV[i + 1] then
    return -1
  end
end
for i = 4, #ARGV, 3 do
  local key = ARGV[1] .. ARGV[i]
  if redis.call('EXISTS', key) == 1 then redis.call('HSET', key, ARGV[2], ARGV[i + 2]) end
end
redis.call('SET', KEYS[1], '1', 'PX', tonumber(ARGV[3]))
return 1
"""


def _ms(seconds: float) -> int:
    return max(1, int(seconds * 1000))


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _ticket(flat: Sequence[Any], waiting: int = 0) -> Ticket:
    """A ticket from its hash as HGETALL answers inside a script (a flat field, value list)."""
    fields = {_text(flat[i]): flat[i + 1] for i in range(0, len(flat), 2)}
    seating = fields.get("seating")
    return Ticket(
        TicketRequest.from_json(fields["request"]),
        TicketStatus(_text(fields["status"])),
        int(fields["create_ms"]),
        int(fields.get("end_ms", 0)),
        Seating.from_json(seating) if seating else None,
        waiting,
    )


class RedisMatchStore(MatchStore):
    """The match store over one redis-py client; an outage raises ``StoreUnavailable``."""

    def __init__(self, client: redis.Redis) -> None:
        self._redis = client
        self._create = client.register_script(_CREATE)
        self._touch = client.register_script(_TOUCH)
        self._cancel = client.register_script(_CANCEL)
        self._expire = client.register_script(_EXPIRE)
        self._searching = client.register_script(_SEARCHING)
        self._claim = client.register_script(_CLAIM)
        self._finish = client.register_script(_FINISH)
        self._release = client.register_script(_RELEASE)
        self._lead = client.register_script(_LEAD)
        self._rate = client.register_script(_RATE)

    async def create_player(self, player: PlayerRecord) -> None:
        async with guard():
            await self._redis.hset(_PLAYER + player.player_id, "record", player.to_json())

    async def load_player(self, player_id: str) -> PlayerRecord | None:
        async with guard():
            fields: dict[bytes | str, bytes | str] = await self._redis.hgetall(_PLAYER + player_id)
            record = fields.pop(b"record", None)
            if record is None:
                return None
            ratings = {
                _text(name)[len(_RATING_FIELD) :]: Rating.from_json(value)
                for name, value in fields.items()
                if _text(name).startswith(_RATING_FIELD)
            }
            return PlayerRecord.from_json(record, ratings)

    async def load_ratings(self, game_type: str, player_ids: Sequence[str]) -> dict[str, Rating | None]:
        async with guard():
            async with self._redis.pipeline(transaction=False) as pipe:
                for player_id in player_ids:
                    pipe.hget(_PLAYER + player_id, _RATING_FIELD + game_type)
                found = await pipe.execute()
            return {p: Rating.from_json(v) if v else None for p, v in zip(player_ids, found, strict=True)}

    async def apply_ratings(
        self, game_id: str, game_type: str, before: Mapping[str, Rating | None], after: Mapping[str, Rating]
    ) -> bool:
        async with guard():
            args: list[str | int] = [_PLAYER, _RATING_FIELD + game_type, _ms(RATED_MARK_SECONDS)]
            for player_id, rating in after.items():
                old = before.get(player_id)
                args += [player_id, old.to_json() if old else "", rating.to_json()]
            reply = int(await self._rate(keys=[f"{_TAG}:rated:{game_id}"], args=args))
            if reply < 0:
                raise RatingsMoved(game_id)
            return reply == 1

    async def create_ticket(self, request: TicketRequest, abandon_after: float) -> Ticket:
        async with guard():
            keys = [_TICKET + request.ticket_id, _POOL + request.pool, _POOLS, _SEEN]
            args: list[str | int] = [request.to_json(), request.pool, _ms(abandon_after), request.ticket_id]
            now, waiting = await self._create(keys=keys, args=args)
            return Ticket(request, TicketStatus.SEARCHING, int(now), waiting=int(waiting))

    async def touch_ticket(self, ticket_id: str, abandon_after: float) -> Ticket | None:
        async with guard():
            reply = await self._touch(
                keys=[_TICKET + ticket_id, _SEEN], args=[ticket_id, _ms(abandon_after), _POOL]
            )
            return _ticket(reply[0], int(reply[1])) if reply else None

    async def cancel_ticket(self, ticket_id: str, keep: float) -> Ticket | None:
        async with guard():
            reply = await self._cancel(keys=[_SEEN, _TICKET + ticket_id], args=[ticket_id, _POOL, _ms(keep)])
            return _ticket(reply) if reply else None

    async def searching(self) -> Snapshot:
        async with guard():
            now, *flats = await self._searching(keys=[_POOLS], args=[_POOL, _TICKET])
            pools: dict[str, list[Ticket]] = {}
            for flat in flats:
                ticket = _ticket(flat)
                pools.setdefault(ticket.request.pool, []).append(ticket)
            return Snapshot(int(now), pools)

    async def claim_tickets(self, ticket_ids: Sequence[str], ttl: float) -> bool:
        async with guard():
            args: list[str | int] = [_TICKET, _POOL, _ms(ttl), *ticket_ids]
            return bool(await self._claim(keys=[_CLAIMS], args=args))

    async def finish_match(self, seatings: Mapping[str, Seating], keep: float) -> list[Ticket]:
        async with guard():
            pairs = [part for t, s in seatings.items() for part in (t, s.to_json())]
            args: list[str | int] = [_TICKET, _ms(keep), *pairs]
            return [_ticket(flat) for flat in await self._finish(keys=[_CLAIMS, _SEEN], args=args)]

    async def release_lapsed_claims(self, abandon_after: float) -> int:
        async with guard():
            keys = [_CLAIMS, _SEEN, _POOLS]
            return int(await self._release(keys=keys, args=[_TICKET, _POOL, _ms(abandon_after)]))

    async def expire_abandoned(self, keep: float) -> list[Ticket]:
        async with guard():
            return [
                _ticket(flat) for flat in await self._expire(keys=[_SEEN], args=[_TICKET, _POOL, _ms(keep)])
            ]

    async def lead(self, holder: str, ttl: float) -> bool:
        async with guard():
            return bool(await self._lead(keys=[_LEADER], args=[holder, _ms(ttl)]))
