"""A leaf value fitted on self-play: a game's projection plus a linear model of what it misses.

The search scores a rollout cut off mid-game by a static evaluation. A game's
hand-written projection (``base``) reads the position as it stands; a linear
model over features of each seat's position predicts how much more of the
final score each seat still gains. Every feature appears three times: as it
is, times how far the game is (``stage``'s first term, 0 to 1) and times a
phase flag (``stage``'s second term: TBBR Dice's final sprint, the board
game's last day), so the weights drift over the game.

``ai_players.experiments.fit_value --game NAME`` fits the weights on
score *differences* between the two seats of 2-player self-play, so what both
seats gain alike stays out of them; the search reads only margins. A solo
value (``solo=True``; ``fit_value --solo``) is fitted on the one seat's own
further gain instead: alone against an Automa there is no margin, and the
search reads the score itself. The weights file records the command that
wrote it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engine.core import State

Weights = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]


@dataclass(frozen=True)
class LinearValue:
    """One game's fitted leaf value: what it reads, what it corrects and where its weights live."""

    game: str
    features: tuple[str, ...]
    read: Callable[[State, int], tuple[float, ...]]  # one seat's features, in the order of ``features``
    stage: Callable[[State], tuple[float, float]]  # (how far the game is in [0, 1], the phase flag)
    base: Callable[[State], list[float]]  # the projection the model corrects
    path: Path
    solo: bool = False  # fitted on solo games (own gain) rather than 2-player margins
    _cache: dict[str, Weights] = field(default_factory=dict, init=False, compare=False, repr=False)

    def weights(self) -> Weights:
        """The fitted weights: (main, by stage, in phase), each over ``("const",) + features``."""
        if "w" not in self._cache:
            data = json.loads(self.path.read_text())
            if tuple(data["features"]) != self.features:
                refit = "refit it (experiments.fit_value)"
                raise ValueError(f"{self.path.name} was fitted on other features: {refit}")
            self._cache["w"] = (tuple(data["main"]), tuple(data["by_round"]), tuple(data["in_sprint"]))
        return self._cache["w"]

    def terms(self, state: State, seat: int) -> list[float]:
        """The regression's inputs for one seat: 1 and the features, as they are, by stage, in phase."""
        x = (1.0, *self.read(state, seat))
        r, phase = self.stage(state)
        return [*x, *(v * r for v in x), *(v * phase for v in x)]

    def scores(self, state: State) -> list[float]:
        """The base projection plus the further gain the model expects, per seat."""
        main, by_stage, in_phase = self.weights()
        r, phase = self.stage(state)
        weights = [a + b * r + c * phase for a, b, c in zip(main, by_stage, in_phase, strict=True)]
        scores = self.base(state)
        for seat in range(len(scores)):
            x = self.read(state, seat)
            scores[seat] += weights[0] + sum(w * v for w, v in zip(weights[1:], x, strict=True))
        return scores

    def leaf(self, state: State) -> list[float]:
        """The search's ``fitted`` leaf value: the final scores once the game is over, else ``scores``.

        Only the margins it implies are meaningful (the weights are fitted on margins), which is all
        the search reads.
        """
        return state.scores() if state.is_terminal() else self.scores(state)


_VALUES: dict[tuple[str, bool], LinearValue] = {}


def register_linear_value(value: LinearValue, *, as_leaf: bool = True) -> None:
    """Make ``value`` the one ``fit_value --game`` (with ``--solo`` for a solo value) fits for its game.

    With ``as_leaf`` and a weights file on disk, ``value.leaf`` also becomes the game's ``fitted``
    leaf value; before the first fit there is no file, and the search keeps the game's projection.
    """
    _VALUES[(value.game, value.solo)] = value
    if as_leaf and value.path.exists():
        from ai_players.policies import register_evaluator

        register_evaluator(value.game, "fitted", value.leaf)


def linear_value(game: str, solo: bool = False) -> LinearValue:
    """The fitted value of ``game`` (its solo one with ``solo``); raises ``ValueError`` if it has none."""
    from ai_players.policies import has_heuristic

    has_heuristic(game)  # imports the built-in heuristics, which register their values
    try:
        return _VALUES[(game, solo)]
    except KeyError:
        known = ", ".join(sorted(f"{g} (solo)" if alone else g for g, alone in _VALUES))
        raise ValueError(f"{game!r} has no {'solo ' if solo else ''}fitted value; known: {known}") from None
