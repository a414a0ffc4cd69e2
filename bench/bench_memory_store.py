"""SubmitAction on the memory store against the ceiling without Redis, and the same pair on Redis.

    .venv/bin/python bench/bench_memory_store.py [--clients 1,64] [--rounds 2] [--seconds 3]

Issue #22 asks for SubmitAction's share of the ceiling on both stores; the
memory store's ceiling is the same bare handler with its compare-and-set in a
dict (``bench/ceiling_server.py --redis-url ""``). A server on the memory
store cannot be seeded from outside, and scripted moves elsewhere need the
server's secret dice, so the games here are Tiny Dice games created through
the API in which every seat only holds: holding needs no die, is always legal
and never ends the game (nobody banks a point), so every move is known in
advance: at version ``v0 + k`` the seat ``k mod players`` holds. A wrong
guess would show as errors; there must be none.

Each round measures, per store and number of clients, the ceiling and a
fresh zythos server in alternating order. Prints every figure and the median
zythos / ceiling ratio per store and number of clients.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import grpc

from bench import loadgen
from bench.procs import Child, Processes, machine
from bench.report import row, table
from bench.scripted_games import GameScript, Move, seat_game
from server.sessions.facade import Sessions
from server.store.memory_store import MemoryStore
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import game_service_pb2_grpc as pb_grpc

GAME, PLAYERS = "tiny_dice", 2


def hold_script(game_id: str, tokens: list[str], first_version: int, moves: int) -> GameScript:
    """``moves`` holds from ``first_version`` on, the seats taking turns from seat 0."""
    auth = [(("authorization", f"Bearer {token}"),) for token in tokens]
    script = []
    for k in range(moves):
        version = first_version + k
        request = pb.SubmitActionRequest(
            game_id=game_id, action_id="hold", expected_version=version, request_id=f"r{version}"
        )
        script.append(Move(version, version + 1, request.SerializeToString(), auth[k % len(tokens)]))
    return GameScript(game_id, tuple(script), 0)


async def seed_over_api(target: str, games: int, moves: int) -> list[GameScript]:
    """Create and fill ``games`` Tiny Dice games through the server's own API; their hold scripts."""
    async with grpc.aio.insecure_channel(target) as channel:
        stub = pb_grpc.GameServiceStub(channel)
        scripts = []
        for n in range(games):
            created = await stub.CreateGame(
                pb.CreateGameRequest(game_type=GAME, players=PLAYERS, display_name=f"bench-{n}-0")
            )
            tokens, game = [created.seat_token], created.game
            for seat in range(1, PLAYERS):
                joined = await stub.JoinGame(
                    pb.JoinGameRequest(game_id=game.game_id, display_name=f"bench-{n}-{seat}")
                )
                tokens.append(joined.seat_token)
                game = joined.game
            scripts.append(hold_script(game.game_id, tokens, game.version, moves))
        return scripts


async def state_bytes() -> int:
    """A seated Tiny Dice game's stored size (record JSON and engine snapshot): the ceiling's blob."""
    store = MemoryStore()
    game_id, _ = await seat_game(Sessions(store), GAME, PLAYERS)
    loaded = await store.load(game_id)
    assert loaded is not None
    return len(loaded.record.to_json()) + len(loaded.blob)


def measure(
    procs: Processes, stack: str, url: str, blob: int, clients: int, args: argparse.Namespace
) -> loadgen.Result:
    """One closed-loop figure of a fresh server of ``stack`` over ``url`` ("" = the memory store)."""
    server: Child = procs.ceiling(url, blob) if stack == "ceiling" else procs.zythos(url)
    try:
        games = max(clients, args.games)
        if stack == "ceiling":
            scripts = [hold_script(f"g{n}", ["-"] * PLAYERS, 0, args.moves) for n in range(games)]
        else:
            scripts = asyncio.run(seed_over_api(server.target, games, args.moves))
        watch = {stack: server.pid}
        return loadgen.run(
            "games",
            [server.target],
            loadgen.deal(scripts, clients),
            processes=1,
            warmup=args.warmup,
            duration=args.seconds,
            watch=watch,
            repeat=stack == "ceiling",
        )
    finally:
        procs.stop(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", default="1,64", help="concurrent clients, comma-separated")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--warmup", type=float, default=1.0)
    parser.add_argument("--games", type=int, default=64, help="games seeded (at least the most clients)")
    parser.add_argument("--moves", type=int, default=6000, help="holds scripted per game")
    args = parser.parse_args()
    levels = [int(c) for c in args.clients.split(",")]
    print(f"SubmitAction (Tiny Dice holds) on each store against its ceiling ({machine()})")
    blob = asyncio.run(state_bytes())
    rows: list[tuple[str, ...]] = []
    ratios: dict[tuple[str, int], list[float]] = {}
    with Processes() as procs:
        redis = procs.redis()
        stores = {"memory": "", "redis": f"redis://127.0.0.1:{redis.port}/0"}
        for index in range(args.rounds):
            for store, url in stores.items():
                for clients in levels:
                    stacks = ("ceiling", "zythos") if index % 2 == 0 else ("zythos", "ceiling")
                    results = {}
                    for stack in stacks:
                        results[stack] = measure(procs, stack, url, blob, clients, args)
                        rows.append(
                            row(f"{stack} on {store} (round {index + 1})", 1, clients, results[stack])
                        )
                        print(table(rows[-1:]).splitlines()[-1], flush=True)
                    ratio = results["zythos"].rate / results["ceiling"].rate
                    ratios.setdefault((store, clients), []).append(ratio)
    print("\n" + table(rows) + "\n")
    for (store, clients), values in ratios.items():
        rounds = ", ".join(f"{v:.2f}" for v in values)
        print(
            f"zythos / ceiling on the {store} store at {clients} clients: "
            f"median {statistics.median(values):.2f} (rounds {rounds})"
        )


if __name__ == "__main__":
    main()
