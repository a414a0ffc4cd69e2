"""Helpers for The Belgian Beers Race tests: build positions, act by id, play random games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.events import Event
from engine.core.rng import Rng
from engine.tbbr import GAME
from engine.tbbr.state import TbbrState


def fresh(players: int = 2, shorter: bool = False, seed: int = 1, machine: bool = False) -> TbbrState:
    """A new game; unless ``machine``, the Bottling Machine is emptied so that no objective claim
    or bottle decision interrupts a scenario about another rule."""
    state = GAME.new_state(players, {"shorter": "true" if shorter else "false"}, seed)
    if not machine:
        state.accessible = ["", "", "", ""]
        state.inaccessible = []
        state.deck = []
        state.level2_added = True  # nothing left to add either
    return state


def arrange(state: TbbrState, seat: int, **fields: Any) -> None:
    """Set fields of one player's board (``beers`` as a 4-list by colour, ``visited`` as a set)."""
    player = state.players[seat]
    for name, value in fields.items():
        setattr(player, name, value)


def turn_of(state: TbbrState, seat: int) -> None:
    """Make ``seat`` the active player with a fresh turn (nothing pending)."""
    state.active = seat
    state.pending = None
    state.log = []
    state.claims = 0


def ids(state: TbbrState, seat: int) -> list[str]:
    return [a.id for a in state.legal_actions(seat)]


def act(state: TbbrState, seat: int, action_id: str) -> list[Event]:
    action = state.action_by_id(seat, action_id)
    assert action is not None, f"{action_id} is not legal for seat {seat}; legal: {ids(state, seat)}"
    return state.apply(seat, action)


def roll(state: TbbrState, outcome: Any) -> list[Event]:
    assert state.chance() is not None, "no dice pending"
    return state.resolve_chance(outcome)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def play_random(
    players: int, shorter: bool, seed: int, check: Callable[[TbbrState], None] | None = None
) -> TbbrState:
    """Random legal play to the end (dice sampled from a seeded RNG); ``check`` runs at every step."""
    state = play(fresh(players, shorter, seed), seed, 50_000, check)
    assert state.is_terminal(), "random game did not finish"
    return state


def play(
    state: TbbrState, seed: int, steps: int, check: Callable[[TbbrState], None] | None = None
) -> TbbrState:
    """At most ``steps`` random legal steps, dice and choices drawn from one seeded RNG."""
    rng = Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if check is not None:
            check(state)
        if state.is_terminal():
            break
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(rng))
            continue
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state
