"""The budget-agreement experiment: positions with a choice, and the comparison it prints."""

from __future__ import annotations

import pytest

from ai_players.arena import load_game
from ai_players.experiments import agreement


def test_positions_are_greedy_self_play_positions_with_a_choice() -> None:
    found = agreement.positions(load_game("tbbr"), players=2, games=1, every=10)
    assert len(found) > 5
    for state, seat in found:
        assert list(state.actors()) == [seat] and len(state.legal_actions(seat)) > 1


def test_it_compares_a_budget_with_itself_and_a_larger_one(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--game", "tbbr", "--games", "1", "--every", "25", "--level", "easy", "--scale", "2"]
    assert agreement.main(argv) == 0
    out = capsys.readouterr().out
    assert "20 vs 20 iterations (another seed)" in out and "20 vs 40 iterations" in out
    assert "saturated" in out
