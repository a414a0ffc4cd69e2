"""The strength matches of the AI acceptance criteria, one command each.

    .venv/bin/python -m ai_players.experiments.strength --game tbbr_dice --suite all \\
        --iters 40 --games 400 --workers 2 --out results/

Suites (player ``a`` is always the search at ``--iters`` iterations per decision):

- ``random``: 2 players, a vs the random player (target: score share >= 0.90);
- ``greedy``: 2 players, a vs the greedy heuristic (target: >= 0.65, CI lower bound > 0.55);
- ``four``: 4 players, a vs three greedy players (target: win share >= 0.40; parity is 0.25);
- ``scaling``: 2 players, 4x the budget vs the budget (target: >= +80 Elo over >= 200 games).

Every match is written to ``<out>/<game>-<suite>.json`` (report and all game
records) and summarised on stdout, with the seed, so any figure can be
reproduced with the same command.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict
from pathlib import Path

from ai_players.arena import format_report, load_game, report, run_match

SUITES = ("random", "greedy", "four", "scaling")


def lineup(suite: str, search: str, strong: str) -> list[str]:
    """The players of a suite, the measured player first."""
    return {
        "random": [search, "random"],
        "greedy": [search, "greedy"],
        "four": [search, "greedy", "greedy", "greedy"],
        "scaling": [strong, search],
    }[suite]


def spec(iters: int, rollout: str, extra: str) -> str:
    return f"mcts:iters={iters},rollout={rollout}" + (f",{extra}" if extra else "")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m ai_players.experiments.strength")
    parser.add_argument("--game", default="tbbr_dice", help="a registered game or module:attribute")
    parser.add_argument("--suite", default="all", choices=(*SUITES, "all"))
    parser.add_argument("--iters", type=int, default=40, help="iterations per decision of player a")
    parser.add_argument("--rollout", default="greedy")
    parser.add_argument(
        "--extra",
        default="depth=8,value=fitted,cut=turn",
        help="further search parameters (default: hard's), e.g. depth=8,c=0.7",
    )
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="game option name=value")
    parser.add_argument("--out", default="results", help="directory for the JSON results")
    args = parser.parse_args()

    game = load_game(args.game)
    options = dict(item.split("=", 1) for item in args.option)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    search = spec(args.iters, args.rollout, args.extra)
    strong = spec(4 * args.iters, args.rollout, args.extra)
    for suite in SUITES if args.suite == "all" else (args.suite,):
        players = lineup(suite, search, strong)
        start = time.perf_counter()
        records = run_match(game, players, args.games, args.seed, options, args.workers, progress=True)
        elapsed = time.perf_counter() - start
        result = report(records)
        print(f"[{suite}] {len(players)} players, seed {args.seed}, {elapsed:.0f} s, {args.workers} workers")
        print(format_report(result, players[0], players[1]))
        path = out / f"{game.name}-{suite}.json"
        path.write_text(
            json.dumps(
                {
                    "suite": suite,
                    "lineup": players,
                    "games": args.games,
                    "seed": args.seed,
                    "options": options,
                    "seconds": elapsed,
                    "report": asdict(result),
                    "records": [asdict(r) for r in records],
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
