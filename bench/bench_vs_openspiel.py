"""Our ISMCTS against OpenSpiel's ISMCTSBot on our games: search speed, and strength at equal wall time.

``speed``: on one core, the same positions (decisions of greedy self-play
games) are searched for a fixed wall time by our search and by OpenSpiel's
Python ``ISMCTSBot`` through ``ai_players.openspiel_adapter``; it prints
iterations (simulations) per second of each and their ratio, for two leaf
evaluations: random rollouts to the end (OpenSpiel's stock
``RandomRolloutEvaluator``; ours with ``rollout=random``, no prior), and our
``medium`` leaf (greedy rollouts cut off after 8 decisions, scored by the
margin of the fitted value; OpenSpiel gets it as ``EngineRolloutEvaluator``).
It also times our search as the ``hard`` level plays (the turn cut-off, which
OpenSpiel's evaluator does not have), against OpenSpiel's bot as shipped.

``match``: the search settings of our level ``--level`` (default ``medium``)
with a wall-time budget of ``--time`` seconds per decision against
``ISMCTSBot`` with the same budget, ``--games`` games over deals played in
every seat rotation (``ai_players.arena``'s schedule, seeds and statistics:
score share with a 95% CI over deals).

    .venv/bin/python bench/bench_vs_openspiel.py speed --game tbbr_dice --players 2 --seconds 2
    .venv/bin/python bench/bench_vs_openspiel.py match --game tbbr_dice --players 2 --games 10 --time 0.1

Absolute figures only: nothing here asserts a time. One core (``--core``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
import pyspiel
from bench_mcts import Position, collect, pick
from open_spiel.python.algorithms import ismcts, mcts

from ai_players.arena import GameRecord, MctsAgent, deal_seed, format_report, play_deal, report, schedule
from ai_players.levels import LEVELS, config_for
from ai_players.mcts import Search, SearchConfig
from ai_players.openspiel_adapter import (
    EngineRolloutEvaluator,
    ZythosGame,
    ZythosState,
    register,
    seeded_resampler,
)
from engine.core import Game, Rng, registry


def numpy_rng(seed: int) -> np.random.RandomState:
    """OpenSpiel's bots draw from NumPy generators, which take 32-bit seeds."""
    return np.random.RandomState(seed & 0xFFFFFFFF)


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ISMCTSBot with a wall-time budget per search instead of a simulation count.

    ``run_search`` is the base class's loop (resample the root, simulate) with
    the budget check swapped; ``simulations`` counts the last search's.
    """

    def __init__(self, game: ZythosGame, evaluator: Any, uct_c: float, seconds: float, seed: int) -> None:
        super().__init__(game, evaluator, uct_c, max_simulations=0, random_state=numpy_rng(seed))
        self.set_resampler(seeded_resampler(seed))
        self.seconds = seconds
        self.simulations = 0

    def run_search(self, state: ZythosState) -> list[tuple[int, float]]:
        self.reset()
        self.simulations = 0
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        # Its first simulation only expands the root, whose visits the final policy needs: at least two.
        while self.simulations < 2 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
        return list(self.get_final_policy(state, self._root_node))


def openspiel_evaluator(game: Game, kind: str, seed: int) -> Any:
    """``stock`` (OpenSpiel's random rollouts to the end) or ``medium`` (our leaf: greedy, cut at 8)."""
    if kind == "stock":
        return mcts.RandomRolloutEvaluator(1, numpy_rng(seed))
    if kind == "medium":
        leaf = config_for(game.name, "medium")
        depth, value = leaf.rollout_depth, leaf.leaf_value
        return EngineRolloutEvaluator(game.name, "greedy", depth=depth, seed=seed, value=value)
    raise ValueError(f"unknown OpenSpiel evaluator {kind!r}: stock or medium")


def our_config(game: Game, kind: str, seconds: float) -> SearchConfig:
    """Our search budgeted by wall time: ``stock`` (random rollouts to the end) or a level's settings.

    ``stock`` and ``medium`` use the leaf of ``openspiel_evaluator`` of the same name.
    """
    if kind == "stock":
        return SearchConfig(
            iterations=None, time_limit=seconds, rollout="random", prior_weight=0.0, widening=None
        )
    return replace(config_for(game.name, kind), iterations=None, time_limit=seconds)


# -- speed ----------------------------------------------------------------------------------------


def speed(game: Game, players: int, positions: list[Position], seconds: float, c: float, seed: int) -> None:
    os_game: ZythosGame = pyspiel.load_game(register(game.name), {"players": players})
    print(f"{'position':<26}{'legal':>6}  {'leaf':<7}{'ours it/s':>10}{'OpenSpiel sims/s':>18}{'ratio':>8}")
    ratios: dict[str, list[float]] = {"stock": [], "medium": []}
    # Ours as each level plays / OpenSpiel's bot as shipped (stock leaf).
    shipped: dict[str, list[float]] = {"medium": [], "hard": []}
    for position in positions:
        world = game.determinize(position.observation, Rng(seed))
        rates: dict[str, tuple[float, float]] = {}
        for kind in ratios:
            our_rate = search_rate(game, position, our_config(game, kind, seconds), seed)
            bot = TimedISMCTSBot(os_game, openspiel_evaluator(game, kind, seed), c, seconds, seed)
            start = time.perf_counter()
            bot.run_search(os_game.wrap(world.clone()))
            os_rate = bot.simulations / (time.perf_counter() - start)
            ratios[kind].append(our_rate / os_rate)
            rates[kind] = (our_rate, os_rate)
            print(
                f"{position.phase:<26}{position.legal:>6}  {kind:<7}{our_rate:>10.0f}{os_rate:>18.1f}"
                f"{our_rate / os_rate:>8.1f}"
            )
        hard_rate = search_rate(game, position, our_config(game, "hard", seconds), seed)
        print(f"{position.phase:<26}{position.legal:>6}  {'hard':<7}{hard_rate:>10.0f}")
        shipped["medium"].append(rates["medium"][0] / rates["stock"][1])
        shipped["hard"].append(hard_rate / rates["stock"][1])
    for kind, values in ratios.items():
        print(f"median ratio ours / OpenSpiel, both with the {kind} leaf: {statistics.median(values):.1f}x")
    for level, values in shipped.items():
        print(
            f"median ratio ours ({level} level, as the bots play) / OpenSpiel ISMCTSBot as shipped "
            f"(stock leaf): {statistics.median(values):.1f}x"
        )


def search_rate(game: Game, position: Position, config: SearchConfig, seed: int) -> float:
    """Our iterations per second searching ``position`` with ``config``."""
    result = Search(game, position.seat, config, seed).run(position.observation)
    return result.iterations / result.seconds


def sequential_positions(game: Game, positions: list[Position], per_phase: int) -> list[Position]:
    """Up to ``per_phase`` decisions per phase where the deciding seat is OpenSpiel's current player."""

    def first_to_act(p: Position) -> bool:
        return min(game.determinize(p.observation, Rng(0)).actors()) == p.seat

    chosen = pick([p for p in positions if first_to_act(p)], per_phase)
    return [p for found in chosen.values() for p in found]


# -- match ----------------------------------------------------------------------------------------


class OpenSpielAgent:
    """An ``ai_players.arena`` player that decides with OpenSpiel's ISMCTSBot through the adapter.

    It sees only its seat's observation: the bot gets a determinization of it,
    and resamples its own worlds from the information state on every simulation.
    """

    def __init__(self, os_game: ZythosGame, seat: int, bot: TimedISMCTSBot, seed: int) -> None:
        self.os_game, self.seat, self.bot, self.rng = os_game, seat, bot, Rng(seed)
        self.simulations = self.decisions = 0
        self.seconds = 0.0

    def decide(self, observation: Any) -> Any:
        state = self.os_game.wrap(self.os_game.engine.determinize(observation, self.rng))
        assert state.current_player() == self.seat, "OpenSpiel presents this seat's turn"
        start = time.perf_counter()
        action = int(self.bot.step(state))
        if len(state.legal_actions()) > 1:
            self.seconds += time.perf_counter() - start
            self.simulations += self.bot.simulations
            self.decisions += 1
        return state.engine_action(action)

    def advance(self, seat: int, action: Any) -> None:
        """The bot searches afresh every time: nothing to follow."""

    def forget(self) -> None:
        """Nothing kept between decisions."""


def play(
    game: Game,
    os_game: ZythosGame,
    players: int,
    seed: int,
    deal: int,
    rotation: int,
    args: argparse.Namespace,
) -> tuple[GameRecord, OpenSpielAgent]:
    """One deal, ours as player 0 and OpenSpiel in the other seats, as ``arena.play_game`` seats them."""
    base = deal_seed(seed, deal)
    seats = tuple((p + rotation) % players for p in range(players))
    agents: list[Any] = [None] * players
    ours = MctsAgent(game, seats[0], our_config(game, args.level, args.time), base + 7919)
    agents[seats[0]] = ours
    theirs = []
    for player in range(1, players):
        seat = seats[player]
        bot = TimedISMCTSBot(
            os_game, openspiel_evaluator(game, args.os_leaf, base), args.os_c, args.time, base + player
        )
        theirs.append(OpenSpielAgent(os_game, seat, bot, base + 7919 * (player + 1)))
        agents[seat] = theirs[-1]
    record = play_deal(game, agents, seats, {}, base, deal, rotation)
    return record, theirs[0]


def match(game: Game, players: int, args: argparse.Namespace) -> None:
    os_game: ZythosGame = pyspiel.load_game(register(game.name), {"players": players})
    records: list[GameRecord] = []
    simulations = decisions = 0
    seconds = 0.0
    start = time.perf_counter()
    for deal, rotation in schedule(args.games, players):
        record, theirs = play(game, os_game, players, args.seed, deal, rotation, args)
        records.append(record)
        simulations += theirs.simulations
        seconds += theirs.seconds
        decisions += theirs.decisions
        print(
            f"  game {len(records)}: deal {deal} rotation {rotation} scores {record.scores} "
            f"ranking {record.ranking} (ours in seat {record.seats[0]}), {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    ours = f"ours: {args.level} settings, {args.time} s per decision"
    theirs = f"OpenSpiel ISMCTSBot ({args.os_leaf} leaf, c={args.os_c}), {args.time} s per decision"
    print(format_report(report(records), ours, theirs))
    if decisions:
        print(
            f"  OpenSpiel     {simulations / decisions:.1f} simulations, "
            f"{seconds / decisions * 1000:.0f} ms per decision (searched decisions)"
        )
    elapsed = time.perf_counter() - start
    print(f"  wall time     {elapsed:.0f} s on one core")
    if args.out:
        write_records(Path(args.out), [ours, theirs], args, elapsed, records)


def write_records(
    path: Path, lineup: list[str], args: argparse.Namespace, seconds: float, records: list[GameRecord]
) -> None:
    """The match in ``ai_players.experiments.strength``'s format, so runs split by seed can be merged."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "suite": "openspiel",
        "lineup": lineup,
        "games": args.games,
        "seed": args.seed,
        "seconds": seconds,
        "report": asdict(report(records)),
        "records": [asdict(r) for r in records],
    }
    path.write_text(json.dumps(data, indent=1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=("speed", "match"))
    parser.add_argument("--game", default="tbbr_dice")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--core", type=int, default=None, help="CPU to pin to (default: the last allowed)")
    parser.add_argument(
        "--os-c", type=float, default=0.7, help="OpenSpiel UCT constant (returns lie in [0, 1])"
    )
    speed_args = parser.add_argument_group("speed")
    speed_args.add_argument("--seconds", type=float, default=2.0, help="search time per position and side")
    speed_args.add_argument(
        "--games-for-positions", type=int, default=1, help="greedy games to draw positions from"
    )
    speed_args.add_argument("--per-phase", type=int, default=1)
    match_args = parser.add_argument_group("match")
    match_args.add_argument("--games", type=int, default=10)
    match_args.add_argument("--time", type=float, default=0.1, help="seconds per decision, both sides")
    match_args.add_argument(
        "--level", default="medium", choices=sorted(LEVELS), help="our level whose search settings play"
    )
    match_args.add_argument("--os-leaf", default="stock", help="stock (random rollouts) or medium (our leaf)")
    match_args.add_argument("--out", default=None, help="write the records as JSON (for experiments.merge)")
    args = parser.parse_args()

    if hasattr(os, "sched_setaffinity"):
        allowed = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {args.core if args.core is not None else max(allowed)})
    game = registry.get(args.game)
    print(f"{args.game}, {args.players} players, one core (cpu {sorted(os.sched_getaffinity(0))})")
    if args.mode == "speed":
        found = collect(game, args.players, {}, args.games_for_positions, args.seed)
        chosen = sequential_positions(game, found, args.per_phase)
        speed(game, args.players, chosen, args.seconds, args.os_c, args.seed)
    else:
        match(game, args.players, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
