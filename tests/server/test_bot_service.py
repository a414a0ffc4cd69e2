"""Bot seats end to end: a real ``zythos-bots`` process plays seats through the public API.

The worker runs as a separate process (``python -m ai_players.worker``) with a
small iteration cap, so games stay quick; the server runs on both stores.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import grpc
import pytest

from server.sessions.facade import Sessions
from tests.server.harness import (
    Served,
    StoreFactory,
    bot_worker,
    crash,
    expect_error,
    start_server,
)
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb

GAME_TIMEOUT = 240.0


@asynccontextmanager
async def served_with(store_factory: StoreFactory) -> AsyncIterator[Served]:
    running = await start_server(Sessions(store_factory()), "store")
    try:
        yield running
    finally:
        await running.close()


async def wait_for(client: ZythosClient, game_id: str, *statuses: int, timeout: float = 30.0) -> pb.Game:
    deadline = time.monotonic() + timeout
    while True:
        game = await client.get_game(game_id)
        if game.status in statuses:
            return game
        assert time.monotonic() < deadline, f"game stayed {pb.GameStatus.Name(game.status)}"
        await asyncio.sleep(0.05)


async def play_randomly(client: ZythosClient, game_id: str, seat: int, until_version: int = 0) -> pb.Game:
    """Play ``seat`` with random legal actions until the game ends (or reaches ``until_version``)."""
    rng = random.Random(seat)
    deadline = time.monotonic() + GAME_TIMEOUT
    while True:
        game = await client.get_game(game_id)
        if game.status == pb.GAME_STATUS_FINISHED or (until_version and game.version >= until_version):
            return game
        assert time.monotonic() < deadline, "the game did not finish in time"
        if seat >= 0 and seat in game.to_act:
            legal = await client.list_legal_actions(game_id)
            if legal.actions:
                try:
                    await client.submit_action(
                        game_id, rng.choice(legal.actions).id, expected_version=legal.version
                    )
                except ZythosError as error:  # a bot acted at the same time (simultaneous steps)
                    assert error.reason == "STALE_VERSION", error
                continue
        await asyncio.sleep(0.02)


async def test_bot_seats_wait_for_a_worker_then_play(store_factory: StoreFactory) -> None:
    """A game with bot seats and no worker stays WAITING and says why; a worker then starts it."""
    async with served_with(store_factory) as served:
        client = served.client()
        created = await client.create_game("tbbr_dice", 2, "Ann", bots={1: "easy"})
        assert created.seat == 0
        assert created.game.status == pb.GAME_STATUS_WAITING
        assert "bot" in created.game.waiting_reason
        with bot_worker(served.target):
            await wait_for(client, created.game.game_id, pb.GAME_STATUS_ACTIVE)
            game = await play_randomly(client, created.game.game_id, 0)
        assert game.status == pb.GAME_STATUS_FINISHED
        assert sorted(game.ranking) in ([1, 1], [1, 2])
        assert game.seats[1].bot and game.seats[1].bot_level == "easy"


@pytest.mark.parametrize(
    ("game_type", "players", "bots"),
    [
        ("tbbr_dice", 1, {0: "easy"}),
        ("tbbr_dice", 3, {1: "easy", 2: "medium"}),
        ("tbbr", 2, {1: "easy"}),
        ("tiny_dice", 3, {0: "easy", 2: "hard"}),  # the example game of docs/ADDING_A_GAME.md
        ("dragon_brew", 3, {1: "easy", 2: "easy"}),  # a human and two bots, the whole three years
        ("beer_pioneers", 3, {1: "easy", 2: "medium"}),
    ],
    ids=[
        "tbbr_dice-solo-bot",
        "tbbr_dice-3p",
        "tbbr-2p",
        "tiny_dice-3p",
        "dragon_brew-3p",
        "beer_pioneers-3p",
    ],
)
async def test_games_with_bot_seats_finish(
    store_factory: StoreFactory, game_type: str, players: int, bots: dict[int, str]
) -> None:
    """Every landed game finishes with bots in it, the solo mode included (a bot against Thomas)."""
    async with served_with(store_factory) as served:
        with bot_worker(served.target):
            client = served.client()
            created = await client.create_game(game_type, players, "Ann", bots=bots)
            game = await play_randomly(client, created.game.game_id, created.seat)
        assert game.status == pb.GAME_STATUS_FINISHED
        assert len(game.scores) == players and len(game.ranking) == players
        if created.seat == -1:  # an all-bot game: the creator only watches
            assert created.seat_token == ""


async def test_killing_the_worker_mid_game_hands_its_seats_to_another(store_factory: StoreFactory) -> None:
    """A new worker takes over a dead worker's seat; every version is applied exactly once."""
    async with served_with(store_factory) as served:
        client = served.client()
        with bot_worker(served.target) as first:
            created = await client.create_game("tbbr_dice", 2, "Ann", bots={1: "easy"})
            game_id = created.game.game_id
            await wait_for(client, game_id, pb.GAME_STATUS_ACTIVE)
            await play_randomly(client, game_id, 0, until_version=25)
            crash(first)
        with bot_worker(served.target):
            game = await play_randomly(client, game_id, 0)
        assert game.status == pb.GAME_STATUS_FINISHED
        # The full log (every seat's events): each step applied once, in order, none lost.
        versions = [e.version for e in await served.sessions.store.events_after(game_id)]
        assert versions == sorted(versions)
        missing = sorted(set(range(game.version + 1)) - set(versions))
        assert not missing, (missing, game.version)


