"""``--processes N``: N server processes sharing one port, so a node's cores all serve.

The server is CPU-bound Python: one process uses one core. The supervisor
starts N ``python -m server`` children with ``SO_REUSEPORT`` on the same port
(the kernel spreads new connections between them by a hash of each
connection's addresses), each with its own metrics port (``--metrics-port``
+ its index), all on the one Redis the games live in. It forwards SIGTERM
and SIGINT, so each child drains as a lone server would, and it stops the
others and exits non-zero as soon as one child dies: the pod is restarted
whole, rather than serving on with fewer cores than it was sized for.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from types import FrameType

from server.config import Config, env_name

log = logging.getLogger(__name__)

# Seconds the children get to drain after the signal, beyond their own drain grace.
STOP_MARGIN = 5.0


def free_port(host: str) -> int:
    with socket.socket() as sock:
        sock.bind((host if host not in ("", "0.0.0.0") else "127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def child_environment(config: Config, index: int, port: int) -> dict[str, str]:
    """The child's settings as ``ZYTHOS_*`` variables: one process on the shared port, no bots of its own."""
    child = dataclasses.replace(
        config,
        processes=1,
        reuse_port=1,
        port=port,
        with_bots=0,
        metrics_port=config.metrics_port + index if config.metrics_port else 0,
    )
    values = {env_name(spec.name): str(getattr(child, spec.name)) for spec in dataclasses.fields(child)}
    return {**os.environ, **values}


def start_children(config: Config, port: int) -> list[subprocess.Popen[bytes]]:
    return [
        subprocess.Popen([sys.executable, "-m", "server"], env=child_environment(config, index, port))
        for index in range(config.processes)
    ]


def supervise(config: Config, port: int) -> int:
    """Run ``config.processes`` children on ``port`` until a signal or a child's death; the exit status."""
    children = start_children(config, port)
    stopping = False

    def forward(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for child in children:
            if child.poll() is None:
                child.send_signal(signum)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, forward)
    log.info("serving on port %d with %d processes", port, len(children))
    while not stopping and all(child.poll() is None for child in children):
        time.sleep(0.2)
    if not stopping:
        dead = next(child for child in children if child.poll() is not None)
        log.error("server process %d exited with %s: stopping the others", dead.pid, dead.returncode)
        forward(signal.SIGTERM, None)
    deadline = time.monotonic() + config.drain_grace + STOP_MARGIN
    for child in children:
        try:
            child.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    codes = [child.returncode for child in children]
    return 0 if stopping and all(code == 0 for code in codes) else 1
