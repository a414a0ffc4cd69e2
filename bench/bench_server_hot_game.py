"""A hot game: 16 clients racing on one game, against one client playing it alone.

    .venv/bin/python bench/bench_server_hot_game.py [--seconds 4] [--racers 16]

Starts a private redis-server and a zythos server (metrics on), seeds
tbbr_dice games at 4 players and plays them one after another: first one
client alone, then ``--racers`` clients that all submit the move for the
version they last heard of with ``expected_version`` pinned (the loser of each
race gets ABORTED/STALE_VERSION with the current version and moves on at
once), then racers that re-read the game (GetGame) after each ABORTED before
trying again, as real clients do, then the same racers waiting a random
0..``--backoff-ms`` after each ABORTED, then the racers split over two server
processes, where only the
store's compare-and-set keeps them apart. Prints successful actions/s
on the game, the ratio to the single client, ABORTED answers, server CPU per
call, and the server's own commit conflict and retry counters (a retry storm
shows there).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import urllib.request
from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import loadgen
from bench.procs import Child, Processes, free_port, machine
from bench.report import row, table
from bench.scripted_games import GameScript, Snapshot, seed_scripts

COUNTERS = (
    "zythos_actions_applied",
    "zythos_commit_conflicts",
    "zythos_commit_retries",
    "zythos_commit_aborts",
)


def scrape(ports: list[int]) -> dict[str, float]:
    """The action and commit counters summed over the servers' /metrics endpoints."""
    totals = dict.fromkeys(COUNTERS, 0.0)
    for port in ports:
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
        for family in text_string_to_metric_families(text):
            if family.name in totals:
                totals[family.name] += sum(s.value for s in family.samples if s.name.endswith("_total"))
    return totals


def race(
    args: argparse.Namespace,
    servers: list[tuple[Child, int]],
    redis: Child,
    scripts: list[GameScript],
    racers: int,
    backoff: float = 0.0,
    reread: bool = False,
) -> tuple[loadgen.Result, dict[str, float]]:
    """Every racer plays the same games in the same order; returns the result and counter deltas."""
    ports = [metrics for _, metrics in servers]
    before = scrape(ports)
    watch = {f"{server.name}{n}": server.pid for n, (server, _) in enumerate(servers)}
    result = loadgen.run(
        "hot",
        [server.target for server, _ in servers],
        [scripts] * racers,
        processes=1,
        warmup=args.warmup,
        duration=args.seconds,
        watch={**watch, "redis": redis.pid},
        backoff=backoff,
        reread=reread,
    )
    after = scrape(ports)
    return result, {name: after[name] - before[name] for name in COUNTERS}


def start(procs: Processes, url: str) -> tuple[Child, int]:
    """A fresh server with metrics on (fresh, so no cache remembers versions the snapshot undid)."""
    metrics = free_port()
    return procs.zythos(url, metrics_port=metrics), metrics


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="measured seconds per figure")
    parser.add_argument("--warmup", type=float, default=1.0, help="unmeasured seconds before each figure")
    parser.add_argument("--racers", type=int, default=16)
    parser.add_argument("--games", type=int, default=12, help="games played one after another")
    parser.add_argument("--moves", type=int, default=400, help="moves worked out per game")
    parser.add_argument("--no-two-servers", action="store_true", help="skip the two-process figure")
    parser.add_argument(
        "--backoff-ms", type=float, default=100.0, help="also race waiting 0..N ms after ABORTED (0: skip)"
    )
    args = parser.parse_args()
    print(f"Hot game: {args.racers} clients racing on one game vs one client ({machine()})")
    with Processes() as procs:
        redis = procs.redis()
        url = f"redis://127.0.0.1:{redis.port}/0"
        scripts = asyncio.run(seed_scripts(url, "tbbr_dice", 4, args.games, args.moves))
        snapshot = Snapshot.take(url, [s.game_id for s in scripts])
        backoff = args.backoff_ms / 1000
        # (stack, servers, racers, backoff seconds, re-read after ABORTED)
        runs = [
            ("zythos", 1, 1, 0.0, False),
            ("zythos", 1, args.racers, 0.0, False),
            ("zythos", 1, args.racers, 0.0, True),
        ]
        if backoff:
            runs.append(("zythos", 1, args.racers, backoff, False))
        if not args.no_two_servers:
            runs += [("zythos", 2, args.racers, 0.0, False), ("zythos", 2, args.racers, 0.0, True)]
        rows, results = [], []
        for stack, count, racers, wait, reread in runs:
            snapshot.restore(url)
            servers = [start(procs, url) for _ in range(count)]
            result, counters = race(args, servers, redis, scripts, racers, wait, reread)
            for server, _ in servers:
                procs.stop(server)
            name = f"{stack} {'alone' if racers == 1 else 'racing'}"
            if wait:
                name += f" +backoff {args.backoff_ms:g}ms"
            if reread:
                name += " +re-read"
            results.append((name, count, racers, result, counters))
            rows.append(row(name, count, racers, result))
            print(table(rows[-1:]).splitlines()[-1], flush=True)
    print("\n" + table(rows) + "\n")
    alone = {name.split()[0]: r.rate for name, _, racers, r, _ in results if racers == 1}
    for name, servers_used, racers, result, counters in results:
        applied = max(1.0, counters.pop("zythos_actions_applied"))  # warm-up included, like the counters
        per_action = {k.removeprefix("zythos_commit_"): v / applied for k, v in counters.items()}
        print(
            f"{racers:>2} client(s) {name} on {servers_used} server(s): {result.rate:,.0f} actions/s "
            f"= {result.rate / alone[name.split()[0]]:.2f} x alone; ABORTED {result.tally.aborted} "
            f"({result.tally.aborted / max(1, len(result.tally.latencies)):.1f} per applied action); "
            f"server commit counters {', '.join(f'{k} {v:,.0f}' for k, v in counters.items())} "
            f"({', '.join(f'{k} {v:.2f}' for k, v in per_action.items())} per action)"
        )


if __name__ == "__main__":
    main()
