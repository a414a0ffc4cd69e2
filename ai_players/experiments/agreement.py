"""Why more search gains little: how often budgets agree on the same positions, and how flat the leaf is.

A 4x budget can only gain strength where it changes the decision for the
better. On positions from greedy self-play (one in ``--every`` decisions with a
choice), this searches each position with a level's search at its budget with
two seeds and at ``--scale`` times the budget, and prints how often the
decisions agree (the budget against itself with another seed: the noise of
one decision; against the larger budget: what it changes), how often each
picks the greedy move, the gap between the larger search's two most visited
root actions (in reward), and how often a cut-off rollout's projected margin
saturates the reward's margin term (``score_scale``).

    python -m ai_players.experiments.agreement --game tbbr --games 4 --level hard --scale 4
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ai_players.arena import load_game
from ai_players.levels import config_for
from ai_players.mcts import Search, SearchConfig
from ai_players.policies import make_policy
from engine.core import Game, Rng, State


def positions(game: Game, players: int, games: int, every: int) -> list[tuple[State, int]]:
    """One in ``every`` positions of greedy self-play where the seat to move has a choice."""
    policy = make_policy("greedy", game.name)
    found: list[tuple[State, int]] = []
    for g in range(games):
        state = game.new_state(players, {}, 500 + g)
        dice, choices, seen = Rng(g), Rng(g + 77), 0
        while not state.is_terminal():
            step = state.chance()
            if step is not None:
                state.resolve_chance(step.sample(dice))
                continue
            actors = list(state.actors())
            if len(actors) == 1 and len(state.legal_actions(actors[0])) > 1:
                seen += 1
                if seen % every == 0:
                    found.append((state.clone(), actors[0]))
            for seat in actors:
                state.apply_legal(seat, policy.choose(state, seat, choices))
    return found


def _search(
    game: Game, state: State, seat: int, config: SearchConfig, seed: int, margins: list[float]
) -> Any:
    """One decision, noting the projected margin of every cut-off rollout in ``margins``."""
    search = Search(game, seat, config, seed)
    evaluate = search._evaluate

    def noting(world: State) -> list[float]:
        values = evaluate(world)
        others = [v for i, v in enumerate(values) if i != seat]
        margins.append(values[seat] - max(others) if others else values[seat])
        return values

    search._evaluate = noting
    return search.run(state.observe(seat))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tbbr")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=4, help="greedy self-play games the positions come from")
    parser.add_argument("--every", type=int, default=6, help="keep one position in this many")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--scale", type=int, default=4, help="the larger budget, in multiples of the level's")
    args = parser.parse_args(argv)
    game = load_game(args.game)
    base = replace(config_for(args.game, args.level), time_limit=None)
    larger = replace(base, iterations=(base.iterations or 0) * args.scale)
    greedy = make_policy("greedy", game.name)
    found = positions(game, args.players, args.games, args.every)
    margins: list[float] = []
    counts = {"self": 0, "larger": 0, "greedy": 0, "larger_greedy": 0}
    gaps = []
    for state, seat in found:
        first = _search(game, state, seat, base, 1, margins).action
        again = _search(game, state, seat, base, 2, []).action
        big = _search(game, state, seat, larger, 1, [])
        move = greedy.choose(state.clone(), seat, Rng(3))
        counts["self"] += first == again
        counts["larger"] += first == big.action
        counts["greedy"] += first == move
        counts["larger_greedy"] += big.action == move
        visited = [s.mean for s in big.stats if s.visits]
        if len(visited) > 1:
            gaps.append(visited[0] - visited[1])
    n = len(found)
    small, big_n = base.iterations, larger.iterations
    saturated = sum(abs(m) >= base.score_scale for m in margins) / len(margins)
    lines = [
        f"{n} positions of {args.games} greedy games ({args.game}, {args.players} players), {args.level}",
        f"  same decision, {small} vs {small} iterations (another seed): {counts['self'] / n:.3f}",
        f"  same decision, {small} vs {big_n} iterations: {counts['larger'] / n:.3f}",
        f"  the greedy move: {counts['greedy'] / n:.3f} at {small}, "
        f"{counts['larger_greedy'] / n:.3f} at {big_n}",
        f"  gap between the two most visited root actions at {big_n}: {statistics.fmean(gaps):.4f} (reward)",
        f"  cut-off margins: {len(margins)}, saturated {saturated:.3f}, "
        f"median |margin| {statistics.median(abs(m) for m in margins):.1f} points",
    ]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
