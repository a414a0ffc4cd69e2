"""Shared helpers for the Beer Pioneers tests: a fresh game, acting by id, random play."""

from __future__ import annotations

from engine.beer_pioneers import GAME, data
from engine.beer_pioneers.state import BeerPioneersState
from engine.core.events import Event
from engine.core.rng import Rng

__all__ = ["GAME", "act", "card_where", "fresh", "ids", "random_game"]


def fresh(players: int = 2, seed: int = 0) -> BeerPioneersState:
    return GAME.new_state(players, {}, seed)


def ids(state: BeerPioneersState, seat: int) -> list[str]:
    return [a.id for a in state.legal_actions(seat)]


def act(state: BeerPioneersState, seat: int, action_id: str) -> list[Event]:
    """Apply a legal action by id through the validating path."""
    action = state.action_by_id(seat, action_id)
    assert action is not None, f"{action_id!r} is not legal for seat {seat}: {ids(state, seat)}"
    return state.apply(seat, action)


def card_where(predicate: object) -> int:
    """The first card id for which ``predicate(card)`` holds."""
    return next(c.id for c in data.cards().values() if predicate(c))  # type: ignore[operator]


def random_game(players: int, seed: int) -> tuple[BeerPioneersState, list[Event]]:
    """A whole random game and every event it produced."""
    state, events = GAME.new_state_with_events(players, {}, seed)
    rng = Rng(seed)
    while not state.is_terminal():
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        events += state.apply(seat, legal[rng.randrange(len(legal))])
    return state, events
