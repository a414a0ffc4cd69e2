"""Server CPU per SubmitAction of this checkout and another, both serving at the same time.

    taskset -c 0 .venv/bin/python bench/compare_side_by_side.py --baseline /work/main --rounds 6

``compare_trees.py`` measures the two checkouts one after the other; on a machine whose other
work comes and goes, one measurement's server CPU per call can differ from the next by 30%,
more than a change of a few percent. Here each round starts one Redis, seeds games for both,
and runs one server from each checkout (``python -m server`` with the checkout as working
directory and ``PYTHONPATH``), each driven by its own load generator over the same window:
whatever else loads the machine meanwhile falls on both at once, so their ratio holds still.
The order the two start in alternates from round to round. Prints each round's figures and
ratio, then the medians. ``--metrics`` serves /metrics too (the instrumented path: RPC metrics,
observer, timed store).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import loadgen
from bench.procs import Child, Processes, _wait_for_port, free_port
from bench.scripted_games import GameScript, seed_scripts

HERE = Path(__file__).resolve().parents[1]


def serve(procs: Processes, tree: Path, redis_url: str, name: str, metrics: bool) -> Child:
    """A zythos server imported from ``tree`` alone, on a free port."""
    port = free_port()
    argv = [
        sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(port), "--redis-url", redis_url,
        "--metrics-port", str(free_port() if metrics else 0), "--log-level", "INFO",
    ]  # fmt: skip
    log = procs.workdir / f"{name}.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            argv, stdout=sink, stderr=subprocess.STDOUT, cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)}
        )
    child = Child(name, process, port, log)
    procs.children.append(child)
    _wait_for_port(port, process)
    return child


def one_round(trees: list[Path], args: argparse.Namespace) -> dict[Path, float]:
    """Server CPU ms per call of each tree's server, both measured over one window."""
    with Processes() as procs:
        redis = procs.redis()
        url = f"redis://127.0.0.1:{redis.port}/0"
        per_tree = args.games_per_client * args.clients
        scripts = asyncio.run(seed_scripts(url, args.game, args.players, 2 * per_tree, args.moves))
        games: dict[Path, list[GameScript]] = {
            tree: list(scripts[n * per_tree : (n + 1) * per_tree]) for n, tree in enumerate(trees)
        }
        servers = {tree: serve(procs, tree, url, f"zythos{n}", args.metrics) for n, tree in enumerate(trees)}
        results: dict[Path, loadgen.Result] = {}

        def drive(tree: Path) -> None:
            server = servers[tree]
            results[tree] = loadgen.run(
                "games",
                [server.target],
                loadgen.deal(games[tree], args.clients),
                processes=1,
                warmup=args.warmup,
                duration=args.seconds,
                watch={"zythos": server.pid},
            )

        threads = [threading.Thread(target=drive, args=(tree,)) for tree in trees]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for result in results.values():
            assert not result.tally.starved, "clients ran out of moves: seed more (--games-per-client)"
            assert not sum(result.tally.errors.values()), result.tally.errors
        return {tree: result.server_cpu_per_call * 1000 for tree, result in results.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other checkout")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--game", default="tbbr_dice")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--clients", type=int, default=8, help="closed-loop clients per server")
    parser.add_argument("--games-per-client", type=int, default=4)
    parser.add_argument("--moves", type=int, default=400, help="moves worked out per game")
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--metrics", action="store_true", help="serve /metrics (the RPC metrics on)")
    args = parser.parse_args()
    this, baseline = HERE, args.baseline.resolve()
    print(
        f"{args.game}: {this} beside {baseline}, {args.rounds} rounds,"
        f" metrics {'on' if args.metrics else 'off'}"
    )
    figures: dict[Path, list[float]] = {this: [], baseline: []}
    ratios = []
    for index in range(args.rounds):
        order = [this, baseline] if index % 2 == 0 else [baseline, this]
        measured = one_round(order, args)
        for tree, value in measured.items():
            figures[tree].append(value)
        ratios.append(measured[this] / measured[baseline])
        print(
            f"round {index + 1}: this {measured[this]:.4f}  baseline {measured[baseline]:.4f}"
            f" server CPU ms/SubmitAction, this / baseline {ratios[-1]:.3f}",
            flush=True,
        )
    ours, theirs = statistics.median(figures[this]), statistics.median(figures[baseline])
    print(
        f"server CPU ms per SubmitAction: this {ours:.4g}, baseline {theirs:.4g};"
        f" this / baseline, median of the rounds {statistics.median(ratios):.3f}"
        f" (from {min(ratios):.3f} to {max(ratios):.3f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
