"""The map of Belgium both Belgian Beers Race games are played on, drawn in terminal cells.

Places sit at their coordinates (engine/belgium/breweries.toml); each game
passes its own roads (the two games join the places differently), the players'
places, what the viewer visited and where the seat may go now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from engine.belgium import GRAND_PLACE_ID, Brewery, places
from zythos_play.boards.generic import seat_style

FULL = (64, 22)  # terminal cells are about twice as tall as wide: this keeps Belgium's shape
SMALLEST = 32  # narrower than this, the map is cut rather than squeezed further
BEER_STYLES = {"yellow": "yellow", "brown": "dark_orange3", "red": "red", "black": "grey70"}

Cell = tuple[int, int]
Size = tuple[int, int]
Road = tuple[str, str]
Grid = list[list[tuple[str, str]]]


def size_for(width: int) -> Size:
    """The full map when it fits, else a compact one as wide as the space (an 80x24 terminal's board)."""
    if width >= FULL[0]:
        return FULL
    narrow = max(SMALLEST, width)
    return narrow, max(10, round(narrow * FULL[1] / FULL[0]))


@cache
def cells(size: Size = FULL) -> dict[str, Cell]:
    """Each place's cell on a map of ``size``, Brussels' cluster sharing a few cells near the middle."""
    width, height = size
    lats = [p.lat for p in places().values()]
    lons = [p.lon for p in places().values()]
    south, north, west, east = min(lats), max(lats), min(lons), max(lons)

    def cell(place: Brewery) -> Cell:
        x = round((place.lon - west) / (east - west) * (width - 1))
        y = round((north - place.lat) / (north - south) * (height - 1))
        return x, y

    return {place_id: cell(place) for place_id, place in places().items()}


def place_name(place_id: str) -> str:
    """The place's name for an id of the shared map (the id itself if unknown)."""
    place = places().get(place_id)
    return place.name if place else place_id


@cache
def road_cells(roads: frozenset[Road], size: Size = FULL) -> frozenset[Cell]:
    """The cells straight lines between the roads' ends pass through."""
    where = cells(size)
    passed: set[Cell] = set()
    for a, b in roads:
        (ax, ay), (bx, by) = where[a], where[b]
        steps = max(abs(bx - ax), abs(by - ay), 1)
        passed.update(
            (round(ax + (bx - ax) * i / steps), round(ay + (by - ay) * i / steps)) for i in range(steps)
        )
    return frozenset(passed)


@dataclass(frozen=True)
class BelgiumMap:
    """Roads as dots, breweries in their beer's colour (filled once visited), players as seat digits.

    The places the seat may go to now are marked ◆ on a green ground. Drawn at the size the space
    it is given allows (``size_for``): the full map, or a compact one in an 80x24 terminal.
    """

    roads: frozenset[Road]
    positions: tuple[str, ...]
    visited: frozenset[str]
    destinations: frozenset[str]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.text(size_for(options.max_width))

    def text(self, size: Size = FULL) -> Text:
        width, height = size
        where = cells(size)
        grid: Grid = [[(" ", "")] * width for _ in range(height)]
        for x, y in road_cells(self.roads, size):
            grid[y][x] = ("·", "grey42")
        for place_id, (x, y) in where.items():
            colour = BEER_STYLES.get(places()[place_id].colour, "")
            grid[y][x] = (
                ("★", "bold white")
                if place_id == GRAND_PLACE_ID
                else ("●" if place_id in self.visited else "○", colour)
            )
        for place_id in self.destinations & where.keys():
            x, y = where[place_id]
            grid[y][x] = ("◆", "bold black on green")
        for seat, place_id in enumerate(self.positions):
            if place_id in where:
                x, y = where[place_id]
                grid[y][x] = (str(seat + 1), f"reverse {seat_style(seat)}")
        text = Text()
        for row in grid:
            for char, style in row:
                text.append(char, style=style)
            text.append("\n")
        return text


def draw_map(
    roads: frozenset[Road], positions: Sequence[str], visited: set[str], destinations: set[str]
) -> BelgiumMap:
    """The map with the players on it, sized when drawn (see ``BelgiumMap``)."""
    return BelgiumMap(roads, tuple(positions), frozenset(visited), frozenset(destinations))
