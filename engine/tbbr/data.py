"""The board game's component data, loaded once at import from ``data/*.toml``.

Brewery identity (names, colours, icons, bonus symbols) comes from the shared
``engine.belgium`` facts; roads, brewery numbers, track values, thresholds and
the objective cards are the board game's own and live in ``data/``.
"""

from __future__ import annotations

import tomllib
from collections import deque
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from engine import belgium

GRAND_PLACE = belgium.GRAND_PLACE_ID
BRUSSELS = "BXL"  # a road end meaning "any point of Brussels"
COLOURS = belgium.COLOURS  # yellow, brown, red, black: the index is a beer's colour code
MODES = ("bicycle", "transport", "hitchhiking")
BONUS_TRACKS = ("positioning", "designer", "cardinal", "trappist")
# Which brewery tags move a cube on which bonus track.
BONUS_TAGS: dict[str, frozenset[str]] = {
    "positioning": frozenset({"positioning"}),
    "designer": frozenset({"goliath", "lanterne", "orval"}),
    "cardinal": frozenset({"north", "east", "south", "west"}),
    "trappist": frozenset({"trappist"}),
}


@dataclass(frozen=True)
class Place:
    """A brewery (or the Grand Place) as the board game sees it."""

    id: str
    number: int  # printed on the board; 0 for the Grand Place
    name: str
    in_brussels: bool
    colour: int  # index in COLOURS; -1 for the Grand Place
    can_taste: bool
    can_buy: bool
    has_cheese: bool
    bonuses: tuple[str, ...]  # BONUS_TRACKS this brewery advances on a first visit
    groups: frozenset[str]  # bonus groups plus "brussels", for objective cards

    @property
    def is_brewery(self) -> bool:
        return self.id != GRAND_PLACE


@dataclass(frozen=True)
class Road:
    """A road between two places (or ``BXL``) with its TU per mode."""

    a: str
    b: str
    tu: tuple[int, int, int]  # bicycle, public transport, hitchhiking


@dataclass(frozen=True)
class Card:
    """One objective card; ``cond`` and its parameters are read by ``objectives``."""

    id: str
    level: int
    kind: str  # lightning, star or flag
    vp: int
    cond: str
    text: str
    colour: int = -1
    mode: str = ""
    tag: str = ""
    n: int = 0


@dataclass(frozen=True)
class Tracks:
    """Track values, thresholds and setup counts (data/tracks.toml)."""

    days_normal: tuple[int, ...]
    days_shorter: tuple[int, ...]
    coasters: dict[int, int]
    bottles: tuple[int, ...]
    accessible: int
    inaccessible: int
    backpack: int
    pack: int
    claims_per_turn: int
    visited_tokens: int
    bicycle_banned: int
    doubled: int
    asleep: int
    awakening: tuple[int, ...]
    night_recovery: int
    bicycle_tu_per_step: int
    late_face: int
    late_penalty: int
    hitch_wait: int
    hitch_wait_doubled: int
    hitch_max_dice: int
    hitch_beers_per_tu: int
    onboard_tu_per_beer: int
    brussels_tu: int
    tasted_max: int
    tasted_vp_per_beer: int
    bonus: dict[str, tuple[int, ...]]
    cheese: tuple[int, ...]
    cheese_token_vp: int
    cheers: tuple[int, ...]
    cheers_token_vp: int
    visited_steps: tuple[tuple[int, int], ...]
    visited_beyond: int
    missing_move_vp: int


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _tracks(raw: dict[str, Any]) -> Tracks:
    days, setup, breath, move, tracks, scoring = (
        raw["days"],
        raw["setup"],
        raw["breathalyzer"],
        raw["transport"],
        raw["tracks"],
        raw["scoring"],
    )
    return Tracks(
        days_normal=tuple(days["normal"]),
        days_shorter=tuple(days["shorter"]),
        coasters={int(k): int(v) for k, v in setup["coasters"].items()},
        bottles=tuple(setup["bottles"]),
        accessible=setup["accessible"],
        inaccessible=setup["inaccessible"],
        backpack=setup["backpack"],
        pack=setup["pack"],
        claims_per_turn=setup["claims_per_turn"],
        visited_tokens=setup["visited_tokens"],
        bicycle_banned=breath["bicycle_banned"],
        doubled=breath["doubled"],
        asleep=breath["asleep"],
        awakening=tuple(breath["awakening"]),
        night_recovery=breath["night_recovery"],
        bicycle_tu_per_step=breath["bicycle_tu_per_step"],
        late_face=move["late_face"],
        late_penalty=move["late_penalty"],
        hitch_wait=move["hitch_wait"],
        hitch_wait_doubled=move["hitch_wait_doubled"],
        hitch_max_dice=move["hitch_max_dice"],
        hitch_beers_per_tu=move["hitch_beers_per_tu"],
        onboard_tu_per_beer=move["onboard_tu_per_beer"],
        brussels_tu=move["brussels_tu"],
        tasted_max=tracks["tasted_max"],
        tasted_vp_per_beer=tracks["tasted_vp_per_beer"],
        bonus={name: tuple(tracks[name]) for name in BONUS_TRACKS},
        cheese=tuple(tracks["cheese"]),
        cheese_token_vp=tracks["cheese_token_vp"],
        cheers=tuple(tracks["cheers"]),
        cheers_token_vp=tracks["cheers_token_vp"],
        visited_steps=tuple((int(a), int(b)) for a, b in scoring["visited_steps"]),
        visited_beyond=scoring["visited_beyond"],
        missing_move_vp=scoring["missing_move_vp"],
    )


