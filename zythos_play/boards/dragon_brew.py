"""Dragon Brew: the drafting pool, the recipe offering and the judges in the middle; your side of the table
(gold, ingredients, recipe book, beers behind the screen, estate) and every opponent's public side.

Cards, recipes and judges are named by their ids made readable ("halfling:fields" as "Halfling fields"):
the client may not read the game's data files (tests/test_import_graph.py), and the view carries ids.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from zythos.v1 import dragon_brew_pb2 as db_pb
from zythos.v1 import game_service_pb2 as pb
from zythos_play.boards.generic import outcome, seat_name, seat_style, seats_table

# The order of DragonBrewPlayer.goods (protos/zythos/v1/dragon_brew.proto).
GOODS = (
    "wheat",
    "rye",
    "barley",
    "orange",
    "green",
    "purple",
    "dragon scale",
    "toadstool",
    "pixie wing",
    "mana weed",
)


def card(card_id: str) -> str:
    """A card id as words: "halfling:fields" is "Halfling fields", "" an empty slot."""
    return card_id.replace(":", " ").replace("_", " ").capitalize() if card_id else "·"


def goods(amounts: Sequence[int]) -> str:
    held = [f"{n} {name}" for name, n in zip(GOODS, amounts, strict=False) if n]
    return ", ".join(held) or "none"


def beer(recipes: db_pb.DragonBrewBeer) -> str:
    return " + ".join(card(r) for r in recipes.recipe_ids)


def middle(board: db_pb.DragonBrewView) -> Table:
    """The drafting pool, the recipe offering and the judges, slot by slot."""
    table = Table(title="The table", show_header=False, box=None, padding=(0, 1))
    table.add_row(Text("Breweries", style="bold"), *[card(c) for c in board.pool_brewery])
    table.add_row(Text("Events", style="bold"), *[card(c) for c in board.pool_events])
    table.add_row(Text("Barrels", style="bold"), *[card(c) for c in board.offer_barrels])
    table.add_row(Text("Spices", style="bold"), *[card(c) for c in board.offer_spices])
    judges = []
    for slot, judge in enumerate(board.judges):
        extra = f" ({board.ogre[slot]} ogre)" if slot < len(board.ogre) and board.ogre[slot] else ""
        if slot < len(board.bribes) and board.bribes[slot].seat >= 0:
            extra += f" ({board.bribes[slot].gold} gold from seat {board.bribes[slot].seat + 1})"
        style = "bold reverse" if board.phase == "judge" and slot == board.judge_at else ""
        judges.append(Text(card(judge) + extra, style=style))
    table.add_row(Text("Judges", style="bold"), *judges)
    return table


def your_side(view: pb.GameView) -> RenderableType:
    board = view.dragon_brew
    if not 0 <= view.your_seat < len(board.players):
        return Text("")
    me = board.players[view.your_seat]
    lines = Text(f"You ({card(me.race)}): ", style=seat_style(view.your_seat))
    lines.append(f"{me.gold} gold · {me.vp} VP · {me.ribbons} ribbons · {me.brewers} brewers", style="bold")
    lines.append(f"\nIngredients: {goods(me.goods)}")
    if me.kept:
        lines.append(f"\nWinter stores: {goods(me.kept)}")
    lines.append(f"\nRecipe book: {', '.join(card(r) for r in me.book) or 'empty'}")
    if me.brews:
        lines.append(f"\nBehind the screen: {'; '.join(beer(b) for b in me.brews)}")
    if me.owed:
        lines.append(f"\nStill to pay: {', '.join(me.owed)}")
    lines.append("\nEstate: " + ("; ".join(_estate_card(c) for c in me.estate) or "empty"))
    return lines


def _estate_card(estate: db_pb.DragonBrewEstateCard) -> str:
    marks = [f"{estate.own} brewer{'s' * (estate.own > 1)}"] if estate.own else []
    marks += [f"{estate.gnomes} gnome{'s' * (estate.gnomes > 1)}"] if estate.gnomes else []
    marks += ["used"] if estate.used else []
    upgrades = f" +{len(estate.upgrade_ids)}" if estate.upgrade_ids else ""
    return card(estate.card_id) + upgrades + (f" ({', '.join(marks)})" if marks else "")


def players(view: pb.GameView) -> Table:
    """Every seat's public side: race, VP, ribbons, brewers, estate size, book size, beers presented."""
    board = view.dragon_brew
    table = Table(title="Brewers")
    for column in ("player", "race", "VP", "ribbons", "brewers", "gnomes", "estate", "book", "presented"):
        table.add_column(column)
    for seat, player in enumerate(board.players):
        name = Text(seat_name(view.game, seat), style=seat_style(seat))
        figures = (
            player.vp,
            player.ribbons,
            player.brewers,
            player.gnomes,
            len(player.estate),
            player.book_size,
        )
        presented = "; ".join(beer(b) for b in player.presented) or "-"
        table.add_row(name, card(player.race), *map(str, figures), presented)
    return table


def draw_dragon_brew(
    view: pb.GameView, actions: Sequence[pb.LegalAction] = (), events: Sequence[pb.GameEvent] = ()
) -> RenderableType:
    board = view.dragon_brew
    turn = board.order[board.turn] if 0 <= board.turn < len(board.order) else -1
    heading = Text(f"Year {board.year} · {board.phase}", style="bold")
    if turn >= 0 and board.phase != "over":
        heading.append(" · turn of ")
        heading.append(seat_name(view.game, turn), style=seat_style(turn))
    heading.append(f"   decks: {board.brewery_deck_size} breweries, {board.event_deck_size} events")
    return Group(
        heading, middle(board), your_side(view), players(view), seats_table(view), outcome(view.game)
    )
