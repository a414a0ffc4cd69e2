"""Balance report from bot self-play: win share by seat, by first brewmaster, by first coop opened,
and game length (Beer Pioneers; the target is no seat or single opening above 1.5x its fair share).

    taskset -c 0 nice .venv/bin/python -m ai_players.experiments.balance --game beer_pioneers \\
        --players 2 --games 1000 --policy greedy --epsilon 0.1 --seed 1 --out results/balance-2p.json

Every seat plays the same policy, each on a determinization of its own observation (no seat sees
another's hand or the pile). A win is shared among tied winners. An opening's share is the wins of
the seats that made that opening over the seats that made it; fair share is 1 / players.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ai_players.policies import make_policy
from engine.core import Event, Rng, registry

MIN_SAMPLE = 30  # openings made fewer times are listed but not judged


@dataclass
class GameSummary:
    """What one self-play game tells the report."""

    wins: list[float]  # per seat: 1 / number of winners, or 0
    rounds: int
    decisions: int
    first_master: list[str]  # per seat: the card name of the first brewmaster played, "" if none
    first_coop: list[str]  # per seat: the first coop opened, "" if none


def _firsts(events: Sequence[Event], players: int, kind: str, read: Any) -> list[str]:
    firsts = [""] * players
    for event in events:
        if event.kind == kind and 0 <= event.seat < players and not firsts[event.seat]:
            firsts[event.seat] = read(event.payload) or ""
    return firsts


def play(game_name: str, players: int, seed: int, policy_name: str, epsilon: float) -> GameSummary:
    """One self-play game from ``seed``."""
    game = registry.get(game_name)
    policy = make_policy(policy_name, game_name, epsilon)
    state, events = game.new_state_with_events(players, {}, seed)
    rng, decisions = Rng(seed ^ 0x5EED), 0
    while not state.is_terminal():
        seat = state.actors()[0]
        world = game.determinize(state.observe(seat), rng)
        action = policy.choose(world, seat, rng)
        events += state.apply(seat, state.action_by_id(seat, action.id))
        decisions += 1
    ranking = state.ranking()
    winners = ranking.count(1)
    from engine.beer_pioneers import data  # the report names brewmasters by their cards

    def master(payload: Any) -> str:
        return data.cards()[payload["card"]].name if payload.get("section") == "master" else ""

    return GameSummary(
        wins=[1 / winners if rank == 1 else 0.0 for rank in ranking],
        rounds=getattr(state, "round", 0),
        decisions=decisions,
        first_master=_firsts(events, players, "card_played", master),
        first_coop=_firsts(events, players, "coop_opened", lambda p: p["coop"]),
    )


@dataclass
class Share:
    label: str
    n: int
    share: float
    ratio: float  # share / fair share
    judged: bool


@dataclass
class BalanceReport:
    players: int
    games: int
    by_seat: list[Share] = field(default_factory=list)
    by_first_master: list[Share] = field(default_factory=list)
    by_first_coop: list[Share] = field(default_factory=list)
    rounds_mean: float = 0.0
    rounds_max: int = 0
    decisions_mean: float = 0.0
    worst_ratio: float = 0.0


def _shares(groups: dict[str, list[float]], players: int) -> list[Share]:
    shares = [
        Share(label, len(w), sum(w) / len(w), sum(w) / len(w) * players, len(w) >= MIN_SAMPLE)
        for label, w in groups.items()
    ]
    return sorted(shares, key=lambda s: -s.ratio)


def summarise(games: Sequence[GameSummary], players: int) -> BalanceReport:
    seats: dict[str, list[float]] = defaultdict(list)
    masters: dict[str, list[float]] = defaultdict(list)
    coops: dict[str, list[float]] = defaultdict(list)
    for game in games:
        for seat in range(players):
            seats[f"seat {seat}"].append(game.wins[seat])
            masters[game.first_master[seat] or "(none)"].append(game.wins[seat])
            coops[game.first_coop[seat] or "(none)"].append(game.wins[seat])
    out = BalanceReport(players, len(games))
    out.by_seat = _shares(seats, players)
    out.by_first_master = _shares(masters, players)
    out.by_first_coop = _shares(coops, players)
    out.rounds_mean = statistics.fmean(g.rounds for g in games)
    out.rounds_max = max(g.rounds for g in games)
    out.decisions_mean = statistics.fmean(g.decisions for g in games)
    judged = [s.ratio for s in (*out.by_seat, *out.by_first_master, *out.by_first_coop) if s.judged]
    out.worst_ratio = max(judged, default=0.0)
    return out


def format_report(report: BalanceReport) -> str:
    lines = [
        f"{report.players} players, {report.games} games: rounds mean {report.rounds_mean:.1f} "
        f"(max {report.rounds_max}), decisions mean {report.decisions_mean:.0f}; "
        f"worst judged ratio {report.worst_ratio:.2f} (target <= 1.5)"
    ]
    for title, shares in (
        ("seat", report.by_seat),
        ("first brewmaster", report.by_first_master),
        ("first coop opened", report.by_first_coop),
    ):
        lines.append(f"  by {title}:")
        lines += [
            f"    {s.label:<28} n={s.n:<5} share={s.share:.3f} ratio={s.ratio:.2f}"
            + ("" if s.judged else f" (n<{MIN_SAMPLE})")
            for s in shares
        ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai_players.experiments.balance")
    parser.add_argument("--game", default="beer_pioneers")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    games = []
    for n in range(args.games):
        games.append(play(args.game, args.players, args.seed * 1_000_003 + n, args.policy, args.epsilon))
        if (n + 1) % 100 == 0:
            print(f"{n + 1}/{args.games} games", file=sys.stderr, flush=True)
    report = summarise(games, args.players)
    print(format_report(report))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump({"args": vars(args), "report": asdict(report)}, handle, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
