"""The 12 travel dice on the table, and the rolls that change them.

A die is available (on the table, usable by the next choice), used (taken by a player or by
Thomas; blocked until someone rolls all 12 again) or unrolled (before the very first roll).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from engine.core.chance import ChanceStep
from engine.core.fields import DeclaredRecord, public
from engine.core.rng import Rng
from engine.tbbr_dice.components import COLOURS, X, components

AVAILABLE, USED, UNROLLED = 0, 1, 2
NOBODY, THOMAS = -1, -2

# Roll modes: what the chance outcome feeds. "nox" rolls are conditioned on showing no X.
ROLL_MODES = ("all", "all3", "special", "nox", "some", "thomas")


def _per_die(value: Any) -> Callable[[], list[Any]]:
    return lambda: [value] * len(components().dice.colour_of)


class Dice(DeclaredRecord):
    """Colour, face, status, owner and the "doubled" mark of each of the 12 dice (all public)."""

    colour: list[str] = public(lambda: list(components().dice.colour_of), copy="list")
    value: list[int] = public(_per_die(X), copy="list")
    status: list[int] = public(_per_die(UNROLLED), copy="list")
    owner: list[int] = public(_per_die(NOBODY), copy="list")
    doubled: list[bool] = public(_per_die(False), copy="list")

    def available(self) -> list[int]:
        return [i for i, s in enumerate(self.status) if s == AVAILABLE]

    def available_usable(self) -> list[int]:
        """Available dice not showing X."""
        return [i for i in self.available() if self.value[i] != X]

    def usable_orders(self) -> list[tuple[int, int]]:
        """``kind_order`` of each available die not showing X, unsorted (the picks' hot path)."""
        rank, value = _COLOUR_RANK, self.value
        return [
            (value[i], rank[self.colour[i]])
            for i, s in enumerate(self.status)
            if s == AVAILABLE and value[i] != X
        ]

    def find(self, colour: str, value: int, status: int = AVAILABLE) -> int | None:
        """Lowest-index die of this colour and value in ``status`` (dice of one kind are interchangeable)."""
        for i in range(len(self.status)):
            if self.status[i] == status and self.colour[i] == colour and self.value[i] == value:
                return i
        return None

    def kinds(self, indices: Iterable[int]) -> list[tuple[str, int]]:
        """Distinct (colour, value) kinds among these dice, in canonical order."""
        return sorted({(self.colour[i], self.value[i]) for i in indices}, key=kind_order)

    def take(self, i: int, owner: int) -> None:
        self.status[i] = USED
        self.owner[i] = owner

    def set_rolled(self, indices: tuple[int, ...], values: tuple[int, ...]) -> None:
        """Rolled dice come back available with their printed colour and no doubling."""
        base = components().dice.colour_of
        for i, v in zip(indices, values, strict=True):
            self.colour[i] = base[i]
            self.value[i] = v
            self.status[i] = AVAILABLE
            self.owner[i] = NOBODY
            self.doubled[i] = False


@dataclass(frozen=True)
class DieView:
    colour: str
    value: int  # 0 = X
    status: int  # 0 available, 1 used, 2 not rolled yet
    owner: int  # seat that took it, -2 Thomas, -1 nobody
    doubled: bool


def die_views(d: Dice) -> tuple[DieView, ...]:
    """The dice as the observation shows them: one record per die."""
    return tuple(
        DieView(d.colour[i], d.value[i], d.status[i], d.owner[i], d.doubled[i]) for i in range(len(d.status))
    )


def dice_from_views(views: tuple[DieView, ...]) -> Dice:
    return Dice.fresh(
        colour=[v.colour for v in views],
        value=[v.value for v in views],
        status=[v.status for v in views],
        owner=[v.owner for v in views],
        doubled=[v.doubled for v in views],
    )


_COLOUR_RANK = {colour: rank for rank, colour in enumerate(COLOURS)}


def kind_order(kind: tuple[str, int]) -> tuple[int, int]:
    """Canonical order of die kinds: by value, then red < yellow < black."""
    return kind[1], _COLOUR_RANK[kind[0]]


def roll_step(indices: tuple[int, ...], mode: str) -> ChanceStep:
    """The chance step rolling these dice; the outcome is the tuple of faces, in index order."""
    spec = components().dice
    faces = [_faces(spec.faces[spec.colour_of[i]], mode) for i in indices]

    def sample(rng: Rng) -> Hashable:
        return tuple(rng.choice(f) for f in faces)

    def validate(outcome: Hashable) -> bool:
        return (
            isinstance(outcome, tuple)
            and len(outcome) == len(faces)
            and all(isinstance(v, int) and v in f for v, f in zip(outcome, faces, strict=True))
        )

    outcomes = None
    if len(indices) <= 3:
        total = 1
        for f in faces:
            total *= len(f)
        counts: dict[tuple[int, ...], int] = {}
        for combo in itertools.product(*faces):
            counts[combo] = counts.get(combo, 0) + 1
        outcomes = [(combo, n / total) for combo, n in sorted(counts.items())]
    names = ", ".join(f"{spec.colour_of[i]} die {i}" for i in indices)
    return ChanceStep("roll", sample, validate, outcomes, f"roll {names}")


def _faces(faces: tuple[int, ...], mode: str) -> tuple[int, ...]:
    if mode == "nox":
        return tuple(v for v in faces if v != X)
    return faces


def dice_text(dice: Dice, indices: tuple[int, ...]) -> str:
    """Human text for some dice: "red 3, black X"."""
    return ", ".join(f"{dice.colour[i]} {'X' if dice.value[i] == X else dice.value[i]}" for i in indices)
