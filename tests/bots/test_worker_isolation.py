"""A bot's only input is its seat's proto view: it cannot reach the server's state.

``ai_players.worker.decide`` receives the serialized ``GameView`` the server
sent to the seat, nothing else. These tests show that (1) the worker process
never imports the server, (2) worlds that differ only in what the seat may not
see give byte-identical views and therefore identical decisions, and (3) the
decision made from the view is a legal action of the real game.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from ai_players.worker import decide, decision_seed
from engine.core import Game, Rng, State, registry
from zythos.v1 import game_service_pb2 as pb

GAMES = [game.name for game in registry.all_games()]


def _view_bytes(game: Game, state: State, seat: int) -> bytes:
    """The bytes the server would send to ``seat`` (GetView's typed arm; the summary is not needed here)."""
    wire = registry.wire(game.name)
    view = pb.GameView(your_seat=seat)
    getattr(view, wire.oneof_field).CopyFrom(wire.view_to_proto(state.observe(seat)))
    return view.SerializeToString()


def _midgame(game: Game, seed: int, steps: int) -> State:
    """A position after up to ``steps`` random steps, with a seat to act (a short game stops earlier)."""
    state, rng = game.new_state(game.max_players, {}, seed), Rng(seed)
    for _ in range(steps):
        after = state.clone()
        chance = after.chance()
        if chance is not None:
            after.resolve_chance(chance.sample(rng))
        else:
            seat = after.actors()[0]
            after.apply(seat, rng.choice(after.legal_actions(seat)))
        if after.is_terminal() or (after.chance() is None and not after.actors()):
            break
        state = after
    while state.chance() is not None:
        state.resolve_chance(state.chance().sample(rng))  # type: ignore[union-attr]
    return state


def test_the_worker_never_imports_the_server() -> None:
    probe = (
        "import sys, ai_players.worker; print(sorted(m for m in sys.modules if m.split('.')[0] == 'server'))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("name", GAMES)
def test_hidden_information_cannot_change_a_bot_decision(name: str) -> None:
    game = registry.get(name)
    real = _midgame(game, seed=4, steps=30)
    seat = real.actors()[0]
    observation = real.observe(seat)
    # Other worlds: everything the seat may not see (other hands and goals, deck order, RNG) resampled.
    worlds = [real, *(game.determinize(observation, Rng(s)) for s in (11, 12))]
    assert len({game.dump(world) for world in worlds}) == 3, "the worlds really differ"
    views = [_view_bytes(game, world, seat) for world in worlds]
    assert views[0] == views[1] == views[2], "the view must not depend on hidden information"
    seed = decision_seed("game", seat, 30)
    decisions = {decide(name, view, "easy", seed, max_iterations=8)[0] for view in views}
    assert len(decisions) == 1
    assert real.action_by_id(seat, decisions.pop()) is not None, "the decision is legal in the real game"
