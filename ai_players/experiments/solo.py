"""Solo results against the Automa: victory rate and mean score per player, and paired differences.

Each file is one player's ``arena --players 1 --json`` result. Files played with
the same ``--seed`` share their deals (a deal fixes the game seed and the dice
stream), so the difference of two players' scores on one deal is one sample in
which most of the deal's luck cancels: the paired interval is far narrower
than the difference of two independent means.

    python -m ai_players.arena --game tbbr_dice --players 1 --a greedy --games 400 --seed 1 --json G.json
    python -m ai_players.arena --game tbbr_dice --players 1 --a level:hard --games 400 --seed 1 --json H.json
    python -m ai_players.experiments.solo G.json H.json

The first file is the baseline every other one is compared with. A player's
runs with several seeds are joined with ``+`` (``G1.json+G2.json``), in the
same order for every player, and merged as ``experiments.merge`` does.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ai_players.arena import Estimate, GameRecord
from ai_players.experiments.merge import load_records


@dataclass(frozen=True)
class SoloSummary:
    """One player's solo games: rates and means with 95% CIs over deals (one game per deal)."""

    deals: int
    victory: Estimate
    score: Estimate
    ms_per_decision: float
    iterations_per_decision: float


def summary(records: Sequence[GameRecord]) -> SoloSummary:
    """Victory rate and mean score over the deals, and the searched decisions' mean time."""
    decisions = sum(r.search_decisions for r in records)
    seconds = sum(r.search_seconds for r in records)
    return SoloSummary(
        deals=len(records),
        victory=Estimate.of([float(r.ranking[0] == 1) for r in records], 0.0, 1.0),
        score=Estimate.of([r.scores[0] for r in records]),
        ms_per_decision=1000 * seconds / decisions if decisions else 0.0,
        iterations_per_decision=sum(r.search_iterations for r in records) / decisions if decisions else 0.0,
    )


def paired(base: Sequence[GameRecord], other: Sequence[GameRecord]) -> tuple[Estimate, Estimate]:
    """``other`` minus ``base`` on the deals both played: (score difference, victory difference)."""
    by_deal = {r.deal: r for r in base}
    pairs = [(by_deal[r.deal], r) for r in other if r.deal in by_deal]
    if len(pairs) < 2:
        raise ValueError("fewer than two deals in common: were the files played with the same seed?")
    scores = [o.scores[0] - b.scores[0] for b, o in pairs]
    wins = [float(o.ranking[0] == 1) - float(b.ranking[0] == 1) for b, o in pairs]
    return Estimate.of(scores), Estimate.of(wins, -1.0, 1.0)


def _seeds(paths: Sequence[Path]) -> tuple[str | None, ...]:
    """The ``--seed`` of each run, in order (None where the file does not say)."""
    seeds = []
    for path in paths:
        argv = json.loads(path.read_text()).get("argv", [])
        seeds.append(argv[argv.index("--seed") + 1] if "--seed" in argv[:-1] else None)
    return tuple(seeds)


def _est(e: Estimate, digits: int) -> str:
    return f"{e.mean:+.{digits}f} [{e.low:+.{digits}f}, {e.high:+.{digits}f}]"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "files", nargs="+", help="solo arena results (A.json or A1.json+A2.json); first: baseline"
    )
    args = parser.parse_args(argv)
    players = [[Path(part) for part in item.split("+")] for item in args.files]
    seeds = {_seeds(paths) for paths in players}
    if len(seeds) > 1:
        raise SystemExit(f"the players' runs have different seeds: {sorted(seeds, key=str)}")
    runs = [load_records(paths) for paths in players]
    base = runs[0][1]
    for name, (lineup, records) in zip(args.files, runs, strict=True):
        s = summary(records)
        print(f"{lineup[0]} ({name}): {s.deals} deals, 95% CIs over deals")
        print(f"  victory rate  {s.victory.mean:.3f} [{s.victory.low:.3f}, {s.victory.high:.3f}]")
        print(f"  mean score    {s.score.mean:.1f} [{s.score.low:.1f}, {s.score.high:.1f}]")
        if s.ms_per_decision:
            its, ms = s.iterations_per_decision, s.ms_per_decision
            print(f"  search        {its:.1f} iterations, {ms:.1f} ms (wall) per searched decision")
        if records is not base:
            score, wins = paired(base, records)
            print(f"  minus {runs[0][0][0]}, paired over the same deals:")
            print(f"    score       {_est(score, 1)}")
            print(f"    victory     {_est(wins, 3)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
