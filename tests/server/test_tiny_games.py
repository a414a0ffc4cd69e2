"""Whole Tiny Dice games through gRPC: seating, turns, dice, events and the end."""

from __future__ import annotations

import random

from tests.server.harness import Served
from zythos.v1 import game_service_pb2 as pb


async def test_two_players_play_to_the_end(served: Served) -> None:
    ann, bob = served.client(), served.client()
    created = await ann.create_game("tiny_dice", 2, "Ann")
    game_id = created.game.game_id
    assert created.game.status == pb.GAME_STATUS_WAITING and created.seat == 0
    joined = await bob.join_game(game_id, "Bob")
    assert joined.seat == 1 and joined.game.status == pb.GAME_STATUS_ACTIVE
    assert [s.display_name for s in joined.game.seats] == ["Ann", "Bob"]
    players = {0: ann, 1: bob}
    picker = random.Random(5)
    game = joined.game
    while game.status == pb.GAME_STATUS_ACTIVE:
        (seat,) = game.to_act
        assert list(game.scores) == []  # no running scores: they could count secrets
        legal = await players[seat].list_legal_actions(game_id)
        assert legal.version == game.version
        choice = picker.choice(legal.actions)
        response = await players[seat].submit_action(game_id, choice.id, expected_version=game.version)
        assert response.game.version > game.version
        game = response.game
    assert game.status == pb.GAME_STATUS_FINISHED
    assert max(game.scores) >= 10 and sorted(game.ranking)[0] == 1 and game.result
    events = [e async for e in ann.stream_events(game_id)]
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["game_created", "player_joined", "player_joined"]
    assert kinds[3] == "game_started" and kinds[-1] == "game_finished"
    assert events[-1].version == game.version
    assert [e.version for e in events] == sorted(e.version for e in events)


def test_tiny_dice_determinize_keeps_what_the_seat_knows() -> None:
    """The test game is a full engine: a determinized world looks the same to its observer."""
    from engine.core.rng import Rng
    from engine.examples.tiny_dice import TINY_DICE

    state = TINY_DICE.new_state(3, {}, seed=4)
    observation = state.observe(1)
    worlds = [TINY_DICE.determinize(observation, Rng(n)) for n in range(3)]
    assert all(world.observe(1) == observation for world in worlds)
    assert len({tuple(world.lucky) for world in worlds}) > 1  # the others' secrets are resampled
