"""One player's side of the table: the estate in front of the screen, the rest behind it.

Public: race, estate (cards, upgrades, brewers placed, spell tokens), meeples, VP, ribbons,
the scoring disk's place in the stack, a bribe on a judge. Private (rulebook "Set Up Player
Screens" and issue #18 "Secrets"): gold, ingredients, the recipe book, the beers being brewed,
the Dark Elf's shadow judges, the winter choices, and what a recipe being brewed is still owed.
"""

from __future__ import annotations

from typing import Any

from engine.core.fields import DeclaredRecord, private, public
from engine.dragon_brew.components import INGREDIENTS

# An estate slot: [card id, upgrade card ids, own brewers on it, migrant gnomes on it, used]
# (used: a "1" action card locked, a spell's token placed, this year).
CARD, UPGRADES, OWN, GNOMES, USED = range(5)
Slot = list[Any]


def _copy_estate(estate: list[Slot]) -> list[Slot]:
    return [[s[0], list(s[1]), s[2], s[3], s[4]] for s in estate]


def _copy_beers(beers: list[list[str]]) -> list[list[str]]:
    return [list(b) for b in beers]


class Player(DeclaredRecord, view_name="DragonBrewPlayerView"):
    """A seat's record, declared once (engine/core/fields.py)."""

    race: str = public(str)
    vp: int = public(int)
    ribbons: int = public(int)
    disk: int = public(int)  # when the scoring disk last moved: higher is on top of a stack
    brewers: int = public(int)  # own brewers on the race card
    gnomes: int = public(int)  # migrant gnomes on the race card
    housed: int = public(int)  # migrant gnomes on Gnome Housing
    away: int = public(int)  # own brewers passed or on quests until winter
    doomed: int = public(int)  # Chaos Wytch brewers on Dark Sacrifice, removed in winter
    estate: list[Slot] = public(list, copy=_copy_estate)
    brewed: bool = public(bool)  # has finished brewing this fall
    winter: str = public(str)  # "store" / "discard" while deciding, else ""
    presented: list[list[str]] = public(list, copy=_copy_beers)  # beers shown this fall
    ribboned: list[int] = public(list, copy="list")  # presented beers that won this year
    gold: int = private(int)
    goods: list[int] = private(lambda: [0] * len(INGREDIENTS), copy="list")
    book: list[str] = private(list, copy="list", shows={"book_size": len})
    brews: list[list[str]] = private(list, copy=_copy_beers)  # beers behind the screen
    shadow: list[str] = private(list, copy="list", shows={"shadow_count": len})
    kept: list[int] = private(lambda: [0] * len(INGREDIENTS), copy="list")  # winter stores
    owed: list[str] = private(list, copy="list")  # what the recipe just brewed still asks to be paid with

    def good(self, name: str) -> int:
        return int(self.goods[INGREDIENTS.index(name)])

    def add(self, name: str, amount: int) -> None:
        if name == "gold":
            self.gold += amount
        else:
            self.goods[INGREDIENTS.index(name)] += amount

    def unplaced(self) -> int:
        """Brewers still on the race card (own and migrant)."""
        return int(self.brewers + self.gnomes)
