"""``zythos-server --processes N`` against one process, beside the ceiling doing the same, in one run.

    .venv/bin/python bench/bench_processes.py [--rounds 3] [--processes 2] [--clients 64]

Starts a private redis-server and seeds tbbr_dice games at 4 players. Each
round measures four stacks in alternating order, each on one port: the
ceiling (bench/ceiling_server.py) as one process and as N processes sharing
the port (SO_REUSEPORT), and zythos as one process and as ``--processes N``
(its supervisor forks N servers on the port). Every client plays its own
games over its own TCP connection, as separate players do, so the kernel
spreads connections over the processes. Prints each figure, then per stack
the median gain of N processes over one and, for the N-process figures, the
spread of the work between the processes: (busiest - idlest) / mean of their
CPU over the window.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import loadgen
from bench.procs import Child, Processes, children_of, free_port, machine
from bench.report import row, table
from bench.scripted_games import GameScript, Snapshot, seed_scripts

STACKS = ("ceiling", "zythos")


def start(
    procs: Processes, stack: str, count: int, url: str, blob: int, zythos_flags: list[str]
) -> tuple[list[Child], dict[str, int]]:
    """The stack's processes on one port, and the pids whose CPU is the servers' (named per process)."""
    port = free_port()
    if stack == "ceiling":
        ceilings = [procs.ceiling(url, blob, port=port if count > 1 else 0) for _ in range(count)]
        return ceilings, {f"ceiling{n}": c.pid for n, c in enumerate(ceilings)}
    extra = ["--processes", str(count)] if count > 1 else []
    server = procs.zythos(url, port=port, extra=[*extra, *zythos_flags])
    workers = [server.pid]
    if count > 1:
        deadline = time.monotonic() + 30
        while len(workers := children_of(server.pid)) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) == count, f"the supervisor runs {len(workers)} of {count} processes"
    return [server], {f"zythos{n}": pid for n, pid in enumerate(workers)}


def measure(
    procs: Processes,
    stack: str,
    count: int,
    url: str,
    blob: int,
    scripts: list[GameScript],
    args: argparse.Namespace,
) -> loadgen.Result:
    """One closed-loop figure of ``count`` processes of ``stack``; the processes are stopped after."""
    servers, pids = start(procs, stack, count, url, blob, args.zythos_flags.split())
    try:
        return loadgen.run(
            "games",
            [servers[0].target],
            loadgen.deal(scripts, args.clients),
            processes=args.loadgen_procs,
            warmup=args.warmup,
            duration=args.seconds,
            watch=pids,
            repeat=stack == "ceiling",
            connections=-(-args.clients // args.loadgen_procs),
        )
    finally:
        for server in servers:
            procs.stop(server)


def spread(result: loadgen.Result) -> float:
    """(busiest - idlest) / mean CPU of the server processes over the window."""
    shares = [share for name, share in result.cpu.items() if name not in ("redis", "loadgen")]
    mean = statistics.mean(shares)
    return (max(shares) - min(shares)) / mean if mean else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2, help="server processes sharing the port")
    parser.add_argument("--clients", type=int, default=64, help="closed-loop clients, one connection each")
    parser.add_argument("--loadgen-procs", type=int, default=1, help="load-generator processes")
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--moves", type=int, default=400, help="moves worked out per game")
    parser.add_argument(
        "--games-per-client", type=int, default=1, help="games each client plays in turn (longer windows)"
    )
    parser.add_argument(
        "--zythos-flags",
        default="",
        help='more flags for every zythos server, e.g. "--max-connection-age 1" (connections re-dealt)',
    )
    args = parser.parse_args()
    n = args.processes
    flags = f", zythos with {args.zythos_flags}" if args.zythos_flags else ""
    stacks = f"ceiling and zythos{flags}"
    print(f"One port, 1 and {n} processes, {stacks}, {args.clients} connections ({machine()})")
    with Processes() as procs:
        redis = procs.redis()
        url = f"redis://127.0.0.1:{redis.port}/0"
        games = args.clients * args.games_per_client
        scripts = asyncio.run(seed_scripts(url, "tbbr_dice", 4, games, args.moves))
        snapshot = Snapshot.take(url, [s.game_id for s in scripts])
        blob = round(statistics.mean(s.state_bytes for s in scripts))
        rows: list[tuple[str, ...]] = []
        results: dict[tuple[str, int], list[loadgen.Result]] = {}
        for index in range(args.rounds):
            order = [(stack, count) for stack in STACKS for count in (1, n)]
            for stack, count in order if index % 2 == 0 else order[::-1]:
                snapshot.restore(url)
                result = measure(procs, stack, count, url, blob, scripts, args)
                starved = f"clients ran out of moves: raise --moves (errors: {dict(result.tally.errors)})"
                assert not result.tally.starved, starved
                results.setdefault((stack, count), []).append(result)
                rows.append(row(f"{stack} (round {index + 1})", count, args.clients, result))
                print(table(rows[-1:]).splitlines()[-1], flush=True)
    print("\n" + table(rows) + "\n")
    for stack in STACKS:
        gains = [b.rate / a.rate for a, b in zip(results[stack, 1], results[stack, n], strict=True)]
        spreads = [spread(r) for r in results[stack, n]]
        print(
            f"{stack}: {n} processes / one, median of {args.rounds} rounds {statistics.median(gains):.2f} "
            f"(rounds {', '.join(f'{g:.2f}' for g in gains)}); spread between the {n} processes "
            f"{', '.join(f'{s:.1%}' for s in spreads)}"
        )


if __name__ == "__main__":
    main()
