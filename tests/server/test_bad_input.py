"""Bad input gets the right status and ErrorInfo reason, and never changes a session."""

from __future__ import annotations

import random

import grpc
import pytest

from tests.server.harness import Served, expect_error, seat_game, stored
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb

INVALID = grpc.StatusCode.INVALID_ARGUMENT
FAILED = grpc.StatusCode.FAILED_PRECONDITION
MISSING = "00000000000000000000"


@pytest.fixture
async def table(served: Served) -> tuple[str, list[ZythosClient], pb.Game]:
    """A started two-seat Tiny Dice game."""
    return await seat_game(served, "tiny_dice", 2)


async def test_unknown_game(served: Served) -> None:
    client = served.client()
    for call in (
        client.get_game(MISSING),
        client.join_game(MISSING, "Ann"),
        client.get_view(MISSING),
        client.leave_game(MISSING, token="zt1.00000000000000000000.0." + "a" * 43),
    ):
        await expect_error(call, grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")
    stream = client.stream_events(MISSING)
    await expect_error(anext(stream), grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")


@pytest.mark.parametrize("game_id", ["", "xyz", "0" * 19, "0" * 21, "G" * 20, "../" * 7 + "a", "0" * 5000])
async def test_malformed_game_ids(served: Served, game_id: str) -> None:
    client = served.client()
    token = "zt1.00000000000000000000.0." + "a" * 43
    for call in (
        client.get_game(game_id),
        client.join_game(game_id, "Ann"),
        client.get_view(game_id),
        client.list_legal_actions(game_id, token=token),
        client.submit_action(game_id, "roll", token=token),
        client.leave_game(game_id, token=token),
        anext(client.stream_events(game_id)),
    ):
        error = await expect_error(call, INVALID, "INVALID_ARGUMENT")
        assert error.metadata["field"] == "game_id"


async def test_create_rejects_bad_type_players_options_and_names(served: Served) -> None:
    client = served.client()
    cases = [
        (("nope", 2, "Ann"), {}, "UNKNOWN_GAME_TYPE"),
        (("Bad Type!", 2, "Ann"), {}, "INVALID_ARGUMENT"),
        (("tiny_dice", 0, "Ann"), {}, "INVALID_PLAYER_COUNT"),
        (("tiny_dice", 5, "Ann"), {}, "INVALID_PLAYER_COUNT"),
        (("tiny_dice", -1, "Ann"), {}, "INVALID_PLAYER_COUNT"),
        (("tiny_dice", 2, "Ann"), {"colour": "red"}, "UNKNOWN_OPTION"),
        (("tiny_dice", 2, "Ann"), {"target": "7"}, "INVALID_OPTION"),
        (("tiny_dice", 2, ""), {}, "INVALID_ARGUMENT"),
        (("tiny_dice", 2, "   "), {}, "INVALID_ARGUMENT"),
        (("tiny_dice", 2, "x" * 65), {}, "INVALID_ARGUMENT"),
        (("tiny_dice", 2, "bell\x07"), {}, "INVALID_ARGUMENT"),
    ]
    for args, options, reason in cases:
        await expect_error(client.create_game(*args, options=options), INVALID, reason)
    for bots in ([(2, "")], [(-1, "")], [(1, ""), (1, "hard")], [(1, "godlike")]):
        request = pb.CreateGameRequest(
            game_type="tiny_dice",
            players=2,
            display_name="Ann",
            bots=[pb.BotSeat(seat=s, level=lv) for s, lv in bots],
        )
        with pytest.raises(grpc.aio.AioRpcError) as raised:
            await client.stub.CreateGame(request)
        assert raised.value.code() == INVALID, bots
    assert (await client.list_games()).games == []


async def test_missing_and_malformed_tokens(
    served: Served, table: tuple[str, list[ZythosClient], pb.Game]
) -> None:
    game_id, clients, _ = table
    before = await stored(served, game_id)
    spectator = served.client()
    await expect_error(
        spectator.submit_action(game_id, "roll"), grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"
    )
    await expect_error(
        spectator.list_legal_actions(game_id), grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"
    )
    await expect_error(spectator.leave_game(game_id), grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED")
    real = clients[0].tokens[game_id]
    forged_seat = real.replace(f".{game_id}.0.", f".{game_id}.1.")
    wrong_secret = real[:-4] + ("AAAA" if not real.endswith("AAAA") else "BBBB")
    out_of_range = real.replace(f".{game_id}.0.", f".{game_id}.7.")
    for token in ("garbage", "zt1." + game_id, forged_seat, wrong_secret, out_of_range, real + "x"):
        for call in (
            spectator.submit_action(game_id, "roll", token=token),
            spectator.get_view(game_id, token=token),
            anext(spectator.stream_events(game_id, token=token)),
        ):
            await expect_error(call, grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED")
    stub = spectator.stub
    for header in (f"Basic {real}", "Bearer", "Bearer  ", f"bearer{real}"):
        with pytest.raises(grpc.aio.AioRpcError) as raised:
            await stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=(("authorization", header),))
        assert raised.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert await stored(served, game_id) == before


async def test_token_of_another_game_is_permission_denied(
    served: Served, table: tuple[str, list[ZythosClient], pb.Game]
) -> None:
    game_id, clients, _ = table
    other_id, other_clients, _ = await seat_game(served, "tiny_dice", 2)
    before = await stored(served, game_id)
    foreign = other_clients[0].tokens[other_id]
    for call in (
        clients[0].submit_action(game_id, "roll", token=foreign),
        clients[0].get_view(game_id, token=foreign),
        clients[0].list_legal_actions(game_id, token=foreign),
        clients[0].leave_game(game_id, token=foreign),
    ):
        await expect_error(call, grpc.StatusCode.PERMISSION_DENIED, "WRONG_GAME_TOKEN")
    assert await stored(served, game_id) == before


async def test_other_seats_turn_illegal_and_unknown_actions(
    served: Served, table: tuple[str, list[ZythosClient], pb.Game]
) -> None:
    game_id, clients, game = table
    before = await stored(served, game_id)
    waiting_seat = 1 - game.to_act[0]
    precondition = grpc.StatusCode.FAILED_PRECONDITION
    await expect_error(clients[waiting_seat].submit_action(game_id, "roll"), precondition, "NOT_YOUR_TURN")
    actor = clients[game.to_act[0]]
    error = await expect_error(actor.submit_action(game_id, "fly"), precondition, "ILLEGAL_ACTION")
    assert "fly" in error.message
    await expect_error(actor.submit_action(game_id, action=pb.Action()), INVALID, "UNKNOWN_ACTION")
    await expect_error(actor.submit_action(game_id, "\x00"), INVALID, "INVALID_ARGUMENT")
    no_choice = actor.stub.SubmitAction(
        pb.SubmitActionRequest(game_id=game_id),
        metadata=(("authorization", f"Bearer {actor.tokens[game_id]}"),),
    )
    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await no_choice
    assert raised.value.code() == INVALID
    await expect_error(
        actor.submit_action(game_id, "roll", request_id="r" * 129), INVALID, "INVALID_ARGUMENT"
    )
    await expect_error(
        actor.submit_action(game_id, "roll", request_id="has space"), INVALID, "INVALID_ARGUMENT"
    )
    await expect_error(actor.submit_action(game_id, "roll", expected_version=-3), INVALID, "INVALID_ARGUMENT")
    assert await stored(served, game_id) == before


async def test_stale_version_is_aborted(
    served: Served, table: tuple[str, list[ZythosClient], pb.Game]
) -> None:
    game_id, clients, game = table
    actor = clients[game.to_act[0]]
    await actor.submit_action(game_id, "roll", expected_version=game.version)
    before = await stored(served, game_id)
    current = (await actor.get_game(game_id)).version
    for stale in (game.version, current + 1, current + 1000):
        error = await expect_error(
            actor.submit_action(game_id, "hold", expected_version=stale),
            grpc.StatusCode.ABORTED,
            "STALE_VERSION",
        )
        assert error.metadata["version"] == str(current)
    assert await stored(served, game_id) == before


async def test_seating_errors(served: Served, table: tuple[str, list[ZythosClient], pb.Game]) -> None:
    game_id, _, _ = table
    precondition = grpc.StatusCode.FAILED_PRECONDITION
    await expect_error(served.client().join_game(game_id, "Late"), precondition, "GAME_FULL")
    host = served.client()
    waiting = (await host.create_game("tiny_dice", 3, "Host")).game
    await expect_error(host.submit_action(waiting.game_id, "roll"), precondition, "GAME_NOT_ACTIVE")
    assert (await host.list_legal_actions(waiting.game_id)).actions == []


async def test_listing_and_stream_arguments(
    served: Served, table: tuple[str, list[ZythosClient], pb.Game]
) -> None:
    game_id, clients, _ = table
    client = clients[0]
    for page_size in (-1, 101):
        await expect_error(client.list_games(page_size=page_size), INVALID, "INVALID_ARGUMENT")
    for page_token in ("nope", "YzE6eHl6", "!!!"):
        await expect_error(client.list_games(page_token=page_token), INVALID, "INVALID_ARGUMENT")
    await expect_error(client.list_games(game_type="Not A Type"), INVALID, "INVALID_ARGUMENT")
    await expect_error(client.list_games(status=42), INVALID, "INVALID_ARGUMENT")
    for after in ("x", "1-", "-1", "1-2-3", "9" * 30 + "-0", "9" * 20 + "-0", "1-" + "9" * 20):
        await expect_error(
            anext(client.stream_events(game_id, after_event_id=after)), INVALID, "INVALID_ARGUMENT"
        )


async def test_oversized_messages_are_refused_by_grpc(
    served: Served, table: tuple[str, list[ZythosClient], pb.Game]
) -> None:
    game_id, clients, game = table
    before = await stored(served, game_id)
    huge = "x" * (served.server.config.max_message_bytes + 1)
    actor = clients[game.to_act[0]]
    await expect_error(actor.submit_action(game_id, huge), grpc.StatusCode.RESOURCE_EXHAUSTED, "")
    await expect_error(
        served.client().create_game("tiny_dice", 2, huge), grpc.StatusCode.RESOURCE_EXHAUSTED, ""
    )
    assert await stored(served, game_id) == before
    assert (await actor.get_game(game_id)).version == game.version


def _garbage(picker: random.Random, valid: str) -> str:
    """A nasty variant of a valid value: cut, padded, unicode, control characters or random."""
    choices = [
        "",
        valid[: picker.randrange(len(valid) + 1)],
        valid + picker.choice(["x", "\x00", "é", " ", "\n", "🍺"]),
        "".join(chr(picker.randrange(0x20, 0x3000)) for _ in range(picker.randrange(1, 40))),
        valid.upper(),
        picker.choice(["\x00" * 10, "%s%n", "' OR 1=1 --", "zt1....", "*", "{x}"]),
    ]
    return picker.choice(choices)


async def test_random_garbage_never_crashes_or_changes_a_game(
    served: Served, table: tuple[str, list[ZythosClient], pb.Game]
) -> None:
    game_id, clients, game = table
    before = await stored(served, game_id)
    token = clients[game.to_act[0]].tokens[game_id]
    picker = random.Random(2024)
    answered = {grpc.StatusCode.OK, INVALID, grpc.StatusCode.NOT_FOUND, grpc.StatusCode.UNAUTHENTICATED,
                grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.FAILED_PRECONDITION}  # fmt: skip
    client = served.client()
    for _ in range(150):
        gid = _garbage(picker, game_id)
        tok = "".join(ch for ch in _garbage(picker, token) if " " <= ch <= "~") or "x"  # legal in a header
        calls = [
            client.submit_action(gid, _garbage(picker, "roll"), token=tok, request_id=_garbage(picker, "r-1"),
                                 expected_version=picker.choice([0, game.version, -1, 2**62])),
            client.get_view(gid, token=tok),
            client.list_legal_actions(gid, token=tok),
            client.join_game(gid, _garbage(picker, "Zed")),
            client.list_games(game_type=_garbage(picker, "tiny_dice"), page_token=_garbage(picker, "YzE6")),
        ]  # fmt: skip
        for call in calls:
            try:
                await call
            except ZythosError as error:
                assert error.code in answered and error.reason, error
    assert await stored(served, game_id) == before


async def test_an_oversized_typed_action_gets_a_short_precise_answer(served: Served) -> None:
    """A 100 KB goal id is refused with its reason; the message quotes a short prefix only (a message
    echoing it whole made trailers larger than a client accepts: RESOURCE_EXHAUSTED "Stream removed")."""
    from zythos.v1 import tbbr_dice_pb2 as dice_pb

    client = served.client()
    game_id = (await client.create_game("tbbr_dice", 1, "Ann")).game.game_id
    huge = dice_pb.TbbrDiceAction(
        choose_personal=dice_pb.TbbrDiceAction.ChoosePersonal(goal_id="G" * 100_000)
    )
    error = await expect_error(
        client.submit_action(game_id, action=pb.Action(tbbr_dice=huge)), FAILED, "ILLEGAL_ACTION"
    )
    assert len(error.message) < 200, error.message
