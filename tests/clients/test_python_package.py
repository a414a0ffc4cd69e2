"""The zythos-client package installs into an empty virtualenv with grpcio and protobuf only, and plays."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from packaging.utils import canonicalize_name

from server.sessions import Sessions
from server.store import MemoryStore
from tests.clients.wheels import build_client_wheel, requirement_closure, wheel_of_installed
from tests.server.harness import Served, start_server

# Run by the fresh virtualenv's python: a whole Tiny Dice game, one client per seat, and a stale version.
GAME = """
import asyncio, random, sys
import grpc
from zythos.client import ZythosClient, ZythosError

async def main(target):
    async with ZythosClient(target) as ann, ZythosClient(target) as bob:
        game = (await ann.create_game("tiny_dice", 2, "Ann")).game
        game = (await bob.join_game(game.game_id, "Bob")).game
        try:
            await ann.submit_action(game.game_id, "roll", expected_version=game.version + 5)
        except ZythosError as error:
            print("error", error.code.name, error.reason)
        players = [ann, bob]
        while game.status == 2:
            player = players[game.to_act[0]]
            legal = await player.list_legal_actions(game.game_id)
            choice = random.Random(len(legal.actions) + game.version).choice(legal.actions)
            game = (await player.submit_action(game.game_id, choice.id, expected_version=game.version)).game
        events = [e.kind async for e in bob.stream_events(game.game_id)]
        print("finished", game.status, list(game.ranking), events[-1])

asyncio.run(main(sys.argv[1]))
"""

REQUIRES = (
    "from importlib import metadata as m; print(*(r.split('>')[0] for r in m.requires('zythos-client')))"
)


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    running = await start_server(Sessions(MemoryStore()), "memory")
    yield running
    await running.close()


def _fresh_venv(tmp_path: Path) -> Path:
    """An empty virtualenv with zythos-client installed from local wheels only (no index)."""
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    build_client_wheel(wheels)
    for name in requirement_closure("grpcio", "protobuf"):
        wheel_of_installed(name, wheels)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    pip = _pip(venv)
    local = ("--no-index", "--find-links", str(wheels))
    subprocess.run([*pip, "install", "-q", *local, "zythos-client"], check=True)
    return venv


def _pip(venv: Path) -> list[str]:
    """This environment's pip acting on ``venv`` (so the new one needs no pip of its own)."""
    python = str(venv / "bin" / "python")
    return [sys.executable, "-m", "pip", "--disable-pip-version-check", "--python", python]


@pytest.mark.slow
async def test_the_client_package_installs_alone_and_plays_a_game(served: Served, tmp_path: Path) -> None:
    venv = await asyncio.to_thread(_fresh_venv, tmp_path)
    python = str(venv / "bin" / "python")
    listed = subprocess.run([*_pip(venv), "list", "--format", "json"], check=True, capture_output=True)
    installed = {canonicalize_name(p["name"]) for p in json.loads(listed.stdout)}
    assert installed == {"zythos-client", *requirement_closure("grpcio", "protobuf")}
    requires = subprocess.run([python, "-c", REQUIRES], check=True, capture_output=True).stdout.split()
    assert sorted(requires) == [b"grpcio", b"protobuf"]
    script = tmp_path / "game.py"
    script.write_text(GAME)
    child = await asyncio.create_subprocess_exec(
        python, str(script), served.target, cwd=tmp_path, stdout=asyncio.subprocess.PIPE
    )
    output, _ = await asyncio.wait_for(child.communicate(), timeout=60)
    assert child.returncode == 0
    lines = output.decode().splitlines()
    assert lines[0] == "error ABORTED STALE_VERSION"
    assert lines[1].startswith("finished 3 [") and lines[1].endswith("game_finished")
