"""Redis bytes per game over a whole game: the curve as moves accumulate, and what a finished game keeps.

    .venv/bin/python bench/bench_game_footprint.py [--games 20] [--players 4] [--every 25]

For each game type, on a fresh private redis-server: creates ``--games`` games
through the domain layer (``Sessions`` over ``RedisStore``), plays random
legal moves to the end, one request id per move, and after every ``--every``
moves reads MEMORY USAGE of each game's keys (state with its answers, and the
event stream, which grows with every commit). Prints the mean bytes per game
at each point, the finished footprint, and the time-to-live Redis holds the
finished game for (``--finished-ttl``, the bound on how long it costs).
Memory is counted in bytes, so the figures do not depend on how busy the
machine is.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bench_server_memory import usage
from bench.procs import Processes, machine
from bench.report import table
from bench.scripted_games import game_keys, play_script, seat_game, submit_move
from engine.core.rng import Rng
from server.sessions.facade import Sessions
from server.store import Expiry
from server.store.redis_store import RedisStore

KIB = 1024


@dataclass
class Footprint:
    """Bytes per game (state + event stream) along whole games, and what the finished games keep."""

    curve: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))  # moves played -> bytes
    finished: list[int] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)  # moves per game
    ttls_ms: list[int] = field(default_factory=list)  # the event stream's time to live once finished


async def play_sampled(url: str, game_type: str, games: int, players: int, every: int) -> Footprint:
    """Play ``games`` to the end, sampling each game's bytes every ``every`` moves."""
    store = RedisStore(url, Expiry())
    sessions = Sessions(store)
    client = redis.Redis.from_url(url)
    rng = Rng(11)
    samples = Footprint()
    try:
        for _ in range(games):
            game_id, tokens = await seat_game(sessions, game_type, players)
            loaded = await store.load(game_id)
            assert loaded is not None
            keys = list(game_keys(game_id))
            samples.curve[0].append(sum(usage(client, keys)))
            script = play_script(loaded, tokens, 100_000, rng)
            for n, move in enumerate(script.moves, start=1):
                await submit_move(sessions, game_id, move)
                if n % every == 0:
                    samples.curve[n].append(sum(usage(client, keys)))
            final = await store.load(game_id)
            assert final is not None and final.record.status.value == "FINISHED"
            samples.finished.append(sum(usage(client, keys)))
            samples.lengths.append(len(script.moves))
            samples.ttls_ms.append(int(client.pttl(keys[1])))
    finally:
        client.close()
        await store.close()
    return samples


def report(game_type: str, samples: Footprint, games: int) -> list[list[str]]:
    rows = []
    for moves, values in sorted(samples.curve.items()):
        rows.append([game_type, str(moves), f"{len(values)}/{games}", f"{statistics.mean(values):,.0f}"])
    finished, lengths = samples.finished, samples.lengths
    end = f"end ({statistics.mean(lengths):.0f} moves on average, {max(lengths)} at most)"
    size = f"{statistics.mean(finished):,.0f} (max {max(finished):,}, {max(finished) / KIB:.1f} KiB)"
    rows.append([game_type, end, f"{len(finished)}/{games}", size])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game type")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--every", type=int, default=25, help="moves between two samples")
    parser.add_argument("--game-types", default="tbbr_dice,tbbr")
    args = parser.parse_args()
    print(f"Redis bytes per game over whole games at {args.players} players ({machine()})\n")
    rows: list[list[str]] = []
    ttls = {}
    for game_type in args.game_types.split(","):
        with Processes() as procs:
            server = procs.redis()
            url = f"redis://127.0.0.1:{server.port}/0"
            samples = asyncio.run(play_sampled(url, game_type, args.games, args.players, args.every))
        rows += report(game_type, samples, args.games)
        ttls[game_type] = min(samples.ttls_ms) / 1000 / 3600
    print(table(rows, ("game type", "moves played", "games still running", "MEMORY USAGE per game, bytes")))
    for game_type, hours in ttls.items():
        print(
            f"{game_type}: a finished game's keys expire {hours:.1f} h after its last move (--finished-ttl)"
        )


if __name__ == "__main__":
    main()
