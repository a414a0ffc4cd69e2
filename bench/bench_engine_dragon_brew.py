"""Throughput of the Dragon Brew engine: random games per second, beside The Belgian Beers Race Dice.

    .venv/bin/python bench/bench_engine_dragon_brew.py [SECONDS_PER_FIGURE]

For 2, 3 and 4 players (random races, the Corrupt Judge variant in every other game): random
full games per second and decisions per game; then, run side by side in the same process, the
4-player ratio against tbbr_dice's random games (so a loaded machine shows in both).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from collections.abc import Callable

from bench.bench_engine_tbbr_dice import random_game as dice_game
from engine.core import registry
from engine.core.rng import Rng


def dragon_game(players: int, seed: int) -> int:
    """A random game to its end (Dragon Brew has no chance steps); the number of decisions taken."""
    options = {"corrupt_judge": "true"} if seed % 2 else {}
    state = registry.get("dragon_brew").new_state(players, options, seed)
    rng, decisions = Rng(seed), 0
    while not state.is_terminal():
        seat = rng.choice(list(state.actors()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        decisions += 1
    return decisions


def rate(play: Callable[[int, int], int], players: int, budget: float) -> tuple[float, float]:
    """(games per second, decisions per game) over ``budget`` seconds."""
    start, games, decisions = time.perf_counter(), 0, 0
    while time.perf_counter() - start < budget:
        decisions += play(players, games)
        games += 1
    return games / (time.perf_counter() - start), decisions / games


def main() -> None:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"dragon_brew engine benchmark ({budget:g} s per figure, python {sys.version.split()[0]})")
    for players in (2, 3, 4):
        games, decisions = rate(dragon_game, players, budget)
        print(f"  {players} players: {games:7.1f} random games/s ({decisions:.0f} decisions per game)")
    dragon, _ = rate(dragon_game, 4, budget)
    dice, _ = rate(dice_game, 4, budget)
    print(f"  4 players side by side: dragon_brew {dragon:.1f} / tbbr_dice {dice:.1f} = {dragon / dice:.2f}")


if __name__ == "__main__":
    main()
