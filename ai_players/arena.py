"""Engine-level tournaments: seat rotation over identical deals, and strength with confidence intervals.

A match puts player ``a`` against a field of ``b`` players (one in a 2-player
game, three in a 4-player game). Each *deal* fixes the game seed (every hidden
shuffle) and the dice sequence, and is played once per rotation, so every
player sits in every seat over the same cards and the same dice: luck of the
deal cancels out, and the deal (not the game) is the independent sample for
the confidence intervals.

Players only ever receive their seat's observation: the search works from it,
and the baselines play on a determinization of it.

    python -m ai_players.arena --game tbbr_dice --players 2 \\
        --a mcts:iters=200 --b greedy --games 400 --workers 2 --seed 1 --json m.json

With ``--json``, every finished game is also appended to ``m.json.partial``: a
long match that is stopped resumes from there when started again with the
same arguments, and loses only the games in progress.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from ai_players.levels import config_for
from ai_players.mcts import Search, SearchConfig
from ai_players.policies import Policy, make_policy
from engine.core import Game, Rng, registry

Z95 = 1.959963984540054

# -- players --------------------------------------------------------------------------------------


class Agent(Protocol):
    """A player in the arena: decides from its seat's observation only."""

    def decide(self, observation: Any) -> Any: ...

    def advance(self, seat: int, action: Any) -> None:
        """An action applied in the game (public, sequential steps only)."""

    def forget(self) -> None:
        """Moves were made that this player could not see (a simultaneous secret step)."""


class PolicyAgent:
    """A fast policy playing on a determinization of its observation."""

    def __init__(self, game: Game, seat: int, policy: Policy, seed: int) -> None:
        self.game, self.seat, self.policy, self.rng = game, seat, policy, Rng(seed)

    def decide(self, observation: Any) -> Any:
        world = self.game.determinize(observation, self.rng)
        return self.policy.choose(world, self.seat, self.rng)

    def advance(self, seat: int, action: Any) -> None:
        pass

    def forget(self) -> None:
        pass


class MctsAgent:
    """ISMCTS with tree reuse between its consecutive decisions."""

    def __init__(self, game: Game, seat: int, config: SearchConfig, seed: int) -> None:
        self.search = Search(game, seat, config, seed)
        self.iterations = 0
        self.seconds = 0.0
        self.decisions = 0

    def decide(self, observation: Any) -> Any:
        result = self.search.run(observation)
        self.iterations += result.iterations
        self.seconds += result.seconds
        self.decisions += 1
        return result.action

    def advance(self, seat: int, action: Any) -> None:
        self.search.advance(seat, action)

    def forget(self) -> None:
        self.search.reset()


_CONFIG_KEYS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "iters": ("iterations", int),
    "time": ("time_limit", float),
    "c": ("exploration", float),
    "rollout": ("rollout", str),
    "eps": ("rollout_epsilon", float),
    "depth": ("rollout_depth", int),
    "margin": ("margin_weight", float),
    "scale": ("score_scale", float),
    "paired": ("paired_worlds", lambda raw: raw.lower() not in ("0", "false", "no")),
    "prior": ("prior_weight", float),
    "widen": ("widening", lambda raw: None if raw.lower() in ("none", "off") else float(raw)),
    "root": ("root", str),
    "cands": ("candidates", int),
    "value": ("leaf_value", str),
    "tochance": ("tree_to_chance", lambda raw: raw.lower() not in ("0", "false", "no")),
    "cut": ("cut_at_turn", lambda raw: _choice(raw, {"turn": True, "decision": False})),
    "par": ("solo_par", float),
    "victory": ("solo_victory", float),
}


def _choice(raw: str, meanings: dict[str, Any]) -> Any:
    if raw not in meanings:
        raise ValueError(f"{raw!r} is not one of {', '.join(meanings)}")
    return meanings[raw]


def parse_config(params: str) -> SearchConfig:
    """``iters=200,time=0.5,c=0.7,rollout=greedy,eps=0.1,depth=20,margin=0.2,scale=30,paired=1``.

    Also ``prior=0.5`` (progressive bias), ``widen=1.0`` or ``widen=off``, ``root=halving``, ``cands=8``,
    ``value=fitted`` (the leaf value), ``cut=turn`` (cut rollouts where the seat's turn begins) and
    ``tochance=1`` (end the tree at the next chance step); solo, ``par=60`` and ``victory=10`` (the reward's
    centre and a victory's worth, in points).
    """
    values: dict[str, Any] = {}
    for item in filter(None, params.split(",")):
        key, _, raw = item.partition("=")
        if key not in _CONFIG_KEYS:
            raise ValueError(f"unknown search parameter {key!r}; known: {', '.join(_CONFIG_KEYS)}")
        name, kind = _CONFIG_KEYS[key]
        values[name] = kind(raw)
    if "time_limit" in values and "iterations" not in values:
        values["iterations"] = None
    return replace(SearchConfig(), **values)


