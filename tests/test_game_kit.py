"""The game kit's snapshots: a stored field added to a declaration loads from snapshots written before it."""

from __future__ import annotations

import pytest

from engine.core.fields import public
from engine.examples.tiny_dice.game import TinyDice, TinyDiceState


class TinyDiceLater(TinyDiceState):
    """Tiny Dice after a new stored field was declared (appended, as the kit asks)."""

    bonus_rolls: int = public(lambda: 3)


def test_a_snapshot_from_before_a_field_was_declared_loads_with_its_default() -> None:
    state = TinyDice().new_state(3, {}, seed=5)
    body = state.dump_fields()
    later = TinyDiceLater.from_fields(body)
    assert later.bonus_rolls == 3
    assert (later.banked, later.lucky, later.target) == (state.banked, state.lucky, state.target)
    assert later.dump_fields() == [*body, 3]  # and it is written in full from then on
    assert TinyDiceLater.from_fields(later.dump_fields()).bonus_rolls == 3


def test_a_snapshot_too_long_or_empty_is_refused() -> None:
    body = TinyDice().new_state(2, {}, seed=5).dump_fields()
    with pytest.raises(ValueError, match="values"):
        TinyDiceState.from_fields([*body, 1])
    with pytest.raises(ValueError, match="values"):
        TinyDiceState.from_fields(body[:1])
