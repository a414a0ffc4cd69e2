"""Flatness: SubmitAction with 0 to 100,000 idle games stored, and with 64 to 10,000 games played at once.

    .venv/bin/python bench/bench_server_flatness.py [--seconds 4] [--idle 0,1000,100000] [--clients 1,64]
    .venv/bin/python bench/bench_server_flatness.py --live 64,1000,10000 [--clients 64]

Starts a private redis-server (no persistence, removed afterwards), seeds the
played tbbr_dice games (4 players), then grows the store with idle games
(byte-for-byte copies of a seeded game's keys under new ids, plus index
entries, written by pipelined RESTORE) and measures actions/s and p50/p99 at
each size, each figure on a freshly started zythos server (its state cache
must not remember versions the snapshot restore undid) once that server's
start-up scan of the stored games is over. Every action touches a fixed
number of keys, so the figures should not move with the number of stored games.

With ``--live``, the number of games being played at once instead: the
clients play one move of each of their games in turn (``loadgen``'s
``in_turns``), so every seeded game is live, and the server's state cache
(``--cache-size``, 10,000 games by default) holds them all or misses. The
warm-up is long enough to play every game once first (``WARM_MOVES_PER_SECOND``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import loadgen
from bench.procs import Processes, machine, wait_idle
from bench.report import row, table
from bench.scripted_games import Snapshot, clone_games, seed_scripts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="measured seconds per figure")
    parser.add_argument("--warmup", type=float, default=1.0, help="unmeasured seconds before each figure")
    parser.add_argument("--idle", default="0,1000,100000", help="idle games stored, comma-separated, rising")
    parser.add_argument("--clients", default="1,64", help="concurrent clients, comma-separated")
    parser.add_argument("--moves", type=int, default=200, help="moves worked out per played game (--idle)")
    parser.add_argument(
        "--live", default="", help="games played at once, comma-separated: measure these instead"
    )
    args = parser.parse_args()
    if args.live:
        live(args)
        return
    sizes = sorted(int(n) for n in args.idle.split(","))
    levels = [int(c) for c in args.clients.split(",")]
    print(f"SubmitAction vs the number of stored games ({machine()})")
    with Processes() as procs:
        store = procs.redis()
        url = f"redis://127.0.0.1:{store.port}/0"
        client = redis.Redis.from_url(url)
        scripts = asyncio.run(seed_scripts(url, "tbbr_dice", 4, max(levels), args.moves))
        snapshot = Snapshot.take(url, [s.game_id for s in scripts])
        rows, rates = [], {}
        stored = 0
        for size in sizes:
            took = clone_games(url, scripts[0].game_id, stored, size) if size > stored else 0.0
            stored = max(stored, size)
            memory = int(client.info("memory")["used_memory"])
            print(
                f"{len(scripts)} played + {stored:,} idle games stored ({client.dbsize():,} keys, "
                f"used_memory {memory / 2**20:,.1f} MiB; idle games written in {took:.1f} s)",
                flush=True,
            )
            for clients in levels:
                server = procs.zythos(url)  # fresh: a state cache must not remember undone versions
                settled = wait_idle(server.pid)  # its start-up scan of the stored games is O(games)
                print(f"(server start-up scan took {settled:.1f} s)", flush=True)
                snapshot.restore(url)
                result = loadgen.run(
                    "games",
                    [server.target],
                    loadgen.deal(scripts, clients),
                    processes=1,
                    warmup=args.warmup,
                    duration=args.seconds,
                    watch={"zythos": server.pid, "redis": store.pid},
                )
                procs.stop(server)
                rates[size, clients] = result
                rows.append(row(f"{stored:,} idle", 1, clients, result))
                print(table(rows[-1:]).splitlines()[-1], flush=True)
        client.flushall()
        client.close()
    print("\n" + table(rows) + "\n")
    print_ratios(rates, sizes, levels, "idle")


# Moves worked out over all the games of one --live count: more than its warm-up and window play;
# at most 200 a game, as in the other figures (longer games would reach their end in the window).
LIVE_MOVES = 60_000
LIVE_MOVES_PER_GAME = 200
# A --live figure's warm-up plays every game at least once at this many moves a second or more, so
# that a server started fresh for the figure measures its state cache warm, as a replica that has
# been serving its games is, not one cold miss per game. Twice over at 800 a second: at 800 the
# window of a server slower than that (a busy 2-core machine: 550-900) began before the last
# games were first played, and measured their misses and the collections that followed them.
WARM_MOVES_PER_SECOND = 400


def live(args: argparse.Namespace) -> None:
    """The same figures with 64 to 10,000 games played at once, one move of each in turn."""
    counts = sorted(int(n) for n in args.live.split(","))
    levels = [int(c) for c in args.clients.split(",")]
    print(f"SubmitAction vs the number of games played at once ({machine()})")
    with Processes() as procs:
        store = procs.redis()
        url = f"redis://127.0.0.1:{store.port}/0"
        rows, rates = [], {}
        for count in counts:
            # each count its own games, with moves enough for the window between them (and no more:
            # working out 200 moves for each of 10,000 games would take minutes)
            moves = min(LIVE_MOVES_PER_GAME, max(8, -(-LIVE_MOVES // count)))
            scripts = asyncio.run(seed_scripts(url, "tbbr_dice", 4, count, moves))
            snapshot = Snapshot.take(url, [s.game_id for s in scripts])
            for clients in levels:
                snapshot.restore(url)
                server = procs.zythos(url)  # fresh: a state cache must not remember undone versions
                result = loadgen.run(
                    "games",
                    [server.target],
                    loadgen.deal(scripts, min(clients, count)),
                    processes=1,
                    warmup=max(args.warmup, count / WARM_MOVES_PER_SECOND),
                    duration=args.seconds,
                    watch={"zythos": server.pid, "redis": store.pid},
                    in_turns=True,
                )
                procs.stop(server)
                rates[count, clients] = result
                rows.append(row(f"{count:,} live", 1, min(clients, count), result))
                print(table(rows[-1:]).splitlines()[-1], flush=True)
    print("\n" + table(rows) + "\n")
    print_ratios(rates, counts, levels, "live")


def print_ratios(
    rates: dict[tuple[int, int], loadgen.Result], sizes: list[int], levels: list[int], what: str
) -> None:
    """Each size's figures over the smallest size's, per client count."""
    for clients in levels:
        base = rates[sizes[0], clients]
        for size in sizes[1:]:
            other = rates[size, clients]
            print(
                f"{clients:>3} clients: {size:,} {what} / {sizes[0]:,} {what}: "
                f"throughput {other.rate / base.rate:.2f}, "
                f"p50 {other.quantile_ms(0.5) / base.quantile_ms(0.5):.2f}, "
                f"p99 {other.quantile_ms(0.99) / base.quantile_ms(0.99):.2f}, "
                f"server CPU per call {other.server_cpu_per_call / base.server_cpu_per_call:.2f}"
            )


if __name__ == "__main__":
    main()
