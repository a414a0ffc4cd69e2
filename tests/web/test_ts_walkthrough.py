"""The TypeScript walk-through of docs/CLIENTS.md, run whole in Node against a live server.

clients/ts/examples/walkthrough.ts is bundled with esbuild and run with the server's gRPC-Web
port: it creates a game with a bot, plays it to the end with expected_version and request_id,
and follows the event stream across a disconnect. The docs quote a program that runs.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.sessions.facade import Sessions
from server.store import MemoryStore
from tests.conftest import free_port
from tests.server.harness import Served, bot_worker, start_server

ROOT = Path(__file__).resolve().parents[2]
ESBUILD = ROOT / "tools" / "node_modules" / ".bin" / "esbuild"


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    running = await start_server(Sessions(MemoryStore()), "memory", grpc_web_port=free_port())
    with bot_worker(running.target):
        yield running
    await running.close()


def bundle(out: Path) -> Path:
    script = out / "walkthrough.mjs"
    subprocess.run(
        [ESBUILD, "clients/ts/examples/walkthrough.ts", "--bundle", "--platform=node", "--format=esm",
         "--alias:@zythos/client=./clients/ts/src/index.ts", "--log-level=warning", f"--outfile={script}"],
        cwd=ROOT,
        check=True,
    )  # fmt: skip
    return script


async def test_the_typescript_walkthrough_plays_a_game_in_node(served: Served, tmp_path: Path) -> None:
    assert served.server.web is not None
    env = {**os.environ, "ZYTHOS_WEB": f"http://127.0.0.1:{served.server.web.port}"}
    node = await asyncio.create_subprocess_exec(
        "node", bundle(tmp_path), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    out, err = await asyncio.wait_for(node.communicate(), timeout=120)
    assert node.returncode == 0, err.decode()
    assert out.decode().startswith("game over: "), out.decode()
