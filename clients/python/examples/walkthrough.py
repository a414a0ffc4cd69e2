"""The docs/CLIENTS.md walk-through, end to end: create with a bot, play, follow the stream, resume.

    python walkthrough.py localhost:50051

Plays seat 0 of a Tiny Dice game against an easy bot (the server needs a bot worker,
as `make run` starts), taking the first legal action each turn.
"""

from __future__ import annotations

import asyncio
import sys
import uuid

from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb


async def follow(client: ZythosClient, game_id: str, seen: list[pb.GameEvent], stop_after: int) -> None:
    """Read the stream; stop after ``stop_after`` events, as a dropped connection would."""
    after = seen[-1].event_id if seen else ""
    stream = client.stream_events(game_id, after_event_id=after)
    async for event in stream:
        seen.append(event)
        print(f"event {event.event_id} v{event.version} {event.kind}: {event.label}")
        if len(seen) == stop_after:
            await stream.aclose()
            return


async def play_my_turns(client: ZythosClient, game_id: str) -> pb.Game:
    """On each of my turns: list the legal actions, submit one for that version with a request id."""
    game = await client.get_game(game_id)
    while game.status in (pb.GAME_STATUS_WAITING, pb.GAME_STATUS_ACTIVE):
        legal = await client.list_legal_actions(game_id)
        if not legal.actions:  # not my turn (or the bot is not seated yet): look again shortly
            await asyncio.sleep(0.1)
            game = await client.get_game(game_id)
            continue
        choice = legal.actions[0]
        try:
            response = await client.submit_action(
                game_id, choice.id, expected_version=legal.version, request_id=uuid.uuid4().hex
            )
            game = response.game
        except ZythosError as error:
            if error.reason != "STALE_VERSION":  # the game moved on: list again
                raise
            game = await client.get_game(game_id)
    return game


async def main(target: str) -> None:
    async with ZythosClient(target) as client:
        created = await client.create_game("tiny_dice", 2, "Ann", bots={1: "easy"})
        game_id = created.game.game_id
        print("game", game_id, "my seat", created.seat)
        seen: list[pb.GameEvent] = []
        await follow(client, game_id, seen, stop_after=2)  # the stream "drops" after 2 events
        game = await play_my_turns(client, game_id)
        await follow(client, game_id, seen, stop_after=-1)  # resume after the last event seen
        ids = [event.event_id for event in seen]
        assert len(ids) == len(set(ids)) and seen[-1].kind == "game_finished"
        print("finished: ranking", list(game.ranking), game.result)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "localhost:50051"))
