"""The Belgian Beers Race Dice: the map with its own roads, the dice on the table, the hand, the sheets."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from engine.tbbr_dice.components import components
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import tbbr_dice_pb2 as dice_pb
from zythos_play.boards.belgium import BelgiumMap, Road, draw_map, place_name
from zythos_play.boards.generic import outcome, seat_name, seat_style, seats_table

DIE_STYLES: dict[int, str] = {
    dice_pb.TBBR_DICE_COLOUR_RED: "bold white on red",
    dice_pb.TBBR_DICE_COLOUR_YELLOW: "bold black on yellow",
    dice_pb.TBBR_DICE_COLOUR_BLACK: "bold white on grey15",
}
PHASES = {
    value: name.removeprefix("TBBR_DICE_PHASE_").lower() for name, value in dice_pb.TbbrDicePhase.items()
}


def _die(colour: int, value: int, status: int = dice_pb.TBBR_DICE_DIE_STATUS_AVAILABLE) -> Text:
    face = "?" if status == dice_pb.TBBR_DICE_DIE_STATUS_UNROLLED else str(value or "X")  # 0 is the X side
    style = DIE_STYLES.get(colour, "bold")
    if status == dice_pb.TBBR_DICE_DIE_STATUS_USED:
        style += " dim strike"
    return Text(f" {face} ", style=style)


def dice_row(board: dice_pb.TbbrDiceView) -> Text:
    """The dice on the table, then the seat's hand."""
    row = Text("Dice ")
    for die in board.dice:
        row.append_text(_die(die.colour, die.value, die.status))
        row.append(" ")
    if board.hand:
        row.append("   Hand ")
        for held in board.hand:
            row.append_text(_die(held.colour, held.value))
            row.append(" ")
    return row


def sheet(view: pb.GameView) -> Table:
    """One row per player: where they are and what their sheet has ticked."""
    table = Table(title="Sheets")
    for column in ("player", "at", "visited", "tastes", "buys", "cheese", "goals", "podium"):
        table.add_column(column)
    for seat, player in enumerate(view.tbbr_dice.players):
        name = Text(seat_name(view.game, seat), style=seat_style(seat))
        goals = ", ".join(goal.goal_id for goal in player.goals) or "-"
        cells = (len(player.visited_ids), player.tastes, player.buys, player.cheese_ticks)
        table.add_row(name, place_name(player.position_id), *map(str, cells), goals, str(player.podium or ""))
    return table


@cache
def roads() -> frozenset[Road]:
    """The dice game's roads (each listed from both ends: drawn once)."""
    joined = components().map.roads
    return frozenset((a, b) for a, ends in joined.items() for b, _ in ends if a < b)


def dice_map(view: pb.GameView, actions: Sequence[pb.LegalAction]) -> BelgiumMap:
    players = view.tbbr_dice.players
    visited = set(players[view.your_seat].visited_ids) if 0 <= view.your_seat < len(players) else set()
    going = {
        a.action.tbbr_dice.travel.destination_id for a in actions if a.action.tbbr_dice.HasField("travel")
    }
    return draw_map(roads(), [p.position_id for p in players], visited, going)


def draw_tbbr_dice(
    view: pb.GameView, actions: Sequence[pb.LegalAction] = (), events: Sequence[pb.GameEvent] = ()
) -> RenderableType:
    board = view.tbbr_dice
    heading = Text(f"Round {board.round} · {PHASES.get(board.phase, '?')}", style="bold")
    if board.display_ids:
        heading.append(f"   goals on display: {', '.join(board.display_ids)}")
    if board.title:
        heading.append(f"   {board.title}", style="bold green")
    parts = (dice_map(view, actions), heading, dice_row(board), sheet(view), seats_table(view))
    return Group(*parts, outcome(view.game))
