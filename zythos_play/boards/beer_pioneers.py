"""Beer Pioneers: the coops with every brewery's dials, the display of cards, the action board's slots,
your brewery (coins, workers, cellar, hand) and every opponent's public brewery.

Cards are shown by their number: the view carries card ids, and the client may not read the game's
data files (tests/test_import_graph.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from zythos.v1 import beer_pioneers_pb2 as bp_pb
from zythos.v1 import game_service_pb2 as pb
from zythos_play.boards.generic import outcome, seat_name, seat_style, seats_table

# The coops in board order (BeerPioneersBrewery.dials).
COOPS = ("Pils", "Export", "Lager", "Stark", "Weizen", "Alt")


def cards(ids: Sequence[int]) -> str:
    return " ".join(f"[{card}]" if card else "[ ]" for card in ids) or "-"


def coops(view: pb.GameView) -> Table:
    """One column per coop: the supply of its beer tiles, then each brewery's dial (rotations left)."""
    board = view.beer_pioneers
    table = Table(title="Coops (rotations left on each dial)")
    table.add_column("")
    for coop in COOPS:
        table.add_column(coop)
    table.add_row("supply", *[str(n) for n in board.beer_supply])
    for seat, brewery in enumerate(board.players):
        dials = []
        for coop, dial in zip(COOPS, brewery.dials, strict=False):
            dials.append(
                "ready"
                if dial == 0
                else str(dial)
                if dial > 0
                else "open"
                if coop in brewery.open_coops
                else "-"
            )
        table.add_row(Text(seat_name(view.game, seat), style=seat_style(seat)), *dials)
    return table


def slots(view: pb.GameView) -> Text:
    """The action board's slots: the worker's seat on each taken one."""
    line = Text("Action board ", style="bold")
    for slot in view.beer_pioneers.slots:
        if slot < 0:
            line.append("[ ]")
        else:
            line.append(f"[{slot // 2 + 1}]", style=f"reverse {seat_style(slot // 2)}")
    return line


def your_brewery(view: pb.GameView) -> Text:
    board = view.beer_pioneers
    if not 0 <= view.your_seat < len(board.players):
        return Text("")
    me = board.players[view.your_seat]
    text = Text("Your brewery: ", style=seat_style(view.your_seat))
    text.append(f"{me.coins} coins · {me.vp} VP · {me.admin_left} admin actions left", style="bold")
    workers = ", ".join(
        f"{xp}{' (placed)' if placed else ''}" for xp, placed in zip(me.workers, me.placed, strict=False)
    )
    text.append(f"\nWorkers (experience): {workers or '-'}")
    text.append(f"\nCellar: {', '.join(me.cellar) or 'empty'}")
    text.append(f"\nHand: {cards(me.hand)}   Display: {cards(me.display)}   Brewmaster: {me.master or '-'}")
    text.append(
        f"\nExtensions: {', '.join(me.extensions) or '-'} · bottle {me.level} · progress {me.progress}"
    )
    return text


def breweries(view: pb.GameView) -> Table:
    table = Table(title="Breweries")
    for column in ("player", "coins", "VP", "workers", "cellar", "hand", "display", "extensions"):
        table.add_column(column)
    for seat, brewery in enumerate(view.beer_pioneers.players):
        name = Text(seat_name(view.game, seat), style=seat_style(seat))
        row = (brewery.coins, brewery.vp, len(brewery.workers), len(brewery.cellar), brewery.hand_size)
        table.add_row(name, *map(str, row), cards(brewery.display), ", ".join(brewery.extensions) or "-")
    return table


def draw_beer_pioneers(
    view: pb.GameView, actions: Sequence[pb.LegalAction] = (), events: Sequence[pb.GameEvent] = ()
) -> RenderableType:
    board: bp_pb.BeerPioneersView = view.beer_pioneers
    heading = Text(f"Round {board.round} · ", style="bold")
    if board.phase != "over":
        heading.append(seat_name(view.game, board.current), style=seat_style(board.current))
        heading.append(f" to play: {board.prompt}" if board.prompt else " to play")
    heading.append(
        f"\nDisplay: {cards(board.display)}   deck {board.deck_size} · barrels {board.barrel_supply}"
    )
    parts = (heading, slots(view), coops(view), your_brewery(view), breweries(view), seats_table(view))
    return Group(*parts, outcome(view.game))
