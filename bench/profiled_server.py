"""Run ``python -m server`` with a cProfile of its event-loop thread, switched by signals.

    .venv/bin/python bench/profiled_server.py PROFILE_FILE [server flags...]

SIGUSR1 starts profiling, SIGUSR2 stops it and writes PROFILE_FILE, so the
profile holds the measured load only (no imports, no start-up, no warm-up).
The timer is the thread's CPU time: time spent waiting in epoll does not count.
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from server.__main__ import main


def run(profile: str, argv: list[str]) -> None:
    profiler = cProfile.Profile(time.thread_time)

    def start(signum: int, frame: FrameType | None) -> None:
        profiler.enable()

    def stop(signum: int, frame: FrameType | None) -> None:
        profiler.disable()
        profiler.dump_stats(profile)

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    main(argv)


if __name__ == "__main__":
    run(sys.argv[1], sys.argv[2:])
