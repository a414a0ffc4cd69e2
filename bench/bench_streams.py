"""SubmitAction with and without thousands of spectators streaming the same games.

    .venv/bin/python bench/bench_streams.py [--streams 10000] [--clients 16] [--rounds 2] [--idle]

Starts a private redis-server and one zythos server over it, seeds tbbr_dice
games, and plays them closed loop (bench/loadgen.py), alternating rounds
without and with ``--streams`` spectator streams spread over the played
games: every commit is then fanned out to ``streams / games`` waiting
streams (server/streams/hub.py). The spectators live in a process of their own
and count the events they receive. Prints actions/s, p99 and server CPU per
call with and without the spectators, their ratio, the failed calls (there
must be none), and the fan-out: events delivered per second and the server
CPU each delivery cost. ``--idle``: the spectators watch as many waiting games
that nobody plays, so the figure is what open, quiet streams cost.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import sys
import time
from multiprocessing.connection import Connection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import grpc

from bench import loadgen
from bench.procs import Child, Processes, cpu_seconds, machine
from bench.report import row, table
from bench.scripted_games import GameScript, Snapshot, seed_scripts
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import game_service_pb2_grpc as pb_grpc

WAVE = 200  # streams opened before waiting for them: a single burst trips gRPC's guard


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=10_000)
    parser.add_argument("--clients", type=int, default=16, help="players submitting, closed loop")
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=2, help="rounds of (without, with) spectators")
    parser.add_argument(
        "--idle", action="store_true", help="spectators watch waiting games nobody plays, not the played ones"
    )
    return parser.parse_args()


async def _watch(target: str, game_ids: list[str], streams: int, pipe: Connection) -> None:
    """Open ``streams`` spectator streams in waves, report when open, count events until told to stop."""
    events, failed = [0], [0]
    channels = [grpc.aio.insecure_channel(target) for _ in range(max(1, streams // 2000))]

    async def follow(call: grpc.aio.UnaryStreamCall) -> None:
        try:
            async for _ in call:
                events[0] += 1
        except asyncio.CancelledError:  # we hung up
            pass
        except grpc.aio.AioRpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                failed[0] += 1

    calls, tasks = [], []
    for n in range(streams):
        stub = pb_grpc.GameServiceStub(channels[n % len(channels)])
        call = stub.StreamEvents(pb.StreamEventsRequest(game_id=game_ids[n % len(game_ids)]))
        calls.append(call)
        tasks.append(asyncio.create_task(follow(call)))
        if (n + 1) % WAVE == 0:
            await asyncio.sleep(0.05)
    await asyncio.sleep(1.0)
    pipe.send(("open", failed[0]))
    while not pipe.poll():
        await asyncio.sleep(0.1)
    pipe.recv()
    delivered = events[0]
    for call in calls:
        call.cancel()
    await asyncio.gather(*tasks)
    for channel in channels:
        await channel.close()
    pipe.send((delivered, failed[0]))


async def _waiting_games(target: str, count: int) -> list[str]:
    """``count`` new games waiting for players: streams on them wait and never receive a commit."""
    async with ZythosClient(target) as client:
        return [(await client.create_game("tbbr_dice", 4, "host")).game.game_id for _ in range(count)]


def _spectators(target: str, game_ids: list[str], streams: int, pipe: Connection) -> None:
    asyncio.run(_watch(target, game_ids, streams, pipe))


def measure(
    args: argparse.Namespace, server: Child, redis: Child, scripts: list[GameScript], with_streams: bool
) -> tuple[loadgen.Result, tuple[int, int] | None, float, float]:
    """One closed-loop figure; with spectators, also (events delivered, failed streams)."""
    spectators = None
    if with_streams:
        ours, theirs = multiprocessing.get_context("spawn").Pipe()
        if args.idle:
            ids = asyncio.run(_waiting_games(server.target, len(scripts)))
        else:
            ids = [s.game_id for s in scripts]
        spectators = multiprocessing.get_context("spawn").Process(
            target=_spectators, args=(server.target, ids, args.streams, theirs), daemon=True
        )
        spectators.start()
        assert ours.recv()[0] == "open"
    before = cpu_seconds(server.pid)
    started = time.monotonic()
    result = loadgen.run(
        "games",
        [server.target],
        loadgen.deal(scripts, args.clients),
        processes=1,
        warmup=args.warmup,
        duration=args.seconds,
        watch={"zythos": server.pid, "redis": redis.pid},
    )
    fanout = None
    if spectators is not None:
        ours.send("stop")
        fanout = ours.recv()
        spectators.join(30)
    return result, fanout, cpu_seconds(server.pid) - before, time.monotonic() - started


def main() -> None:
    args = parse()
    watched = "waiting games nobody plays" if args.idle else "the played games"
    print(f"SubmitAction with and without {args.streams:,} spectator streams on {watched} ({machine()})")
    with Processes() as procs:
        redis = procs.redis()
        url = f"redis://127.0.0.1:{redis.port}/0"
        scripts = asyncio.run(seed_scripts(url, "tbbr_dice", 4, args.games, args.moves))
        snapshot = Snapshot.take(url, [s.game_id for s in scripts])
        limit = str(args.streams + 100)
        flags = ("--max-streams", limit, "--max-streams-per-client", limit)
        rows: list[tuple[str, ...]] = []
        rates: dict[bool, list[loadgen.Result]] = {False: [], True: []}
        for _ in range(args.rounds):
            for with_streams in (False, True):
                snapshot.restore(url)
                server = procs.zythos(url, extra=flags)  # fresh: its cache must not remember undone moves
                result, fanout, cpu, wall = measure(args, server, redis, scripts, with_streams)
                procs.stop(server)
                rates[with_streams].append(result)
                label = f"zythos, {args.streams:,} spectators" if with_streams else "zythos"
                rows.append(row(label, 1, args.clients, result))
                print(table(rows[-1:]).splitlines()[-1], flush=True)
                if fanout is not None:
                    delivered, failed = fanout
                    print(
                        f"  {delivered:,} events delivered to spectators in {wall:.1f} s "
                        f"({delivered / wall:,.0f}/s), {failed} streams failed; server CPU {cpu:.1f} s",
                        flush=True,
                    )
    print("\n" + table(rows) + "\n")
    for n, (alone, crowded) in enumerate(zip(rates[False], rates[True], strict=True), start=1):
        errors = sum(crowded.tally.errors.values())
        print(
            f"round {n}: with / without spectators: {crowded.rate / alone.rate:.2f} "
            f"({crowded.rate:,.0f} / {alone.rate:,.0f} actions/s; p99 {crowded.quantile_ms(0.99):.1f} / "
            f"{alone.quantile_ms(0.99):.1f} ms; {errors} failed calls with spectators)"
        )


if __name__ == "__main__":
    main()
