"""From CreateTicket to a bot's first action on an empty server, against CreateGame with the same bot.

    .venv/bin/python bench/bench_matchmaking.py [--runs 5] [--bot-fill-after 2] [--game tbbr_dice]

Starts a private redis-server, one zythos server over it and one bot worker,
and waits for the worker. Each run alternates the two ways into a game
against one bot ("easy"), two seats:

- matchmaking: CreateTicket with ``bot_fill_after``, WatchTicket until
  MATCHED, then play the seat;
- baseline: CreateGame with a bot seat, then play the seat;

and measures, from the first call, when the ticket was matched and when the
bot acted first (the first event of the bot's seat after the game started,
read from StreamEvents; the bench's own seat plays at once when it is its
turn), then plays the game to its end. Prints each run, the medians, and
matchmaking's overhead over the baseline once ``bot_fill_after`` is taken
off. Target (issue #17): playing against bots within ``bot_fill_after`` +
1 s, and every game finishes.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.procs import Processes, free_port, machine
from zythos.client import ZythosClient, ZythosError
from zythos.matchmaking import MatchmakingClient
from zythos.v1 import game_service_pb2 as pb

BOT_SECRET = "bench-matchmaking"
SETUP_KINDS = ("game_created", "player_joined", "game_started")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--bot-fill-after", type=float, default=2.0)
    parser.add_argument("--game", default="tbbr_dice")
    return parser.parse_args()


async def first_bot_action(client: ZythosClient, game_id: str, seat: int) -> float:
    """When (perf_counter) the first event of another seat than ``seat`` came, after the setup."""
    async for event in client.stream_events(game_id):
        if event.seat not in (seat, -1) and event.kind not in SETUP_KINDS:
            return time.perf_counter()
    raise AssertionError(f"game {game_id} ended before a bot acted")


async def play(client: ZythosClient, game_id: str, seat: int, rng: random.Random) -> pb.Game:
    """Play ``seat`` with random legal actions until the game is over."""
    while (game := await client.get_game(game_id)).status in (pb.GAME_STATUS_WAITING, pb.GAME_STATUS_ACTIVE):
        if seat not in game.to_act:
            await asyncio.sleep(0.01)
            continue
        legal = await client.list_legal_actions(game_id)
        try:
            await client.submit_action(game_id, rng.choice(legal.actions).id, expected_version=legal.version)
        except ZythosError:  # the bot moved the game on meanwhile
            continue
    return game


async def through_matchmaking(
    target: str, game: str, fill: float, rng: random.Random
) -> tuple[float, float, int]:
    """Seconds from CreateTicket to MATCHED and to the bot's first action; the game's final status."""
    async with ZythosClient(target) as client:
        mm = MatchmakingClient(client)
        began = time.perf_counter()
        ticket = await mm.create_ticket(game, 2, "Bench", bot_fill_after=fill, bot_level="easy")
        matched = await mm.matched(ticket.ticket_id)
        matched_at = time.perf_counter()
        bot = asyncio.create_task(first_bot_action(client, matched.game_id, matched.seat))
        final = await play(client, matched.game_id, matched.seat, rng)
        return matched_at - began, await bot - began, final.status


async def through_create_game(target: str, game: str, rng: random.Random) -> tuple[float, float, int]:
    """The same with CreateGame and a bot at seat 1 (no wait to match: 0)."""
    async with ZythosClient(target) as client:
        began = time.perf_counter()
        created = await client.create_game(game, 2, "Bench", bots={1: "easy"})
        bot = asyncio.create_task(first_bot_action(client, created.game.game_id, created.seat))
        final = await play(client, created.game.game_id, created.seat, rng)
        return 0.0, await bot - began, final.status


def worker_connected(metrics_port: int) -> bool:
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5) as reply:
        return "zythos_bot_workers_connected 1.0" in reply.read().decode()


async def main() -> None:
    args = parse()
    rng = random.Random(17)
    with Processes() as procs:
        redis = procs.redis()
        metrics_port = free_port()
        server = procs.zythos(
            f"redis://127.0.0.1:{redis.port}/0", metrics_port=metrics_port, extra=("--bot-secret", BOT_SECRET)
        )
        procs.bots(server.target, BOT_SECRET, "--processes", "1")
        while not worker_connected(metrics_port):
            await asyncio.sleep(0.1)
        print(f"{machine()}; {args.game}, 2 seats, one 'easy' bot; bot_fill_after {args.bot_fill_after:g} s")
        print("run  way           matched s  first bot action s  final status")
        mm_bot, base_bot = [], []
        for run in range(1, args.runs + 1):
            matched, bot, status = await through_matchmaking(
                server.target, args.game, args.bot_fill_after, rng
            )
            mm_bot.append(bot)
            print(f"{run:>3}  matchmaking  {matched:>9.3f}  {bot:>18.3f}  {pb.GameStatus.Name(status)}")
            _, bot, status = await through_create_game(server.target, args.game, rng)
            base_bot.append(bot)
            print(f"{run:>3}  CreateGame   {'-':>9}  {bot:>18.3f}  {pb.GameStatus.Name(status)}")
        mm_median, base_median = statistics.median(mm_bot), statistics.median(base_bot)
        overhead = mm_median - args.bot_fill_after - base_median
        print(f"median first bot action: matchmaking {mm_median:.3f} s, CreateGame {base_median:.3f} s")
        print(
            f"matchmaking's overhead past bot_fill_after: {overhead * 1000:+.0f} ms "
            f"(worst run {max(mm_bot):.3f} s; target <= {args.bot_fill_after + 1:g} s)"
        )


if __name__ == "__main__":
    asyncio.run(main())
