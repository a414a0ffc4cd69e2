"""The authored data of Beer Pioneers, loaded once from ``data/*.toml`` and typed.

Nothing here is a rule: the cards, the coops and the numbers of docs/rules/beer_pioneers.md live in
the data files, and this module checks what the chapter promises of them (64 cards, exactly one
empty section each, brewmasters only among white sections).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

SECTIONS = ("beige", "order", "white")
FLASHES = ("", "brew1", "coin", "rot2", "card", "barrel", "move")
WHITE_EFFECTS = ("brew1", "rotations", "draw", "coins", "barrels", "order", "train")
MASTER_EFFECTS = ("rot_bonus", "brew_bonus", "order_coins", "card_bonus", "move_bonus", "bonus_threshold")
ANY_BEER = "Beer"
BARREL = "barrel"
FIELDS = ("brewhouse", "cellar_hall", "truck_yard", "card_market", "builder", "school", "town_hall")
EXTENSIONS = ("truck_fleet", "office", "cellar_vault", "laboratory")


def _toml(name: str) -> dict[str, Any]:
    files = resources.files("engine.beer_pioneers").joinpath("data").joinpath(name)
    return tomllib.loads(files.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Beige:
    """A beige section: icons that count all game, and a flash that happens once."""

    bulbs: int
    barrels: int
    moves: int
    rotations: int
    flash: str


@dataclass(frozen=True)
class Order:
    """A purple section: what to deliver and the reward, with the Truck fleet line."""

    beers: tuple[str, ...]
    barrels: int
    vp: int
    coins: int
    truck_vp: int
    truck_coins: int


@dataclass(frozen=True)
class White:
    """A white section: a one-time effect; ``master`` is the lasting effect of a brewmaster."""

    effect: str
    n: int
    master: str


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    beige: Beige | None
    order: Order | None
    white: White | None

    @property
    def is_master(self) -> bool:
        return self.white is not None and bool(self.white.master)


@dataclass(frozen=True)
class Coop:
    name: str
    number: int
    cost: int
    blocked_until: int  # progress space the blocking token waits for; -1: no token


@dataclass(frozen=True)
class Rules:
    """The numbers of data/rules.toml, by section."""

    progress_numbers: tuple[int, ...]
    progress_bulbs: tuple[int, ...]
    level_types: tuple[int, ...]
    setup: dict[str, Any]
    fields: dict[str, tuple[int, ...]]
    actions: dict[str, int]
    extensions: dict[str, int]
    end: dict[str, Any]  # numbers, and the last round by player count


def _card(raw: dict[str, Any]) -> Card:
    beige = Beige(**raw["beige"]) if "beige" in raw else None
    order = None
    if "order" in raw:
        order = Order(**{**raw["order"], "beers": tuple(raw["order"]["beers"])})
    white = White(**{"master": "", **raw["white"]}) if "white" in raw else None
    card = Card(raw["id"], raw["name"], beige, order, white)
    present = [s for s in SECTIONS if getattr(card, s) is not None]
    if len(present) != 2 or raw["empty"] in present:
        raise ValueError(f"card {card.id} must have exactly one empty section ({raw['empty']})")
    if beige is not None and beige.flash not in FLASHES:
        raise ValueError(f"card {card.id}: unknown flash {beige.flash!r}")
    if white is not None and (white.effect not in WHITE_EFFECTS or white.master not in ("", *MASTER_EFFECTS)):
        raise ValueError(f"card {card.id}: unknown white effect {white}")
    return card


@cache
def cards() -> dict[int, Card]:
    """The 64 action cards by id."""
    loaded = {c.id: c for c in map(_card, _toml("cards.toml")["cards"])}
    if sorted(loaded) != list(range(1, 65)):
        raise ValueError("Beer Pioneers has 64 action cards numbered 1-64")
    return loaded


@cache
def coops() -> dict[str, Coop]:
    """The six coops, in board order (Alt last)."""
    return {c["name"]: Coop(**c) for c in _toml("coops.toml")["coops"]}


@cache
def rules() -> Rules:
    raw = _toml("rules.toml")
    return Rules(
        progress_numbers=tuple(raw["progress"]["numbers"]),
        progress_bulbs=tuple(raw["progress"]["bulbs"]),
        level_types=tuple(raw["brewing_level"]["level_types"]),
        setup=raw["setup"],
        fields={name: tuple(values) for name, values in raw["fields"].items()},
        actions=raw["actions"],
        extensions=raw["extensions"],
        end=raw["end"],
    )


@cache
def coop_names() -> tuple[str, ...]:
    return tuple(coops())


def beer_value(beer: str) -> int:
    """What a beer is worth in an order (docs/rules/beer_pioneers.md 2.6): "Beer" and Alt 1."""
    if beer == "Stark":
        return 4  # the strongest beer pays most: its coop costs most and waits longest (2.6)
    return 1 if beer in (ANY_BEER, "Alt") else coops()[beer].number - 1
