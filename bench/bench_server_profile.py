"""Where the server spends its time per SubmitAction: a cProfile of the server process under load.

    .venv/bin/python bench/bench_server_profile.py [--seconds 8] [--clients 64] [--top 25] [--metrics]

Starts a private redis-server and one zythos server under cProfile, plays
random moves (tbbr_dice unless ``--game-type``) from 64 clients (bench/loadgen.py), stops the server
(SIGTERM, so the profile is written) and sorts every function's own time
into the parts of an action: gRPC and protobuf, token and request checks,
engine state decoding, rules, engine state encoding, records and events as
JSON, the response, Redis round trips, and the event loop. Prints the shares,
the CPU microseconds per action of each part, and the biggest functions.
cProfile slows Python code several-fold, so read the shares, not the times.
"""

from __future__ import annotations

import argparse
import asyncio
import pstats
import re
import shutil
import signal
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import loadgen
from bench.procs import Processes, free_port, machine
from bench.report import row, table
from bench.scripted_games import seed_scripts

Function = tuple[str, int, str]

# (part, file pattern, function pattern); the first match wins, so specific rules go first.
# Functions no rule claims (builtins, dataclasses, re, ...) are charged to the parts of their callers.
RULES: tuple[tuple[str, str, str], ...] = (
    ("engine state decode (load)", r"/engine/.*(codec|snapshot)\.py$", r"from_json|decode|_sheet|load"),
    ("engine state encode (dump)", r"/engine/.*(codec|snapshot)\.py$", r"to_json|encode|dump|<dictcomp>"),
    ("engine state decode (load)", r"/engine/", r"^(load|from_json|_from_\w+|decode\w*)$"),
    ("engine state encode (dump)", r"/engine/", r"^(dump|to_json|_to_\w+|encode\w*)$"),
    ("rules (apply, legal, dice)", r"/engine/|/server/steps\.py$", r"."),
    ("records and events as JSON", r"/server/records\.py$|/json/", r"."),
    ("response (convert, wire)", r"/server/convert\.py$|/wire\.py$", r"."),
    (
        "tokens, checks, domain flow",
        r"/server/(tokens|validation|servicers|sessions|locks|reasons|errors)\.py$",
        r".",
    ),
    ("Redis client (redis-py)", r"/redis/|/server/store/", r"."),
    ("gRPC and protobuf", r"/grpc/|/grpc_\w+/|/google/protobuf/|_pb2\.py$", r"."),
    ("gRPC and protobuf", r"^~$", r"grpc|SerializeToString|FromString|ParseFromString"),
    ("event loop and gRPC core", r"/asyncio/|selectors\.py$", r"."),
    ("event loop and gRPC core", r"^~$", r"epoll|_contextvars|_asyncio|_socket|run_until"),
)
UNCLAIMED = "other"


def _claim(function: Function) -> str:
    path, _, name = function
    for part, file_pattern, name_pattern in RULES:
        if re.search(file_pattern, path) and re.search(name_pattern, name):
            return part
    return UNCLAIMED


def attribute(raw: dict[Function, Any]) -> dict[str, float]:
    """Own time per part; unclaimed functions pass theirs up to their callers' parts (3 levels)."""
    parts: dict[str, float] = defaultdict(float)

    def charge(function: Function, seconds: float, depth: int) -> None:
        part = _claim(function)
        callers = raw[function][4] if function in raw else {}
        if part != UNCLAIMED or depth == 0 or not callers:
            parts[part] += seconds
            return
        total = sum(edge[2] for edge in callers.values()) or 1.0
        for caller, edge in callers.items():
            charge(caller, seconds * edge[2] / total, depth - 1)

    for function, entry in raw.items():
        charge(function, entry[2], 3)
    return parts


def part_of(function: Function) -> str:
    return _claim(function)


def label(function: Function) -> str:
    path, line, name = function
    return name if path == "~" else f"{'/'.join(Path(path).parts[-2:])}:{line}({name})"


def summarise(profile: Path, actions: int, top: int) -> None:
    stats = pstats.Stats(str(profile))
    raw: dict[Function, Any] = stats.stats  # type: ignore[attr-defined]
    parts = attribute(raw)
    biggest = sorted(raw.items(), key=lambda item: item[1][2], reverse=True)
    total = sum(parts.values())
    rows = [
        (part, f"{seconds / total * 100:.1f}%", f"{seconds / max(actions, 1) * 1e6:.0f}")
        for part, seconds in sorted(parts.items(), key=lambda item: item[1], reverse=True)
    ]
    print(table(rows, ("part of the server's CPU time", "share", "µs per call (profiled)")))
    print(f"\nprofiled CPU {total:.2f} s over {actions} SubmitAction calls\n")
    print(
        table(
            [
                (label(f), part_of(f), f"{v[2] / total * 100:.1f}%", f"{v[3] / total * 100:.1f}%", str(v[1]))
                for f, v in biggest[:top]
            ],
            ("function", "part", "own", "cumulative", "calls"),
        )
    )


def _wait_for(profile: Path, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not profile.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)  # let the dump finish


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="profiled seconds of load")
    parser.add_argument("--warmup", type=float, default=2.0, help="unprofiled seconds of load first")
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--moves", type=int, default=200, help="moves worked out per game")
    parser.add_argument("--game-type", default="tbbr_dice")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--games-per-client", type=int, default=1, help="games each client plays in turn (short games)"
    )
    parser.add_argument("--top", type=int, default=25, help="functions listed by own time")
    parser.add_argument("--keep", type=Path, help="also copy the raw cProfile file here (for pstats)")
    parser.add_argument(
        "--racers", type=int, default=0, help="profile a hot game: this many clients racing on one game"
    )
    parser.add_argument("--metrics", action="store_true", help="serve /metrics (the instrumented path)")
    args = parser.parse_args()
    metrics = "on" if args.metrics else "off"
    print(f"cProfile of the zythos server under SubmitAction load, metrics {metrics} ({machine()})")
    with Processes() as procs:
        redis = procs.redis()
        url = f"redis://127.0.0.1:{redis.port}/0"
        games = 12 if args.racers else args.clients * args.games_per_client
        scripts = asyncio.run(seed_scripts(url, args.game_type, args.players, games, args.moves))
        profile = procs.workdir / "server.prof"
        server = procs.zythos(url, profile_to=profile, metrics_port=free_port() if args.metrics else 0)
        result = loadgen.run(
            "hot" if args.racers else "games",
            [server.target],
            [scripts] * args.racers if args.racers else loadgen.deal(scripts, args.clients),
            processes=1,
            warmup=args.warmup,
            duration=args.seconds,
            watch={"zythos": server.pid, "redis": redis.pid},
            on_window=lambda measuring: server.process.send_signal(
                signal.SIGUSR1 if measuring else signal.SIGUSR2
            ),
        )
        _wait_for(profile)
        if args.keep:
            shutil.copyfile(profile, args.keep)
        procs.stop(server)
        clients = args.racers or args.clients
        print(table([row("zythos (profiled)", 1, clients, result)]) + "\n")
        calls = len(result.tally.latencies) + result.tally.aborted
        print(f"{len(result.tally.latencies)} actions applied, {result.tally.aborted} answered ABORTED\n")
        summarise(profile, calls, args.top)


if __name__ == "__main__":
    main()
