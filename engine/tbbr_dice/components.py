"""The authored component data of The Belgian Beers Race Dice, loaded once from ``data/*.toml``.

Everything the rulebook does not print (roads, dice faces, track values, card texts and points)
lives in the data files; this module only types it. See docs/rules/tbbr_dice.md.
"""

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine import belgium

COLOURS = ("red", "yellow", "black")  # die colours = goal colours, in canonical order
X = 0  # the useless side of a black die


def _toml(name: str) -> dict[str, Any]:
    text = resources.files("engine.tbbr_dice").joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return tomllib.loads(text)


@dataclass(frozen=True)
class DiceSpec:
    """The 12 travel dice: colour of each die (by index) and the faces of each colour."""

    colour_of: tuple[str, ...]
    faces: dict[str, tuple[int, ...]]

    def opposite(self, colour: str, value: int) -> int:
        faces = self.faces[colour]
        return faces[5 - faces.index(value)]

    def can_show(self, colour: str, value: int) -> bool:
        return value in self.faces[colour]


@dataclass(frozen=True)
class Condition:
    """A goal condition: a kind (see goals.py) and its parameters."""

    kind: str
    params: tuple[tuple[str, Any], ...]

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.params).get(key, default)


@dataclass(frozen=True)
class CommonGoal:
    id: str
    colour: str
    text: str
    points: int
    condition: Condition
    automa: tuple[int, int]


@dataclass(frozen=True)
class PersonalGoal:
    id: str
    tier: str  # silver (easy) or gold (hard)
    text: str
    points: int
    condition: Condition


@dataclass(frozen=True)
class CheeseCard:
    id: str
    name: str
    effect: str
    text: str


@dataclass(frozen=True)
class Tracks:
    """Point values of the game sheet (each list indexed by ticked circles)."""

    brewery_circles: int
    brewery_bonus_above: int
    brewery_bonus: int
    brewery_green_from: int
    automa_start: int
    automa_flags: dict[str, int]
    specialty_rows: tuple[str, ...]
    specialty_points: tuple[int, ...]
    specialty_column_bonus: tuple[int, ...]
    hop_points: tuple[int, ...]
    hop_column_bonus: tuple[int, ...]
    next_choice_penalty_at: tuple[int, ...]
    red_section_from: int
    environment_points: tuple[int, ...]
    cheese_points: tuple[int, ...]
    podium_points: tuple[int, ...]
    road_penalty: int
    solo_titles: tuple[tuple[int, str], ...]

    def solo_title(self, score: int) -> str:
        return next(title for low, title in self.solo_titles if score >= low)


@dataclass(frozen=True)
class RoadMap:
    """Roads between places: ``roads[place] = ((neighbour, distance), ...)``, sorted by id."""

    roads: dict[str, tuple[tuple[str, int], ...]]
    hops_to_grand_place: dict[str, int]

    def distance(self, a: str, b: str) -> int | None:
        return next((d for n, d in self.roads.get(a, ()) if n == b), None)


def road_key(a: str, b: str) -> str:
    """Canonical id of the road between two places ("A-B" with A < B)."""
    return f"{a}-{b}" if a < b else f"{b}-{a}"


def _condition(raw: dict[str, Any]) -> Condition:
    params = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in raw.items() if k != "kind"))
    return Condition(kind=raw["kind"], params=params)


def _road_map(data: dict[str, Any]) -> RoadMap:
    adj: dict[str, list[tuple[str, int]]] = {p: [] for p in belgium.places()}
    for road in data["road"]:
        adj[road["a"]].append((road["b"], int(road["distance"])))
        adj[road["b"]].append((road["a"], int(road["distance"])))
    hops = {belgium.GRAND_PLACE_ID: 0}
    queue = deque([belgium.GRAND_PLACE_ID])
    while queue:
        here = queue.popleft()
        for there, _ in adj[here]:
            if there not in hops:
                hops[there] = hops[here] + 1
                queue.append(there)
    if len(hops) != len(adj):
        raise ValueError("map.toml: some places cannot reach the Grand Place")
    return RoadMap({p: tuple(sorted(n)) for p, n in adj.items()}, hops)


def _tracks(data: dict[str, Any]) -> Tracks:
    b, s, h = data["brewery"], data["specialty"], data["hop"]
    return Tracks(
        brewery_circles=b["circles"],
        brewery_bonus_above=b["bonus_above"],
        brewery_bonus=b["bonus"],
        brewery_green_from=b["green_from"],
        automa_start=b["automa_start"],
        automa_flags=dict(b["automa_flags"]),
        specialty_rows=tuple(s["rows"]),
        specialty_points=tuple(s["points"]),
        specialty_column_bonus=tuple(s["column_bonus"]),
        hop_points=tuple(h["points"]),
        hop_column_bonus=tuple(h["column_bonus"]),
        next_choice_penalty_at=tuple(h["next_choice_penalty_at"]),
        red_section_from=h["red_section_from"],
        environment_points=tuple(data["environment"]["points"]),
        cheese_points=tuple(data["cheese"]["points"]),
        podium_points=tuple(data["podium"]["points"]),
        road_penalty=data["podium"]["road_penalty"],
        solo_titles=tuple((t["min"], t["title"]) for t in data["solo"]["titles"]),
    )


@dataclass(frozen=True)
class Components:
    dice: DiceSpec
    map: RoadMap
    tracks: Tracks
    common: dict[str, CommonGoal]
    personal: dict[str, PersonalGoal]
    cheeses: dict[str, CheeseCard]


@cache
def components() -> Components:
    """All component data (loaded once; engines are pure after import)."""
    dice = _toml("dice.toml")["colour"]
    goals = _toml("goals.toml")
    common = {
        g["id"]: CommonGoal(
            g["id"],
            g["colour"],
            g["text"],
            g["points"],
            _condition(g["condition"]),
            (g["automa"][0], g["automa"][1]),
        )
        for g in goals["common"]
    }
    personal = {
        g["id"]: PersonalGoal(g["id"], g["tier"], g["text"], g["points"], _condition(g["condition"]))
        for g in goals["personal"]
    }
    cheeses = {
        c["id"]: CheeseCard(c["id"], c["name"], c["effect"], c["text"])
        for c in _toml("cheeses.toml")["cheese"]
    }
    return Components(
        dice=DiceSpec(
            colour_of=tuple(d["name"] for d in dice for _ in range(d["count"])),
            faces={d["name"]: tuple(d["faces"]) for d in dice},
        ),
        map=_road_map(_toml("map.toml")),
        tracks=_tracks(_toml("tracks.toml")),
        common=common,
        personal=personal,
        cheeses=cheeses,
    )
