"""Follow a game's events across disconnects: resume after the last event seen, never twice, never a gap."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import grpc

from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb

# Worth another try: the server went away or was restarting; anything else is the caller's to see.
TRANSIENT = frozenset(
    {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.INTERNAL}
)


async def follow_events(
    client: ZythosClient,
    game_id: str,
    after_event_id: str = "",
    on_retry: Callable[[ZythosError, float], None] = lambda error, delay: None,
    max_delay: float = 5.0,
) -> AsyncIterator[pb.GameEvent]:
    """Every event after ``after_event_id`` until the game ends, reconnecting with backoff.

    StreamEvents ends when the game does; a dropped stream is opened again with
    ``after_event_id`` set to the last event delivered, as the API asks.
    """
    delay = 0.2
    while True:
        try:
            async for event in client.stream_events(game_id, after_event_id=after_event_id):
                after_event_id, delay = event.event_id, 0.2
                yield event
            return
        except ZythosError as error:
            if error.code not in TRANSIENT:
                raise
            on_retry(error, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, max_delay)