def _place(fact: belgium.Brewery, number: int, extra: frozenset[str], dropped: frozenset[str]) -> Place:
    tags = (fact.tags - dropped) | extra
    bonuses = tuple(track for track in BONUS_TRACKS if tags & BONUS_TAGS[track])
    groups = frozenset(bonuses) | ({"brussels"} if fact.in_brussels and fact.is_brewery else set())
    return Place(
        id=fact.id,
        number=number,
        name=fact.name,
        in_brussels=fact.in_brussels,
        colour=COLOURS.index(fact.colour) if fact.colour in COLOURS else -1,
        can_taste=fact.has("taste"),
        can_buy=fact.has("buy"),
        has_cheese=fact.has("cheese"),
        bonuses=bonuses,
        groups=groups,
    )


def _card(entry: dict[str, Any]) -> Card:
    colour = entry.get("colour")
    return Card(
        id=entry["id"],
        level=entry["level"],
        kind=entry["kind"],
        vp=entry["vp"],
        cond=entry["cond"],
        text=entry["text"],
        colour=COLOURS.index(colour) if colour else -1,
        mode=entry.get("mode", ""),
        tag=entry.get("tag", ""),
        n=entry.get("n", 0),
    )


class Board:
    """The map: places, roads and the move count from anywhere back to the Grand Place."""

    def __init__(self, places: dict[str, Place], roads: tuple[Road, ...], brussels_tu: int) -> None:
        self.places = places
        self.roads = roads
        self.brussels = tuple(p for p in places if places[p].in_brussels)
        self.breweries = tuple(p for p in places if places[p].is_brewery)
        self._exits: dict[str, list[tuple[str, tuple[int, int, int]]]] = {p: [] for p in places}
        self._exits[BRUSSELS] = []
        for road in roads:
            self._exits[road.a].append((road.b, road.tu))
            self._exits[road.b].append((road.a, road.tu))
        self._brussels_tu = brussels_tu
        self._neighbours = {p: self._compute_neighbours(p) for p in places}
        self.moves_home = self._compute_moves_home()

    def _node(self, place: str) -> str:
        return BRUSSELS if self.places[place].in_brussels else place

    def _compute_neighbours(self, place: str) -> tuple[tuple[str, tuple[int, int, int]], ...]:
        out: dict[str, tuple[int, int, int]] = {}
        if self.places[place].in_brussels:
            inner = (self._brussels_tu,) * 3
            for other in self.brussels:
                if other != place:
                    out[other] = (inner[0], inner[1], inner[2])
        for end, tu in self._exits[self._node(place)]:
            targets = self.brussels if end == BRUSSELS else (end,)
            for target in targets:
                if target != place and target not in out:
                    out[target] = tu
        return tuple(sorted(out.items(), key=lambda kv: self.places[kv[0]].number))

    def neighbours(self, place: str) -> tuple[tuple[str, tuple[int, int, int]], ...]:
        """Places reachable in one move from ``place``, with (bicycle, transport, hitchhiking) TU."""
        return self._neighbours[place]

    def _compute_moves_home(self) -> dict[str, int]:
        """Moves needed to enter the Grand Place: 0 on it, 1 in Brussels or next to it, and so on."""
        dist = {BRUSSELS: 0}
        queue = deque([BRUSSELS])
        while queue:
            node = queue.popleft()
            for end, _ in self._exits[node]:
                if end not in dist:
                    dist[end] = dist[node] + 1
                    queue.append(end)
        out = {}
        for place in self.places:
            if place == GRAND_PLACE:
                out[place] = 0
            elif self.places[place].in_brussels:
                out[place] = 1
            else:
                out[place] = dist[place]
        return out

    def within_brussels(self, a: str, b: str) -> bool:
        """A move between two points of Brussels: 1 TU "for any kind of transport", no dice."""
        return self.places[a].in_brussels and self.places[b].in_brussels

    def road_between(self, a: str, b: str) -> tuple[int, int, int] | None:
        for target, tu in self._neighbours[a]:
            if target == b:
                return tu
        return None


@cache
def board() -> Board:
    raw = _read("board.toml")
    extra = {k: frozenset(v) for k, v in raw["extra_tags"].items()}
    dropped = {k: frozenset(v) for k, v in raw["dropped_tags"].items()}
    places = {
        fact.id: _place(
            fact,
            raw["numbers"].get(fact.id, 0),
            extra.get(fact.id, frozenset()),
            dropped.get(fact.id, frozenset()),
        )
        for fact in belgium.places().values()
    }
    # Roads are stored as [a, b, hitchhiking, transport, bicycle] in reading order of the board icons.
    roads = tuple(Road(a, b, (bike, pt, hitch)) for a, b, hitch, pt, bike in raw["roads"]["list"])
    return Board(places, roads, tracks().brussels_tu)


@cache
def tracks() -> Tracks:
    return _tracks(_read("tracks.toml"))


@cache
def cards() -> dict[str, Card]:
    return {c.id: c for c in map(_card, _read("objectives.toml")["card"])}
