"""Boards: how each game type's typed view is drawn; a type with none is drawn by the generic board.

A board is a function from the seat's ``GameView``, its legal actions (a board may mark where they
lead) and the events seen so far (a die's last face lives in an event, not the view) to a Rich
renderable. The key is the name of the view's ``oneof`` arm, which is the game type's name, so a
game added to the API plays on day one through the seats table and the legal actions, and gets
its own drawing when a function is registered here. Above every board, the last move, highlighted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from zythos.v1 import game_service_pb2 as pb
from zythos_play.boards.beer_pioneers import draw_beer_pioneers
from zythos_play.boards.dragon_brew import draw_dragon_brew
from zythos_play.boards.generic import draw_generic, said
from zythos_play.boards.tbbr import draw_tbbr
from zythos_play.boards.tbbr_dice import draw_tbbr_dice
from zythos_play.boards.tiny_dice import draw_tiny_dice

Board = Callable[[pb.GameView, Sequence[pb.LegalAction], Sequence[pb.GameEvent]], RenderableType]

BOARDS: dict[str, Board] = {
    "tbbr": draw_tbbr,
    "tbbr_dice": draw_tbbr_dice,
    "tiny_dice": draw_tiny_dice,
    "dragon_brew": draw_dragon_brew,
    "beer_pioneers": draw_beer_pioneers,
}


def last_move(game: pb.Game, events: Sequence[pb.GameEvent]) -> Text:
    """The last move a seat made, on a highlighted line: who, and what."""
    moved = next((event for event in reversed(events) if event.seat >= 0), None)
    if moved is None:
        return Text("")
    line = Text("Last move: ", style="bold reverse")
    line.append_text(said(game, moved, style="bold reverse"))
    return line


def draw(
    view: pb.GameView, actions: Sequence[pb.LegalAction] = (), events: Sequence[pb.GameEvent] = ()
) -> RenderableType:
    """The game's own board when there is one (and the view carries its arm), else the generic one."""
    arm = view.WhichOneof("view")
    board = BOARDS.get(arm or "", draw_generic)
    return Group(last_move(view.game, events), board(view, actions, events))
