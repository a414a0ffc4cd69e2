"""A short, self-contained load run: private Redis, a server on loopback, Locust headless.

    .venv/bin/python loadtest/smoke.py [--run-time 20s] [--users 12] [--out-dir DIR]

It starts its own ``redis-server``, ``zythos-server`` and bot worker (for the
queuers' bot-filled games) on free loopback ports, runs every scenario of
loadtest/locustfile.py, writes Locust's CSV and HTML reports to
``--out-dir``, scrapes the server's /metrics, stops what it started, and
exits non-zero on any unexpected failure (failed requests, exceptions in
users, no traffic at all, or a server whose metrics did not count it).
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

REPO = Path(__file__).resolve().parents[1]
LOCUSTFILE = REPO / "loadtest" / "locustfile.py"
REPORT_PREFIX = "zythos"
BOT_SECRET = "smoke-bot-secret"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def running(
    command: list[str], log: Path, env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``command`` for the duration of the block, logging to ``log``; SIGTERM it after."""
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=REPO)
        try:
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def wait_until(
    ready: Callable[[], bool], what: str, process: subprocess.Popen[bytes], timeout: float = 30.0
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"smoke: {what} exited with code {process.returncode}")
        if ready():
            return
        time.sleep(0.1)
    raise SystemExit(f"smoke: {what} not ready after {timeout:.0f} s")


def redis_ready(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def server_serving(port: int) -> bool:
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        try:
            reply = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
        except grpc.RpcError:
            return False
        return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)


def metric_total(url: str, name: str) -> float:
    """Sum of every series of ``name`` in a /metrics exposition."""
    with urllib.request.urlopen(url, timeout=5) as response:
        text = response.read().decode()
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith(name + "{") or line.startswith(name + " ")
    )


def read_csv(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def problems(out_dir: Path) -> list[str]:
    """Everything in Locust's reports that makes the run a failure."""
    found: list[str] = []
    stats = read_csv(out_dir / f"{REPORT_PREFIX}_stats.csv")
    total = next((row for row in stats if row["Name"] == "Aggregated"), None)
    if total is None or int(total["Request Count"]) == 0:
        found.append("no request was made")
    elif int(total["Failure Count"]) > 0:
        found.append(f"{total['Failure Count']} of {total['Request Count']} requests failed")
    for row in read_csv(out_dir / f"{REPORT_PREFIX}_failures.csv"):
        found.append(f"failure: {row['Name']}: {row['Error']} (x{row['Occurrences']})")
    for row in read_csv(out_dir / f"{REPORT_PREFIX}_exceptions.csv"):
        found.append(f"exception in a user (x{row['Count']}): {row['Message']}")
    return found


def summary(out_dir: Path) -> str:
    rows = read_csv(out_dir / f"{REPORT_PREFIX}_stats.csv")
    lines = [f"{'request':36} {'count':>8} {'fail':>6} {'p50 ms':>8} {'p99 ms':>8} {'req/s':>8}"]
    for row in rows:
        lines.append(
            f"{row['Name'][:36]:36} {row['Request Count']:>8} {row['Failure Count']:>6} "
            f"{row['50%']:>8} {row['99%']:>8} {float(row['Requests/s']):>8.1f}"
        )
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--run-time", default="20s", help="Locust --run-time (default 20s)")
    parser.add_argument("--users", type=int, default=12, help="concurrent Locust users (default 12)")
    parser.add_argument(
        "--spawn-rate", type=float, default=12.0, help="users started per second (default 12)"
    )
    parser.add_argument(
        "--out-dir", type=Path, help="where the CSV and HTML reports go (default: a temp dir)"
    )
    parser.add_argument("--redis-server", default=shutil.which("redis-server") or "/usr/bin/redis-server")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    out_dir: Path = args.out_dir or Path(tempfile.mkdtemp(prefix="zythos-smoke-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    redis_port, grpc_port, metrics_port = free_port(), free_port(), free_port()
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    redis_command = [
        args.redis_server, "--port", str(redis_port), "--bind", "127.0.0.1",
        "--save", "", "--appendonly", "no", "--dir", str(out_dir),
    ]  # fmt: skip
    server_command = [
        sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", str(grpc_port),
        "--metrics-port", str(metrics_port), "--redis-url", f"redis://127.0.0.1:{redis_port}/0",
        "--bot-secret", BOT_SECRET,
    ]  # fmt: skip
    # A quick, one-process worker: the queuers' bots must not starve the server of the second core.
    bots_command = [
        sys.executable, "-m", "ai_players.worker", "--server", f"127.0.0.1:{grpc_port}",
        "--bot-secret", BOT_SECRET, "--processes", "1", "--max-iterations", "4",
    ]  # fmt: skip
    locust_command = [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless",
        "--host", f"127.0.0.1:{grpc_port}", "--users", str(args.users), "--spawn-rate", str(args.spawn_rate),
        "--run-time", args.run_time, "--stop-timeout", "5", "--loglevel", "WARNING",
        "--csv", str(out_dir / REPORT_PREFIX), "--html", str(out_dir / f"{REPORT_PREFIX}.html"),
    ]  # fmt: skip
    with running(redis_command, out_dir / "redis.log") as redis:
        wait_until(lambda: redis_ready(redis_port), "redis-server", redis)
        with running(server_command, out_dir / "server.log", env) as server:
            wait_until(lambda: server_serving(grpc_port), "zythos server", server)
            with running(bots_command, out_dir / "bots.log", env):
                locust = subprocess.run(locust_command, env=env, cwd=REPO, capture_output=True, text=True)
            metrics_url = f"http://127.0.0.1:{metrics_port}/metrics"
            handled = metric_total(metrics_url, "grpc_server_handled_total")
            applied = metric_total(metrics_url, "zythos_actions_applied_total")

    print(summary(out_dir))
    print(f"server counted {handled:.0f} RPCs and {applied:.0f} applied actions; reports in {out_dir}")
    found = problems(out_dir)
    if handled == 0 or applied == 0:
        found.append("the server's grpc_server_handled_total or zythos_actions_applied_total did not move")
    if locust.returncode != 0 and not found:
        found.append(f"locust exited with code {locust.returncode}:\n{locust.stderr[-4000:]}")
    for problem in found:
        print(f"smoke: {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
