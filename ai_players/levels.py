"""Strength levels: the names players pick (``easy``, ``medium``, ``hard``) and the budgets behind them.

Each level is an iteration budget (what makes a level reproducible and the
same on every machine) capped by a wall-time limit per decision (what keeps
a slow machine or an unusually wide position from stalling a game). The
figures in docs/AI.md (bench/bench_mcts.py) show the time each budget takes
per game; the strength of each level is measured with ai_players.arena.
"""

from __future__ import annotations

from dataclasses import replace

from ai_players.mcts import SearchConfig

LEVELS: dict[str, SearchConfig] = {
    # A beginner's opponent: a short search with random rollouts and no heuristic guidance
    # makes plausible but loose moves (it loses to the greedy heuristic).
    "easy": SearchConfig(
        iterations=20, time_limit=0.5, rollout="random", rollout_depth=8, prior_weight=0.0, widening=None
    ),
    # The budget of the first strength runs (docs/AI.md): about 0.1-0.2 s per TBBR Dice decision
    # on one core, and it beats the greedy heuristic.
    "medium": SearchConfig(iterations=40, time_limit=1.0, rollout="greedy", rollout_depth=8),
    # Five times medium's iterations, about 0.5-1 s per TBBR Dice decision on one core, with less
    # exploration (c = 0.2): at 160 iterations c = 0.7 lost to medium, c = 0.2 scored 0.55 over
    # 20 games. Not yet shown to be stronger than medium (docs/AI.md, "Budget scaling").
    "hard": SearchConfig(iterations=200, time_limit=3.0, exploration=0.2, rollout="greedy", rollout_depth=8),
}


def config_for(level: str, workers: int = 1) -> SearchConfig:
    """The search budget of ``level``; raises ``ValueError`` for an unknown level."""
    try:
        config = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}") from None
    return replace(config, workers=workers) if workers != 1 else config
