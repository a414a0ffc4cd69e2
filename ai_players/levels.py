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
    # The budget of the strength runs (docs/AI.md): about 25 ms per TBBR Dice decision on one
    # core of a 2.8 GHz Xeon (0.1-0.15 s on a busier, slower machine); it beats the greedy heuristic.
    # Its cut-off rollouts are scored by the value fitted on self-play where the game has one
    # (TBBR Dice, the board game, Beer Pioneers; heuristics.linear_value): on TBBR Dice +100 Elo
    # [+33, +175] over the hand-written projection at the same budget.
    "medium": SearchConfig(
        iterations=40, time_limit=1.0, rollout="greedy", rollout_depth=8, leaf_value="fitted"
    ),
    # Medium's search with its rollouts cut off where the bot's own turn begins (after at least
    # 8 decisions) rather than after exactly 8: every root action is then scored at the same point
    # of the turn cycle. It beat medium by +70 Elo [+21, +123] over 200 games, and its search gains
    # +117 Elo from 10 to 40 iterations (+45 from 40 to 160). It takes about medium's time per
    # decision. Its search answers the strength acceptance criteria (docs/AI.md, "Measurements").
    # Solo it searches as medium does: alone at the table no other seat's turn ever ends, so its
    # rollouts are cut after 8 decisions too (+21 points a game over greedy, docs/AI.md "Solo").
    "hard": SearchConfig(
        iterations=40,
        time_limit=3.0,
        rollout="greedy",
        rollout_depth=8,
        leaf_value="fitted",
        cut_at_turn=True,
    ),
}


# Where one game's level searches differently from the shared one; every entry is measured
# against the shared level on that game (docs/AI.md). Only the way the budget is spent may
# differ, never the budget: a level costs the same time on every game.
GAME_LEVELS: dict[tuple[str, str], SearchConfig] = {
    # The board game's decisions are near-ties that UCB's most-visited action picks among almost
    # at random, so 4x hard's iterations gained +30 Elo; sequential halving compares the
    # heuristic's favourites in paired worlds and turns a larger budget into a better choice
    # (40 against 10 iterations: +158 Elo; docs/AI.md, "The board game's bots"). It also beat UCB
    # at 40. Not beyond: at 160 iterations its 16 candidates let the leaf's errors win (-70 Elo).
    ("tbbr", "hard"): replace(LEVELS["hard"], root="halving"),
}


def config_for(game_type: str, level: str, workers: int = 1) -> SearchConfig:
    """The search budget of ``level`` on ``game_type``; raises ``ValueError`` for an unknown level."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    config = GAME_LEVELS.get((game_type, level), LEVELS[level])
    return replace(config, workers=workers) if workers != 1 else config
