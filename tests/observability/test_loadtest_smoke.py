"""The Locust smoke run: every scenario against a real server and Redis, no unexpected failure."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

from tests.observability.support import REPO


def test_smoke_run_passes_and_covers_every_scenario(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(REPO / "loadtest" / "smoke.py"),
            "--run-time",
            "15s",
            "--out-dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    with (tmp_path / "zythos_stats.csv").open(newline="") as f:
        counts = {row["Name"]: int(row["Request Count"]) for row in csv.DictReader(f)}
    # Players, spectators, the hot game, the lobby and the queuers all made their calls.
    calls = ("CreateGame", "JoinGame", "ListLegalActions", "SubmitAction", "ListGames", "LeaveGame")
    for name in (*calls, "CreatePlayer", "CreateTicket", "WatchTicket"):
        assert counts.get(name, 0) > 0, (name, counts)
    assert counts.get("StreamEvents", 0) + counts.get("StreamEvents [CANCELLED]", 0) > 0, counts
    assert (tmp_path / "zythos.html").stat().st_size > 0
