"""The processes a server benchmark runs: a private redis-server, zythos servers, the CAS ceiling.

Everything listens on 127.0.0.1 on free ports and is stopped by ``Processes.close``
(also on errors), so a benchmark never touches the machine's own Redis or leaves
anything running. ``CpuMeter`` reads /proc to say which process was the bottleneck.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
REDIS_BINARY = "/usr/bin/redis-server"
_SERVING = re.compile(rb"serving \S+ on [^:\s]+:(\d+)")
_CLK_TCK = os.sysconf("SC_CLK_TCK")


def _env() -> dict[str, str]:
    """This environment, with the repository importable."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def free_port() -> int:
    """A loopback TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listened on {port} within {timeout}s")


@dataclass
class Child:
    """A started process, the port it serves and its log file."""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"


def _wait_for_log_port(process: subprocess.Popen[bytes], log: Path, timeout: float = 30.0) -> int:
    """The port a server announced in its log (it was started with ``--port 0``)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited with {process.returncode}:\n{log.read_text()}")
        match = _SERVING.search(log.read_bytes())
        if match:
            return int(match[1])
        time.sleep(0.05)
    raise RuntimeError(f"{process.args!r} did not report its port within {timeout}s:\n{log.read_text()}")


@dataclass
class Processes:
    """Owns every child of one benchmark run and stops them all on ``close``."""

    workdir: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="zythos-bench-")))
    children: list[Child] = field(default_factory=list)

    def __enter__(self) -> Processes:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def _spawn(
        self, name: str, argv: Sequence[str], env: dict[str, str] | None = None
    ) -> tuple[subprocess.Popen[bytes], Path]:
        log = self.workdir / f"{name}-{len(self.children)}.log"
        with log.open("wb") as sink:
            process = subprocess.Popen(
                list(argv),
                stdout=sink,
                stderr=subprocess.STDOUT,
                cwd=ROOT,
                env=env,
                # No preexec_fn: Python then starts the child with vfork, so no fork handler runs in
                # it. With one, gRPC's fork handler in a parent that holds channels restarts its
                # poller in the child before exec, which then aborts ("epoll_wait ... Bad file
                # descriptor", grpc/grpc#43055). A child outliving a killed parent is stopped by hand.
                start_new_session=True,  # its own group, so ``kill`` reaches its children too
            )
        return process, log

    def redis(self) -> Child:
        """A private redis-server: no persistence, loopback only."""
        port = free_port()
        argv = [
            REDIS_BINARY,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.workdir),
        ]
        process, log = self._spawn("redis", argv)
        child = Child("redis", process, port, log)
        self.children.append(child)
        _wait_for_port(port, process)
        return child

    def zythos(
        self,
        redis_url: str,
        *,
        metrics_port: int = 0,
        profile_to: Path | None = None,
        extra: Sequence[str] = (),
        port: int = 0,
    ) -> Child:
        """``python -m server`` on ``port`` (0: a free one) over ``redis_url``, with ``extra`` flags.

        ``profile_to``: under cProfile (bench/profiled_server.py).
        """
        runner = ["-m", "server"]
        if profile_to:
            runner = [str(BENCH / "profiled_server.py"), str(profile_to)]
        argv = [
            sys.executable,
            *runner,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--redis-url",
            redis_url,
            "--metrics-port",
            str(metrics_port),
            "--log-level",
            "INFO",
            *extra,
        ]
        process, log = self._spawn("zythos", argv, _env())
        child = Child("zythos", process, port, log)
        self.children.append(child)
        if port:
            _wait_for_port(port, process, timeout=30.0)
        else:
            child.port = _wait_for_log_port(process, log)
        return child

    def bots(self, target: str, bot_secret: str, *extra: str) -> Child:
        """A ``zythos-bots`` worker serving ``target`` (any address list ``zythos.channel`` takes)."""
        argv = [sys.executable, "-m", "ai_players.worker", "--server", target, "--bot-secret", bot_secret]
        argv += extra
        process, log = self._spawn("bots", argv, _env())
        child = Child("bots", process, 0, log)
        self.children.append(child)
        return child

    def kill(self, child: Child) -> None:
        """SIGKILL the child and every process of its group (a worker's search processes too)."""
        if child.process.poll() is None:
            os.killpg(child.process.pid, signal.SIGKILL)
            child.process.wait()
        if child in self.children:
            self.children.remove(child)

    def ceiling(self, redis_url: str, blob_bytes: int, port: int = 0) -> Child:
        """The bare grpc.aio + one-Lua-CAS server (bench/ceiling_server.py).

        With a ``port``, it shares that port with other ceilings (SO_REUSEPORT).
        """
        argv = [
            sys.executable,
            str(BENCH / "ceiling_server.py"),
            "--redis-url",
            redis_url,
            "--blob-bytes",
            str(blob_bytes),
            "--port",
            str(port),
            *(["--reuse-port"] if port else []),
        ]
        process, log = self._spawn("ceiling", argv)
        child = Child("ceiling", process, 0, log)
        self.children.append(child)
        child.port = _wait_for_log_port(process, log)
        return child

    def stop(self, child: Child, timeout: float = 20.0) -> None:
        """SIGTERM (servers drain and exit; cProfile writes its file), then SIGKILL if it hangs."""
        if child.process.poll() is None:
            child.process.send_signal(signal.SIGTERM)
            try:
                child.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                child.process.kill()
                child.process.wait()
        if child in self.children:
            self.children.remove(child)

    def close(self) -> None:
        for child in reversed(list(self.children)):
            self.stop(child)
        if os.environ.get("ZYTHOS_KEEP_LOGS"):  # for a post-mortem of a failed run
            print(f"process logs kept in {self.workdir}", file=sys.stderr)
            return
        shutil.rmtree(self.workdir, ignore_errors=True)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / _CLK_TCK


def wait_idle(pid: int, busy_share: float = 0.05, step: float = 0.5, timeout: float = 600.0) -> float:
    """Wait until a process uses under ``busy_share`` of a core over ``step`` seconds; seconds waited.

    A measurement must not start while a freshly started server still warms up
    (imports, its first store calls).
    """
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        before = cpu_seconds(pid)
        time.sleep(step)
        if cpu_seconds(pid) - before < busy_share * step:
            break
    return time.monotonic() - began


def children_of(pid: int) -> list[int]:
    """The live processes whose parent is ``pid`` (from /proc): a supervisor's workers."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


class CpuMeter:
    """CPU used by named processes between ``start`` and ``stop``, as a share of one core."""

    def __init__(self, pids: dict[str, int]) -> None:
        self._pids = pids
        self._begin: dict[str, float] = {}
        self._t0 = 0.0
        self.shares: dict[str, float] = {}

    def start(self) -> None:
        self._t0 = time.perf_counter()
        self._begin = {name: cpu_seconds(pid) for name, pid in self._pids.items()}

    def stop(self) -> dict[str, float]:
        elapsed = time.perf_counter() - self._t0
        self.shares = {
            name: (cpu_seconds(pid) - self._begin[name]) / elapsed for name, pid in self._pids.items()
        }
        return self.shares

    def seconds(self, name: str, elapsed: float) -> float:
        return self.shares[name] * elapsed


def machine() -> str:
    """One line naming the machine: cores, CPU model, Python."""
    model = "unknown CPU"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.partition(":")[2].strip()
            break
    load = os.getloadavg()
    return (
        f"{os.cpu_count()} cores, {model}, Python {sys.version.split()[0]}, "
        f"load average {load[0]:.2f} at start"
    )
