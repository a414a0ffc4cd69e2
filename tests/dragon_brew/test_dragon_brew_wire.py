"""Dragon Brew on the wire: every observation, action and event survives the trip through protobuf."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.dragon_brew import wire
from tests.dragon_brew.helpers import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_actions_and_events_round_trip_through_protobuf(players: int) -> None:
    """Bots rebuild the observation from the view alone, so it must come back exactly."""
    state = GAME.new_state(players, {"corrupt_judge": "true"}, players)
    rng, steps, kinds = Rng(players), 0, set()
    while not state.is_terminal():
        seat = state.actors()[rng.randrange(len(state.actors()))]
        legal = state.legal_actions(seat)
        move = legal[rng.randrange(len(legal))]
        assert wire.action_from_proto(wire.action_to_proto(move)) == move
        for event in state.apply(seat, move):
            typed = wire.event_to_proto(event)
            if typed is not None:
                kinds.add(typed.WhichOneof("kind"))
        steps += 1
        if steps % 5 == 0:
            for viewer in (None, *range(players)):
                seen = state.observe(viewer)
                assert wire.view_from_proto(wire.view_to_proto(seen)) == seen
    assert {"drafted", "card_used", "profit", "spring"} <= kinds


def test_an_action_without_a_kind_is_refused() -> None:
    with pytest.raises(ValueError):
        wire.action_from_proto(wire.pb.DragonBrewAction())


def test_a_spectator_sees_no_private_field() -> None:
    """Issue #18 "Secrets": recipe book, gold, ingredients and beers stay behind the screen."""
    view = wire.view_to_proto(GAME.new_state(3, {}, 1).observe(None))
    for player in view.players:
        assert player.gold == 0 and not player.book and not any(player.goods) and not player.brews
        assert player.book_size > 0
