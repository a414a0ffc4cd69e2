"""Secrets stay secret, checked the same way for every registered game.

A seat's observation must be a function of what that seat may know. So every
world the engine can sample as consistent with it (``Game.determinize``:
other seats' hands, deck orders and the RNG resampled) must give that seat
the very same observation and proto view. A field that leaked (another
seat's card, the order of a deck) would differ between such worlds.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine.core import registry
from engine.core.game import Game, State
from engine.core.rng import Rng

GAMES = [game.name for game in registry.all_games()]
WORLDS = 3  # resampled worlds per position and seat
CHECK_EVERY = 23  # steps between checked positions


def _worlds_agree(game: Game, state: State, seat: int, seed: int) -> None:
    wire = registry.wire(game.name)
    seen = state.observe(seat)
    view = wire.view_to_proto(seen)
    for n in range(WORLDS):
        world = game.determinize(seen, Rng(seed * 1000 + n))
        again = world.observe(seat)
        assert again == seen, f"seat {seat} sees what it may not know: {_differences(again, seen)}"
        assert wire.view_to_proto(again) == view


def _differences(one: object, other: object) -> str:
    """The fields in which two observations differ (the whole pair if they are not dataclasses)."""
    if not dataclasses.is_dataclass(one):
        return f"{one!r} != {other!r}"
    names = [f.name for f in dataclasses.fields(one) if getattr(one, f.name) != getattr(other, f.name)]
    return ", ".join(f"{n}: {getattr(one, n)!r} != {getattr(other, n)!r}" for n in names)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [3, 4])
def test_no_observation_or_view_depends_on_what_its_seat_may_not_know(name: str, seed: int) -> None:
    game = registry.get(name)
    for players in sorted({game.min_players, min(game.max_players, 3), game.max_players}):
        state, rng, steps = game.new_state(players, {}, seed), Rng(seed), 0
        while not state.is_terminal():
            if steps % CHECK_EVERY == 0:
                for seat in range(players):
                    _worlds_agree(game, state, seat, seed + steps)
            chance = state.chance()
            if chance is not None:
                state.resolve_chance(chance.sample(rng))
                continue
            actors = state.actors()
            seat = actors[rng.randrange(len(actors))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            steps += 1
