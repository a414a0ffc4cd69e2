"""The wire mapping: views, actions and events survive the trip through zythos.v1 messages."""

from __future__ import annotations

import pytest

from engine.core import registry
from engine.core.rng import Rng
from engine.tbbr_dice import wire
from tests.tbbr_dice.helpers import GAME
from zythos.v1 import game_service_pb2, tbbr_dice_pb2


def test_registry_finds_the_wire_module() -> None:
    assert registry.wire("tbbr_dice") is wire
    assert wire.oneof_field == "tbbr_dice"
    assert (
        game_service_pb2.GameView.DESCRIPTOR.fields_by_name["tbbr_dice"].message_type.name == "TbbrDiceView"
    )


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {}), (2, {"mixed_goals": "true"}), (3, {}), (4, {"toast": "true", "blocked_cheese": "true"})],
)
def test_views_actions_and_events_round_trip(players: int, options: dict[str, str]) -> None:
    for seed in range(4):
        state, events = GAME.new_state_with_events(players, options, seed)
        rng = Rng(seed + 17)
        while True:
            for event in events:
                message = wire.event_to_proto(event)
                assert isinstance(message, tbbr_dice_pb2.TbbrDiceEvent) and message.WhichOneof("kind")
            for seat in [None, *range(players)]:
                obs = state.observe(seat)
                message = wire.view_to_proto(obs)
                again = tbbr_dice_pb2.TbbrDiceView.FromString(message.SerializeToString())
                assert wire.view_from_proto(again) == obs
            if state.is_terminal():
                break
            step = state.chance()
            if step is not None:
                events = state.resolve_chance(step.sample(rng))
                continue
            seat = rng.choice(list(state.actors()))
            legal = state.legal_actions(seat)
            for action in legal:
                message = wire.action_to_proto(action)
                again = tbbr_dice_pb2.TbbrDiceAction.FromString(message.SerializeToString())
                assert wire.action_from_proto(again) == action
            events = state.apply(seat, rng.choice(legal))


def test_malformed_actions_are_rejected() -> None:
    with pytest.raises(ValueError):
        wire.action_from_proto(tbbr_dice_pb2.TbbrDiceAction())
    with pytest.raises(ValueError):
        wire.action_from_proto(
            tbbr_dice_pb2.TbbrDiceAction(
                pick_die=tbbr_dice_pb2.TbbrDiceAction.PickDie(die=tbbr_dice_pb2.TbbrDiceDieFace(value=3))
            )
        )


def test_solo_victory_title_travels_in_the_view() -> None:
    from tests.tbbr_dice.helpers import act, give_hand, start
    from tests.tbbr_dice.test_tbbr_dice_solo import _ready_to_win

    state = start(1)
    _ready_to_win(state)
    give_hand(state, "r1")
    act(state, "go:GP:r1")
    if not state.is_terminal():
        act(state, "end")
    view = wire.view_to_proto(state.observe(0))
    assert view.victory and view.title == state.solo_title() != ""
    assert state.result_text().startswith("Victory over Thomas")
