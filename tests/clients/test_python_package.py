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

from server.sessions.facade import Sessions
from server.store import MemoryStore
from tests.clients.wheels import ROOT, build_client_wheel, requirement_closure, wheel_of_installed
from tests.server.harness import Served, bot_worker, start_server

WALKTHROUGH = ROOT / "clients" / "python" / "examples" / "walkthrough.py"
# Run by the fresh virtualenv's python: the details of a refused call, read without googleapis-common-protos.
REFUSED = """
import asyncio, sys
from zythos.client import ZythosClient, ZythosError

async def main(target):
    async with ZythosClient(target) as client:
        try:
            await client.create_game("tiny_dice", 2, "")
        except ZythosError as error:
            print(error.code.name, error.reason, sorted(error.field_violations))

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
    (tmp_path / "refused.py").write_text(REFUSED)
    refused = await _run(tmp_path, python, str(tmp_path / "refused.py"), served.target)
    assert refused == ["INVALID_ARGUMENT INVALID_ARGUMENT ['display_name']"]
    with bot_worker(served.target):
        walked = await _run(tmp_path, python, str(WALKTHROUGH), served.target)
    assert walked[-1].startswith("finished: ranking [")
    assert sum(line.startswith("event ") for line in walked) > 4


async def _run(cwd: Path, *command: str) -> list[str]:
    """A command's output lines, run outside the repository so only the venv's zythos is seen."""
    child = await asyncio.create_subprocess_exec(*command, cwd=cwd, stdout=asyncio.subprocess.PIPE)
    output, _ = await asyncio.wait_for(child.communicate(), timeout=60)
    assert child.returncode == 0, output.decode()
    return output.decode().splitlines()
