"""Merge match results (``experiments.strength`` or ``arena --json`` files) and report them as one match.

Long matches can be split into runs with different seeds (their deals are
independent) and merged afterwards: each file's deals are renumbered so that
the confidence intervals still treat every deal as one independent sample.

    python -m ai_players.experiments.merge results/a.json results/b.json
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from ai_players.arena import GameRecord, format_report, record_from_json, report


def load_records(paths: Sequence[Path]) -> tuple[list[str], list[GameRecord]]:
    """The shared lineup and every game record, deals renumbered per file; refuses mixed lineups."""
    lineup: list[str] | None = None
    records: list[GameRecord] = []
    offset = 0
    for path in paths:
        data = json.loads(path.read_text())
        if lineup is not None and data["lineup"] != lineup:
            raise SystemExit(f"{path}: lineup {data['lineup']} differs from {lineup}")
        lineup = data["lineup"]
        rows = [record_from_json(row) for row in data["records"]]
        records += [GameRecord(**{**r.__dict__, "deal": r.deal + offset}) for r in rows]
        offset += 1 + max(r.deal for r in rows)
    if lineup is None:
        raise SystemExit("no result files given")
    return lineup, records


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    lineup, records = load_records(args.files)
    print(f"{len(records)} games from {len(args.files)} files")
    print(format_report(report(records), lineup[0], lineup[1] if len(lineup) > 1 else lineup[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
