"""``make run`` keeps games across its own restart (scripts/run_local.py): a real server process, on the
private redis-server the script starts, stopped the way Ctrl-C stops it and started again on the same
data directory. The creator's seat token still plays, and the bot seat still answers."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import free_port
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import tiny_dice_pb2 as td_pb

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def make_run(data_dir: Path, redis_port: int, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """scripts/run_local.py as ``make run`` starts it (with a bot worker), stopped by SIGINT as by Ctrl-C."""
    argv = [
        sys.executable,
        "scripts/run_local.py",
        "--data-dir",
        str(data_dir),
        "--redis-port",
        str(redis_port),
    ]
    argv += ["--", "--with-bots", "1", "--host", "127.0.0.1", "--port", str(port), "--metrics-port", "0"]
    env = {k: v for k, v in os.environ.items() if k != "ZYTHOS_REDIS_URL"}
    process = subprocess.Popen(argv, cwd=ROOT, env=env)
    try:
        yield process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            raise


async def serving(target: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        client = ZythosClient(target)
        try:
            await client.list_game_types()
            return
        except ZythosError:
            assert time.monotonic() < deadline, "the server did not serve in time"
            await asyncio.sleep(0.2)
        finally:
            await client.close()


async def my_turn_again(client: ZythosClient, game_id: str, after: int, timeout: float = 30.0) -> pb.Game:
    """The game once the bot has played (seat 0 on turn again, or the bot won) past version ``after``."""
    deadline = time.monotonic() + timeout
    while True:
        game = await client.get_game(game_id)
        if game.version > after and (list(game.to_act) == [0] or game.status == pb.GAME_STATUS_FINISHED):
            return game
        assert time.monotonic() < deadline, f"the bot did not play: {game}"
        await asyncio.sleep(0.1)


async def play_a_turn(client: ZythosClient, game: pb.Game) -> pb.Game:
    """Hold when the seat may, else roll, until the turn passes to the bot."""
    while list(game.to_act) == [0]:
        legal = await client.list_legal_actions(game.game_id)
        moves = {a.action.tiny_dice.move: a.id for a in legal.actions}
        move = moves.get(td_pb.TINY_DICE_MOVE_HOLD, moves[td_pb.TINY_DICE_MOVE_ROLL])
        game = (await client.submit_action(game.game_id, move, expected_version=legal.version)).game
    return game


async def test_a_game_against_a_bot_survives_a_restart_of_make_run(tmp_path: Path) -> None:
    port, redis_port = free_port(), free_port()
    target = f"127.0.0.1:{port}"
    with make_run(tmp_path, redis_port, port):
        await serving(target)
        ann = ZythosClient(target)
        created = await ann.create_game("tiny_dice", 2, "Ann", {"target": "20"}, bots={1: "easy"})
        game = await my_turn_again(ann, created.game.game_id, 0)
        game = await my_turn_again(ann, game.game_id, (await play_a_turn(ann, game)).version)
        token = ann.tokens[game.game_id]
        await ann.close()
    assert (tmp_path / "appendonlydir").is_dir()  # Redis 7 keeps its append-only files there
    with make_run(tmp_path, redis_port, port):
        await serving(target)
        again = ZythosClient(target)
        again.tokens[game.game_id] = token
        view = await again.get_view(game.game_id)
        assert view.your_seat == 0 and view.game.version == game.version
        played = await play_a_turn(again, view.game)
        await my_turn_again(again, game.game_id, played.version)
        await again.close()
