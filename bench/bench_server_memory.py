"""Redis memory per live game, per game type at 4 players, and the size for a million games.

    .venv/bin/python bench/bench_server_memory.py [--games 100] [--moves 50]

For each game type, on a fresh private redis-server: creates ``--games`` games
through the domain layer (``Sessions`` over ``RedisStore``, as CreateGame and
JoinGame do), plays ``--moves`` random legal moves on each through
``Sessions.submit`` with a request id each (as a careful client does), then
reads MEMORY USAGE of every key (state hash with the recent request answers,
event stream, the shared indexes) and the INFO used_memory delta. Prints bytes per game and
the projection for one million concurrent games (target: at most 16 KiB each).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.procs import Processes, machine
from bench.report import table
from bench.scripted_games import game_keys, play_script, seat_game, submit_move
from engine.core.rng import Rng
from server.sessions.answers import Answers
from server.sessions.facade import Sessions
from server.store.packing import unpack_state
from server.store.redis_store import RedisStore

KIB = 1024
TARGET = 16 * KIB


async def play(url: str, game_type: str, games: int, moves: int) -> list[str]:
    """Create and play the games; their ids."""
    store = RedisStore(url)
    sessions = Sessions(store)
    rng = Rng(7)
    ids = []
    try:
        for _ in range(games):
            game_id, tokens = await seat_game(sessions, game_type, 4)
            loaded = await store.load(game_id)
            assert loaded is not None
            for move in play_script(loaded, tokens, moves, rng).moves:
                await submit_move(sessions, game_id, move)
            ids.append(game_id)
    finally:
        await store.close()
    return ids


def usage(client: redis.Redis, keys: list[str]) -> list[int]:
    pipe = client.pipeline(transaction=False)
    for key in keys:
        pipe.memory_usage(key, samples=0)
    return [int(n or 0) for n in pipe.execute()]


def measure(game_type: str, games: int, moves: int, node_bytes: int) -> tuple[list[str], dict[str, float]]:
    with Processes() as procs:
        server = procs.redis()
        url = f"redis://127.0.0.1:{server.port}/0"
        client = redis.Redis.from_url(url)
        if node_bytes:
            client.config_set("stream-node-max-bytes", node_bytes)
        before = int(client.info("memory")["used_memory"])
        ids = asyncio.run(play(url, game_type, games, moves))
        after = int(client.info("memory")["used_memory"])
        per_kind = {}
        for n, kind in enumerate(("state", "events")):
            per_kind[kind] = statistics.mean(usage(client, [game_keys(i)[n] for i in ids]))
        indexes = [k.decode() if isinstance(k, bytes) else k for k in client.keys("zythos:index*")]
        index = usage(client, indexes)
        per_kind["indexes"] = sum(index) / len(ids)
        stream = client.xinfo_stream(game_keys(ids[0])[1])
        packed = client.hget(game_keys(ids[0])[0], "answers")
        answers = len(Answers.decode(unpack_state(packed) if packed else b""))
        client.close()
    total = sum(per_kind.values())
    row = [game_type, str(games), str(moves)]
    row += [f"{per_kind[k]:,.0f}" for k in ("state", "events", "indexes")]
    row += [
        f"{total:,.0f} ({total / KIB:.1f} KiB)",
        f"{(after - before) / games:,.0f}",
        f"{(after - before) / games * 1e6 / 2**30:,.1f} GiB",
    ]
    detail = {"events per game": float(stream["length"]), "answers per game": float(answers), "total": total}
    return row, detail


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per game type")
    parser.add_argument("--moves", type=int, default=50, help="moves played on each game")
    parser.add_argument("--game-types", default="tbbr_dice,tbbr")
    parser.add_argument(
        "--stream-node-max-bytes", type=int, default=0, help="Redis stream-node-max-bytes (0: default 4096)"
    )
    args = parser.parse_args()
    node = args.stream_node_max_bytes or "default"
    print(f"Redis memory per live game at 4 players after {args.moves} moves, stream-node-max-bytes {node} ")
    print(f"({machine()})\n")
    rows = []
    for game_type in args.game_types.split(","):
        row, detail = measure(game_type, args.games, args.moves, args.stream_node_max_bytes)
        rows.append(row)
        verdict = "within" if detail["total"] <= TARGET else "OVER"
        print(
            f"{game_type}: {detail['events per game']:.0f} event-stream entries (one per commit), "
            f"{detail['answers per game']:.0f} "
            f"stored answers per game; {verdict} the 16 KiB target",
            flush=True,
        )
    header = (
        "game type",
        "games",
        "moves",
        "state B (with answers)",
        "events B",
        "indexes B",
        "MEMORY USAGE per game",
        "used_memory delta per game",
        "1M games (used_memory)",
    )
    print("\n" + table(rows, header))


if __name__ == "__main__":
    main()
