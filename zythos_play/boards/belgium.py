"""The map of Belgium both Belgian Beers Race games are played on, drawn in terminal cells.

Places sit at their coordinates (engine/belgium/breweries.toml); each game
passes its own roads (the two games join the places differently), the players'
places, what the viewer visited and where the seat may go now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from rich.text import Text

from engine.belgium import GRAND_PLACE_ID, Brewery, places
from zythos_play.boards.generic import seat_style

WIDTH, HEIGHT = 64, 22  # terminal cells are about twice as tall as wide: this keeps Belgium's shape
BEER_STYLES = {"yellow": "yellow", "brown": "dark_orange3", "red": "red", "black": "grey70"}

Cell = tuple[int, int]
Grid = list[list[tuple[str, str]]]


@cache
def cells() -> dict[str, Cell]:
    """Each place's cell on the map, Brussels' cluster sharing a few cells near the middle."""
    lats = [p.lat for p in places().values()]
    lons = [p.lon for p in places().values()]
    south, north, west, east = min(lats), max(lats), min(lons), max(lons)

    def cell(place: Brewery) -> Cell:
        x = round((place.lon - west) / (east - west) * (WIDTH - 1))
        y = round((north - place.lat) / (north - south) * (HEIGHT - 1))
        return x, y

    return {place_id: cell(place) for place_id, place in places().items()}


def place_name(place_id: str) -> str:
    """The place's name for an id of the shared map (the id itself if unknown)."""
    place = places().get(place_id)
    return place.name if place else place_id


def road_cells(roads: Iterable[tuple[str, str]]) -> frozenset[Cell]:
    """The cells straight lines between the roads' ends pass through."""
    where = cells()
    passed: set[Cell] = set()
    for a, b in roads:
        (ax, ay), (bx, by) = where[a], where[b]
        steps = max(abs(bx - ax), abs(by - ay), 1)
        passed.update(
            (round(ax + (bx - ax) * i / steps), round(ay + (by - ay) * i / steps)) for i in range(steps)
        )
    return frozenset(passed)


def draw_map(
    roads: frozenset[Cell], positions: Sequence[str], visited: set[str], destinations: set[str]
) -> Text:
    """Roads as dots, breweries in their beer's colour (filled once visited), players as seat digits.

    The places the seat may go to now are marked ◆ on a green ground.
    """
    grid: Grid = [[(" ", "")] * WIDTH for _ in range(HEIGHT)]
    for x, y in roads:
        grid[y][x] = ("·", "grey42")
    for place_id, (x, y) in cells().items():
        colour = BEER_STYLES.get(places()[place_id].colour, "")
        grid[y][x] = (
            ("★", "bold white")
            if place_id == GRAND_PLACE_ID
            else ("●" if place_id in visited else "○", colour)
        )
    for place_id in destinations & cells().keys():
        x, y = cells()[place_id]
        grid[y][x] = ("◆", "bold black on green")
    for seat, place_id in enumerate(positions):
        if place_id in cells():
            x, y = cells()[place_id]
            grid[y][x] = (str(seat + 1), f"reverse {seat_style(seat)}")
    text = Text()
    for row in grid:
        for char, style in row:
            text.append(char, style=style)
        text.append("\n")
    return text
