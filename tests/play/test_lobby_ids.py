"""Game ids in the lobby: shown as long as they must be to tell games apart, and picked by prefix only when
exactly one game fits; and ``zythos-play`` without its extra says how to install it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from zythos_play.ids import matching, short_ids

ROOT = Path(__file__).resolve().parents[2]


def test_games_opened_in_the_same_minute_are_shown_apart() -> None:
    """Ids start with the creation milliseconds: two games a second apart share 8 characters and more."""
    first, second, alone = "019af3c2d1a07f3e9b21", "019af3c2d5e1aa01c2d3", "019b000000000000ffff"
    short = short_ids([first, second, alone])
    assert short == {first: "019af3c2d1", second: "019af3c2d5", alone: "019b0000"}
    assert len(set(short.values())) == 3


def test_a_prefix_names_one_game_or_all_it_fits() -> None:
    ids = ["019af3c2d1a07f3e9b21", "019af3c2d5e1aa01c2d3"]
    assert matching("019af3c2", ids) == ids
    assert matching(" 019AF3C2D5 ", ids) == ids[1:]
    assert matching("", ids) == [] and matching("ff", ids) == []


def test_without_the_play_extra_the_command_says_how_to_install_it() -> None:
    """Textual missing (no play extra installed): a sentence and exit status 1, no traceback."""
    blocked = "import sys; sys.modules['textual'] = None; from zythos_play.__main__ import main; main([])"
    done = subprocess.run(
        [sys.executable, "-c", blocked], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert "pip install 'zythos[play]'" in done.stderr and "Traceback" not in done.stderr
