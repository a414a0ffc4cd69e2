"""Fit a game's ``fitted`` leaf value on greedy self-play and write its weights file.

The search scores a rollout cut off mid-game by a static evaluation. The
default one is the game's hand-written projection (TBBR Dice: the running
countdown, less the roads home once racing); it ignores what a position
promises, e.g. that a seat with three goals will likely take the podium. This
script plays 2-player greedy self-play games (a little random play keeps the
positions varied), samples positions, and fits by least squares how much more
than that projection seat 0 still gains over seat 1, from the difference of
their features (the game's ``heuristics.linear_value.LinearValue``: TBBR
Dice's ``FEATURES``, each also multiplied by round / 40 and by "the sprint is
on", so the weights drift over the game). Fitting the difference keeps what
both seats gain alike (the rounds left) out of the weights: the search reads
only margins.

    python -m ai_players.experiments.fit_value --selfplay 1:0.1:8000 --selfplay 2:0.03:8000

(the command that wrote TBBR Dice's committed weights; ``--game tbbr`` fits
the board game's). ``--solo`` fits a game's solo value instead: solo greedy
games against the Automa, and the seat's own further gain (there is no other
seat to difference with). Each ``--selfplay
SEED:EPSILON:GAMES`` adds games with that seed and chance of a random move;
the first 80% of the positions, in order, are fitted and the rest held out.
Needs numpy (installed with the dev extra, by open_spiel). The fit is
reproducible; the errors it prints are those quoted in docs/AI.md.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ai_players.arena import deal_seed, load_game
from ai_players.heuristics.linear_value import LinearValue, linear_value
from ai_players.policies import make_policy
from engine.core import Rng, State

SAMPLE_ONE_IN = 5  # a position is kept at one decision in five on average (neighbours are alike)
HOLDOUT = 0.2


def self_play(
    seed: int, epsilon: float, games: int, name: str = "tbbr_dice", solo: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Per sampled position: seat 0's regression inputs minus seat 1's, and seat 0's extra final gain
    over what the game's base projection says (``solo``: seat 0's own inputs and gain, alone)."""
    game = load_game(name)
    value = linear_value(name, solo)
    policy = make_policy("greedy", name, epsilon)
    inputs: list[list[float]] = []
    gains: list[float] = []
    for g in range(games):
        base = deal_seed(seed, g)
        state = game.new_state(1 if solo else 2, {}, base)
        dice, choices, sampler = Rng(base ^ 0x5DEECE66D), Rng(base + 17), Rng(base + 99)
        snapshots: list[tuple[list[float], float]] = []
        while not state.is_terminal():
            step = state.chance()
            if step is not None:
                state.resolve_chance(step.sample(dice))
                continue
            if sampler.next_u64() % SAMPLE_ONE_IN == 0:
                snapshots.append(_lead(value, state, value.base(state)))
            for seat in list(state.actors()):
                state.apply_legal(seat, policy.choose(state, seat, choices))
        _, final = _lead(value, state, state.scores())
        for difference, lead in snapshots:
            inputs.append(difference)
            gains.append(final - lead)
    return np.array(inputs), np.array(gains)


def _lead(value: LinearValue, state: State, scores: Sequence[float]) -> tuple[list[float], float]:
    """Seat 0's regression inputs and ``scores`` less seat 1's, or seat 0's own when alone."""
    mine = value.terms(state, 0)
    if len(scores) == 1:
        return mine, scores[0]
    theirs = value.terms(state, 1)
    return [a - b for a, b in zip(mine, theirs, strict=True)], scores[0] - scores[1]


def fit(inputs: np.ndarray, gains: np.ndarray) -> tuple[np.ndarray, dict[str, float]]:
    """Least-squares weights on the first positions; on the held-out rest, the RMS error of the
    margin gain the fit predicts and of predicting none (what the running countdown assumes)."""
    split = int(len(gains) * (1 - HOLDOUT))
    weights, *_ = np.linalg.lstsq(inputs[:split], gains[:split], rcond=None)
    test_x, test_y = inputs[split:], gains[split:]
    errors = {
        "positions": float(len(gains)),
        "holdout_rms_countdown": float(np.sqrt((test_y**2).mean())),
        "holdout_rms_fitted": float(np.sqrt(((test_y - test_x @ weights) ** 2).mean())),
    }
    return weights, errors


def _selfplay_arg(raw: str) -> tuple[int, float, int]:
    seed, epsilon, games = raw.split(":")
    return int(seed), float(epsilon), int(games)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tbbr_dice", help="a game with a fitted value (tbbr_dice, tbbr)")
    parser.add_argument(
        "--selfplay",
        type=_selfplay_arg,
        action="append",
        required=True,
        metavar="SEED:EPSILON:GAMES",
        help="greedy self-play games to fit on (repeatable)",
    )
    parser.add_argument("--solo", action="store_true", help="fit the game's solo value on solo games")
    parser.add_argument("--out", type=Path, default=None, help="default: the game's weights file")
    args = parser.parse_args(argv)
    value: LinearValue = linear_value(args.game, args.solo)
    parts = [self_play(seed, eps, games, args.game, args.solo) for seed, eps, games in args.selfplay]
    weights, errors = fit(np.vstack([p[0] for p in parts]), np.concatenate([p[1] for p in parts]))
    k = len(value.features) + 1
    game_flag = "" if args.game == "tbbr_dice" else f"--game {args.game} "
    game_flag += "--solo " if args.solo else ""
    data = {
        "features": list(value.features),
        "fitted_by": f"python -m ai_players.experiments.fit_value {game_flag}"
        + " ".join(f"--selfplay {s}:{e}:{g}" for s, e, g in args.selfplay),
        "main": [round(float(w), 4) for w in weights[:k]],
        "by_round": [round(float(w), 4) for w in weights[k : 2 * k]],
        "in_sprint": [round(float(w), 4) for w in weights[2 * k :]],
    }
    (args.out or value.path).write_text(json.dumps(data, indent=1) + "\n")
    print(json.dumps(errors))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
