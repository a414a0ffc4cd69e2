"""The wire module: views, actions and events to zythos.v1 messages and back."""

from __future__ import annotations

import pytest

from engine.core.events import Event
from engine.core.registry import get
from engine.core.rng import Rng
from engine.tbbr import GAME, wire
from engine.tbbr.actions import Beer, Buy, Move
from engine.tbbr.state import TbbrState
from tests.tbbr.support import fresh
from zythos.v1 import tbbr_pb2


def _wire_step(state: TbbrState, rng: Rng) -> None:
    """One random step, the action travelling as serialized TbbrAction bytes like a client's."""
    step = state.chance()
    if step is not None:
        events = state.resolve_chance(step.sample(rng))
    else:
        seat = state.actors()[0]
        chosen = rng.choice(state.legal_actions(seat))
        blob = wire.action_to_proto(chosen).SerializeToString()
        received = wire.action_from_proto(tbbr_pb2.TbbrAction.FromString(blob))
        assert received == chosen and received.id == chosen.id
        events = state.apply(seat, received)
    for event in events:
        _check_event(event, wire.event_to_proto(event))


def _check_event(event: Event, message: tbbr_pb2.TbbrEvent | None) -> None:
    """An event with details carries them in its kind's arm, every payload key that is set, and
    the deprecated flat fields say the same; an event without details carries no message."""
    if not event.payload:
        assert message is None
        return
    assert message is not None
    arm = message.WhichOneof("kind")
    assert arm is not None, f"event kind {event.kind!r} has no arm of TbbrEvent.kind"
    carried = {field.name: value for field, value in getattr(message, arm).ListFields()}
    colour_or_set = {key for key, value in event.payload.items() if key == "colour" or value}  # 0: yellow
    assert set(carried) == colour_or_set
    for name, value in carried.items():
        assert value == getattr(message, name)


@pytest.mark.parametrize(("players", "shorter"), [(2, False), (3, True), (4, False), (4, True)])
def test_random_games_through_the_wire(players: int, shorter: bool) -> None:
    for seed in range(3):
        state = GAME.new_state(players, {"shorter": str(shorter).lower()}, seed)
        rng = Rng(seed + 100)
        while not state.is_terminal():
            _wire_step(state, rng)
        assert len(state.scores()) == players


def test_views_round_trip_for_every_seat_and_spectators() -> None:
    state = GAME.new_state(3, {"shorter": "false"}, 8)
    rng = Rng(8)
    steps = 0
    while not state.is_terminal():
        if steps % 3 == 0:
            for seat in (None, 0, 1, 2):
                obs = state.observe(seat)
                message = tbbr_pb2.TbbrView.FromString(wire.view_to_proto(obs).SerializeToString())
                assert wire.view_from_proto(message) == obs
        for seat in state.actors():
            for action in state.legal_actions(seat):
                assert wire.action_from_proto(wire.action_to_proto(action)) == action
        _wire_step(state, rng)
        steps += 1
    final = state.observe(None)
    assert wire.view_from_proto(wire.view_to_proto(final)) == final


def test_the_view_carries_the_public_board() -> None:
    state = fresh(2, machine=True)
    view = wire.view_to_proto(state.observe(1))
    assert view.viewer_seat == 1 and list(view.day_lengths) == [24, 32, 24]
    assert len(view.machine.accessible) == 4 and view.machine.deck_size == 24
    assert len(view.first_visitor_discs) == 40 and view.players[0].location == "GP"
    assert wire.view_to_proto(state.observe(None)).viewer_seat == -1


def test_typed_actions_map_both_ways() -> None:
    move = wire.action_to_proto(Move("transport", "T04")).move
    assert move.mode == tbbr_pb2.TBBR_TRANSPORT_PUBLIC_TRANSPORT
    assert wire.action_to_proto(Beer(2)).beer.colour == tbbr_pb2.TBBR_BEER_COLOUR_RED
    assert wire.action_from_proto(tbbr_pb2.TbbrAction(buy=tbbr_pb2.TbbrBuy(beers=True))) == Buy()
    with pytest.raises(ValueError):
        wire.action_from_proto(tbbr_pb2.TbbrAction())
    with pytest.raises(ValueError):
        wire.action_from_proto(tbbr_pb2.TbbrAction(move=tbbr_pb2.TbbrMove(destination="T04")))
    with pytest.raises(ValueError):
        wire.action_from_proto(tbbr_pb2.TbbrAction(beer=tbbr_pb2.TbbrChooseBeer()))


def test_the_game_is_registered_with_its_wire_module() -> None:
    game = get("tbbr")
    assert game is GAME and game.wire_module == "engine.tbbr.wire" and wire.oneof_field == "tbbr"
    assert [o.name for o in game.options] == ["shorter"]


def test_the_view_counts_each_seats_visited_brewery_tokens_left() -> None:
    """A Visited Brewery Token goes on each brewery a player visits first: the supply shrinks."""
    state = fresh(2)
    supply = state.players[0].tokens_left
    state.players[1].visited = {"T04", "X02", "X09"}
    view = wire.view_to_proto(state.observe(0))
    assert list(view.tokens_left) == [supply, supply - 3]
    assert wire.view_from_proto(view).tokens_left == (supply, supply - 3)
