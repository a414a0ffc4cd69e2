"""The server finds a submitted action by id with ``State.action_by_id`` and then applies it unchecked.

TBBR Dice overrides ``action_by_id`` to build only the kind of action an id
can name (its text up to the first colon). These tests hold it to the default's answer
(the first legal action with that id, else ``None``) over whole random games,
for every legal id and for ids that are not legal at that point, and check
that ``apply_legal`` on the found action does what ``apply`` does.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import registry
from engine.core.game import State
from engine.core.rng import Rng


def _default_lookup(state: State, seat: int, action_id: str) -> Any | None:
    return next((a for a in state.legal_actions(seat) if a.id == action_id), None)


def _positions(players: int, seed: int, options: dict[str, str]) -> list[tuple[State, int]]:
    """(state, seat to act) at every decision of a random game, chance resolved as the server does."""
    game = registry.get("tbbr_dice")
    state, rng = game.new_state(players, options, seed), Rng(seed)
    positions = []
    for _ in range(2000):
        if state.is_terminal():
            break
        if (step := state.chance()) is not None:
            state.resolve_chance(step.sample(rng))
            continue
        seat = rng.choice(list(state.actors()))
        positions.append((state.clone(), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.is_terminal()
    return positions


@pytest.mark.parametrize(
    ("players", "options"),
    [(1, {}), (2, {"blocked_cheese": "true"}), (3, {"mixed_goals": "true"}), (4, {"toast": "true"})],
)
def test_tbbr_dice_lookup_by_id_matches_the_legal_list(players: int, options: dict[str, str]) -> None:
    positions = _positions(players, 11 + players, options)
    seen_ids = sorted({a.id for state, seat in positions for a in state.legal_actions(seat)})
    rng, cheese_lookups = Rng(players), 0
    for state, seat in positions:
        others = [rng.choice(seen_ids) for _ in range(20)]  # ids legal elsewhere in the game
        for action_id in [*(a.id for a in state.legal_actions(seat)), *others]:
            expected = _default_lookup(state, seat, action_id)
            assert state.action_by_id(seat, action_id) == expected, action_id
            cheese_lookups += expected is not None and action_id.startswith("cheese:")
        other = next(s for s in range(players + 1) if s != seat)  # not this seat's turn (or no seat)
        for action in state.legal_actions(seat):
            assert state.action_by_id(other, action.id) == _default_lookup(state, other, action.id)
    assert cheese_lookups > 0  # the games did reach cheeses to eat


def test_tbbr_dice_apply_legal_of_a_found_action_equals_apply() -> None:
    game = registry.get("tbbr_dice")
    for state, seat in _positions(4, 5, {}):
        for action in state.legal_actions(seat):
            checked, trusted = state.clone(), state.clone()
            found = trusted.action_by_id(seat, action.id)
            assert found == action
            assert trusted.apply_legal(seat, found) == checked.apply(seat, action)
            assert game.dump(trusted) == game.dump(checked)
