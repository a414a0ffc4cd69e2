"""The authored component data of Dragon Brew, loaded once from ``data/*.toml``.

The rulebook prints no card list: races, brewery, event, judge and recipe cards are authored
(docs/rules/dragon_brew.md gives every value's reason); this module only types them.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

GRAINS = ("wheat", "rye", "barley")
WORTS = ("orange", "green", "purple")
MAGIC = ("scale", "toadstool", "pixie")
MANA = "mana"
INGREDIENTS = (*GRAINS, *WORTS, *MAGIC, MANA)
FAMILIES = {"grain": GRAINS, "wort": WORTS, "magic": MAGIC}
# Mash House: the two grains each wort is mashed from (rulebook "Action Multiplier Example").
MASH = {"orange": ("barley", "wheat"), "green": ("rye", "wheat"), "purple": ("barley", "rye")}
CHARACTERISTICS = ("colour", "strength", "bitterness")
ROLES = ("study", "brewery", "fields", "trader", "mash", "stores")

# The components' counts (rulebook "Game Components"). Ingredients are not limited by the box
# ("Running Out of Ingredients": barrel tokens stand for 2 or 3), gold is not either.
MIGRANT_GNOMES = 10
SPELL_TOKENS = 12
YEARS = 3
POOL_SIZE = 5  # per row: drafting pool and recipe offering
EXTRA_GOLD = (0, 1, 1, 2)  # by position in the first year's turn order (Game Setup step 10)

Amounts = tuple[tuple[str, int], ...]


def _amounts(table: dict[str, int] | None) -> Amounts:
    return tuple(sorted((table or {}).items()))


@dataclass(frozen=True)
class Card:
    """A brewery card, a race's ability card or one of its six common cards.

    ``kind``: action, upgrade, free, spell, housing, stores, passive or race. ``role``: for the
    six common cards, which one it is; ``target``: the role an upgrade goes under.
    """

    id: str
    name: str
    kind: str
    use: str = "once"
    role: str = ""
    target: str = ""
    cost: int = 0
    copies: int = 1
    pay: Amounts = ()
    gain: Amounts = ()
    choose: Amounts = ()
    special: str = ""
    own_brewers_only: bool = False
    book: int = 0
    draws: int = 0
    beers: int = 0
    multiplier: int = 0
    stores: int = 0
    study_gold: int = 0
    beer_gold: int = 0


@dataclass(frozen=True)
class Race:
    id: str
    name: str
    pack: int
    min_players: int  # the "Players" column of the "Player Race Overview": a suggestion
    difficulty: int
    brewers: int
    gold: int
    grain: Amounts
    barrel: int
    spice: int
    estate: tuple[str, ...]  # card ids, race card first
    ability: str  # the ability card's id


@dataclass(frozen=True)
class EventCard:
    id: str
    name: str
    type: str  # traders, festival, gnome, quest, scroll
    copies: int
    cost: int = 0
    pay: Amounts = ()
    brewer: bool = False
    gain: Amounts = ()
    choose: Amounts = ()
    vp: int = 0
    draw: int = 0
    gnome: bool = False


@dataclass(frozen=True)
class Recipe:
    id: str
    name: str
    barrel: bool
    ingredients: tuple[str, ...]
    colour: int
    strength: int
    bitterness: int
    gold: int
    vp: int

    def value(self, characteristic: str) -> int:
        return int(getattr(self, characteristic))


@dataclass(frozen=True)
class Judge:
    id: str
    name: str
    vp: int
    primary: str
    primary_dir: str  # high / low
    secondary: str  # a characteristic, or "bribe" (Corrupt Judge variant)
    secondary_dir: str

    @property
    def corrupt(self) -> bool:
        return self.secondary == "bribe"


@dataclass(frozen=True)
class Components:
    cards: dict[str, Card]
    brewery_deck: tuple[str, ...]  # one id per physical card
    races: dict[str, Race]
    events: dict[str, EventCard]
    event_deck: tuple[str, ...]
    recipes: dict[str, Recipe]
    judges: dict[str, Judge]
    barrels: tuple[str, ...] = field(default=())
    spices: tuple[str, ...] = field(default=())


def _toml(name: str) -> dict[str, Any]:
    text = resources.files("engine.dragon_brew").joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _card(data: dict[str, Any], **extra: Any) -> Card:
    values = {**data, **extra}
    for key in ("pay", "gain", "choose"):
        values[key] = _amounts(values.get(key))
    values.pop("absent", None)
    return Card(**values)


def _race(data: dict[str, Any], common: dict[str, Any], cards: dict[str, Card]) -> Race:
    rid = data["id"]
    cards[f"{rid}:race"] = Card(f"{rid}:race", data["card"], "race")
    ability = _card(data["ability"], id=f"{rid}:{data['ability']['id']}")
    cards[ability.id] = ability
    estate = [f"{rid}:race", ability.id]
    for role, base in common.items():
        override = data["overrides"].get(role, {})
        if override.get("absent"):
            continue
        card = _card({**base, **override}, id=f"{rid}:{role}", role=role)
        cards[card.id] = card
        estate.append(card.id)
    return Race(
        rid, data["name"], data["pack"], data["min_players"], data["difficulty"], data["brewers"],
        data["gold"], _amounts(data["grain"]), data["barrel"], data["spice"], tuple(estate), ability.id,
    )  # fmt: skip


@cache
def components() -> Components:
    races_data = _toml("races.toml")
    cards = {c["id"]: _card(c) for c in _toml("brewery.toml")["card"]}
    deck = tuple(cid for cid, card in cards.items() for _ in range(card.copies))
    races = {r["id"]: _race(r, races_data["common"], cards) for r in races_data["race"]}
    events = {}
    for e in _toml("events.toml")["event"]:
        events[e["id"]] = EventCard(**{**e, **{k: _amounts(e.get(k)) for k in ("pay", "gain", "choose")}})
    event_deck = tuple(eid for eid, card in events.items() for _ in range(card.copies))
    recipes_data = _toml("recipes.toml")
    recipes = {}
    for kind in ("barrel", "spice"):
        for r in recipes_data[kind]:
            recipes[r["id"]] = Recipe(
                **{**r, "ingredients": tuple(r["ingredients"])}, barrel=kind == "barrel"
            )
    judges = {j["id"]: Judge(**j) for j in _toml("judges.toml")["judge"]}
    return Components(
        cards, deck, races, events, event_deck, recipes, judges,
        tuple(r for r in recipes if recipes[r].barrel), tuple(r for r in recipes if not recipes[r].barrel),
    )  # fmt: skip


def card(card_id: str) -> Card:
    return components().cards[card_id]


def recipe(recipe_id: str) -> Recipe:
    return components().recipes[recipe_id]


def judge(judge_id: str) -> Judge:
    return components().judges[judge_id]


def event(event_id: str) -> EventCard:
    return components().events[event_id]
