"""SubmitAction throughput and latency on RedisStore, against the ceiling of the same stack.

    .venv/bin/python bench/bench_server_actions.py [--seconds 4] [--clients 1,16,64] [--open-loop 0.5]

Starts a private redis-server, one zythos server (``python -m server`` over
Redis) and one ceiling server (bench/ceiling_server.py: a bare grpc.aio
SubmitAction doing one Lua compare-and-set of a blob as large as a game's
stored state), all on loopback free ports. Seeds tbbr_dice games at 4 players
and plays random legal moves on them (each client its own games, moves
pre-serialized, see bench/loadgen.py), alternating ceiling and zythos at each
concurrency so load on the machine hits both alike. Then the same with two
server processes of each (two ports, two replicas on one Redis), the clients'
calls balanced round-robin over both by one channel (``zythos.channel``, as
clients of a headless Service do; ``--balance split`` pins each client to one). Zythos
servers are restarted after each snapshot restore, as their state cache would
remember versions the restore undid.
Then, open loop: the most clients each send a move at a fixed interval, so
that together they offer ``--open-loop`` times the ceiling's closed-loop rate
(0.5: the throughput target), and ``--open-loop-own`` times zythos's own
closed-loop rate, latency counted from when each move was due.
A closed loop at 64 clients measures a saturated server, whose latency is
64 / throughput by Little's law; the open loop measures the latency clients
see at a load the server sustains.
Prints actions/s, p50/p99 latency, server CPU per call, CPU per process and
the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import loadgen
from bench.procs import Child, Processes, machine
from bench.report import row, table
from bench.scripted_games import GameScript, Snapshot, seed_scripts


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="measured seconds per figure")
    parser.add_argument("--warmup", type=float, default=1.0, help="unmeasured seconds before each figure")
    parser.add_argument("--clients", default="1,16,64", help="concurrent clients, comma-separated")
    parser.add_argument("--games", type=int, default=64, help="seeded games (at least the most clients)")
    parser.add_argument("--moves", type=int, default=200, help="moves worked out per game")
    parser.add_argument("--game-type", default="tbbr_dice")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--loadgen-procs", type=int, default=1, help="load-generator processes")
    parser.add_argument("--no-two-servers", action="store_true", help="skip the two-process figures")
    parser.add_argument(
        "--balance",
        choices=("round_robin", "split"),
        default="round_robin",
        help="with two servers: every client on one channel balancing round-robin over both "
        "(zythos.channel, as clients of replicas behind a headless Service do), or each client "
        "pinned to one server",
    )
    parser.add_argument(
        "--open-loop",
        default="0.5",
        help="offered loads, as shares of the ceiling's closed-loop rate at the most clients, at which "
        "the most clients play open loop at that rate; empty: skip",
    )
    parser.add_argument(
        "--open-loop-own",
        default="0.8",
        help="offered loads as shares of zythos's own closed-loop rate at the most clients: the latency "
        "clients see at a load this server sustains; empty: skip",
    )
    return parser.parse_args()


def measure(
    args: argparse.Namespace,
    servers: list[Child],
    redis: Child,
    scripts: list[GameScript],
    clients: int,
    offered: float = 0.0,
) -> loadgen.Result:
    """One figure: ``clients`` playing their own games, closed loop, or open loop at ``offered`` actions/s."""
    watch = {f"{s.name}{n}" if len(servers) > 1 else s.name: s.pid for n, s in enumerate(servers)}
    return loadgen.run(
        "games",
        [s.target for s in servers],
        loadgen.deal(scripts, clients),
        processes=args.loadgen_procs,
        warmup=args.warmup,
        duration=args.seconds,
        watch={**watch, "redis": redis.pid},
        repeat=servers[0].name == "ceiling",
        interval=clients / offered if offered else 0.0,
        balanced=args.balance == "round_robin",
    )


def fresh(procs: Processes, stacks: dict[str, list[Child]], name: str, url: str) -> list[Child]:
    """The servers of a stack; zythos ones restarted, as their state cache would remember
    versions that restoring the snapshot just undid."""
    if name != "ceiling":
        count = len(stacks[name])
        for server in stacks[name]:
            procs.stop(server)
        stacks[name] = [procs.zythos(url) for _ in range(count)]
    return stacks[name]


def main() -> None:
    args = parse()
    levels = [int(c) for c in args.clients.split(",")]
    print(f"SubmitAction on RedisStore vs the bare CAS ceiling ({machine()})")
    with Processes() as procs:
        redis = procs.redis()
        url = f"redis://127.0.0.1:{redis.port}/0"
        scripts = asyncio.run(
            seed_scripts(url, args.game_type, args.players, max(args.games, max(levels)), args.moves)
        )
        snapshot = Snapshot.take(url, [s.game_id for s in scripts])
        blob = round(statistics.mean(s.state_bytes for s in scripts))
        moves = sum(len(s.moves) for s in scripts)
        print(
            f"{len(scripts)} {args.game_type} games at {args.players} players, {moves} moves worked out; "
            f"ceiling blob {blob} bytes; {args.warmup:g} s warm-up + {args.seconds:g} s per figure; "
            f"{args.loadgen_procs} load-generator process(es)\n"
        )
        stacks = {"ceiling": [procs.ceiling(url, blob)], "zythos": [procs.zythos(url)]}
        rows, rates = [], {}
        for clients in levels:
            for name in stacks:
                snapshot.restore(url)
                servers = fresh(procs, stacks, name, url)
                result = measure(args, servers, redis, scripts, clients)
                rates[name, 1, clients] = result
                rows.append(row(name, 1, clients, result))
                print(table(rows[-1:]).splitlines()[-1], flush=True)
        if not args.no_two_servers:
            stacks["ceiling"].append(procs.ceiling(url, blob))
            stacks["zythos"].append(procs.zythos(url))
            clients = max(levels)
            for name in stacks:
                snapshot.restore(url)
                servers = fresh(procs, stacks, name, url)
                result = measure(args, servers, redis, scripts, clients)
                rates[name, 2, clients] = result
                rows.append(row(name, 2, clients, result))
                print(table(rows[-1:]).splitlines()[-1], flush=True)
        clients = max(levels)
        loads = [(float(s), "ceiling") for s in args.open_loop.split(",") if s]
        loads += [(float(s), "zythos") for s in args.open_loop_own.split(",") if s]
        for share, of in loads:
            offered = share * rates[of, 1, clients].rate
            for name in stacks:
                snapshot.restore(url)
                servers = fresh(procs, stacks, name, url)[:1]
                result = measure(args, servers, redis, scripts, clients, offered)
                rates[name, "open", share, of] = result
                rows.append(row(f"{name} open loop {offered:,.0f}/s", 1, clients, result))
                print(table(rows[-1:]).splitlines()[-1], flush=True)
    print("\n" + table(rows) + "\n")
    for name in list(stacks)[1:]:
        for clients in levels:
            ours, ceiling = rates[name, 1, clients], rates["ceiling", 1, clients]
            print(
                f"{name} / ceiling at {clients} clients: {ours.rate / ceiling.rate:.2f} "
                f"({ours.rate:,.0f} / {ceiling.rate:,.0f} actions/s; p99 {ours.quantile_ms(0.99):.1f} ms)"
            )
    for share, of in loads:
        ours = rates["zythos", "open", share, of]
        print(
            f"zythos at {max(levels)} clients offering {share:g} x the {of} rate, open loop: "
            f"{ours.rate:,.0f} actions/s served, p50 {ours.quantile_ms(0.5):.1f} ms, "
            f"p99 {ours.quantile_ms(0.99):.1f} ms"
        )
    if not args.no_two_servers:
        clients = max(levels)
        for name in stacks:
            two, one = rates[name, 2, clients], rates[name, 1, clients]
            print(
                f"{name}: two processes / one at {clients} clients: {two.rate / one.rate:.2f} "
                f"({two.rate:,.0f} / {one.rate:,.0f} actions/s)"
            )


if __name__ == "__main__":
    main()
