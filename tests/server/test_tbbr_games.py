"""Complete games of The Belgian Beers Race (board game) through gRPC, with random legal actions.

Issue acceptance 2: 2, 3 and 4 players, normal and shorter, on both stores,
finishing with scores and a ranking; views, actions and events are typed
``tbbr`` messages, and decisions that belong to a non-active seat (toasts,
broken bottles) are asked of that seat through ``to_act``.
"""

from __future__ import annotations

import random

import pytest

from tests.server.harness import Served, play_randomly, seat_game
from zythos.v1 import game_service_pb2 as pb

CASES = [(p, shorter) for p in (2, 3, 4) for shorter in ("false", "true")]


@pytest.mark.parametrize(("players", "shorter"), CASES, ids=[f"{p}p-shorter={s}" for p, s in CASES])
async def test_random_tbbr_game_finishes_with_scores_and_ranking(
    served: Served, players: int, shorter: str
) -> None:
    game_id, clients, game = await seat_game(served, "tbbr", players, {"shorter": shorter})
    assert game.status == pb.GAME_STATUS_ACTIVE and game.options["shorter"] == shorter
    view = await clients[0].get_view(game_id)
    assert view.WhichOneof("view") == "tbbr" and view.your_seat == 0
    legal = await clients[game.to_act[0]].list_legal_actions(game_id)
    assert all(a.action.WhichOneof("game") == "tbbr" and a.label for a in legal.actions)

    game = await play_randomly(clients, game, random.Random(players * 11 + len(shorter)))

    assert game.status == pb.GAME_STATUS_FINISHED and list(game.to_act) == []
    assert len(game.scores) == players and sorted(game.ranking)[0] == 1 and game.result
    spectator = served.client()
    events = [e async for e in spectator.stream_events(game_id)]
    assert events[-1].kind == "game_finished"
    assert any(e.WhichOneof("payload") == "tbbr" for e in events)
    assert (await spectator.get_view(game_id)).WhichOneof("view") == "tbbr"
