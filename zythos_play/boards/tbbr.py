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

from engine.belgium import GRAND_PLACE_ID
from engine.tbbr.data import board
from zythos.v1 import game_service_pb2 as pb
from zythos_play.boards.belgium import BelgiumMap, Road, draw_map, place_name
from zythos_play.boards.generic import outcome, seat_name, seat_style, seats_table


def _end(place_id: str) -> str:
    return GRAND_PLACE_ID if place_id == "BXL" else place_id  # "BXL" is Brussels: drawn from the Grand Place


@cache
def roads() -> frozenset[Road]:
    """The board game's roads."""
    return frozenset((_end(road.a), _end(road.b)) for road in board().roads)


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


def belgium_map(view: pb.GameView, actions: Sequence[pb.LegalAction] = ()) -> BelgiumMap:
    players = view.tbbr.players
    visited = set(players[view.your_seat].visited) if 0 <= view.your_seat < len(players) else set()
    return draw_map(roads(), [p.location for p in players], visited, destinations(actions))


def players_table(view: pb.GameView) -> Table:
    table = Table(title=f"Day {view.tbbr.day}")
    for column in ("", "player", "at", "time", "backpack y/b/r/k", "tasted", "visited", "score"):
        table.add_column(column)
    for seat, player in enumerate(view.tbbr.players):
        pack = player.backpack
        name = Text(seat_name(view.game, seat), style=seat_style(seat))
        backpack = f"{pack.yellow}/{pack.brown}/{pack.red}/{pack.black}"
        figures = (player.time, backpack, player.tasted, len(player.visited), player.score)
        table.add_row(str(seat + 1), name, place_name(player.location), *map(str, figures))
    return table


def draw_tbbr(
    view: pb.GameView, actions: Sequence[pb.LegalAction] = (), events: Sequence[pb.GameEvent] = ()
) -> RenderableType:
    return Group(belgium_map(view, actions), players_table(view), seats_table(view), outcome(view.game))
