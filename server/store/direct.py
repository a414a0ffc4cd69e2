"""A lean lane for one hot Redis command: redis-py connections without redis-py's client around them.

Every action makes exactly one Redis call (the commit's EVALSHA). redis-py's
asyncio client spends about 100-150 µs of CPU per command around the
connection: pool locks, the retry wrapper, observability hooks, and a task
per send when a socket timeout is set (``asyncio.wait_for``). A redis-py
``Connection`` alone does the protocol, authentication, database selection
and TLS, so the lane keeps its own idle connections, made with the client
pool's settings, and sends each command pre-packed in one join.

Everything else (loads, listings, streams) keeps using the redis-py client.
``bench/ceiling_server.py`` uses this lane too, so the ceiling the server is
measured against pays for the same Redis path.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import redis.asyncio as redis
from redis.asyncio.connection import AbstractConnection
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError


def pack(args: Sequence[bytes]) -> bytes:
    """``args`` as one Redis protocol command, in one join (redis-py re-joins its buffer per argument)."""
    pieces = [b"*%d\r\n" % len(args)]
    for arg in args:
        pieces += (b"$%d\r\n" % len(arg), arg, b"\r\n")
    return b"".join(pieces)


class Lane:
    """Idle connections made like ``client``'s own, for commands sent already packed."""

    def __init__(self, client: redis.Redis, read_timeout: float) -> None:
        pool = client.connection_pool
        self._connection_class = pool.connection_class
        # No socket timeout: a read passes its own, and a send then needs no task.
        self._connection_kwargs = {**pool.connection_kwargs, "socket_timeout": None}
        self._read_timeout = read_timeout
        self._idle: list[AbstractConnection] = []

    async def call(self, command: bytes) -> Any:
        """Send one packed command and return its reply (a Redis error reply raises ``ResponseError``).

        An idle connection the server closed (a Redis restart, an idle timeout)
        fails on use: the command goes once more on a new connection, as
        redis-py's own retry would send it. Only send commands for which a
        repeat is harmless (a compare-and-set is).
        """
        if self._idle:
            try:
                return await self._exchange(self._idle.pop(), command)
            except RedisConnectionError:
                pass
        return await self._exchange(await self._connect(), command)

    async def call_then(self, command: bytes, then: bytes) -> tuple[Any, Any]:
        """``command`` and ``then`` sent together, both replies read (one round trip).

        For a write followed by ``WAIT``: Redis runs them in order on the
        connection, so the second reply says how many replicas have the first.
        An error reply to ``command`` is raised after both replies are read.
        """
        if self._idle:
            try:
                return await self._exchange(self._idle.pop(), command + then, 2)  # type: ignore[no-any-return]
            except RedisConnectionError:
                pass
        return await self._exchange(await self._connect(), command + then, 2)  # type: ignore[no-any-return]

    async def _connect(self) -> AbstractConnection:
        """A new connection, connected the way redis-py's pool does it.

        ``connect()`` must come first: ``send_packed_command`` connects an
        unconnected connection through ``connect_check_health``, which skips
        the subclass's ``connect`` and so a Sentinel-managed connection's
        asking which Redis is the primary (it would dial localhost:6379).
        """
        connection = self._connection_class(**self._connection_kwargs)
        await connection.connect()  # type: ignore[no-untyped-call]  # unannotated in redis-py
        return connection

    async def _exchange(self, connection: AbstractConnection, command: bytes, replies: int = 1) -> Any:
        """Send and read; the connection goes back to the idle list only if it is sound."""
        answers: list[Any] = []
        failure: ResponseError | None = None
        try:
            await connection.send_packed_command(command, check_health=False)
            for _ in range(replies):
                try:
                    reply = await connection.read_response(timeout=self._read_timeout)
                except ResponseError as exc:  # Redis answered (with an error): the connection is sound
                    failure = failure or exc
                    reply = exc
                if reply is None:  # redis-py answers a read that timed out with None when given the timeout
                    await connection.disconnect(nowait=True)
                    raise RedisTimeoutError(f"no reply within {self._read_timeout} s")
                answers.append(reply)
        except BaseException:  # closed by redis-py, or half-way through an exchange: dropped
            await connection.disconnect(nowait=True)
            raise
        self._idle.append(connection)
        if failure is not None:
            raise failure
        return answers[0] if replies == 1 else tuple(answers)

    async def close(self) -> None:
        idle, self._idle = self._idle, []
        await asyncio.gather(*(connection.disconnect() for connection in idle))
