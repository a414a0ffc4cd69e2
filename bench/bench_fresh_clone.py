"""From a fresh clone to a first move: ``make run``, then a game against a bot and its first move.

    .venv/bin/python bench/bench_fresh_clone.py [--port 50071]

Clones this repository's HEAD into a temporary folder, runs ``make run`` there
(it makes its own virtualenv from requirements/play.lock, installs the npm
tools and builds the web client) until the server says it is serving, then
plays what zythos-play's first screen does: a 2-player TBBR Dice game with an
easy bot, and the first move. Prints the seconds to a serving server and to
the first applied move. pip's and npm's download caches are the machine's
own: on a machine that has never fetched the packages, add their download.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.procs import free_port, machine
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb

ROOT = Path(__file__).resolve().parents[1]


async def first_move(target: str) -> None:
    async with ZythosClient(target) as client:
        game = (await client.create_game("tbbr_dice", 2, "Ann", bots={1: "easy"})).game
        while game.status != pb.GAME_STATUS_ACTIVE or 0 not in game.to_act:
            await asyncio.sleep(0.05)
            game = await client.get_game(game.game_id)
        legal = await client.list_legal_actions(game.game_id)
        await client.submit_action(game.game_id, legal.actions[0].id, expected_version=legal.version)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=50071)
    args = parser.parse_args()
    print(f"From a fresh clone to a first move ({machine()})")
    with tempfile.TemporaryDirectory(prefix="zythos-fresh-") as folder:
        clone = Path(folder) / "zythos"
        subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
        began = time.monotonic()
        flags = f"--port {args.port} --metrics-port 0 --grpc-web-port {free_port()}"
        log = (Path(folder) / "run.log").open("wb")
        run = subprocess.Popen(
            ["make", "run", f"ARGS={flags}"],
            cwd=clone,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            while b"serving zythos.v1" not in (Path(folder) / "run.log").read_bytes():
                assert run.poll() is None, (Path(folder) / "run.log").read_text()[-2000:]
                time.sleep(0.1)
            serving = time.monotonic() - began
            asyncio.run(first_move(f"127.0.0.1:{args.port}"))
            moved = time.monotonic() - began
        finally:
            if run.poll() is None:
                os.killpg(run.pid, signal.SIGTERM)
                run.wait(timeout=60)
    print(f"make run serving after {serving:.1f} s; first move applied {moved:.1f} s after make run started")


if __name__ == "__main__":
    main()
