"""Throughput of The Belgian Beers Race Dice engine: random games, clone() and legal_actions().

    .venv/bin/python bench/bench_engine_tbbr_dice.py [SECONDS_PER_FIGURE]

Prints absolute figures only (no thresholds): games per second for 1-4 players, and the mean cost
of clone() and legal_actions() over positions met in random games.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import registry
from engine.core.rng import Rng
from engine.tbbr_dice.state import TbbrDiceState


def random_game(players: int, seed: int, keep: list[TbbrDiceState] | None = None) -> int:
    """Play one random game; returns the number of decisions. ``keep`` collects some positions."""
    state = registry.get("tbbr_dice").new_state(players, {}, seed)
    rng = Rng(seed)
    decisions = 0
    while not state.is_terminal():
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(rng))
            continue
        seat = rng.choice(list(state.actors()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        decisions += 1
        if keep is not None and decisions % 5 == 0:
            keep.append(state.clone())
    return decisions


def games_per_second(players: int, budget: float) -> tuple[float, float]:
    start = time.perf_counter()
    games = decisions = 0
    while time.perf_counter() - start < budget:
        decisions += random_game(players, games)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / games


def per_call_us(fn, items: list[TbbrDiceState], repeat: int) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for _ in range(repeat):
        for item in items:
            fn(item)
    return (time.perf_counter() - start) / (repeat * len(items)) * 1e6


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"tbbr_dice engine benchmark ({budget:g} s per figure, python {sys.version.split()[0]})")
    for players in (1, 2, 3, 4):
        rate, decisions = games_per_second(players, budget)
        print(f"  {players} player(s): {rate:8.1f} random games/s  ({decisions:.0f} decisions per game)")
    positions: list[TbbrDiceState] = []
    for seed in range(20):
        random_game(3, 1000 + seed, positions)
    live = [p for p in positions if not p.is_terminal() and p.chance() is None]
    print(f"  positions sampled: {len(live)} (3-player random games)")
    figures = {
        "clone()": per_call_us(lambda s: s.clone(), live, 20),
        "legal_actions()": per_call_us(lambda s: s.legal_actions(s.actors()[0]), live, 5),
        "observe(seat)": per_call_us(lambda s: s.observe(s.actors()[0]), live, 5),
    }
    for name, micros in figures.items():
        print(f"  {name:16} {micros:8.1f} us per call")


if __name__ == "__main__":
    main()
