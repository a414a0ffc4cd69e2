"""What every game shows: the seats, who is on turn, scores and the outcome."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from zythos.v1 import game_service_pb2 as pb

# One style per seat, used wherever a seat is named (the board, the seats table, the event feed).
SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold yellow", "bold blue", "bold red")
STATUS = {
    pb.GAME_STATUS_WAITING: "waiting for players",
    pb.GAME_STATUS_ACTIVE: "playing",
    pb.GAME_STATUS_FINISHED: "finished",
    pb.GAME_STATUS_ABANDONED: "abandoned",
}


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)] if seat >= 0 else "dim"


def seat_name(game: pb.Game, seat: int) -> str:
    """The seat's player as the feed shows them: their name, or "Seat n" while the seat is free."""
    if 0 <= seat < len(game.seats):
        return game.seats[seat].display_name or f"Seat {seat + 1}"
    return "Game"


def said(game: pb.Game, event: pb.GameEvent, style: str = "") -> Text:
    """An event as a sentence: the acting seat's name in its colour, then the label.

    A label that starts "seat n" (or "Seat n") has that replaced by the name, not repeated.
    """
    line = Text(style=style)
    label, seat, prefix = event.label, event.seat, f"seat {event.seat}"
    if seat >= 0:
        line.append(seat_name(game, seat), style=f"{style} {seat_style(seat)}")
        named = label.lower().startswith(prefix) and not label[len(prefix) :][:1].isdigit()
        label = label[len(prefix) :] if named else f": {label}"
    line.append(label)
    return line


def _who(seat: pb.Seat) -> str:
    if seat.state == pb.SEAT_STATE_OPEN:
        return "open"
    if seat.state == pb.SEAT_STATE_AWAY:
        return "away (a bot plays)"
    if seat.state == pb.SEAT_STATE_RESIGNED:
        return "resigned (a bot plays)"
    return f"bot ({seat.bot_level})" if seat.bot else "human"


def seats_table(view: pb.GameView) -> Table:
    """Seat, player, who plays it, score and rank; the seat on turn and the viewer's are marked."""
    game = view.game
    table = Table(title=f"{game.game_type} · {STATUS.get(game.status, '?')} · move {game.version}")
    for column in ("", "seat", "player", "plays", "score", "rank"):
        table.add_column(column)
    for seat in game.seats:
        mark = "▶" if seat.seat in game.to_act else ""
        you = " (you)" if seat.seat == view.your_seat else ""
        score = f"{game.scores[seat.seat]:g}" if seat.seat < len(game.scores) else ""
        rank = str(game.ranking[seat.seat]) if seat.seat < len(game.ranking) else ""
        name = Text(seat_name(game, seat.seat) + you, style=seat_style(seat.seat))
        table.add_row(mark, str(seat.seat + 1), name, _who(seat), score, rank)
    return table


def outcome(game: pb.Game) -> Text:
    """One line under the board: why the game waits, or how it ended."""
    if game.status == pb.GAME_STATUS_WAITING:
        return Text(game.waiting_reason or "waiting for players", style="italic")
    if game.status == pb.GAME_STATUS_FINISHED:
        winners = [seat_name(game, s) for s, rank in enumerate(game.ranking) if rank == 1]
        return Text(f"Game over: {' and '.join(winners)} won. {game.result}", style="bold green")
    if game.status == pb.GAME_STATUS_ABANDONED:
        return Text("The game was abandoned.", style="bold red")
    return Text("")


def draw_generic(
    view: pb.GameView, actions: Sequence[pb.LegalAction] = (), events: Sequence[pb.GameEvent] = ()
) -> RenderableType:
    """The board of a game with no drawing of its own: the seats and the outcome."""
    return Group(seats_table(view), outcome(view.game))
