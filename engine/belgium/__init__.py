"""Brewery facts shared by both Belgian Beers Race games.

The 40 breweries and the Grand Place come from ``breweries.toml`` (authored
from real breweries; see docs/rules/tbbr_dice.md). Each game keeps its own
roads: only the places themselves, their icons and tags live here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

GRAND_PLACE_ID = "GP"

COLOURS = ("yellow", "brown", "red", "black")
ICONS = ("taste", "buy", "cheese")
CARDINAL_TAGS = ("north", "east", "south", "west")
BOARD_BONUS_TAGS = ("positioning", "goliath", "lanterne", "orval")
SPECIALTY_TAGS = ("wind_rose", "favorite", "for_players", "trappist")


@dataclass(frozen=True)
class Brewery:
    """One place on the map; the Grand Place is the one with ``is_brewery`` false."""

    id: str
    name: str
    full_name: str
    town: str
    lat: float
    lon: float
    in_brussels: bool
    colour: str  # yellow = blonde, brown, red = Trappist, black = stout, "none" for the Grand Place
    icons: frozenset[str]
    tags: frozenset[str]

    @property
    def is_brewery(self) -> bool:
        return self.id != GRAND_PLACE_ID

    def has(self, icon: str) -> bool:
        return icon in self.icons

    def specialties(self) -> tuple[str, ...]:
        """The dice game's specialty types of this brewery, in track order."""
        return _specialties(self.tags)


@cache
def _specialties(tags: frozenset[str]) -> tuple[str, ...]:
    # Scoring asks for these on every visited brewery many times per step (a search's hot path).
    return tuple(tag for tag in SPECIALTY_TAGS if tag in tags)


def _parse(entry: dict[str, object]) -> Brewery:
    icons = frozenset(str(i) for i in entry["icons"])  # type: ignore[attr-defined]
    tags = frozenset(str(t) for t in entry["tags"])  # type: ignore[attr-defined]
    if not icons <= set(ICONS):
        raise ValueError(f"unknown icon in {entry['id']}: {sorted(icons - set(ICONS))}")
    return Brewery(
        id=str(entry["id"]),
        name=str(entry["name"]),
        full_name=str(entry["full_name"]),
        town=str(entry["town"]),
        lat=float(entry["lat"]),  # type: ignore[arg-type]
        lon=float(entry["lon"]),  # type: ignore[arg-type]
        in_brussels=bool(entry["in_brussels"]),
        colour=str(entry["colour"]),
        icons=icons,
        tags=tags,
    )


@cache
def places() -> dict[str, Brewery]:
    """Every place by id: the Grand Place first, then the 40 breweries, in file order."""
    text = resources.files(__package__).joinpath("breweries.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return {b.id: b for b in map(_parse, data["brewery"])}


def breweries() -> tuple[Brewery, ...]:
    """The 40 breweries (not the Grand Place)."""
    return tuple(b for b in places().values() if b.is_brewery)


def brewery(place_id: str) -> Brewery:
    """The place with this id (a brewery or the Grand Place); ``KeyError`` if unknown."""
    return places()[place_id]


def grand_place() -> Brewery:
    return places()[GRAND_PLACE_ID]
