"""Paying and collecting: gold, ingredients, and mana weed standing in for any ingredient.

Rulebook "Mana Weed Ingredient": mana weed "may be used instead of any other beer brewing
ingredient for the brewing of beer, casting of spells, or drafting cards", never instead of
gold. A cost naming "any grain" (Tavern, Transmutation, Sea Port, ...) is paid by the engine:
from the ingredient of that family the player holds most of (ties in the order wheat, rye,
barley), mana weed only for what is missing (docs/rules/dragon_brew.md, "Paying").
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.dragon_brew.components import FAMILIES, INGREDIENTS, MANA, Amounts
from engine.dragon_brew.player import Player

_MANA = INGREDIENTS.index(MANA)


def plan(player: Player, cost: Iterable[tuple[str, int]]) -> tuple[int, list[int]] | None:
    """The gold and ingredients (by index) ``cost`` takes from ``player``; None if it cannot pay."""
    gold, goods = 0, list(player.goods)
    spent = [0] * len(INGREDIENTS)
    anys: list[tuple[str, int]] = []
    for name, amount in cost:
        if name == "gold":
            gold += amount
        elif name.startswith("any_"):
            anys.append((name[4:], amount))
        else:
            if not _take(goods, spent, INGREDIENTS.index(name), amount):
                return None
    for family, amount in anys:
        for _ in range(amount):
            members = [INGREDIENTS.index(n) for n in FAMILIES[family]]
            best = max(members, key=lambda i: (goods[i], -i))
            if not _take(goods, spent, best, 1):
                return None
    if gold > player.gold:
        return None
    return gold, spent


def _take(goods: list[int], spent: list[int], index: int, amount: int) -> bool:
    """Take ``amount`` of one ingredient, mana weed for what is missing."""
    own = min(goods[index], amount)
    goods[index] -= own
    spent[index] += own
    rest = amount - own
    if rest > goods[_MANA]:
        return False
    goods[_MANA] -= rest
    spent[_MANA] += rest
    return True


def can_pay(player: Player, cost: Iterable[tuple[str, int]]) -> bool:
    return plan(player, cost) is not None


def pay(player: Player, cost: Iterable[tuple[str, int]]) -> list[int]:
    """Pay ``cost`` (checked by the caller with ``can_pay``); returns the ingredients spent."""
    planned = plan(player, cost)
    if planned is None:
        raise ValueError(f"cannot pay {list(cost)}")
    gold, spent = planned
    player.gold -= gold
    for i, n in enumerate(spent):
        player.goods[i] -= n
    return spent


def collect(player: Player, gain: Amounts) -> None:
    for name, amount in gain:
        player.add(name, amount)


def text(amounts: Iterable[tuple[str, int]]) -> str:
    """ "2 gold, 1 any grain": an amount list for labels and events."""
    parts = [f"{n} {name.replace('_', ' ')}" for name, n in amounts if n]
    return ", ".join(parts) or "nothing"
