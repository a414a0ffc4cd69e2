"""Tiny Dice: each seat's banked points against the target, the points at risk this turn, the die."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from zythos.v1 import game_service_pb2 as pb
from zythos_play.boards.generic import outcome, seat_name, seat_style, seats_table

FACES = " ⚀⚁⚂⚃⚄⚅"


def draw_tiny_dice(
    view: pb.GameView, actions: Sequence[pb.LegalAction] = (), events: Sequence[pb.GameEvent] = ()
) -> RenderableType:
    board = view.tiny_dice
    race = Table(title=f"First to {board.target} points", show_header=False, box=None)
    for seat, banked in enumerate(board.banked):
        filled = min(20, round(20 * banked / max(1, board.target)))
        bar = Text("█" * filled + "░" * (20 - filled), style=seat_style(seat))
        race.add_row(Text(seat_name(view.game, seat), style=seat_style(seat)), bar, str(banked))
    rolled = [e.tiny_dice.die_rolled.face for e in events if e.tiny_dice.HasField("die_rolled")]
    face = rolled[-1] if rolled else 0  # the view has no die: its last face is the last die_rolled event
    shown = f"{FACES[face]} {face}" if 0 < face < len(FACES) else "not rolled yet"
    turn = Text(f"Die {shown}   at risk this turn: {board.turn_points}", style="bold")
    return Group(seats_table(view), race, turn, outcome(view.game))
