"""ISMCTS speed on one core: iterations per second and decision latency per game and phase.

Positions come from games played by the greedy heuristic (fixed seeds); each is
searched from its seat's observation with a fixed iteration budget. The script
also times the engine primitives one iteration is made of (determinize, clone,
a random playout), and ``--profile`` prints where the search spends its time.

    .venv/bin/python bench/bench_mcts.py --game tbbr_dice --players 2 --iters 500
    .venv/bin/python bench/bench_mcts.py --game tbbr_dice --players 2 --iters 300 --profile
    .venv/bin/python bench/bench_mcts.py --game tbbr --players 2 --level medium

Absolute figures only: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai_players.arena import load_game
from ai_players.levels import config_for
from ai_players.mcts import Search, SearchConfig
from ai_players.policies import make_policy
from engine.core import Game, Rng, State


@dataclass(frozen=True)
class Position:
    """A decision met in a real game: the deciding seat's observation and its phase."""

    observation: Any
    seat: int
    phase: str
    legal: int


def phase_of(observation: Any, decision: int, length: int) -> str:
    """Game stage (by thirds of the game's decisions) and the engine's own phase name, if it has one."""
    stage = ("early", "mid", "late")[min(2, 3 * decision // max(1, length))]
    step = getattr(observation, "phase", None) or getattr(observation, "step", None)
    return f"{stage}/{step}" if isinstance(step, str) else stage


def collect(game: Game, players: int, options: dict[str, str], games: int, seed: int) -> list[Position]:
    """Every decision with a real choice in ``games`` greedy self-play games."""
    policy = make_policy("greedy", game.name)
    positions: list[Position] = []
    for index in range(games):
        rng = Rng(seed + index)
        state = game.new_state(players, options, rng.next_u64())
        met: list[tuple[Any, int, int, int]] = []
        while not state.is_terminal():
            step = state.chance()
            if step is not None:
                state.resolve_chance(step.sample(rng))
                continue
            for seat in list(state.actors()):
                legal = state.legal_actions(seat)
                if len(legal) > 1:
                    met.append((state.observe(seat), seat, len(met), len(legal)))
                state.apply(seat, policy.choose(state, seat, rng))
        positions += [Position(obs, seat, phase_of(obs, i, len(met)), n) for obs, seat, i, n in met]
    return positions


def pick(positions: list[Position], per_phase: int) -> dict[str, list[Position]]:
    """Up to ``per_phase`` positions of each phase, spread evenly over the ones met."""
    by_phase: dict[str, list[Position]] = {}
    for position in positions:
        by_phase.setdefault(position.phase, []).append(position)
    return {
        phase: [found[i * len(found) // per_phase] for i in range(min(per_phase, len(found)))]
        for phase, found in sorted(by_phase.items())
    }


def rate(action: Callable[[], Any], seconds: float = 1.0) -> float:
    """Calls per second of ``action`` over about ``seconds``."""
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        action()
        done += 1
    return done / elapsed


def primitives(game: Game, position: Position, rng: Rng) -> dict[str, float]:
    """Per-second rates of the engine calls an iteration is made of."""
    world = game.determinize(position.observation, rng)
    random_policy = make_policy("random", game.name)
    greedy_policy = make_policy("greedy", game.name)
    seat = position.seat

    def playout(policy: Any) -> Callable[[], None]:
        def run() -> None:
            state = game.determinize(position.observation, rng)
            while not state.is_terminal():
                step = state.chance()
                if step is not None:
                    state.resolve_chance(step.sample(rng))
                    continue
                for seat in list(state.actors()):
                    state.apply(seat, policy.choose(state, seat, rng))

        return run

    return {
        "determinize/s": rate(lambda: game.determinize(position.observation, rng)),
        "clone/s": rate(world.clone),
        "legal_actions/s": rate(lambda: _legal(world)),
        "greedy decision/s": rate(lambda: greedy_policy.choose(world, seat, rng)),
        "random playout/s": rate(playout(random_policy), 2.0),
        "greedy playout/s": rate(playout(greedy_policy), 2.0),
    }


def _legal(state: State) -> list[Any]:
    actors = state.actors()
    return state.legal_actions(actors[0]) if actors else []


def bench(game: Game, chosen: dict[str, list[Position]], config: SearchConfig, seed: int) -> None:
    """Per phase: median iterations/s, wall ms per decision (median, max), CPU ms (median), tree size.

    The CPU time is the process's own: on a shared core it stays what the
    decision costs, while the wall time grows with the other processes' load.
    """
    header = f"{'phase':<28}{'n':>3}{'legal':>7}{'iter/s':>9}{'ms/decision':>13}{'max ms':>9}{'cpu ms':>8}"
    print(f"{header}{'tree':>8}")
    all_rates: list[float] = []
    for phase, positions in chosen.items():
        rates, latencies, cpu, sizes = [], [], [], []
        for position in positions:
            search = Search(game, position.seat, config, seed)
            started = time.process_time()
            result = search.run(position.observation)
            cpu.append((time.process_time() - started) * 1000)
            rates.append(result.iterations / result.seconds)
            latencies.append(result.seconds * 1000)
            sizes.append(search.root.size())
        all_rates += rates
        legal = statistics.fmean(p.legal for p in positions)
        print(
            f"{phase:<28}{len(positions):>3}{legal:>7.1f}{statistics.median(rates):>9.0f}"
            f"{statistics.median(latencies):>13.0f}{max(latencies):>9.0f}{statistics.median(cpu):>8.0f}"
            f"{statistics.median(sizes):>8.0f}"
        )
    print(f"{'all (median)':<28}{'':>3}{'':>7}{statistics.median(all_rates):>9.0f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="tbbr_dice", help="a registered game or module:attribute")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], help="game option name=value")
    parser.add_argument("--iters", type=int, default=500, help="iterations per decision")
    parser.add_argument("--rollout", default="random", help="random or greedy")
    parser.add_argument("--eps", type=float, default=0.0, help="random-move share in greedy rollouts")
    parser.add_argument("--depth", type=int, default=None, help="rollout cut-off in decisions")
    parser.add_argument("--games", type=int, default=2, help="self-play games to draw positions from")
    parser.add_argument("--per-phase", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--level",
        default=None,
        help="search with this level's configuration instead "
        "(easy, medium, hard; --iters and the rollout flags are then ignored)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the searches (slower)")
    args = parser.parse_args()

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    game = load_game(args.game)
    options = dict(item.split("=", 1) for item in args.option)
    config = SearchConfig(
        iterations=args.iters, rollout=args.rollout, rollout_epsilon=args.eps, rollout_depth=args.depth
    )
    if args.level:
        config = config_for(args.game, args.level)
    positions = collect(game, args.players, options, args.games, args.seed)
    chosen = pick(positions, args.per_phase)
    described = (
        f"level {args.level} ({config.iterations} iterations, rollout={config.rollout}, "
        f"depth={config.rollout_depth})"
        if args.level
        else f"{args.iters} iterations per decision, rollout={args.rollout} eps={args.eps} depth={args.depth}"
    )
    print(
        f"{args.game}, {args.players} players, {described}, one core, "
        f"{len(positions)} decisions met in {args.games} greedy games"
    )
    middle = next((p for p in positions if p.phase.startswith("mid")), positions[len(positions) // 2])
    for name, value in primitives(game, middle, Rng(args.seed)).items():
        print(f"  {name:<20}{value:>10.0f}   (mid-game position, phase {middle.phase})")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        bench(game, chosen, config, args.seed)
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(25)
        stats.sort_stats("cumulative").print_stats(40)  # the share of each part, callees included
    else:
        bench(game, chosen, config, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
