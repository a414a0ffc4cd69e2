"""Complete games of Beer Pioneers through gRPC, with random legal actions, on both stores.

Each player count is played to the end; the finished game has scores, a ranking and a result,
every seat's event stream ends with typed Beer Pioneers payloads, and a seat's view shows its own
hand only.
"""

from __future__ import annotations

import random

import grpc
import pytest

from tests.server.harness import Served, expect_error, play_randomly, seat_game
from zythos.v1 import beer_pioneers_pb2 as bpb
from zythos.v1 import game_service_pb2 as pb


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_random_game_finishes_with_scores_and_ranking(served: Served, players: int) -> None:
    game_id, clients, game = await seat_game(served, "beer_pioneers", players)
    assert game.status == pb.GAME_STATUS_ACTIVE
    view = await clients[1].get_view(game_id)
    assert view.WhichOneof("view") == "beer_pioneers"
    assert len(view.beer_pioneers.players[1].hand) == 3 and len(view.beer_pioneers.players[0].hand) == 0
    legal = await clients[game.to_act[0]].list_legal_actions(game_id)
    assert all(a.action.WhichOneof("game") == "beer_pioneers" and a.label for a in legal.actions)

    game = await play_randomly(clients, game, random.Random(players))

    assert game.status == pb.GAME_STATUS_FINISHED and list(game.to_act) == []
    assert len(game.scores) == players and min(game.ranking) == 1 and game.result
    for client in clients:
        events = [e async for e in client.stream_events(game_id)]
        assert events[-1].kind == "game_finished" and events[-1].version == game.version
        assert any(e.WhichOneof("payload") == "beer_pioneers" for e in events)


async def test_list_game_types_lists_it(served: Served) -> None:
    types = {t.name: t for t in await served.client().list_game_types()}
    assert types["beer_pioneers"].title == "Beer Pioneers"
    assert (types["beer_pioneers"].min_players, types["beer_pioneers"].max_players) == (2, 4)


async def test_a_typed_action_is_accepted_and_a_malformed_one_refused(served: Served) -> None:
    game_id, clients, game = await seat_game(served, "beer_pioneers", 2)
    seat = game.to_act[0]
    empty = pb.Action(beer_pioneers=bpb.BeerPioneersAction())
    await expect_error(
        clients[seat].submit_action(game_id, action=empty), grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_ACTION"
    )
    legal = await clients[seat].list_legal_actions(game_id)
    response = await clients[seat].submit_action(
        game_id, action=legal.actions[-1].action, expected_version=game.version
    )
    assert response.game.version > game.version and response.events[0].seat == seat
