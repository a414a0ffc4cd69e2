"""Server-side dice and outcomes: deterministic from the secret seed, and summarised for humans."""

from __future__ import annotations

from dataclasses import replace

from engine.examples.tiny_dice import TINY_DICE, TinyDiceState
from server.domain.records import GameRecord, SeatRecord
from server.sessions.steps import Step, chance_rng, result_text


def _record(players: int, chance_seed: int = 7) -> GameRecord:
    seats = tuple(SeatRecord(name, "h") for name in ("Ann", "Bob", "Cy")[:players])
    return GameRecord(
        "0" * 20, "tiny_dice", {"target": "10"}, seats, 0.0, deal_seed=1, chance_seed=chance_seed
    )


def _rolls(chance_seed: int, count: int = 12) -> list[int]:
    step = Step(_record(1, chance_seed), TINY_DICE.new_state(1, {"target": "20"}, 1))
    faces = []
    for _ in range(count):
        step.note(step.state.apply(0, step.state.legal_actions(0)[0]))  # roll
        step.resolve_chance()
        faces.append(step.state.turn_points)
    return faces


def test_dice_follow_the_secret_seed_and_counter() -> None:
    assert _rolls(7) == _rolls(7)
    assert _rolls(7) != _rolls(8)
    assert chance_rng(7, 0).next_u64() != chance_rng(7, 1).next_u64()


def test_each_roll_bumps_the_version_and_the_chance_counter() -> None:
    step = Step(_record(1), TINY_DICE.new_state(1, {}, 1))
    step.note(step.state.apply(0, step.state.legal_actions(0)[0]))
    step.resolve_chance()
    assert (step.record.version, step.record.chance_counter) == (2, 1)
    assert [e.version for e in step.events] == [1, 2] + [2] * (len(step.events) - 2)
    assert step.chance_kinds == ["roll"]


def _finished(banked: list[int]) -> TinyDiceState:
    state = TINY_DICE.new_state(len(banked), {}, 1)
    state.banked = banked
    return state


def test_result_names_the_winner_ties_and_solo_losses() -> None:
    assert result_text(_record(2), _finished([12, 4])) == "Ann wins with 12 points"
    assert result_text(_record(3), _finished([10, 10, 3])) == "Ann and Bob share first place with 10 points"
    solo = _finished([4])
    solo.ranking = lambda: [2]  # type: ignore[method-assign]  # a lost solo game: nobody ranks first
    assert result_text(_record(1), solo) == "No player wins: Ann 4 points"
    assert result_text(replace(_record(2), seats=(SeatRecord(), SeatRecord())), _finished([1, 0])) == (
        "seat 0 wins with 1 point"
    )
