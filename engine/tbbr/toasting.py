"""Toasting: arriving where opponents stand, beers given and offered, tasted in turn."""

from __future__ import annotations

from engine.tbbr import days, tasting
from engine.tbbr.data import GRAND_PLACE
from engine.tbbr.pending import GiftStep, PickStep, RedeemStep
from engine.tbbr.position import TRACKS, Position


def start_toast(state: Position, seat: int) -> None:
    """Mandatory on arrival with every opponent present who can still toast."""
    pl = state.players[seat]
    if pl.done or pl.location == GRAND_PLACE:
        return
    others = tuple(
        o
        for o, q in enumerate(state.players)
        if o != seat and q.location == pl.location and not q.done and q.backpack > 0
    )
    if not others:
        return
    if pl.backpack < len(others):
        state.emit("no_toast", f"seat {seat} has too few beers to toast", seat)
        return
    state.pending = GiftStep(seat, seat, others)


def toast(
    state: Position, owner: int, others: tuple[int, ...], gifts: tuple[int, ...], offers: tuple[int, ...]
) -> None:
    state.emit(
        "toast",
        f"seat {owner} toasts with seats {list(others)}",
        owner,
        seats=list(others),
        gifts=list(gifts),
        offers=list(offers),
    )
    state.log.append(f"toast:{len(others)}")
    for seat in (owner, *others):
        state.players[seat].bike_streak = 0
        days.advance(state, seat, 1)
    tastings(state, owner, tuple(zip(others, gifts, strict=True)), offers)


def tastings(
    state: Position, owner: int, queue: tuple[tuple[int, int], ...], offers: tuple[int, ...]
) -> None:
    """Apply toast tastings in order, pausing for a redeeming-cheese decision when one is due."""
    for i, (seat, colour) in enumerate(queue):
        pl = state.players[seat]
        if pl.asleep:
            continue
        if pl.breath + 1 >= TRACKS.asleep and pl.cheese > 0:
            state.pending = RedeemStep(seat, owner, queue[i:], offers)
            return
        toast_taste(state, seat, colour, redeemed=False)
    pl = state.players[owner]
    if not offers or pl.asleep:
        return
    if pl.breath + len(offers) < TRACKS.asleep:
        tastings(state, owner, tuple((owner, c) for c in offers), ())
    elif len(set(offers)) == 1:
        tastings(state, owner, ((owner, offers[0]),), offers[1:])
    else:
        state.pending = PickStep(owner, owner, offers)


def toast_taste(state: Position, seat: int, colour: int, redeemed: bool) -> None:
    pl = state.players[seat]
    if pl.cheers < len(TRACKS.cheers) - 1:  # the cube never moves past the last level
        pl.cheers += 1
        if pl.cheers_tokens:
            state.emit("cheers_token", f"seat {seat} adds a token beside the Cheers track", seat)
    if redeemed:
        pl.tasted = min(pl.tasted + 1, TRACKS.tasted_max)
        if seat == state.active:
            state.log.append(f"taste:{colour}")
    else:
        tasting.drink(state, seat, colour)
