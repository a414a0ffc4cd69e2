"""Tasting and buying at a brewery, drinking (the Breathalyzer, falling asleep), eating a cheese."""

from __future__ import annotations

from engine.tbbr import days
from engine.tbbr.actions import (
    Buy,
)
from engine.tbbr.data import COLOURS
from engine.tbbr.position import BOARD, TRACKS, Position


def buy(state: Position, seat: int, buy: Buy) -> None:
    pl = state.players[seat]
    place = BOARD.places[pl.location]
    days.advance(state, seat, 1)
    pl.bike_streak = 0
    pl.bought_here = True
    if buy.beers:
        n = min(TRACKS.pack, TRACKS.backpack - pl.backpack)
        pl.beers[place.colour] += n
        state.log.append(f"buy:{place.colour}")
        state.emit(
            "buy",
            f"seat {seat} buys {n} {COLOURS[place.colour]} beers",
            seat,
            colour=place.colour,
            amount=n,
            place=pl.location,
        )
    if buy.cheese:
        pl.cheese += 1
        state.log.append("cheese")
        state.emit("cheese", f"seat {seat} buys a cheese", seat, amount=pl.cheese)
        if pl.cheese == len(TRACKS.cheese) - 1 and pl.tokens_left:
            pl.cheese_tokens += 1
            state.emit("cheese_token", f"seat {seat}'s cheese track is full: a token for 5 VP", seat)


def taste_here(state: Position, seat: int) -> None:
    pl = state.players[seat]
    colour = BOARD.places[pl.location].colour
    days.advance(state, seat, 1)
    pl.bike_streak = 0
    pl.tasted_here = True
    state.emit(
        "taste", f"seat {seat} tastes a {COLOURS[colour]} beer", seat, colour=colour, place=pl.location
    )
    drink(state, seat, colour)


def eat(state: Position, seat: int) -> None:
    pl = state.players[seat]
    pl.cheese -= 1
    pl.breath = max(0, pl.breath - 1)
    state.emit("eat", f"seat {seat} eats a cheese", seat, amount=pl.cheese)


def drink(state: Position, seat: int, colour: int) -> None:
    """One tasted beer: the Tasted Beers track (capped) and the Breathalyzer."""
    pl = state.players[seat]
    pl.tasted = min(pl.tasted + 1, TRACKS.tasted_max)
    pl.breath += 1
    if seat == state.active:
        state.log.append(f"taste:{colour}")
    if pl.breath >= TRACKS.asleep:
        fall_asleep(state, seat)


def fall_asleep(state: Position, seat: int) -> None:
    pl = state.players[seat]
    pl.breath = TRACKS.asleep
    if not pl.asleep:
        pl.asleep = True
        state.emit("asleep", f"seat {seat} falls asleep", seat)
        days.end_players_day(state, seat)