def make_agent(spec: str, game: Game, seat: int, seed: int) -> Agent:
    """An agent from a spec: ``random``, ``greedy``, ``level:hard`` or ``mcts:iters=200,rollout=greedy``."""
    kind, _, params = spec.partition(":")
    if kind in ("random", "greedy"):
        return PolicyAgent(game, seat, make_policy(kind, game.name), seed)
    if kind == "level":
        return MctsAgent(game, seat, config_for(game.name, params), seed)
    if kind == "mcts":
        return MctsAgent(game, seat, parse_config(params), seed)
    raise ValueError(f"unknown player {spec!r}: use random, greedy, level:<name> or mcts:<params>")


# -- one game -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """One finished game, seen from the lineup: ``seats[p]`` is the seat player ``p`` sat in."""

    deal: int
    rotation: int
    seats: tuple[int, ...]
    scores: tuple[float, ...]  # per seat
    ranking: tuple[int, ...]  # per seat
    decisions: int
    search_iterations: int = 0  # of player a, if it searches
    search_seconds: float = 0.0
    search_decisions: int = 0


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` in a match seeded with ``seed``."""
    return Rng(seed * 1_000_003 + deal).next_u64()


def play_game(
    game: Game,
    lineup: Sequence[str],
    options: dict[str, str],
    seed: int,
    deal: int,
    rotation: int,
) -> GameRecord:
    """Play one deal with player ``p`` of ``lineup`` in seat ``(p + rotation) % n``.

    The game seed and the dice stream depend on the deal only, and each
    player's own random stream on the deal and the player, so every rotation
    replays the same cards and dice.
    """
    n = len(lineup)
    base = deal_seed(seed, deal)
    seats = tuple((p + rotation) % n for p in range(n))
    agents: list[Agent] = [None] * n  # type: ignore[list-item]
    for player, spec in enumerate(lineup):
        agents[seats[player]] = make_agent(spec, game, seats[player], base + 7919 * (player + 1))
    return play_deal(game, agents, seats, options, base, deal, rotation)


def play_deal(
    game: Game,
    agents: Sequence[Agent],
    seats: tuple[int, ...],
    options: dict[str, str],
    base: int,
    deal: int,
    rotation: int,
) -> GameRecord:
    """Play one deal to the end with ``agents`` (one per seat); the measured player sits in ``seats[0]``.

    ``base`` is the deal's seed (``deal_seed``): the game seed and the dice
    stream come from it alone, so every rotation and every lineup replays the
    same cards and dice.
    """
    state = game.new_state(len(agents), options, base)
    dice = Rng(base ^ 0x5DEECE66D)
    decisions = 0
    while not state.is_terminal():
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(dice))
            continue
        actors = list(state.actors())
        for seat in actors:
            action = agents[seat].decide(state.observe(seat))
            state.apply(seat, action)
            decisions += 1
            for agent in agents:
                if len(actors) == 1:
                    agent.advance(seat, action)
                else:
                    agent.forget()
    lead = agents[seats[0]]
    return GameRecord(
        deal=deal,
        rotation=rotation,
        seats=seats,
        scores=tuple(state.scores()),
        ranking=tuple(state.ranking()),
        decisions=decisions,
        search_iterations=lead.iterations if isinstance(lead, MctsAgent) else 0,
        search_seconds=lead.seconds if isinstance(lead, MctsAgent) else 0.0,
        search_decisions=lead.decisions if isinstance(lead, MctsAgent) else 0,
    )


# -- statistics ---------------------------------------------------------------------------------


def pairwise_share(ranking: Sequence[int], seat: int) -> float:
    """Share of the other seats that ``seat`` beat (ties count half); 1 on a solo victory."""
    n = len(ranking)
    mine = ranking[seat]
    if n == 1:
        return 1.0 if mine == 1 else 0.0
    below = sum(1 for r in ranking if r > mine)
    tied = sum(1 for r in ranking if r == mine) - 1
    return (below + 0.5 * tied) / (n - 1)


def win_share(ranking: Sequence[int], seat: int) -> float:
    """1 for a sole win, 1/k for a win shared by k seats, else 0."""
    if ranking[seat] != 1:
        return 0.0
    return 1.0 / sum(1 for r in ranking if r == 1)


def elo(share: float) -> float:
    """The Elo difference that predicts this expected score (+inf / -inf at 1 / 0)."""
    if share >= 1.0:
        return math.inf
    if share <= 0.0:
        return -math.inf
    return 400.0 * math.log10(share / (1.0 - share))


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% confidence interval (normal approximation over independent samples)."""

    mean: float
    low: float
    high: float

    @staticmethod
    def of(samples: Sequence[float], lower: float = -math.inf, upper: float = math.inf) -> Estimate:
        mean = statistics.fmean(samples)
        half = Z95 * statistics.stdev(samples) / math.sqrt(len(samples)) if len(samples) > 1 else math.inf
        return Estimate(mean, max(lower, mean - half), min(upper, mean + half))


@dataclass(frozen=True)
class MatchReport:
    """Player ``a`` against the field; shares are per game, intervals are over deals."""

    games: int
    deals: int
    score_share: Estimate  # pairwise: the expected score of a against one field player
    win_share: Estimate
    mean_rank: Estimate
    margin: Estimate  # a's score minus the best other score
    elo: Estimate  # elo(score_share) and the Elo of its interval bounds
    a_mean_score: float
    field_mean_score: float
    iterations_per_decision: float
    seconds_per_decision: float
    per_seat_share: tuple[float, ...] = field(default_factory=tuple)


def report(records: Sequence[GameRecord]) -> MatchReport:
    """Aggregate a match: means per game, confidence intervals over per-deal means."""
    by_deal: dict[int, list[GameRecord]] = {}
    for record in records:
        by_deal.setdefault(record.deal, []).append(record)

    def per_deal(metric: Any) -> list[float]:
        return [statistics.fmean(metric(r) for r in games) for games in by_deal.values()]

    def a_seat(r: GameRecord) -> int:
        return r.seats[0]

    def margin(r: GameRecord) -> float:
        mine = r.scores[a_seat(r)]
        others = [s for i, s in enumerate(r.scores) if i != a_seat(r)]
        return mine - max(others) if others else mine

    share = Estimate.of(per_deal(lambda r: pairwise_share(r.ranking, a_seat(r))), 0.0, 1.0)
    n = len(records[0].seats)
    seat_share = tuple(
        statistics.fmean(pairwise_share(r.ranking, s) for r in records if a_seat(r) == s) for s in range(n)
    )
    field_scores = [s for r in records for i, s in enumerate(r.scores) if i != a_seat(r)]
    decisions = sum(r.search_decisions for r in records)
    return MatchReport(
        games=len(records),
        deals=len(by_deal),
        score_share=share,
        win_share=Estimate.of(per_deal(lambda r: win_share(r.ranking, a_seat(r))), 0.0, 1.0),
        # Solo, the rank is 1 (victory) or 2 (the Automa won).
        mean_rank=Estimate.of(per_deal(lambda r: float(r.ranking[a_seat(r)])), 1.0, float(max(n, 2))),
        margin=Estimate.of(per_deal(margin)),
        elo=Estimate(elo(share.mean), elo(share.low), elo(share.high)),
        a_mean_score=statistics.fmean(r.scores[a_seat(r)] for r in records),
        field_mean_score=statistics.fmean(field_scores) if field_scores else 0.0,
        iterations_per_decision=sum(r.search_iterations for r in records) / decisions if decisions else 0.0,
        seconds_per_decision=sum(r.search_seconds for r in records) / decisions if decisions else 0.0,
        per_seat_share=seat_share,
    )


# -- a match ------------------------------------------------------------------------------------


def schedule(games: int, players: int) -> Iterator[tuple[int, int]]:
    """(deal, rotation) pairs: every deal is played in all ``players`` rotations."""
    deals = max(1, -(-games // players))
    for deal in range(deals):
        for rotation in range(players):
            yield deal, rotation


def run_match(
    game: Game,
    lineup: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, str] | None = None,
    workers: int = 1,
    progress: bool = False,
    done: Sequence[GameRecord] = (),
    on_record: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` (rounded up to whole deals) and return the records in schedule order.

    ``done`` holds records of this match already played (a resumed run): their games are not
    played again. ``on_record`` hears each new record as its game ends.
    """
    options = options or {}
    tasks = list(schedule(games, len(lineup)))
    scheduled = set(tasks)
    known = {(r.deal, r.rotation): r for r in done if (r.deal, r.rotation) in scheduled}
    args = [
        (game, tuple(lineup), options, seed, deal, rot) for deal, rot in tasks if (deal, rot) not in known
    ]
    records = list(known.values())
    start = time.perf_counter()
    with ExitStack() as stack:
        if workers <= 1:
            results: Iterator[GameRecord] = (play_game(*a) for a in args)
        else:
            pool = stack.enter_context(ProcessPoolExecutor(max_workers=workers))
            results = pool.map(_play_packed, args, chunksize=1)
        for record in results:
            records.append(record)
            if on_record is not None:
                on_record(record)
            _progress(progress, len(records), len(tasks), start)
    order = {task: index for index, task in enumerate(tasks)}
    return sorted(records, key=lambda r: order[r.deal, r.rotation])


def _play_packed(args: tuple[Any, ...]) -> GameRecord:
    return play_game(*args)


def _progress(enabled: bool, done: int, total: int, start: float) -> None:
    if enabled and (done % 10 == 0 or done == total):
        print(f"  {done}/{total} games, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)


# -- command line -------------------------------------------------------------------------------


def load_game(name: str) -> Game:
    """A registered game (``tbbr_dice``), or any ``Game`` object named ``module:attribute``."""
    if ":" not in name:
        return registry.get(name)
    module, _, attribute = name.partition(":")
    game: Game = getattr(importlib.import_module(module), attribute)
    return game


def format_report(report_: MatchReport, a: str, b: str) -> str:
    def est(e: Estimate, digits: int = 3) -> str:
        return f"{e.mean:.{digits}f}  [{e.low:.{digits}f}, {e.high:.{digits}f}]"

    lines = [
        f"{a}  vs  {b}: {report_.games} games over {report_.deals} deals (95% CI over deals)",
        f"  score share   {est(report_.score_share)}",
        f"  win share     {est(report_.win_share)}",
        f"  mean rank     {est(report_.mean_rank, 2)}",
        f"  score margin  {est(report_.margin, 1)}",
        f"  Elo           {est(report_.elo, 0)}",
        f"  mean score    a {report_.a_mean_score:.1f}, field {report_.field_mean_score:.1f}",
        f"  share by a's seat {', '.join(f'{s:.3f}' for s in report_.per_seat_share)}",
    ]
    if report_.iterations_per_decision:
        lines.append(
            f"  search        {report_.iterations_per_decision:.0f} iterations, "
            f"{report_.seconds_per_decision * 1000:.0f} ms per decision (a, searched decisions)"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai_players.arena", description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--a", required=True, help="the player measured, e.g. mcts:iters=200,rollout=greedy")
    parser.add_argument("--b", default="greedy", help="the field: random, greedy, level:NAME, mcts:PARAMS")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1, help="processes playing games in parallel")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="game option name=value")
    parser.add_argument(
        "--json",
        help="also write the report and every game record to this file; while the match runs, each "
        "finished game goes to FILE.partial, and a run started again with the same match resumes from it",
    )
    args = parser.parse_args(argv)

    game = load_game(args.game)
    options = dict(item.split("=", 1) for item in args.option)
    lineup = [args.a] + [args.b] * (args.players - 1)
    match = {"game": args.game, "lineup": lineup, "seed": args.seed, "options": options}
    partial = Partial(Path(args.json + ".partial"), match) if args.json else None
    done = partial.resume() if partial else []
    if done:
        print(f"  resuming: {len(done)} games already played, read from {partial}", file=sys.stderr)
    start = time.perf_counter()
    records = run_match(
        game,
        lineup,
        args.games,
        args.seed,
        options,
        args.workers,
        True,
        done,
        partial.add if partial else None,
    )
    elapsed = time.perf_counter() - start
    result = report(records)
    print(format_report(result, args.a, args.b))
    print(f"  wall time     {elapsed:.0f} s with {args.workers} worker(s)" + (" (this run)" if done else ""))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(
                {
                    "argv": list(sys.argv),
                    "lineup": lineup,  # what ai_players.experiments.merge checks before merging files
                    "report": asdict(result),
                    "records": [asdict(r) for r in records],
                },
                out,
                indent=1,
            )
    if partial:
        partial.path.unlink(missing_ok=True)
    return 0


@dataclass(frozen=True)
class Partial:
    """The games of an unfinished match, one JSON line each after a line naming the match.

    A long match stopped half-way (a machine needed elsewhere, a session's end) keeps what it
    played: started again with the same game, lineup, seed and options, it plays only the rest.
    A file naming another match is started afresh.
    """

    path: Path
    match: dict[str, Any]

    def resume(self) -> list[GameRecord]:
        """The records already played for this match, and the file ready to take more."""
        lines = self.path.read_text().splitlines() if self.path.exists() else []
        if not lines or json.loads(lines[0]) != self.match:
            self.path.write_text(json.dumps(self.match) + "\n")
            return []
        return [record_from_json(json.loads(line)) for line in lines[1:] if line.strip()]

    def add(self, record: GameRecord) -> None:
        with self.path.open("a") as out:
            out.write(json.dumps(asdict(record)) + "\n")

    def __str__(self) -> str:
        return str(self.path)


def record_from_json(row: dict[str, Any]) -> GameRecord:
    """A ``GameRecord`` from its ``asdict`` form (lists back to tuples)."""
    tuples = {name: tuple(row[name]) for name in ("seats", "scores", "ranking")}
    return GameRecord(**{**row, **tuples})


if __name__ == "__main__":
    raise SystemExit(main())
