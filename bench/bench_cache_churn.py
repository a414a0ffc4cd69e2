"""What the games a replica serves cost Python's garbage collector, with few or many played at once.

    .venv/bin/python bench/bench_cache_churn.py [--games 64,10000] [--window 10000] [--baseline ../other]

For each count of games, the domain layer (``Sessions`` over a ``RedisStore``
on a private redis-server) plays scripted moves one move of each game in
turn, as ``bench_server_flatness.py --live`` does over gRPC, but in one
process with one caller: no network, no load generator, no other request in
flight, so what is measured is the replica's own work per move and what its
garbage collector does about the objects that work leaves behind. Every game
is played twice over first (its first move is a cache miss), then the window.

Per figure: moves a second, CPU µs per move (this process: server code and
redis-py), full collections (the collector's oldest generation) per 10,000
moves, and ms of collection per 1,000 moves, all generations and the oldest
alone, timed by ``gc.callbacks``. With ``--baseline``, every figure is also
run on that checkout (its ``server`` package, this file's driver) in
alternating order, ``--rounds`` times, and the medians and their ratios are
printed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

WARM_PASSES = 2  # every game played this often before the window
MOVES_MARGIN = 2  # scripted moves per game beyond what the warm-up and the window play


@dataclass
class GcClock:
    """Collections and their time per generation, from ``gc.callbacks``."""

    counts: list[int]
    seconds: list[float]
    _started: float = 0.0

    @staticmethod
    def start() -> GcClock:
        clock = GcClock([0, 0, 0], [0.0, 0.0, 0.0])
        gc.callbacks.append(clock._callback)
        return clock

    def stop(self) -> None:
        gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        generation = info["generation"]
        self.counts[generation] += 1
        self.seconds[generation] += time.perf_counter() - self._started


# -- the measured process --------------------------------------------------------------------------


async def play(url: str, scripts_file: str, window: int) -> dict[str, float]:
    """Warm every game, then play ``window`` moves one game after another; the figures."""
    from scripted_games import submit_move

    from server.sessions.facade import Sessions
    from server.store.redis_store import RedisStore

    scripts = pickle.loads(Path(scripts_file).read_bytes())
    sessions = Sessions(RedisStore(url))
    played = [0] * len(scripts)

    async def moves(count: int) -> None:
        for n in range(count):
            index = n % len(scripts)
            script = scripts[index]
            await submit_move(sessions, script.game_id, script.moves[played[index]])
            played[index] += 1

    try:
        await moves(WARM_PASSES * len(scripts))
        clock = GcClock.start()
        wall, cpu = time.perf_counter(), time.process_time()
        await moves(window)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        clock.stop()
    finally:
        await sessions.store.close()
    return {
        "moves_per_s": window / wall,
        "cpu_us_per_move": cpu / window * 1e6,
        "full_per_10k": clock.counts[2] / window * 10_000,
        "gc_ms_per_1k": sum(clock.seconds) / window * 1e6,
        "full_ms_per_1k": clock.seconds[2] / window * 1e6,
    }


# -- the driver ------------------------------------------------------------------------------------


def measure(tree: Path, url: str, scripts_file: str, window: int) -> dict[str, float]:
    """One figure in a fresh process whose ``server`` package is ``tree``'s."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    argv = [sys.executable, __file__, "--child", url, scripts_file, str(window)]
    done = subprocess.run(argv, env=env, check=True, capture_output=True, text=True)
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="64,10000", help="games played at once, comma-separated")
    parser.add_argument("--window", type=int, default=10_000, help="measured moves per figure")
    parser.add_argument("--baseline", default=None, help="another checkout, measured alternately")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()

    from procs import Processes
    from scripted_games import Snapshot, seed_scripts

    trees = {"this": ROOT} | ({"baseline": Path(args.baseline).resolve()} if args.baseline else {})
    keys = ("moves_per_s", "cpu_us_per_move", "full_per_10k", "gc_ms_per_1k", "full_ms_per_1k")
    print("| games | tree | moves/s | CPU µs/move | full collections /10k moves | GC ms /1k moves", end="")
    print(" | full GC ms /1k |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    medians: dict[tuple[int, str], dict[str, float]] = {}
    with Processes() as procs, tempfile.TemporaryDirectory() as scratch:
        url = f"redis://127.0.0.1:{procs.redis().port}/0"
        for count in (int(n) for n in args.games.split(",")):
            per_game = WARM_PASSES + -(-args.window // count) + MOVES_MARGIN
            scripts = asyncio.run(seed_scripts(url, "tbbr_dice", 4, count, per_game))
            if any(len(s.moves) < per_game for s in scripts):
                raise SystemExit(f"a game of {count} ended before {per_game} moves: lower --window")
            scripts_file = str(Path(scratch) / f"scripts-{count}.pickle")
            Path(scripts_file).write_bytes(pickle.dumps(scripts))
            snapshot = Snapshot.take(url, [s.game_id for s in scripts])
            runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
            for round_ in range(args.rounds):
                order = list(trees.items()) if round_ % 2 == 0 else list(reversed(trees.items()))
                for name, tree in order:
                    snapshot.restore(url)
                    runs[name].append(measure(tree, url, scripts_file, args.window))
            for name, figures in runs.items():
                median = {k: statistics.median(f[k] for f in figures) for k in keys}
                medians[count, name] = median
                cells = " | ".join(f"{median[k]:,.1f}" for k in keys)
                print(f"| {count:,} | {name} | {cells} |", flush=True)
    if args.baseline:
        print()
        for count in sorted({c for c, _ in medians}):
            this, base = medians[count, "this"], medians[count, "baseline"]
            ratios = ", ".join(f"{k} {this[k] / base[k]:.2f}" if base[k] else f"{k} -" for k in keys)
            print(f"{count:,} games, this / baseline (medians of {args.rounds}): {ratios}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        url, scripts_file, window = sys.argv[2], sys.argv[3], int(sys.argv[4])
        print(json.dumps(asyncio.run(play(url, scripts_file, window))))
    else:
        sys.exit(main())
