"""``make run``: the server with its games kept on disk, so a restart of ``make run`` loses none.

When ``redis-server`` is installed, a private one is started for the server (127.0.0.1 only,
append-only file under ``--data-dir``, default ``.data/``) and the server uses it with
``--redis-url``: the same store as production, so games, event logs, seat tokens, bot seats,
players and tickets all survive. Without ``redis-server``, the server runs on its embedded memory
store, and this says so before it starts: games then last as long as the process. A
``--redis-url`` (or ``ZYTHOS_REDIS_URL``) given to ``make run`` is used as is.

Ctrl-C or SIGTERM drains the server first, then stops Redis, which writes its file on the way out.

    python scripts/run_local.py [--data-dir DIR] [--redis-port PORT] [-- server flags...]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

SERVER = [sys.executable, "-m", "server"]


def parse(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(prog="run_local", description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=Path(".data"), help="where Redis keeps its file")
    parser.add_argument("--redis-port", type=int, default=6390, help="port of the private redis-server")
    args, server_args = parser.parse_known_args(argv)
    return args, [a for a in server_args if a != "--"]


def wait_for_redis(port: int, process: subprocess.Popen[bytes], timeout: float = 20.0) -> None:
    """Until the private Redis answers PING (it loads its file first, which takes a moment)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"redis-server stopped at start (status {process.returncode}): is port {port} taken?")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                if conn.recv(64).startswith(b"+PONG"):
                    return
        except OSError:
            pass
        time.sleep(0.1)
    sys.exit(f"redis-server did not answer on port {port} within {timeout:.0f}s")


def start_redis(binary: str, data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    data_dir.mkdir(parents=True, exist_ok=True)
    argv = [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(data_dir.resolve())]
    argv += ["--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--logfile", "redis.log"]
    process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, start_new_session=True)
    wait_for_redis(port, process)
    return process


def run_server(server_args: list[str]) -> int:
    """The server in the foreground; a signal to this process is passed on to it (it drains)."""
    server = subprocess.Popen([*SERVER, *server_args], start_new_session=True)  # Ctrl-C reaches it once

    def forward(signum: int, _frame: object) -> None:
        server.send_signal(signum)

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, forward)
    return server.wait()


def main(argv: Sequence[str] | None = None) -> None:
    args, server_args = parse(argv)
    told = any(a.startswith("--redis-url") for a in server_args) or os.environ.get("ZYTHOS_REDIS_URL")
    binary = shutil.which("redis-server")
    if told or binary is None:
        if binary is None:
            print(
                "run_local: redis-server is not installed, so the server keeps games in memory and a "
                "restart loses them (install it, e.g. apt-get install redis-server, to keep them).",
                file=sys.stderr,
            )
        sys.exit(run_server(server_args))
    redis = start_redis(binary, args.data_dir, args.redis_port)
    print(
        f"run_local: games are kept by redis-server on port {args.redis_port} in {args.data_dir}/", flush=True
    )
    try:
        status = run_server([*server_args, "--redis-url", f"redis://127.0.0.1:{args.redis_port}/0"])
    finally:
        redis.terminate()  # SIGTERM: Redis flushes its append-only file, then exits
        redis.wait(timeout=30)
    sys.exit(status)


if __name__ == "__main__":
    main()
