"""Turn-clock deadlines in Redis, shared by every replica (``RedisStore``'s half).

One sorted set under the hash tag ``{clocks}``: member ``<game>/<seat>/<turn>``,
score the time it falls due in milliseconds of Redis's own clock (``TIME``),
so replicas need not agree on the time. Claiming is one script that takes
the due members and pushes each a lease ahead, so two replicas never
enforce one deadline at once and a replica that dies while enforcing one
lets it fall due again for another.
"""

from __future__ import annotations

from collections.abc import Sequence

import redis.asyncio as redis

from server.store.base import Deadline
from server.store.redis_bot_seats import NOW_LUA, milliseconds

DUE = "zythos:{clocks}:due"

# KEYS: due; ARGV: member, delay in ms, ...
_SCHEDULE = (
    NOW_LUA
    + """
for i = 1, #ARGV, 2 do
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[i + 1]), ARGV[i])
end
return 0
"""
)

# KEYS: due; ARGV: limit, lease in ms.
_CLAIM = (
    NOW_LUA
    + """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), member)
end
return due
"""
)


class RedisDeadlines:
    """The deadline operations over one redis-py client."""

    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._schedule = client.register_script(_SCHEDULE)
        self._claim = client.register_script(_CLAIM)

    async def schedule(self, deadlines: Sequence[Deadline]) -> None:
        if deadlines:
            args = [part for d in deadlines for part in (d.member, milliseconds(d.seconds))]
            await self._schedule(keys=[DUE], args=args)

    async def claim(self, limit: int, lease: float) -> list[Deadline]:
        members = await self._claim(keys=[DUE], args=[limit, milliseconds(lease)])
        return [Deadline.of_member(member) for member in members]

    async def finish(self, deadlines: Sequence[Deadline]) -> None:
        if deadlines:
            await self._client.zrem(DUE, *(d.member for d in deadlines))
