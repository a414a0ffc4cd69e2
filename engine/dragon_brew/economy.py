"""Paying and collecting: gold, ingredients, and mana weed standing in for any ingredient.

Rulebook "Mana Weed Ingredient": mana weed "may be used instead of any other beer brewing
ingredient for the brewing of beer, casting of spells, or drafting cards", never instead of
gold. So ``wild`` (mana weed may stand in) holds for recipes, spells and drafted cards' costs,
not for free actions (Tavern, Sea Port) or the Mash House.

What an ingredient cost is paid with is the player's choice (docs/rules/dragon_brew.md,
"Paying"): a cost is a list of units (``barley`` a named ingredient, ``grain`` any grain), each
paid with one ingredient; ``settle`` pays what leaves no choice, ``options`` lists the
ingredients the next unit may be paid with so that the rest can still be paid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.dragon_brew.components import FAMILIES, INGREDIENTS, MANA, Amounts
from engine.dragon_brew.player import Player

_MANA = INGREDIENTS.index(MANA)
# The ingredient indices one unit is paid from (a named ingredient: itself; a family: its members).
_OWN = {
    **{n: (i,) for i, n in enumerate(INGREDIENTS)},
    **{f: tuple(map(INGREDIENTS.index, m)) for f, m in FAMILIES.items()},
}
# What must stay payable once a cost is paid: any one of these unit lists (``()``: nothing more).
NOTHING_AFTER: tuple[tuple[str, ...], ...] = ((),)


def units(cost: Iterable[tuple[str, int]]) -> list[str]:
    """The ingredient units of a cost, named ingredients first: ``[barley, grain, grain]``."""
    named = [n for n, a in cost if n != "gold" and not n.startswith("any_") for _ in range(a)]
    anys = [n[4:] for n, a in cost if n.startswith("any_") for _ in range(a)]
    return named + anys


def gold(cost: Iterable[tuple[str, int]]) -> int:
    return sum(a for n, a in cost if n == "gold")


def candidates(unit: str, wild: bool) -> list[str]:
    """The ingredients one unit may be paid with: itself or its family, mana weed where wild."""
    names = list(FAMILIES.get(unit, (unit,)))
    return [*names, MANA] if wild and unit != MANA else names


def _spend(goods: list[int], needed: Sequence[str], wild: bool) -> list[int] | None:
    """Greedy: named units first from themselves, families from their members, mana weed for the
    rest (optimal for whether a cost can be paid at all); the goods left, or None."""
    left = list(goods)
    for unit in sorted(needed, key=lambda u: u in FAMILIES):
        own = _OWN[unit]
        best = own[0] if len(own) == 1 else max(own, key=lambda i: (left[i], -i))
        if left[best] > 0:
            left[best] -= 1
        elif wild and left[_MANA] > 0:
            left[_MANA] -= 1
        else:
            return None
    return left


def fits(goods: list[int], needed: Sequence[str], wild: bool, after: Sequence[Sequence[str]]) -> bool:
    """Whether ``needed`` can be paid so that one of ``after`` can be paid as well."""
    return any(_spend(goods, [*needed, *more], wild) is not None for more in after)


def options(
    goods: list[int], needed: Sequence[str], wild: bool, after: Sequence[Sequence[str]] = NOTHING_AFTER
) -> list[str]:
    """The ingredients the first unit of ``needed`` may be paid with, the rest still payable."""
    found = []
    for name in candidates(needed[0], wild):
        i = INGREDIENTS.index(name)
        if goods[i] > 0:
            rest = list(goods)
            rest[i] -= 1
            if fits(rest, needed[1:], wild, after):
                found.append(name)
    return found


def _ways(
    goods: list[int], needed: Sequence[str], wild: bool, after: Sequence[Sequence[str]], floor: int, cap: int
) -> int:
    """How many different sets of ingredients pay ``needed`` (counted up to ``cap``); identical units
    are paid in ingredient order (``floor``) so each set is counted once."""
    if not needed:
        return 1
    count = 0
    for name in options(goods, needed, wild, after):
        i = INGREDIENTS.index(name)
        if i < floor:
            continue
        rest = list(goods)
        rest[i] -= 1
        same = len(needed) > 1 and needed[1] == needed[0]
        count += _ways(rest, needed[1:], wild, after, i if same else 0, cap - count)
        if count >= cap:
            break
    return count


def settle(
    player: Player, needed: list[str], wild: bool, after: Sequence[Sequence[str]] = NOTHING_AFTER
) -> list[str]:
    """Pay the units of ``needed`` that leave no choice (a single ingredient fits, or one set of
    ingredients pays them all); the units still to choose for (empty: all paid)."""
    needed = list(needed)
    while needed:
        fitting = options(player.goods, needed, wild, after)
        if len(fitting) > 1 and _ways(player.goods, needed, wild, after, 0, 2) > 1:
            return needed
        player.goods[INGREDIENTS.index(fitting[0])] -= 1
        needed.pop(0)
    return needed


def plan(player: Player, cost: Iterable[tuple[str, int]], wild: bool) -> tuple[int, list[int]] | None:
    """The gold and ingredients (by index) ``cost`` takes from ``player`` when paid greedily."""
    cost = tuple(cost)
    price = gold(cost)
    if price > player.gold:
        return None
    left = _spend(player.goods, units(cost), wild)
    if left is None:
        return None
    return price, [have - rest for have, rest in zip(player.goods, left, strict=True)]


def can_pay(player: Player, cost: Iterable[tuple[str, int]], wild: bool) -> bool:
    return plan(player, cost, wild) is not None


def pay(player: Player, cost: Iterable[tuple[str, int]], wild: bool) -> list[int]:
    """Pay ``cost`` greedily (a simulation's shortcut; moves pay through ``settle``)."""
    planned = plan(player, cost, wild)
    if planned is None:
        raise ValueError(f"cannot pay {list(cost)}")
    spent_gold, spent = planned
    player.gold -= spent_gold
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
