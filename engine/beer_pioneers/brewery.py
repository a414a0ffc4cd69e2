"""One player's brewery board, personal display and hand: a record per seat.

Everything is public (docs/rules/beer_pioneers.md 2.9) but the hand, whose size all may see.
"""

from __future__ import annotations

from engine.beer_pioneers import data
from engine.core.fields import DeclaredRecord, private, public

NO_DIAL = -1  # a dial beside the board, not on its coop
NO_MASTER = 0  # card ids start at 1


class Brewery(DeclaredRecord, view_name="BreweryView"):
    """A seat's brewery; dials are indexed like ``data.coop_names()``."""

    coins: int = public(int)
    vp: int = public(int)
    workers: list[int] = public(list, copy="list")  # experience of each worker
    placed: list[bool] = public(list, copy="list")  # worker on the action board this round
    open_coops: list[str] = public(list, copy="list")
    dials: list[int] = public(list, copy="list")  # rotations left per coop, NO_DIAL when idle
    cellar: list[str] = public(list, copy="list")  # beer types and "barrel"
    display: list[int] = public(list, copy="list")  # beige cards played, in order
    master: int = public(int)  # the brewmaster's card id, NO_MASTER when none
    extensions: list[str] = public(list, copy="list")
    level: int = public(lambda: 1)  # bottle marker space, 1-6
    progress: int = public(int)  # progress cube space, 0-4
    admin_left: int = public(int)  # administrative actions left this round
    known: list[int] = public(list, copy="list")  # cards in hand that all saw arrive (from the display)
    hand: list[int] = private(list, copy="list", shows={"hand_size": len})

    def receive(self, card: int, seen: bool) -> None:
        """A card into the hand; ``seen``: everyone saw which (taken from the display, a brewmaster back)."""
        self.hand.append(card)
        if seen:
            self.known.append(card)

    def release(self, card: int) -> None:
        """A card leaves the hand (played or delivered)."""
        self.hand.remove(card)
        if card in self.known:
            self.known.remove(card)

    # -- what the board adds up to -------------------------------------------------

    def icons(self, name: str) -> int:
        """A beige icon counted over the personal display (the starting card included)."""
        start = {"rotations": "start_rotations", "moves": "start_moves"}.get(name)
        total = int(data.rules().setup[start]) if start else 0
        cards = data.cards()
        return total + sum(int(getattr(cards[c].beige, name)) for c in self.display)

    def master_effect(self) -> str:
        if self.master == NO_MASTER:
            return ""
        white = data.cards()[self.master].white
        return white.master if white else ""

    def bulbs(self) -> int:
        return self.icons("bulbs") + (2 if "laboratory" in self.extensions else 0)

    def rotations(self) -> int:
        """X of the Cellar hall (C8): the display's rotation icons, +1 with that brewmaster."""
        return self.icons("rotations") + (1 if self.master_effect() == "rot_bonus" else 0)

    def moves(self) -> int:
        """Barrels the truck may ship: the display's icons, +1 Truck fleet, +1 brewmaster."""
        extra = ("truck_fleet" in self.extensions) + (self.master_effect() == "move_bonus")
        return self.icons("moves") + extra

    def brew_types(self) -> int:
        """Beer types one brewing action may start (C1), +1 with that brewmaster."""
        level = data.rules().level_types[self.level - 1]
        return level + (1 if self.master_effect() == "brew_bonus" else 0)

    def cellar_size(self) -> int:
        return int(data.rules().setup["cellar"]) + (2 if "cellar_vault" in self.extensions else 0)

    def raise_level(self) -> None:
        """The bottle marker moves one space, up to the last (C13): per order and per coop opened (2.6)."""
        self.level = min(self.level + 1, len(data.rules().level_types))

    def hand_full(self) -> bool:
        """2.6: a hand at the limit takes and draws no card."""
        return len(self.hand) >= int(data.rules().setup["hand_limit"])

    def cellar_full(self) -> bool:
        return len(self.cellar) >= self.cellar_size()

    def free_coops(self) -> list[str]:
        """Open coops whose dial is beside the board, in board order."""
        names = data.coop_names()
        return [c for c in names if c in self.open_coops and self.dials[names.index(c)] == NO_DIAL]

    def brewing(self) -> list[str]:
        """Coops with a dial on them, in board order."""
        return [c for c, left in zip(data.coop_names(), self.dials, strict=True) if left != NO_DIAL]

    def progress_number(self) -> int:
        return data.rules().progress_numbers[self.progress]

    def admin_per_round(self) -> int:
        return int(data.rules().setup["admin_actions"]) + (1 if "office" in self.extensions else 0)
