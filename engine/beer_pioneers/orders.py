"""Completing orders (C16, C19): deliver a purple card's beers and barrels, score its reward.

An order's "Beer" means any type (C16), so when an order asks for some, each way of choosing which
cellar tiles go is its own decision (ids ``order:<card>:<beers>``).
"""

from __future__ import annotations

import itertools
from collections import Counter

from engine.beer_pioneers import data
from engine.beer_pioneers.actions import SKIP, Act
from engine.beer_pioneers.brewery import Brewery
from engine.beer_pioneers.brewing import give_back
from engine.beer_pioneers.table import Table
from engine.core.events import Event


def _named(order: data.Order) -> Counter[str]:
    """The tiles and barrels the order names, without its "Beer" (any type) parts."""
    named = Counter(b for b in order.beers if b != data.ANY_BEER)
    named[data.BARREL] += order.barrels
    return named


def ways(brewery: Brewery, card_id: int) -> list[str]:
    """The ways to fill the order from the cellar: the "Beer" tiles chosen, "+"-joined ("" if none)."""
    order = data.cards()[card_id].order
    assert order is not None
    rest = Counter(brewery.cellar)
    rest.subtract(_named(order))
    if any(count < 0 for count in rest.values()):
        return []
    anys = order.beers.count(data.ANY_BEER)
    beers = sorted(item for item, count in rest.items() if item != data.BARREL for _ in range(count))
    return sorted({"+".join(combo) for combo in itertools.combinations(beers, anys)})


def order_choices(brewery: Brewery) -> list[Act]:
    """Every order in hand that the cellar can fill, each way; or none (skip)."""
    acts = []
    for card_id in brewery.hand:
        if data.cards()[card_id].order is None:
            continue
        for way in ways(brewery, card_id):
            acts.append(Act("order", f"{card_id}:{way}" if way else str(card_id)))
    return [*acts, SKIP]


def complete(state: Table, seat: int, arg: str) -> list[Event]:
    """C19: play the card, return what it shows to the supply, score the reward (and the Truck fleet
    line, C16); the bottle marker moves one space (docs/rules/beer_pioneers.md 2.6)."""
    brewery = state.breweries[seat]
    card_text, _, anys = arg.partition(":")
    card_id = int(card_text)
    order = data.cards()[card_id].order
    assert order is not None
    delivered = list(_named(order).elements()) + (anys.split("+") if anys else [])
    for item in delivered:
        brewery.cellar.remove(item)
        give_back(state, item)
    vp, coins = order.vp, order.coins
    if "truck_fleet" in brewery.extensions:
        vp, coins = vp + order.truck_vp, coins + order.truck_coins
    if brewery.master_effect() == "order_coins":
        coins += 1
    brewery.vp += vp
    brewery.coins += coins
    brewery.release(card_id)
    state.discard.append(card_id)
    brewery.raise_level()
    payload = {"card": card_id, "delivered": delivered, "vp": vp, "coins": coins, "level": brewery.level}
    text = f"Seat {seat} completes {data.cards()[card_id].name}'s order: {vp} VP, {coins} coins"
    return [Event("order_completed", text, seat, payload)]


def ship_choices(brewery: Brewery, most: int) -> list[Act]:
    barrels = brewery.cellar.count(data.BARREL)
    return [Act("ship", str(k)) for k in range(min(most, barrels), -1, -1)]


def ship(state: Table, seat: int, count: int) -> list[Event]:
    """The truck ships barrels from the cellar, 1 coin each (docs/rules/beer_pioneers.md 2.4)."""
    brewery = state.breweries[seat]
    for _ in range(count):
        brewery.cellar.remove(data.BARREL)
        give_back(state, data.BARREL)
    brewery.coins += count
    return [Event("shipped", f"Seat {seat} ships {count} barrel(s)", seat, {"count": count})]
