"""The worker's /healthz (its liveness probe) follows the assignment stream, not the process.

A real ``zythos-bots`` process against a real ``python -m server`` process:
200 while the stream is open; once the server is killed, 503 after the health
window; 200 again when a server is back on the same address and the worker
reconnects.
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request

from ai_players.health import StreamHealth
from bench.procs import Processes, free_port

SECRET = "health-test-secret"
WINDOW = 2.0


def status(port: int) -> int:
    """The HTTP status of GET /healthz, or 0 while nothing listens."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as reply:
            code: int = reply.status
            return code
    except urllib.error.HTTPError as error:
        return error.code
    except (urllib.error.URLError, ConnectionError):
        return 0


def wait_for_status(port: int, wanted: int, timeout: float) -> float:
    """Poll /healthz until it answers ``wanted``; the seconds it took."""
    began = time.monotonic()
    while (seen := status(port)) != wanted:
        assert time.monotonic() - began < timeout, f"/healthz answered {seen}, not {wanted}, for {timeout} s"
        time.sleep(0.1)
    return time.monotonic() - began


def test_healthz_is_503_once_the_server_is_gone_for_the_window_and_200_after_a_reconnect() -> None:
    grpc_port, health_port = free_port(), free_port()
    with Processes() as procs:
        server_flags = ("--port", str(grpc_port), "--bot-secret", SECRET)
        server = procs.zythos("", extra=server_flags)
        procs.bots(
            f"ipv4:127.0.0.1:{grpc_port}",
            SECRET,
            "--health-port",
            str(health_port),
            "--health-window",
            str(WINDOW),
            "--reconnect-seconds",
            "0.2",
        )
        wait_for_status(health_port, 200, timeout=60)

        procs.kill(server)
        time.sleep(WINDOW / 2)
        assert status(health_port) == 200, "still within the window after the stream broke"
        waited = wait_for_status(health_port, 503, timeout=WINDOW + 10)
        assert waited + WINDOW / 2 >= WINDOW - 0.5, "503 before the window had passed"

        procs.zythos("", extra=server_flags)
        wait_for_status(health_port, 200, timeout=30)
        with urllib.request.urlopen(f"http://127.0.0.1:{health_port}/healthz", timeout=2) as reply:
            assert reply.read().decode().strip() == "assignment stream open"


def test_stream_health_keeps_the_window_from_the_last_open_moment() -> None:
    now = [100.0]
    health = StreamHealth(window=10, clock=lambda: now[0])
    now[0] = 109
    assert health.healthy(), "a starting worker gets one window to connect"
    now[0] = 111
    assert not health.healthy()
    health.opened()
    now[0] = 500
    assert health.healthy(), "open for as long as it lasts"
    health.closed()
    now[0] = 510
    assert health.healthy()
    now[0] = 510.5
    assert not health.healthy()
