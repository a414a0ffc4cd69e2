"""The State API contract (docs/ARCHITECTURE.md), checked the same way for every registered game.

Each game also has its own rule tests; these are the promises the server and
the bots rely on whatever the game: unique action ids, at least one event per
step, a faithful dump/load, independent clones, typed events on the wire, a
ranking for every seat at the end.
"""

from __future__ import annotations

import pytest

from engine.core import registry
from engine.core.game import Game, State
from engine.core.rng import Rng

GAMES = [game.name for game in registry.all_games()]


def _configs(game: Game) -> list[int]:
    return sorted({game.min_players, game.max_players})


def _play(game: Game, players: int, seed: int) -> tuple[State, int]:
    """Random legal play to the end, checking the contract at every step; returns the state and steps."""
    state = game.new_state(players, {}, seed)
    rng = Rng(seed)
    wire = registry.wire(game.name)
    steps = 0
    while not state.is_terminal():
        chance = state.chance()
        if chance is not None:
            assert not state.actors(), "no seat acts while a chance step is pending"
            state.resolve_chance(chance.sample(rng))
            continue
        actors = state.actors()
        assert actors, "a live state without chance has someone to act"
        seat = actors[rng.randrange(len(actors))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is an actor with no legal action"
        ids = [a.id for a in legal]
        assert len(set(ids)) == len(ids), f"duplicate action ids: {ids}"
        action = legal[rng.randrange(len(legal))]
        assert state.action_by_id(seat, action.id) == action
        events = state.apply(seat, action)
        assert events, f"{action.label!r} produced no event"
        for event in events:
            wire.event_to_proto(event)  # every event converts (or is explicitly untyped)
        steps += 1
        if steps % 37 == 0:
            copy = game.load(game.dump(state))
            assert game.dump(copy) == game.dump(state)
            assert copy.observe(None) == state.observe(None)
            clone = state.clone()
            assert game.dump(clone) == game.dump(state)
        assert steps < 20_000, "the game does not end"
    return state, steps


@pytest.mark.parametrize("name", GAMES)
def test_random_games_honour_the_contract(name: str) -> None:
    game = registry.get(name)
    for players in _configs(game):
        for seed in (1, 2):
            state, steps = _play(game, players, seed)
            assert steps > 0
            ranking = state.ranking()
            assert len(ranking) == players and len(state.scores()) == players
            assert all(1 <= r <= players + 1 for r in ranking)  # rank players + 1: behind an automa
            assert min(ranking) == 1 or players == 1, "someone wins a multi-player game"


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    game = registry.get(name)
    first, _ = _play(game, game.max_players, 5)
    second, _ = _play(game, game.max_players, 5)
    assert game.dump(first) == game.dump(second)


@pytest.mark.parametrize("name", GAMES)
def test_clones_are_independent(name: str) -> None:
    game = registry.get(name)
    state = game.new_state(game.max_players, {}, 9)
    rng = Rng(9)
    while state.chance() is not None:
        state.resolve_chance(state.chance().sample(rng))  # type: ignore[union-attr]
    before = game.dump(state)
    clone = state.clone()
    seat = clone.actors()[0]
    clone.apply(seat, clone.legal_actions(seat)[0])
    assert game.dump(state) == before


@pytest.mark.parametrize("name", GAMES)
def test_trusted_apply_matches_validated_apply(name: str) -> None:
    """``apply_legal`` (the search's unchecked path) does exactly what ``apply`` does for a legal action."""
    game = registry.get(name)
    for players in _configs(game):
        checked = game.new_state(players, {}, 13)
        trusted = game.new_state(players, {}, 13)
        rng = Rng(13)
        while not checked.is_terminal():
            chance = checked.chance()
            if chance is not None:
                outcome = chance.sample(rng)
                assert checked.resolve_chance(outcome) == trusted.resolve_chance(outcome)
                continue
            seat = checked.actors()[0]
            legal = checked.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            assert checked.apply(seat, action) == trusted.apply_legal(seat, action)
            assert game.dump(checked) == game.dump(trusted)


def test_the_fallback_list_names_every_registered_game_module() -> None:
    """A tree never installed loads registry.BUILTIN_MODULES: the same games as pyproject's entry points."""
    import tomllib
    from pathlib import Path

    from engine.core import registry

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    assert set(registry.BUILTIN_MODULES) == set(project["project"]["entry-points"]["zythos.games"].values())
