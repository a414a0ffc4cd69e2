"""Goal conditions: whether a sheet meets a common or personal goal card's condition."""

from __future__ import annotations

from collections.abc import Callable

from engine import belgium
from engine.tbbr_dice.components import Condition, components
from engine.tbbr_dice.sheet import Sheet, cheese_points, environment_points, specialty_track_points


class Context:
    """What a condition may look at besides the sheet: the other brewery tracks (for "highest")."""

    __slots__ = ("rival_breweries",)

    def __init__(self, rival_breweries: tuple[int, ...] = ()) -> None:
        self.rival_breweries = rival_breweries


def _long_roads(sheet: Sheet, minimum: int) -> int:
    roads = components().map
    count = 0
    for key in sheet.roads:
        a, b = key.split("-")
        if (roads.distance(a, b) or 0) >= minimum:
            count += 1
    return count


def _visited_tags(sheet: Sheet, tags: tuple[str, ...]) -> bool:
    seen = set(sheet.visited)
    return all(b.id in seen for b in belgium.breweries() if b.tags & set(tags))


def _green_or_red(sheet: Sheet) -> bool:
    return sheet.breweries >= components().tracks.brewery_green_from or sheet.in_red_section()


def _specialty_counts(sheet: Sheet, condition: Condition) -> bool:
    counts = sheet.specialty_counts()
    return all(counts[tag] >= n for tag, n in condition.params if tag in counts)


def _cheese_last(sheet: Sheet, n: int) -> bool:
    return sheet.cheese_ticks >= len(components().tracks.cheese_points) - n


_CHECKS: dict[str, Callable[[Sheet, Condition, Context], bool]] = {
    "breweries": lambda s, c, _: s.breweries >= c.get("n"),
    "visited_all": lambda s, c, _: set(c.get("ids")) <= set(s.visited),
    "visited_tags": lambda s, c, _: _visited_tags(s, c.get("tags")),
    "road_taken": lambda s, c, _: f"{min(c.get('a'), c.get('b'))}-{max(c.get('a'), c.get('b'))}" in s.roads,
    "long_roads": lambda s, c, _: _long_roads(s, c.get("min")) >= c.get("n"),
    "specialties": lambda s, c, _: sum(s.specialty_counts().values()) >= c.get("n"),
    "specialty_counts": lambda s, c, _: _specialty_counts(s, c),
    "specialty_points": lambda s, c, _: specialty_track_points(s) >= c.get("n"),
    "tastes": lambda s, c, _: s.tastes >= c.get("n"),
    "buys": lambda s, c, _: s.buys >= c.get("n"),
    "cheese_last_circles": lambda s, c, _: _cheese_last(s, c.get("n")),
    "hop_bonus": lambda s, c, _: s.hop_bonus() >= c.get("n"),
    "black_and_yellow_not_red": lambda s, c, _: (
        {"black", "yellow"} <= set(s.goal_colours()) and "red" not in s.goal_colours()
    ),
    "green_or_red_section": lambda s, c, _: _green_or_red(s),
    "environment_points": lambda s, c, _: environment_points(s) in c.get("values"),
    "cheese_points": lambda s, c, _: cheese_points(s) in c.get("values"),
    "podium": lambda s, c, _: s.podium in c.get("values"),
    "each_colour": lambda s, c, _: {"red", "yellow", "black"} <= set(s.goal_colours()),
    "brewery_track_highest": lambda s, c, ctx: all(s.breweries >= r for r in ctx.rival_breweries),
    "bonus_points": lambda s, c, _: s.specialty_bonus() + s.hop_bonus() >= c.get("n"),
}

KINDS = frozenset(_CHECKS)


def met(sheet: Sheet, condition: Condition, context: Context) -> bool:
    return _CHECKS[condition.kind](sheet, condition, context)


def common_met(sheet: Sheet, goal_id: str, context: Context) -> bool:
    return met(sheet, components().common[goal_id].condition, context)


def personal_met(sheet: Sheet, context: Context) -> bool:
    return bool(sheet.personal) and met(sheet, components().personal[sheet.personal].condition, context)
