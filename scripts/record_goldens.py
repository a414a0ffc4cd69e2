"""Record the golden replays that pin the engines' behaviour: tests/golden/data/<game type>.json.gz.

Usage: python scripts/record_goldens.py [--games 50] [--out tests/golden/data]

For every registered game type, every player count it supports and every combination of its
enumerated options (the dice game's Blocked Cheese, Mixed Goals and Toast, each alone and
combined, solo included; the board game's shorter game), plays ``--games`` games from deal seeds
1..N with a seeded uniform choice of acting seat and legal action and seeded chance outcomes,
and writes per game the seed, options and every step (to replay it), the sha256 of the
canonical event log and the scores and ranking (to compare), plus the whole event log of the
first two games of each configuration (to show the first differing event).
tests/golden/test_golden_replays.py replays them all. The format is in tests/golden/goldens.py.
The output is deterministic: running the script twice writes byte-identical files.

When to regenerate: only when the engines' behaviour changes on purpose (a rules fix, a new
event, a new game type or option), never to make a refactor's failing golden test pass, since
that test is the proof the refactor preserved behaviour. Regenerate in a commit of its own whose
message names the behaviour change and why, so reviewers see that the goldens moved and why:

    .venv/bin/python scripts/record_goldens.py
    git add tests/golden/data && git commit -m "Goldens: re-recorded after <the rules fix>"
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import registry
from tests.golden.goldens import DATA_DIR, GAMES_PER_CONFIG, configurations, data_path, encode, record_config


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES_PER_CONFIG, help="games per configuration")
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="directory of the data files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    configs = configurations()
    for game in registry.all_games():
        recorded = [record_config(c, args.games) for c in configs if c.game == game.name]
        path = data_path(game.name, args.out)
        path.write_bytes(encode(game.name, recorded))
        print(f"{path}: {len(recorded)} configurations x {args.games} games, {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
