"""Bad configuration stops the server and the worker with one line naming the setting, never a traceback."""

from __future__ import annotations

import dataclasses
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from ai_players.worker import WorkerConfig
from server.config import Config
from tests.conftest import free_port
from zythos import settings

ROOT = Path(__file__).resolve().parents[1]
SERVER = [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", "0", "--metrics-port", "0"]
WORKER = [sys.executable, "-m", "ai_players.worker", "--server", "127.0.0.1:1"]


def _refused(argv: Sequence[str], env: dict[str, str] | None = None) -> str:
    """Run ``argv`` and return its only stderr line; it must exit with status 2 at once."""
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, cwd=ROOT, env=env)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


@pytest.fixture
def taken_port() -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


@pytest.mark.parametrize(
    ("extra", "env", "says"),
    [
        (["--log-level", "LOUD"], {}, "--log-level: 'LOUD' is not one of DEBUG, INFO, WARNING, ERROR"),
        ([], {"ZYTHOS_CACHE_SIZE": "lots"}, "ZYTHOS_CACHE_SIZE: 'lots' is not an int"),
        (["--max-streams", "-5"], {}, "--max-streams: -5 is below the minimum 0"),
        ([], {"ZYTHOS_PORT": "70000"}, "ZYTHOS_PORT: 70000 is above the maximum 65535"),
        (["--web-client-dir", "clients/web"], {}, "--web-client-dir is served on --grpc-web-port: set one"),
    ],
)
def test_the_server_names_the_bad_setting(extra: list[str], env: dict[str, str], says: str) -> None:
    line = _refused([*SERVER, *extra], env={**_base_env(), **env})
    assert line.startswith("zythos-server: error:") and says in line


@pytest.mark.parametrize(
    ("extra", "env", "says"),
    [
        (["--capacity", "x"], {}, "--capacity: 'x' is not an int"),
        ([], {"ZYTHOS_BOT_CAPACITY": "0"}, "ZYTHOS_BOT_CAPACITY: 0 is below the minimum 1"),
        (["--levels", "easy,godlike"], {}, "--levels: 'godlike' is not one of easy, medium, hard"),
        ([], {"ZYTHOS_LOG_LEVEL": "chatty"}, "ZYTHOS_LOG_LEVEL: 'chatty' is not one of"),
    ],
)
def test_the_worker_names_the_bad_setting(extra: list[str], env: dict[str, str], says: str) -> None:
    line = _refused([*WORKER, *extra], env={**_base_env(), **env})
    assert line.startswith("zythos-bots: error:") and says in line


def test_ports_in_use_are_one_line(taken_port: int) -> None:
    metrics = _refused([*SERVER[:-1], str(taken_port)], env=_base_env())
    assert f"--metrics-port {taken_port}" in metrics and "in use" in metrics
    grpc_port = _refused([*SERVER[:6], str(taken_port), "--metrics-port", "0"], env=_base_env())
    assert f"--port {taken_port}" in grpc_port
    grpc_web = _refused([*SERVER, "--grpc-web-port", str(taken_port)], env=_base_env())
    assert f"--grpc-web-port {taken_port}" in grpc_web and "in use" in grpc_web
    worker = _refused([*WORKER, "--metrics-port", str(taken_port)], env=_base_env())
    assert f"--metrics-port {taken_port}" in worker and "in use" in worker


def test_metrics_listen_on_the_server_host_unless_told() -> None:
    """--host 127.0.0.2 puts /metrics on 127.0.0.2 only: 127.0.0.1 is refused."""
    port = free_port()
    argv = [sys.executable, "-m", "server", "--host", "127.0.0.2", "--port", "0", "--metrics-port", str(port)]
    process = subprocess.Popen(argv, cwd=ROOT, env=_base_env(), stderr=subprocess.DEVNULL)
    try:
        assert _scrape_until_up(f"http://127.0.0.2:{port}/metrics")
        with pytest.raises(urllib.error.URLError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2)
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert Config(host="10.0.0.1", metrics_host="0.0.0.0").metrics_address == "0.0.0.0"


def _scrape_until_up(url: str) -> str:
    import time

    for _ in range(200):
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                text: str = reply.read().decode()
                return text
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)
    raise AssertionError(f"{url} never answered")


def _base_env() -> dict[str, str]:
    import os

    return {key: value for key, value in os.environ.items() if not key.startswith("ZYTHOS_")}


@pytest.mark.parametrize("cls", [Config, WorkerConfig])
def test_every_setting_is_documented(cls: type) -> None:
    """docs/CONFIG.md has a row with each setting's flag and variable."""
    text = (ROOT / "docs" / "CONFIG.md").read_text()
    for spec in dataclasses.fields(cls):
        row = f"| `{settings.flag_name(spec)}` | `{settings.env_name(spec)}` |"
        assert row in text, f"docs/CONFIG.md lacks {row}"


def test_flags_beat_variables_beat_defaults_in_the_worker() -> None:
    from ai_players.worker import parse_args

    env = {"ZYTHOS_BOT_CAPACITY": "4", "ZYTHOS_BOT_LEVELS": "easy,HARD", "ZYTHOS_BOT_GAMES": "tbbr"}
    config = parse_args([], env)
    assert (config.capacity, config.levels, config.game_types) == (4, ("easy", "hard"), ("tbbr",))
    assert parse_args(["--capacity", "9", "--games", ""], env).capacity == 9
    assert parse_args(["--games", ""], env).game_types == ()
