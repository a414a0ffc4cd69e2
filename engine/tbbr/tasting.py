"""Tasting and buying at a brewery, drinking (the Breathalyzer, falling asleep), eating a cheese."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.labels import player
from engine.tbbr import days
from engine.tbbr.actions import Buy
from engine.tbbr.data import COLOURS
from engine.tbbr.position import BOARD, TRACKS, Position


def buy(state: Position, seat: int, buy: Buy) -> list[Event]:
    """1 TU at the brewery: a pack of its beers (as many as the backpack holds), a cheese, or both."""
    pl = state.players[seat]
    events = days.advance(state, seat, 1)
    pl.bike_streak = 0
    pl.bought_here = True
    if buy.beers:
        events += _buy_beers(state, seat)
    if buy.cheese:
        events += _buy_cheese(state, seat)
    return events


def _buy_beers(state: Position, seat: int) -> list[Event]:
    pl = state.players[seat]
    colour = BOARD.places[pl.location].colour
    n = min(TRACKS.pack, TRACKS.backpack - pl.backpack)
    pl.beers[colour] += n
    state.log.append(f"buy:{colour}")
    text = f"{player(seat)} buys {n} {COLOURS[colour]} beers"
    return [Event("buy", text, seat, {"colour": colour, "amount": n, "place": pl.location})]


def _buy_cheese(state: Position, seat: int) -> list[Event]:
    """One step up the Cheese track; reaching its last space puts a token beside it (5 VP)."""
    pl = state.players[seat]
    pl.cheese += 1
    state.log.append("cheese")
    events = [Event("cheese", f"{player(seat)} buys a cheese", seat, {"amount": pl.cheese})]
    if pl.cheese == len(TRACKS.cheese) - 1 and pl.tokens_left:
        pl.cheese_tokens += 1
        events.append(Event("cheese_token", f"{player(seat)}'s cheese track is full: a token for 5 VP", seat))
    return events


def taste_here(state: Position, seat: int) -> list[Event]:
    """1 TU at the brewery: one of its beers, tasted."""
    pl = state.players[seat]
    colour = BOARD.places[pl.location].colour
    events = days.advance(state, seat, 1)
    pl.bike_streak = 0
    pl.tasted_here = True
    text = f"{player(seat)} tastes a {COLOURS[colour]} beer"
    events.append(Event("taste", text, seat, {"colour": colour, "place": pl.location}))
    return events + drink(state, seat, colour)


def eat(state: Position, seat: int) -> list[Event]:
    """A cheese eaten (no TU): one step down the Breathalyzer."""
    pl = state.players[seat]
    pl.cheese -= 1
    pl.breath = max(0, pl.breath - 1)
    return [Event("eat", f"{player(seat)} eats a cheese", seat, {"amount": pl.cheese})]


def drink(state: Position, seat: int, colour: int) -> list[Event]:
    """One tasted beer: the Tasted Beers track (capped) and the Breathalyzer."""
    pl = state.players[seat]
    pl.tasted = min(pl.tasted + 1, TRACKS.tasted_max)
    pl.breath += 1
    if seat == state.active:
        state.log.append(f"taste:{colour}")
    return fall_asleep(state, seat) if pl.breath >= TRACKS.asleep else []


def fall_asleep(state: Position, seat: int) -> list[Event]:
    pl = state.players[seat]
    pl.breath = TRACKS.asleep
    if pl.asleep:
        return []
    pl.asleep = True
    return [Event("asleep", f"{player(seat)} falls asleep", seat), *days.end_players_day(state, seat)]
