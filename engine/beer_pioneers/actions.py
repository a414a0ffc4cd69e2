"""The one action type of Beer Pioneers: a kind and an argument, with a stable id and a label.

Every decision (placing a worker, choosing coops, rotating a dial, taking a card, clearing a cellar
space, ...) is an ``Act``; its id is ``kind`` or ``kind:arg`` and ``parse`` reads it back, so the
wire can carry the id alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.beer_pioneers import data

FIELD_NAMES = {
    "brewhouse": "the Brewhouse (brew)",
    "cellar_hall": "the Cellar hall (rotations)",
    "truck_yard": "the Truck yard (complete an order, ship barrels)",
    "card_market": "the Card market (take cards)",
    "builder": "the Builder (open a coop or build an extension)",
    "school": "the Brewing school (train or retire a worker)",
    "town_hall": "the Town hall (turn-order worker and coins)",
}
BONUS_NAMES = {
    "brew1": "1! brew exactly one beer",
    "rot": "2 rotations",
    "card": "take 1 card",
    "coins": "2 coins",
    "order": "complete an order",
}


def _card(arg: str) -> str:
    card_id = int(arg.partition(":")[0])
    return f"{data.cards()[card_id].name} (#{card_id})"


def _label(kind: str, arg: str) -> str:
    """A readable sentence for every kind of decision."""
    fixed = {"skip": "Do nothing more here", "stop": "Stop rotating", "lose": "Lose the arriving item"}
    if kind in fixed:
        return fixed[kind]
    if kind == "place":
        worker, _, field = arg.partition(":")
        return f"Place worker {int(worker) + 1} on {FIELD_NAMES[field]}"
    if kind == "play":
        card, _, section = arg.partition(":")
        return f"Play {_card(card)} as {'brewmaster' if section == 'master' else section}"
    if kind == "order":
        card, _, beers = arg.partition(":")
        return f"Complete the order of {_card(card)}" + (f", delivering {beers} as Beer" if beers else "")
    if kind == "take":
        return "Take the top card of the draw pile" if arg == "pile" else f"Take display card {int(arg) + 1}"
    texts: dict[str, Callable[[], str]] = {
        "admin": lambda: f"Administrative action: {'1! brew one beer' if arg == 'brew1' else '1 rotation'}",
        "brew": lambda: f"Brew {arg.replace('+', ', ')}",
        "rot": lambda: f"Rotate the {arg} dial",
        "ship": lambda: f"Ship {arg} barrel(s) for 1 coin each",
        "clear": lambda: f"Clear a cellar space holding {arg} to make room",
        "bonus": lambda: f"Bonus action: {BONUS_NAMES.get(arg, arg)}",
        "open": lambda: f"Open the {arg} coop",
        "build": lambda: f"Build the {arg.replace('_', ' ')}",
        "train": lambda: f"Train worker {int(arg) + 1}",
        "retire": lambda: f"Retire worker {int(arg) + 1}",
    }
    return texts[kind]() if kind in texts else f"{kind} {arg}"


@dataclass(frozen=True)
class Act:
    """One decision: ``kind`` says which, ``arg`` with what."""

    kind: str
    arg: str = ""

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.arg}" if self.arg else self.kind

    @property
    def label(self) -> str:
        return _label(self.kind, self.arg)


def parse(action_id: str) -> Act:
    """The action of an id (its legality is the state's to judge)."""
    kind, _, arg = action_id.partition(":")
    if not kind:
        raise ValueError(f"empty Beer Pioneers action id {action_id!r}")
    return Act(kind, arg)


SKIP, STOP, LOSE = Act("skip"), Act("stop"), Act("lose")
