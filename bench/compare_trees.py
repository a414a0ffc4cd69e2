"""This checkout against another (a baseline) in one run: search speed and server CPU per SubmitAction.

    taskset -c 1 .venv/bin/python bench/compare_trees.py --baseline ../wt-base579 --game tbbr --rounds 4

Each round runs both checkouts one after the other, the order alternating from round to round, so
that whatever else loads the machine meanwhile falls on both alike. Each measurement is a child
process whose imports come from its checkout alone (``PYTHONPATH`` and ``sys.path`` = that tree):

- ``mcts``: the decisions of bench/bench_mcts.py (greedy self-play games, a few per phase), each
  searched with a fixed iteration budget; iterations per CPU-second of the child
  (``time.process_time``, so other processes on the core do not count);
- ``server``: bench/bench_server_actions.py's zythos stack alone (a private Redis, seeded games,
  one server, ``--clients`` closed-loop clients): server CPU per SubmitAction answered.

Prints every round's figures, their medians and this checkout's / the baseline's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

_MCTS = """
import json, sys, time
sys.path.insert(0, {tree!r})
from bench.bench_mcts import collect, pick
from ai_players.arena import load_game
from ai_players.mcts import Search, SearchConfig
game = load_game({game!r})
chosen = pick(collect(game, {players}, {{}}, {games}, 1), {per_phase})
config = SearchConfig(iterations={iters}, rollout="random")
iterations, cpu = 0, 0.0
for positions in chosen.values():
    for position in positions:
        search = Search(game, position.seat, config, 1)
        start = time.process_time()
        result = search.run(position.observation)
        cpu += time.process_time() - start
        iterations += result.iterations
print(json.dumps(iterations / cpu))
"""

_SERVER = """
import argparse, asyncio, json, sys
sys.path.insert(0, {tree!r})
from bench.bench_server_actions import measure
from bench.procs import Processes
from bench.scripted_games import seed_scripts
args = argparse.Namespace(loadgen_procs=1, warmup={warmup}, seconds={seconds}, balance="round_robin")
with Processes() as procs:
    redis = procs.redis()
    url = f"redis://127.0.0.1:{{redis.port}}/0"
    scripts = asyncio.run(seed_scripts(url, {game!r}, {players}, {games}, {moves}))
    server = procs.zythos(url)
    result = measure(args, [server], redis, scripts, {clients})
    assert not result.tally.starved, "clients ran out of moves: seed more games (--server-games)"
    assert not sum(result.tally.errors.values()), result.tally.errors
print(json.dumps(result.server_cpu_per_call))
"""


def run(tree: Path, source: str) -> float:
    """One measurement in a child process importing from ``tree`` only."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", source], cwd=tree, env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"measurement in {tree} failed:\n{done.stderr[-3000:]}")
    return float(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other checkout")
    parser.add_argument("--game", default="tbbr")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--mcts-players", type=int, default=2)
    parser.add_argument("--iters", type=int, default=300, help="search iterations per decision")
    parser.add_argument("--games", type=int, default=1, help="self-play games to draw decisions from")
    parser.add_argument("--per-phase", type=int, default=2)
    parser.add_argument("--server-players", type=int, default=4)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--server-games", type=int, default=64, help="seeded games, dealt to the clients")
    parser.add_argument("--moves", type=int, default=400, help="moves worked out per game")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    args = parser.parse_args()

    trees = {"this": HERE, "baseline": args.baseline.resolve()}
    mcts = {
        "game": args.game,
        "players": args.mcts_players,
        "games": args.games,
        "per_phase": args.per_phase,
        "iters": args.iters,
    }
    server = {
        "game": args.game,
        "players": args.server_players,
        "clients": args.clients,
        "games": args.server_games,
        "moves": args.moves,
        "seconds": args.seconds,
        "warmup": args.warmup,
    }
    figures: dict[tuple[str, str], list[float]] = {}
    print(f"{args.game}: {trees['this']} against {trees['baseline']}, {args.rounds} rounds, alternated")
    for index in range(args.rounds):
        order = list(trees) if index % 2 == 0 else list(trees)[::-1]
        for name in order:
            tree = trees[name]
            figures.setdefault(("mcts", name), []).append(run(tree, _MCTS.format(tree=str(tree), **mcts)))
            figures.setdefault(("server", name), []).append(
                run(tree, _SERVER.format(tree=str(tree), **server)) * 1000
            )
            print(
                f"round {index + 1} {name:<9} search {figures['mcts', name][-1]:8.1f} iterations/CPU-s   "
                f"server {figures['server', name][-1]:.4f} CPU ms/SubmitAction",
                flush=True,
            )
    for kind, unit in (("mcts", "iterations per CPU-second"), ("server", "server CPU ms per SubmitAction")):
        ours, theirs = (statistics.median(figures[kind, name]) for name in trees)
        print(f"{kind}: {unit}: this {ours:.4g}, baseline {theirs:.4g}, this / baseline {ours / theirs:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
