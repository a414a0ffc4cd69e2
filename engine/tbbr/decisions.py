"""The decisions a pending step waits for: which are legal, and applying one."""

from __future__ import annotations

from typing import Any

from engine.tbbr import days, machine, moving, setup, tasting, toasting
from engine.tbbr.actions import (
    Beer,
    Bottle,
    ChooseStart,
    Claim,
    EndTurn,
    KeepBottle,
    Redeem,
    Stop,
)
from engine.tbbr.data import COLOURS
from engine.tbbr.pending import Pending
from engine.tbbr.position import BOARD, TRACKS, Position


def decisions(state: Position, p: Pending) -> list[Any]:
    pl = state.players[p.seat]
    carried = [Beer(c) for c in range(len(COLOURS)) if pl.beers[c] > 0]
    if p.kind == "start":
        taken = {q.location for i, q in enumerate(state.players) if i < p.seat}
        return [ChooseStart(b) for b in BOARD.breweries if not BOARD.places[b].bonuses and b not in taken]
    if p.kind in ("pay", "gift", "offer"):
        return carried
    if p.kind in ("onboard", "camp"):
        return [*carried, Stop()]
    if p.kind == "pick":
        return [Beer(c) for c in sorted(set(p.offers))]
    if p.kind == "redeem":
        return [Redeem(True), Redeem(False)]
    if p.kind == "bottle":
        return [*(Bottle(c) for c in state.accessible if c), KeepBottle()]
    if p.kind == "claim":
        return [*(Claim(c) for c in state.claimable(p.seat)), EndTurn()]
    if p.kind == "night":
        return [Stop()]  # eating is offered with every decision
    return []


def decide(state: Position, p: Pending, action: Any) -> None:
    seat, pl = p.seat, state.players[p.seat]
    if isinstance(action, ChooseStart):
        setup.choose_start(state, seat, action.place)
    elif p.kind == "pay":
        assert isinstance(action, Beer)
        pl.beers[action.colour] -= 1
        if p.count > 1:
            state.pending = Pending(
                "pay", seat, owner=seat, mode=p.mode, dest=p.dest, count=p.count - 1, tu=p.tu
            )
            return
        state.log.append("pay")
        moving.travel(state, seat, "hitchhiking", p.dest, p.tu, verb="pays the driver and rides to")
    elif p.kind == "onboard":
        if isinstance(action, Beer):
            pl.beers[action.colour] -= 1
            state.emit(
                "taste",
                f"seat {seat} tastes a carried {COLOURS[action.colour]} beer on board",
                seat,
                colour=action.colour,
            )
            tasting.drink(state, seat, action.colour)
            if p.count > 1 and not pl.asleep:
                state.pending = Pending("onboard", seat, owner=seat, dest=p.dest, count=p.count - 1)
                return
        if p.dest and not pl.asleep:
            toasting.start_toast(state, seat)
    elif p.kind == "camp":
        if isinstance(action, Beer):
            pl.beers[action.colour] -= 1
            days.advance(state, seat, 1)
            state.emit(
                "convert",
                f"seat {seat} drinks a carried {COLOURS[action.colour]} beer at camp",
                seat,
                colour=action.colour,
            )
            tasting.drink(state, seat, action.colour)
            if not pl.done:
                state.pending = Pending("camp", seat, owner=seat)
                return
        if not pl.done:
            days.end_players_day(state, seat)
        pl.camped = not pl.asleep
    elif p.kind == "gift":
        assert isinstance(action, Beer)
        pl.beers[action.colour] -= 1
        gifts = (*p.gifts, action.colour)
        if len(gifts) < len(p.others):
            state.pending = Pending("gift", seat, owner=seat, others=p.others, gifts=gifts)
        else:
            state.pending = Pending("offer", p.others[0], owner=seat, others=p.others, gifts=gifts)
    elif p.kind == "offer":
        assert isinstance(action, Beer)
        pl.beers[action.colour] -= 1
        offers = (*p.offers, action.colour)
        if len(offers) < len(p.others):
            state.pending = Pending(
                "offer",
                p.others[len(offers)],
                owner=p.owner,
                others=p.others,
                gifts=p.gifts,
                offers=offers,
            )
        else:
            toasting.toast(state, p.owner, p.others, p.gifts, offers)
    elif p.kind == "pick":
        assert isinstance(action, Beer)
        rest = list(p.offers)
        rest.remove(action.colour)
        toasting.tastings(state, p.owner, ((p.owner, action.colour),), tuple(rest))
    elif p.kind == "redeem":
        assert isinstance(action, Redeem)
        taster, colour = p.queue[0]
        if action.eat:
            pl.cheese -= 1
            state.emit("redeem", f"seat {seat} eats the redeeming cheese", seat)
        toasting.toast_taste(state, taster, colour, redeemed=action.eat)
        toasting.tastings(state, p.owner, p.queue[1:], p.offers)
    elif p.kind == "bottle":
        if isinstance(action, Bottle):
            state.accessible[state.accessible.index(action.card)] = ""
            state.removed.append(action.card)
            state.bottles[p.count] = True
            state.emit(
                "bottle",
                f"seat {seat} breaks the bottle at TU {TRACKS.bottles[p.count]} and removes "
                f"objective {action.card}",
                seat,
                card=action.card,
                tu=TRACKS.bottles[p.count],
            )
    elif p.kind == "night":
        days.bedtime(state, p.count + 1)
    elif p.kind == "claim":
        if isinstance(action, Claim):
            machine.claim(state, seat, action.card)
            state.pending = Pending("claim", seat, owner=seat)
        else:
            days.end_turn(state)


def auto_step(state: Position, p: Pending) -> bool:
    """Resolve a step whose outcome is forced (one choice, or nothing left to do); True if done."""
    if p.kind in ("roll", "start", "redeem"):
        return False
    if p.kind == "claim":
        if state.claimable(p.seat):
            return False
        state.pending = None
        days.end_turn(state)
        return True
    if p.kind == "night":
        if days.night_snack_helps(state, p.seat):
            return False
        state.pending = None
        days.bedtime(state, p.count + 1)
        return True
    if p.kind in ("onboard", "camp"):
        pl = state.players[p.seat]
        if pl.backpack and not pl.done:
            return False
        state.pending = None
        decide(state, p, Stop())
        return True
    options = decisions(state, p)
    if len(options) != 1:
        return False
    state.pending = None
    decide(state, p, options[0])
    return True
