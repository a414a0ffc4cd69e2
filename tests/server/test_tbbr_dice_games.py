"""Complete games of The Belgian Beers Race Dice through gRPC, with random legal actions.

Each player count (1 = solo against the automa) and each variant is played
to the end on both stores; the finished game has scores, a ranking and a
result, every seat's event stream ends, and the views stay typed.
"""

from __future__ import annotations

import random

import grpc
import pytest

from tests.server.harness import Served, expect_error, play_randomly, seat_game, stored
from zythos.v1 import game_service_pb2 as pb

# Every player count once and every variant once (a handful of games keeps the suite fast).
CASES = [
    (1, {}),
    (2, {"blocked_cheese": "true"}),
    (3, {"mixed_goals": "true"}),
    (4, {"toast": "true"}),
]


@pytest.mark.parametrize(
    ("players", "options"), CASES, ids=[f"{p}p-{'+'.join(o) or 'base'}" for p, o in CASES]
)
async def test_random_game_finishes_with_scores_and_ranking(
    served: Served, players: int, options: dict[str, str]
) -> None:
    game_id, clients, game = await seat_game(served, "tbbr_dice", players, options)
    assert game.status == pb.GAME_STATUS_ACTIVE
    assert {k: v for k, v in game.options.items() if k in options} == options
    view = await clients[0].get_view(game_id)
    assert view.WhichOneof("view") == "tbbr_dice" and view.your_seat == 0
    legal = await clients[game.to_act[0]].list_legal_actions(game_id)
    assert all(a.action.WhichOneof("game") == "tbbr_dice" and a.label for a in legal.actions)

    game = await play_randomly(clients, game, random.Random(players * 7 + len(options)))

    assert game.status == pb.GAME_STATUS_FINISHED and list(game.to_act) == []
    assert len(game.scores) == players and len(game.ranking) == players
    assert all(rank >= 1 for rank in game.ranking) and game.result
    if players > 1:
        assert min(game.ranking) == 1
    for seat, client in enumerate(clients):
        events = [e async for e in client.stream_events(game_id)]  # ends: the game is over
        assert events[-1].kind == "game_finished" and events[-1].version == game.version
        assert any(e.WhichOneof("payload") == "tbbr_dice" for e in events)
        assert (await client.get_view(game_id)).your_seat == seat


async def test_a_typed_action_is_accepted_like_its_id(served: Served) -> None:
    game_id, clients, game = await seat_game(served, "tbbr_dice", 2)
    seat = game.to_act[0]
    legal = await clients[seat].list_legal_actions(game_id)
    chosen = legal.actions[0]
    response = await clients[seat].submit_action(game_id, action=chosen.action, expected_version=game.version)
    assert response.game.version > game.version
    assert response.events and response.events[0].seat == seat


async def test_typed_actions_that_are_malformed_or_illegal_change_nothing(served: Served) -> None:
    from zythos.v1 import tbbr_dice_pb2 as tpb

    game_id, clients, game = await seat_game(served, "tbbr_dice", 2)
    before = await stored(served, game_id)
    seat = game.to_act[0]
    empty = pb.Action(tbbr_dice=tpb.TbbrDiceAction())
    await expect_error(
        clients[seat].submit_action(game_id, action=empty), grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_ACTION"
    )
    legal = await clients[seat].list_legal_actions(game_id)
    forged = pb.Action()
    forged.CopyFrom(legal.actions[0].action)
    arm = forged.tbbr_dice.WhichOneof("kind")
    assert arm == "choose_personal"  # the game opens with every seat choosing a personal goal
    forged.tbbr_dice.choose_personal.goal_id = "NOPE"
    await expect_error(
        clients[seat].submit_action(game_id, action=forged),
        grpc.StatusCode.FAILED_PRECONDITION,
        "ILLEGAL_ACTION",
    )
    assert await stored(served, game_id) == before