async def test_a_reassigned_bot_seat_invalidates_the_old_token(served: Served) -> None:
    """Handing a seat to a new worker mints a new token; the dead worker's token is refused."""
    client = served.client()
    created = await client.create_game("tbbr_dice", 2, "Ann", bots={1: "easy"})
    game_id = created.game.game_id
    _, old_token = await served.sessions.assign_bot(game_id, 1)
    _, new_token = await served.sessions.assign_bot(game_id, 1)
    await client.get_view(game_id, token=new_token)
    await expect_error(
        client.get_view(game_id, token=old_token), grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"
    )


async def test_bot_service_rejects_a_wrong_secret_and_bad_offers(store_factory: StoreFactory) -> None:
    from zythos.v1 import bot_service_pb2 as bot_pb
    from zythos.v1 import bot_service_pb2_grpc as bot_grpc

    running = await start_server(Sessions(store_factory()), "store", bot_secret="s3cret")
    try:
        async with grpc.aio.insecure_channel(running.target) as channel:
            stub = bot_grpc.BotServiceStub(channel)
            cases = [
                (
                    bot_pb.WatchAssignmentsRequest(capacity=1),
                    (("authorization", "Bearer nope"),),
                    grpc.StatusCode.UNAUTHENTICATED,
                ),
                (
                    bot_pb.WatchAssignmentsRequest(capacity=0),
                    (("authorization", "Bearer s3cret"),),
                    grpc.StatusCode.INVALID_ARGUMENT,
                ),
                (
                    bot_pb.WatchAssignmentsRequest(capacity=1, levels=["godlike"]),
                    (("authorization", "Bearer s3cret"),),
                    grpc.StatusCode.INVALID_ARGUMENT,
                ),
                (
                    bot_pb.WatchAssignmentsRequest(capacity=1, game_types=["chess"]),
                    (("authorization", "Bearer s3cret"),),
                    grpc.StatusCode.INVALID_ARGUMENT,
                ),
                *[  # held seats outside every game's seats (issue #32.5)
                    (
                        bot_pb.WatchAssignmentsRequest(
                            capacity=1, held=[bot_pb.HeldSeat(game_id="0" * 20, seat=seat)]
                        ),
                        (("authorization", "Bearer s3cret"),),
                        grpc.StatusCode.INVALID_ARGUMENT,
                    )
                    for seat in (-1, 2**31 - 1)
                ],
            ]
            for request, metadata, code in cases:
                with pytest.raises(grpc.aio.AioRpcError) as caught:
                    async for _ in stub.WatchAssignments(request, metadata=metadata):
                        pass
                assert caught.value.code() == code
    finally:
        await running.close()


async def test_a_default_configured_server_refuses_every_bot_worker(store_factory: StoreFactory) -> None:
    """Without a bot secret, BotService accepts nobody: a rogue worker cannot receive seats."""
    from zythos.v1 import bot_service_pb2 as bot_pb
    from zythos.v1 import bot_service_pb2_grpc as bot_grpc

    running = await start_server(Sessions(store_factory()), "store", bot_secret="")
    try:
        client = running.client()
        await client.create_game("tbbr_dice", 2, "Ann", bots={1: "easy"})
        async with grpc.aio.insecure_channel(running.target) as channel:
            rogue = bot_grpc.BotServiceStub(channel).WatchAssignments(
                bot_pb.WatchAssignmentsRequest(capacity=1000, worker_name="rogue"),
                metadata=(("authorization", "Bearer anything"),),
            )
            with pytest.raises(grpc.aio.AioRpcError) as caught:
                async for _ in rogue:
                    pass
        assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED
        assert "without a bot secret" in (caught.value.details() or "")
    finally:
        await running.close()


async def test_a_resigned_seat_is_played_on_by_a_bot(store_factory: StoreFactory) -> None:
    """LeaveGame in an ACTIVE game: a bot takes the seat over and the others can finish."""
    async with served_with(store_factory) as served:
        with bot_worker(served.target):
            host, guest = served.client(), served.client()
            created = await host.create_game("tbbr_dice", 2, "Ann")
            game_id = created.game.game_id
            await guest.join_game(game_id, "Bob")
            left = await guest.leave_game(game_id)
            assert left.status == pb.GAME_STATUS_ACTIVE and left.seats[1].bot and left.seats[1].resigned
            game = await play_randomly(host, game_id, 0)
        assert game.status == pb.GAME_STATUS_FINISHED and len(game.ranking) == 2
