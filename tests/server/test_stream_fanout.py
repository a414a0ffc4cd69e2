"""Fan-out: the streams of one game are handed one object per event, so its message is built once.

``ServedEvent.wire_cache`` holds the servicer's message for an event; it saves
work only if every stream gets the same object for the same stored event.
"""

from __future__ import annotations

import asyncio

from tests.server.harness import Served


async def test_every_stream_of_a_game_is_handed_the_same_object_per_event(served: Served) -> None:
    sessions = served.sessions
    seated = await sessions.create("tiny_dice", 2, {}, "Ann")
    game_id = seated.record.game_id
    await sessions.join(game_id, "Bob")
    _, first = await sessions.events(game_id, None)  # a spectator
    _, second = await sessions.events(game_id, seated.token)  # and the first seat
    try:
        mine = [await asyncio.wait_for(anext(first), 5) for _ in range(2)]
        theirs = [await asyncio.wait_for(anext(second), 5) for _ in range(2)]
        assert [e.event_id for e in mine] == [e.event_id for e in theirs]
        assert all(a is b for a, b in zip(mine, theirs, strict=True))
    finally:
        await first.aclose()  # type: ignore[attr-defined]
        await second.aclose()  # type: ignore[attr-defined]
