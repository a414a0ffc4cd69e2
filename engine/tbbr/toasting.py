"""Toasting: arriving where opponents stand, beers given and offered, tasted in turn."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.labels import player, players
from engine.tbbr import days, tasting
from engine.tbbr.data import GRAND_PLACE
from engine.tbbr.pending import GiftStep, PickStep, RedeemStep
from engine.tbbr.position import TRACKS, Position


def start_toast(state: Position, seat: int) -> list[Event]:
    """Mandatory on arrival with every opponent present who can still toast."""
    pl = state.players[seat]
    if pl.done or pl.location == GRAND_PLACE:
        return []
    others = tuple(
        o
        for o, q in enumerate(state.players)
        if o != seat and q.location == pl.location and not q.done and q.backpack > 0
    )
    if not others:
        return []
    if pl.backpack < len(others):
        return [Event("no_toast", f"{player(seat)} has too few beers to toast", seat)]
    state.pending = GiftStep(seat, seat, others)
    return []


def toast(
    state: Position, owner: int, others: tuple[int, ...], gifts: tuple[int, ...], offers: tuple[int, ...]
) -> list[Event]:
    """Every beer given and offered: 1 TU for all who toast, then the tastings."""
    payload = {"seats": list(others), "gifts": list(gifts), "offers": list(offers)}
    events = [Event("toast", f"{player(owner)} toasts with {players(others)}", owner, payload)]
    state.log.append(f"toast:{len(others)}")
    for seat in (owner, *others):
        state.players[seat].bike_streak = 0
        events += days.advance(state, seat, 1)
    return events + tastings(state, owner, tuple(zip(others, gifts, strict=True)), offers)


def tastings(
    state: Position, owner: int, queue: tuple[tuple[int, int], ...], offers: tuple[int, ...]
) -> list[Event]:
    """Apply toast tastings in order, pausing for a redeeming-cheese decision when one is due."""
    events: list[Event] = []
    for i, (seat, colour) in enumerate(queue):
        pl = state.players[seat]
        if pl.asleep:
            continue
        if pl.breath + 1 >= TRACKS.asleep and pl.cheese > 0:
            state.pending = RedeemStep(seat, owner, queue[i:], offers)
            return events
        events += toast_taste(state, seat, colour, redeemed=False)
    pl = state.players[owner]
    if not offers or pl.asleep:
        return events
    if pl.breath + len(offers) < TRACKS.asleep:
        return events + tastings(state, owner, tuple((owner, c) for c in offers), ())
    if len(set(offers)) == 1:
        return events + tastings(state, owner, ((owner, offers[0]),), offers[1:])
    state.pending = PickStep(owner, owner, offers)
    return events


def toast_taste(state: Position, seat: int, colour: int, redeemed: bool) -> list[Event]:
    """One toast tasting: the Cheers track, then the beer (a redeemed one leaves the Breathalyzer)."""
    pl = state.players[seat]
    events = []
    if pl.cheers < len(TRACKS.cheers) - 1:  # the cube never moves past the last level
        pl.cheers += 1
        if pl.cheers_tokens:
            events.append(Event("cheers_token", f"{player(seat)} adds a token beside the Cheers track", seat))
    if not redeemed:
        return events + tasting.drink(state, seat, colour)
    pl.tasted = min(pl.tasted + 1, TRACKS.tasted_max)
    if seat == state.active:
        state.log.append(f"taste:{colour}")
    return events
