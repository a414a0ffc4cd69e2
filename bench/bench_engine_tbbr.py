"""Benchmark The Belgian Beers Race engine: random 4-player games per second, clone() and
legal_actions() costs. Prints absolute figures; no assertions.

Usage: python bench/bench_engine_tbbr.py [--games N] [--shorter]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.rng import Rng
from engine.tbbr import GAME
from engine.tbbr.state import TbbrState


def random_game(seed: int, shorter: bool) -> tuple[TbbrState, int, list[TbbrState]]:
    """Play one random 4-player game; return it, its step count and a few mid-game positions."""
    state = GAME.new_state(4, {"shorter": str(shorter).lower()}, seed)
    rng = Rng(seed)
    steps, samples = 0, []
    while not state.is_terminal():
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(rng))
        else:
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        if steps % 40 == 0:
            samples.append(state.clone())
    return state, steps, samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--shorter", action="store_true")
    args = parser.parse_args()

    t0 = time.perf_counter()
    total_steps, positions = 0, []
    for seed in range(args.games):
        _, steps, samples = random_game(seed, args.shorter)
        total_steps += steps
        positions.extend(samples)
    elapsed = time.perf_counter() - t0
    mode = "shorter" if args.shorter else "normal"
    print(
        f"random 4-player {mode} games: {args.games / elapsed:.1f} games/s "
        f"({total_steps / args.games:.0f} steps/game, {total_steps / elapsed:,.0f} steps/s)"
    )

    reps = 20
    t0 = time.perf_counter()
    for _ in range(reps):
        for state in positions:
            state.clone()
    per_clone = (time.perf_counter() - t0) / (reps * len(positions))
    print(f"clone(): {per_clone * 1e6:.1f} us per call over {len(positions)} mid-game positions")

    t0 = time.perf_counter()
    calls = 0
    for _ in range(reps):
        for state in positions:
            for seat in state.actors():
                state.legal_actions(seat)
                calls += 1
    per_legal = (time.perf_counter() - t0) / max(calls, 1)
    print(f"legal_actions(): {per_legal * 1e6:.1f} us per call")

    t0 = time.perf_counter()
    for state in positions:
        GAME.load(GAME.dump(state))
    per_snapshot = (time.perf_counter() - t0) / len(positions)
    print(f"dump()+load(): {per_snapshot * 1e6:.1f} us per round trip")


if __name__ == "__main__":
    main()
