"""Chance steps: dice and other public random events.

A pending chance step pauses the game until an outcome is supplied: the server
samples it from its secret per-game RNG, tests and replays pass it explicitly,
and MCTS samples it afresh on every iteration.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from engine.core.rng import Rng


@dataclass(frozen=True)
class ChanceStep:
    """A pending random event.

    ``kind`` names it (``"roll"``), ``sampler`` draws one outcome, and
    ``outcomes`` lists ``(outcome, probability)`` when the space is small
    enough to enumerate (``None`` otherwise, e.g. twelve dice at once).
    ``validate`` says whether a supplied outcome is possible.
    """

    kind: str
    sampler: Callable[[Rng], Hashable]
    validate: Callable[[Hashable], bool]
    outcomes: Sequence[tuple[Hashable, float]] | None = None
    description: str = ""

    def sample(self, rng: Rng) -> Hashable:
        return self.sampler(rng)
