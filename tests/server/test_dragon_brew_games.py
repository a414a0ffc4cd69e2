"""Complete games of Dragon Brew through gRPC, with random legal actions, on both stores.

Every player count is played to the end (one with chosen races, one with the Corrupt Judge
variant); the finished game has scores, a ranking and a result, every seat's event stream ends
with typed Dragon Brew payloads, and no seat's view shows another's screen.
"""

from __future__ import annotations

import random

import pytest

from tests.server.harness import Served, play_randomly, seat_game
from zythos.v1 import game_service_pb2 as pb

CASES = [
    (2, {"race_0": "halfling", "race_1": "human"}),
    (3, {"corrupt_judge": "true"}),
    (4, {}),
]


async def test_dragon_brew_is_listed_with_its_options(served: Served) -> None:
    types = {t.name: t for t in await served.client().list_game_types()}
    dragon = types["dragon_brew"]
    assert (dragon.min_players, dragon.max_players) == (2, 4)
    options = {o.name: o for o in dragon.options}
    assert set(options) == {"race_0", "race_1", "race_2", "race_3", "suggested_races_only", "corrupt_judge"}
    races = list(options["race_0"].allowed_values)  # a client draws each seat's race as a list
    assert races[0] == "random" and "centaurs" in races and len(races) == 20


@pytest.mark.parametrize(("players", "options"), CASES, ids=[f"{p}p" for p, _ in CASES])
async def test_random_game_finishes_with_scores_and_ranking(
    served: Served, players: int, options: dict[str, str]
) -> None:
    game_id, clients, game = await seat_game(served, "dragon_brew", players, options)
    assert game.status == pb.GAME_STATUS_ACTIVE
    view = await clients[1].get_view(game_id)
    assert view.WhichOneof("view") == "dragon_brew"
    mine, other = view.dragon_brew.players[1], view.dragon_brew.players[0]
    assert mine.book and mine.gold > 0 and not other.book and other.gold == 0 and other.book_size > 0
    if "race_0" in options:
        assert [p.race for p in view.dragon_brew.players] == ["halfling", "human"]
    legal = await clients[game.to_act[0]].list_legal_actions(game_id)
    assert all(a.action.WhichOneof("game") == "dragon_brew" and a.label for a in legal.actions)

    game = await play_randomly(clients, game, random.Random(players), max_steps=3000)

    assert game.status == pb.GAME_STATUS_FINISHED and list(game.to_act) == []
    assert len(game.scores) == players and len(game.ranking) == players and min(game.ranking) == 1
    for client in clients:
        events = [e async for e in client.stream_events(game_id)]
        assert events[-1].kind == "game_finished"
        assert any(e.WhichOneof("payload") == "dragon_brew" for e in events)
