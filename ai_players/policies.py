"""Fast players: the random baseline and the greedy heuristic of each game.

A policy answers ``choose(state, seat, rng) -> action`` for a seat that may act
in ``state``. The search uses policies for its rollouts, where ``state`` is a
determinization (never the real game); the arena plays them as baselines, and
hands them a determinization of the seat's observation too, so no baseline
can peek at hidden cards.

Adding a game means adding a heuristic: a function scoring the legal actions
of the acting seat (``Heuristic``; all at once, so shared work is done once),
registered with ``register_heuristic``, and optionally a static evaluation
(``Evaluator``: projected final scores) for rollouts cut off before the end.
The search also uses the heuristic as a prior (see ``mcts``). Games without
them fall back to a one-ply lookahead on the running score, and to the
running score.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.core import Rng, State, registry

# Scores the given legal actions of ``seat`` in ``state`` (higher is better), without mutating it.
Heuristic = Callable[[State, int, Sequence[Any]], list[float]]
# Projected final score of every seat in a position that is not over yet.
Evaluator = Callable[[State], list[float]]


class Policy(Protocol):
    """Picks one legal action for ``seat``; deterministic given ``rng``."""

    def choose(self, state: State, seat: int, rng: Rng) -> Any: ...


class RandomPolicy:
    """Uniformly random among the legal actions: the weakest baseline and the cheapest rollout."""

    name = "random"

    def choose(self, state: State, seat: int, rng: Rng) -> Any:
        legal = state.legal_actions(seat)
        return legal[rng.randrange(len(legal))]


class GreedyPolicy:
    """Plays the best-scoring action; ties are broken at random so rollouts stay diverse.

    ``epsilon`` is the chance of a uniformly random move instead, which keeps a
    rollout policy from being exploitably predictable.
    """

    name = "greedy"

    def __init__(self, heuristic: Heuristic, epsilon: float = 0.0) -> None:
        self.heuristic = heuristic
        self.epsilon = epsilon

    def choose(self, state: State, seat: int, rng: Rng) -> Any:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and rng.random() < self.epsilon:
            return legal[rng.randrange(len(legal))]
        best: list[Any] = []
        best_value = float("-inf")
        for action, value in zip(legal, self.heuristic(state, seat, legal), strict=True):
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def lookahead(state: State, seat: int, actions: Sequence[Any]) -> list[float]:
    """Generic fallback: ``seat``'s running score lead after each action (one clone per action)."""
    leads = []
    for action in actions:
        after = state.clone()
        after.apply_legal(seat, action)
        scores = after.scores()
        others = [s for i, s in enumerate(scores) if i != seat]
        leads.append(scores[seat] - (max(others) if others else 0.0))
    return leads


def running_scores(state: State) -> list[float]:
    """Generic static evaluation: the score each seat would have if the game ended now."""
    return state.scores()


# The kinds of static evaluation a game may offer: "default", its hand-written projection of the
# final scores, and "fitted", one fitted on self-play (see ai_players.experiments.fit_value).
LEAF_VALUES = ("default", "fitted")

_HEURISTICS: dict[str, Heuristic] = {}
_EVALUATORS: dict[tuple[str, str], Evaluator] = {}


def register_heuristic(game: str, scores: Heuristic, evaluate: Evaluator | None = None) -> None:
    """Make ``scores`` the greedy heuristic and prior of ``game``; ``evaluate`` its static evaluation."""
    _HEURISTICS[game] = scores
    if evaluate is not None:
        register_evaluator(game, "default", evaluate)


def register_evaluator(game: str, name: str, evaluate: Evaluator) -> None:
    """Offer ``evaluate`` as the static evaluation ``name`` (one of ``LEAF_VALUES``) of ``game``."""
    if name not in LEAF_VALUES:
        raise ValueError(f"unknown static evaluation {name!r}; known: {', '.join(LEAF_VALUES)}")
    _EVALUATORS[(game, name)] = evaluate


def heuristic(game: str) -> Heuristic:
    """The registered heuristic of ``game``, or the generic one-ply lookahead."""
    _load_heuristic(game)
    return _HEURISTICS.get(game, lookahead)


def has_heuristic(game: str) -> bool:
    """Whether ``game`` registered its own heuristic (the generic lookahead is too slow for a prior)."""
    _load_heuristic(game)
    return game in _HEURISTICS


def evaluator(game: str, name: str = "default") -> Evaluator:
    """The static evaluation ``name`` of ``game`` (one of ``LEAF_VALUES``).

    A game that registered no such evaluation gets its default one, and a game
    without a default gets the running score, so one search configuration (a
    strength level) fits every game.
    """
    if name not in LEAF_VALUES:
        raise ValueError(f"unknown static evaluation {name!r}; known: {', '.join(LEAF_VALUES)}")
    _load_heuristic(game)
    return _EVALUATORS.get((game, name)) or _EVALUATORS.get((game, "default")) or running_scores


def make_policy(name: str, game: str, epsilon: float = 0.0) -> Policy:
    """``random`` or ``greedy`` for ``game``; raises ``ValueError`` for anything else."""
    if name == "random":
        return RandomPolicy()
    if name == "greedy":
        return GreedyPolicy(heuristic(game), epsilon)
    raise ValueError(f"unknown policy {name!r}; known: random, greedy")


_heuristics_loaded: set[str] = set()


def _load_heuristic(game: str) -> None:
    """Import the module ``game`` names for its heuristic (``Game.heuristic_module``), once, when a
    bot first needs it: importing this module imports no engine, and a game installed separately
    brings its own heuristic the same way."""
    if game in _heuristics_loaded:
        return
    _heuristics_loaded.add(game)
    try:
        module = registry.get(game).heuristic_module
    except KeyError:  # not a registered game (one a test defines and registers here itself)
        return
    if module:
        importlib.import_module(module)
