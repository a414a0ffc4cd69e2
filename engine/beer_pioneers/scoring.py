"""Final scoring and ranking (docs/rules/beer_pioneers.md 2.8)."""

from __future__ import annotations

from engine.beer_pioneers import data
from engine.beer_pioneers.brewery import Brewery


def part_one(brewery: Brewery) -> int:
    """Everyone: 1 VP per beer tile in the cellar, 1 VP per 3 coins."""
    beers = sum(item != data.BARREL for item in brewery.cellar)
    return beers + brewery.coins // int(data.rules().end["coins_per_vp"])


def part_two(brewery: Brewery) -> int:
    """C13: only a bottle marker on the last space: 3 VP per open coop and per built extension."""
    if brewery.level < len(data.rules().level_types):
        return 0
    return int(data.rules().end["part_two_vp"]) * (len(brewery.open_coops) + len(brewery.extensions))


def final_vp(brewery: Brewery) -> int:
    return part_one(brewery) + part_two(brewery)


def ranking(totals: list[int], coins: list[int]) -> list[int]:
    """Most VP first; a tie goes to more coins; still tied seats share the place."""
    keys = list(zip(totals, coins, strict=True))
    return [1 + sum(other > mine for other in keys) for mine in keys]
