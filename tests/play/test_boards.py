"""What the boards draw from a typed view: the dice as they lie, the last move on top."""

from __future__ import annotations

from rich.console import Console

from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import tbbr_dice_pb2 as dice_pb
from zythos.v1 import tbbr_pb2 as tbbr_pb
from zythos.v1 import tiny_dice_pb2 as tiny_pb
from zythos_play.boards import draw
from zythos_play.boards.belgium import size_for


def text(view: pb.GameView, events: list[pb.GameEvent] = []) -> str:  # noqa: B006 (never mutated)
    console = Console(width=120, record=True)
    console.print(draw(view, (), events))
    return console.export_text()


def game(game_type: str) -> pb.Game:
    seats = [pb.Seat(seat=0, display_name="Ann"), pb.Seat(seat=1, display_name="Bob")]
    return pb.Game(game_type=game_type, status=pb.GAME_STATUS_ACTIVE, seats=seats, to_act=[1])


def test_the_x_die_is_drawn_as_x_not_0() -> None:
    """docs/rules/tbbr_dice.md: black dice have "high values but with X sides"; the API sends X as 0."""
    dice = [
        dice_pb.TbbrDiceDie(
            colour=dice_pb.TBBR_DICE_COLOUR_BLACK, value=0, status=dice_pb.TBBR_DICE_DIE_STATUS_AVAILABLE
        ),
        dice_pb.TbbrDiceDie(
            colour=dice_pb.TBBR_DICE_COLOUR_RED, value=3, status=dice_pb.TBBR_DICE_DIE_STATUS_AVAILABLE
        ),
    ]
    view = pb.GameView(game=game("tbbr_dice"), your_seat=0, tbbr_dice=dice_pb.TbbrDiceView(dice=dice))
    dice_line = next(line for line in text(view).splitlines() if line.startswith("Dice "))
    assert dice_line.split() == ["Dice", "X", "3"]


def test_tiny_dice_shows_the_face_last_rolled_and_the_last_move() -> None:
    """The view carries no die: its face is the last die_rolled event's; that move is highlighted on top."""
    view = pb.GameView(
        game=game("tiny_dice"), your_seat=0, tiny_dice=tiny_pb.TinyDiceView(target=10, banked=[0, 0])
    )
    assert "Die not rolled yet" in text(view)
    rolled = pb.GameEvent(
        seat=0,
        kind="die_rolled",
        label="Seat 0 rolls a 4",
        tiny_dice=tiny_pb.TinyDiceEvent(die_rolled=tiny_pb.TinyDiceDieRolled(face=4)),
    )
    drawn = text(view, [rolled])
    assert "Die ⚃ 4" in drawn
    assert drawn.splitlines()[0] == "Last move: Ann rolls a 4"


def test_the_map_of_belgium_fits_an_80x24_board_and_is_full_size_at_160x48() -> None:
    """The board pane of an 80x24 terminal is about 50 columns: the compact map is drawn that wide, whole."""
    view = pb.GameView(
        game=game("tbbr"), your_seat=0, tbbr=tbbr_pb.TbbrView(players=[tbbr_pb.TbbrPlayer(location="BXL")])
    )
    for width, expected in ((50, 50), (150, 64)):
        console = Console(width=width, record=True)
        console.print(draw(view))
        lines = console.export_text().splitlines()
        map_lines = lines[1 : 1 + size_for(width)[1]]
        assert max(len(line.rstrip()) for line in map_lines) <= expected
        assert any(len(line.rstrip()) > expected - 8 for line in map_lines)  # it spreads over the width
        assert size_for(width)[0] == expected
