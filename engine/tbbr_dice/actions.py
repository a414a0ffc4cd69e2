"""The actions of The Belgian Beers Race Dice: small, frozen, hashable steps.

Dice are named by colour initial and value ("y4", "b0" for a black X), roads by destination id.
Every action has a compact canonical ``id`` and a human ``label``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import belgium

_COLOUR_OF_INITIAL = {"r": "red", "y": "yellow", "b": "black"}


def die_code(colour: str, value: int) -> str:
    """Compact die name: "y4", "r1", "b0" (0 = X)."""
    return f"{colour[0]}{value}"


def parse_die(code: str) -> tuple[str, int]:
    """Inverse of ``die_code``; raises ``ValueError`` on a malformed code."""
    if len(code) < 2 or code[0] not in _COLOUR_OF_INITIAL:
        raise ValueError(f"bad die code {code!r}")
    return _COLOUR_OF_INITIAL[code[0]], int(code[1:])


def die_label(colour: str, value: int) -> str:
    return f"{colour} {'X' if value == 0 else value}"


def _place(place_id: str) -> str:
    return belgium.brewery(place_id).name


@dataclass(frozen=True)
class ChoosePersonal:
    """Keep this personal goal (the other dealt card is discarded)."""

    goal: str

    @property
    def id(self) -> str:
        return f"personal:{self.goal}"

    @property
    def label(self) -> str:
        return f"Keep personal goal {self.goal}"


@dataclass(frozen=True)
class PickDie:
    """Take one available die as part of this turn's choice (picks go in canonical order)."""

    colour: str
    value: int

    @property
    def id(self) -> str:
        return f"pick:{die_code(self.colour, self.value)}"

    @property
    def label(self) -> str:
        return f"Take the {die_label(self.colour, self.value)}"


@dataclass(frozen=True)
class RerollAll:
    """Roll all 12 dice again and take 2."""

    @property
    def id(self) -> str:
        return "reroll"

    @property
    def label(self) -> str:
        return "Roll all 12 dice again and take 2"


@dataclass(frozen=True)
class TakeAllAndRoll:
    """Fewer than 3 dice are available: take them all and roll the others to complete the set."""

    @property
    def id(self) -> str:
        return "takeall"

    @property
    def label(self) -> str:
        return "Take all available dice and roll the others"


@dataclass(frozen=True)
class SkipTurn:
    """Skip the turn, replacing these displayed goals (one per colour) from the piles."""

    replace: tuple[str, ...]

    @property
    def id(self) -> str:
        return "skip:" + ",".join(self.replace)

    @property
    def label(self) -> str:
        return "Skip the turn and replace goals " + ", ".join(self.replace)


@dataclass(frozen=True)
class EatCheese:
    """Eat the cheese in table slot ``slot`` (1-6); ``args`` are its targets (dice codes, colours, goals)."""

    slot: int
    cheese: str
    args: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        tail = ":" + ",".join(self.args) if self.args else ""
        return f"cheese:{self.slot}{tail}"

    @property
    def label(self) -> str:
        tail = f" ({', '.join(self.args)})" if self.args else ""
        return f"Eat cheese {self.slot} [{self.cheese}]{tail}"


@dataclass(frozen=True)
class Travel:
    """Take the road to ``dest`` with these dice of one colour."""

    dest: str
    colour: str
    values: tuple[int, ...]

    @property
    def id(self) -> str:
        return f"go:{self.dest}:" + "+".join(die_code(self.colour, v) for v in self.values)

    @property
    def label(self) -> str:
        dice = " + ".join(str(v) for v in self.values)
        return f"Travel to {_place(self.dest)} with {self.colour} {dice}"


@dataclass(frozen=True)
class Taste:
    """Taste a beer here with a lowest-value die."""

    colour: str
    value: int

    @property
    def id(self) -> str:
        return f"taste:{die_code(self.colour, self.value)}"

    @property
    def label(self) -> str:
        return f"Taste a beer with {die_label(self.colour, self.value)}"


@dataclass(frozen=True)
class Buy:
    """Buy a bottle here with a lowest-value die."""

    colour: str
    value: int

    @property
    def id(self) -> str:
        return f"buy:{die_code(self.colour, self.value)}"

    @property
    def label(self) -> str:
        return f"Buy a bottle with {die_label(self.colour, self.value)}"


@dataclass(frozen=True)
class EndTravel:
    """Stop travelling; unused dice are lost."""

    @property
    def id(self) -> str:
        return "stop"

    @property
    def label(self) -> str:
        return "Stop travelling"


@dataclass(frozen=True)
class ClaimGoal:
    """Claim a displayed common goal; ``as_colour`` differs from its colour only with the Achel cheese."""

    goal: str
    as_colour: str = ""

    @property
    def id(self) -> str:
        return f"claim:{self.goal}" + (f">{self.as_colour}" if self.as_colour else "")

    @property
    def label(self) -> str:
        tail = f" as a {self.as_colour} goal" if self.as_colour else ""
        return f"Claim goal {self.goal}{tail}"


@dataclass(frozen=True)
class EndTurn:
    @property
    def id(self) -> str:
        return "end"

    @property
    def label(self) -> str:
        return "End the turn"


TbbrDiceAction = (
    ChoosePersonal
    | PickDie
    | RerollAll
    | TakeAllAndRoll
    | SkipTurn
    | EatCheese
    | Travel
    | Taste
    | Buy
    | EndTravel
    | ClaimGoal
    | EndTurn
)
