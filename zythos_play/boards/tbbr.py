"""The Belgian Beers Race: the map of Belgium, breweries at their coordinates, roads, and the players.

The places and roads come from the same data files the server plays on
(engine/belgium/breweries.toml, engine/tbbr/data/board.toml): facts, not rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.belgium import GRAND_PLACE_ID, Brewery, places
from engine.tbbr.data import board
from zythos.v1 import game_service_pb2 as pb
from zythos_play.boards.generic import outcome, seat_name, seat_style, seats_table
from zythos_play.boards.tbbr_dice import place_name

WIDTH, HEIGHT = 64, 22  # terminal cells are about twice as tall as wide: this keeps Belgium's shape
BEER_STYLES = {"yellow": "yellow", "brown": "dark_orange3", "red": "red", "black": "grey70"}

Cell = tuple[int, int]


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


@cache
def road_cells() -> frozenset[Cell]:
    """The cells the roads pass through (straight lines between their ends; "BXL" is the Grand Place)."""
    where = cells()
    passed: set[Cell] = set()
    for road in board().roads:
        (ax, ay), (bx, by) = (where[GRAND_PLACE_ID if end == "BXL" else end] for end in (road.a, road.b))
        steps = max(abs(bx - ax), abs(by - ay), 1)
        passed.update(
            (round(ax + (bx - ax) * i / steps), round(ay + (by - ay) * i / steps)) for i in range(steps)
        )
    return frozenset(passed)


def destinations(actions: Sequence[pb.LegalAction]) -> set[str]:
    """The places the seat's legal moves (or start choice) lead to."""
    found = set()
    for action in actions:
        typed = action.action.tbbr
        kind = typed.WhichOneof("kind")
        if kind == "move":
            found.add(typed.move.destination)
        elif kind == "choose_start":
            found.add(typed.choose_start.place)
    return found


def belgium_map(view: pb.GameView, actions: Sequence[pb.LegalAction] = ()) -> Text:
    """Roads as dots, breweries in their beer's colour (filled once the viewer visited), players as digits.

    The places the seat may go to now are marked ◆ on a green ground.
    """
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * WIDTH for _ in range(HEIGHT)]
    for x, y in road_cells():
        grid[y][x] = ("·", "grey42")
    mine = view.tbbr.players[view.your_seat] if 0 <= view.your_seat < len(view.tbbr.players) else None
    visited = set(mine.visited) if mine else set()
    for place_id, (x, y) in cells().items():
        place = places()[place_id]
        if place_id == GRAND_PLACE_ID:
            grid[y][x] = ("★", "bold white")
        else:
            grid[y][x] = ("●" if place_id in visited else "○", BEER_STYLES.get(place.colour, ""))
    for place_id in destinations(actions) & cells().keys():
        x, y = cells()[place_id]
        grid[y][x] = ("◆", "bold black on green")
    for seat, player in enumerate(view.tbbr.players):
        if player.location in cells():
            x, y = cells()[player.location]
            grid[y][x] = (str(seat + 1), f"reverse {seat_style(seat)}")
    text = Text()
    for row in grid:
        for char, style in row:
            text.append(char, style=style)
        text.append("\n")
    return text


def players_table(view: pb.GameView) -> Table:
    table = Table(title=f"Day {view.tbbr.day}")
    for column in ("", "player", "at", "time", "backpack y/b/r/k", "tasted", "visited", "score"):
        table.add_column(column)
    for seat, player in enumerate(view.tbbr.players):
        pack = player.backpack
        name = Text(seat_name(view.game, seat), style=seat_style(seat))
        backpack = f"{pack.yellow}/{pack.brown}/{pack.red}/{pack.black}"
        cells_ = (player.time, backpack, player.tasted, len(player.visited), player.score)
        table.add_row(str(seat + 1), name, place_name(player.location), *map(str, cells_))
    return table


def draw_tbbr(view: pb.GameView, actions: Sequence[pb.LegalAction] = ()) -> RenderableType:
    return Group(belgium_map(view, actions), players_table(view), seats_table(view), outcome(view.game))
