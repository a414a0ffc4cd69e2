"""Boards: how each game type's typed view is drawn; a type with none is drawn by the generic board.

A board is a function from the seat's ``GameView`` and its legal actions (a board
may mark where they lead) to a Rich renderable. The key
is the name of the view's ``oneof`` arm, which is the game type's name, so a
game added to the API plays on day one through the seats table and the legal
actions, and gets its own drawing when a function is registered here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType

from zythos.v1 import game_service_pb2 as pb
from zythos_play.boards.generic import draw_generic
from zythos_play.boards.tbbr import draw_tbbr
from zythos_play.boards.tbbr_dice import draw_tbbr_dice
from zythos_play.boards.tiny_dice import draw_tiny_dice

Board = Callable[[pb.GameView, Sequence[pb.LegalAction]], RenderableType]

BOARDS: dict[str, Board] = {"tbbr": draw_tbbr, "tbbr_dice": draw_tbbr_dice, "tiny_dice": draw_tiny_dice}


def draw(view: pb.GameView, actions: Sequence[pb.LegalAction] = ()) -> RenderableType:
    """The game's own board when there is one (and the view carries its arm), else the generic one."""
    arm = view.WhichOneof("view")
    board = BOARDS.get(arm or "", draw_generic)
    return board(view, actions)
