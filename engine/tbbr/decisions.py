"""The turn structure as data: for each kind of pending step, its legal choices and what each does.

``STAGES`` maps a step's class to a ``Stage`` (boardgame.io's stages are the model): ``legal``
lists the choices, ``apply`` carries one out, ``forced`` names the choice made without asking
(nothing left to decide), and ``snack`` says whether a cheese may be eaten meanwhile ("at any
time"). A roll is no decision: its dice are the State's chance step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.events import Event
from engine.core.labels import player
from engine.tbbr import days, machine, moving, setup, tasting, toasting
from engine.tbbr.actions import Beer, Bottle, ChooseStart, Claim, EndTurn, KeepBottle, Redeem, Stop
from engine.tbbr.data import COLOURS
from engine.tbbr.pending import (
    BottleStep,
    CampStep,
    ClaimStep,
    GiftStep,
    NightStep,
    OfferStep,
    OnboardStep,
    PayStep,
    Pending,
    PickStep,
    RedeemStep,
    StartStep,
)
from engine.tbbr.position import BOARD, Position

_STOP, _END, _EAT, _SLEEP, _KEEP = Stop(), EndTurn(), Redeem(True), Redeem(False), KeepBottle()


def _carried(state: Position, step: Any) -> list[Any]:
    pl = state.players[step.seat]
    return [Beer(c) for c in range(len(COLOURS)) if pl.beers[c] > 0]


def _only_choice(state: Position, step: Any) -> Any | None:
    options = STAGES[type(step)].legal(state, step)
    return options[0] if len(options) == 1 else None


def _never(state: Position, step: Any) -> Any | None:
    return None


@dataclass(frozen=True)
class Stage:
    """What one kind of pending step allows: its choices, their effect, the forced one."""

    legal: Callable[[Position, Any], list[Any]]
    apply: Callable[[Position, Any, Any], list[Event]]
    forced: Callable[[Position, Any], Any | None] = _only_choice
    snack: bool = True


# ---------------------------------------------------------------------- choices


def _starts(state: Position, step: StartStep) -> list[Any]:
    taken = {q.location for i, q in enumerate(state.players) if i < step.seat}
    return [ChooseStart(b) for b in BOARD.breweries if not BOARD.places[b].bonuses and b not in taken]


def _carried_or_stop(state: Position, step: Any) -> list[Any]:
    return [*_carried(state, step), _STOP]


def _offered(state: Position, step: PickStep) -> list[Any]:
    return [Beer(c) for c in sorted(set(step.offers))]


def _bottles(state: Position, step: BottleStep) -> list[Any]:
    return [*(Bottle(c) for c in state.accessible if c), _KEEP]


def _claims(state: Position, step: ClaimStep) -> list[Any]:
    return [*(Claim(c) for c in state.claimable(step.seat)), _END]


def _stop_only(state: Position, step: Any) -> list[Any]:
    return [_STOP]  # eating is offered with every decision


# ---------------------------------------------------------------------- forced choices


def _stop_when_nothing_to_drink(state: Position, step: OnboardStep | CampStep) -> Any | None:
    pl = state.players[step.seat]
    return None if pl.backpack and not pl.done else _STOP


def _end_when_nothing_claimable(state: Position, step: ClaimStep) -> Any | None:
    return None if state.claimable(step.seat) else _END


def _sleep_unless_a_cheese_helps(state: Position, step: NightStep) -> Any | None:
    return None if days.night_snack_helps(state, step.seat) else _STOP


# ---------------------------------------------------------------------- effects


def _start(state: Position, step: StartStep, action: ChooseStart) -> list[Event]:
    return setup.choose_start(state, step.seat, action.place)


def _pay(state: Position, step: PayStep, action: Beer) -> list[Event]:
    state.players[step.seat].beers[action.colour] -= 1
    if step.count > 1:
        state.pending = PayStep(step.seat, step.owner, step.mode, step.dest, step.count - 1, step.tu)
        return []
    state.log.append("pay")
    verb = "pays the driver and rides to"
    return moving.travel(state, step.seat, "hitchhiking", step.dest, step.tu, verb=verb)


def _drink_carried(state: Position, seat: int, colour: int, kind: str, text: str) -> list[Event]:
    """A carried beer (already out of the backpack) drunk: on board, or converted at camp."""
    said = Event(kind, f"{player(seat)} {text.format(COLOURS[colour])}", seat, {"colour": colour})
    return [said, *tasting.drink(state, seat, colour)]


def _onboard(state: Position, step: OnboardStep, action: Any) -> list[Event]:
    seat, pl = step.seat, state.players[step.seat]
    events: list[Event] = []
    if isinstance(action, Beer):
        pl.beers[action.colour] -= 1
        events = _drink_carried(state, seat, action.colour, "taste", "tastes a carried {} beer on board")
        if step.count > 1 and not pl.asleep:
            state.pending = OnboardStep(seat, seat, step.dest, step.count - 1)
            return events
    if step.dest and not pl.asleep:
        events += toasting.start_toast(state, seat)
    return events


def _camp(state: Position, step: CampStep, action: Any) -> list[Event]:
    seat, pl = step.seat, state.players[step.seat]
    events: list[Event] = []
    if isinstance(action, Beer):
        pl.beers[action.colour] -= 1
        events = days.advance(state, seat, 1)
        events += _drink_carried(state, seat, action.colour, "convert", "drinks a carried {} beer at camp")
        if not pl.done:
            state.pending = CampStep(seat, seat)
            return events
    if not pl.done:
        events += days.end_players_day(state, seat)
    pl.camped = not pl.asleep
    return events


def _gift(state: Position, step: GiftStep, action: Beer) -> list[Event]:
    state.players[step.seat].beers[action.colour] -= 1
    gifts = (*step.gifts, action.colour)
    if len(gifts) < len(step.others):
        state.pending = GiftStep(step.seat, step.seat, step.others, gifts)
    else:
        state.pending = OfferStep(step.others[0], step.seat, step.others, gifts)
    return []


def _offer(state: Position, step: OfferStep, action: Beer) -> list[Event]:
    state.players[step.seat].beers[action.colour] -= 1
    offers = (*step.offers, action.colour)
    if len(offers) == len(step.others):
        return toasting.toast(state, step.owner, step.others, step.gifts, offers)
    state.pending = OfferStep(step.others[len(offers)], step.owner, step.others, step.gifts, offers)
    return []


def _pick(state: Position, step: PickStep, action: Beer) -> list[Event]:
    rest = list(step.offers)
    rest.remove(action.colour)
    return toasting.tastings(state, step.owner, ((step.owner, action.colour),), tuple(rest))


def _redeem(state: Position, step: RedeemStep, action: Redeem) -> list[Event]:
    taster, colour = step.queue[0]
    events = []
    if action.eat:
        state.players[step.seat].cheese -= 1
        events.append(Event("redeem", f"{player(step.seat)} eats the redeeming cheese", step.seat))
    events += toasting.toast_taste(state, taster, colour, redeemed=action.eat)
    return events + toasting.tastings(state, step.owner, step.queue[1:], step.offers)


def _bottle(state: Position, step: BottleStep, action: Any) -> list[Event]:
    if isinstance(action, Bottle):
        return machine.break_bottle(state, step.seat, step.count, action.card)
    return []


def _claim(state: Position, step: ClaimStep, action: Any) -> list[Event]:
    if not isinstance(action, Claim):
        days.end_turn(state)
        return []
    state.pending = ClaimStep(step.seat, step.seat)
    return machine.claim(state, step.seat, action.card)


def _night(state: Position, step: NightStep, action: Any) -> list[Event]:
    return days.bedtime(state, step.count + 1)


STAGES: dict[type[Any], Stage] = {
    StartStep: Stage(_starts, _start, forced=_never),
    PayStep: Stage(_carried, _pay),
    OnboardStep: Stage(_carried_or_stop, _onboard, forced=_stop_when_nothing_to_drink),
    GiftStep: Stage(_carried, _gift),
    OfferStep: Stage(_carried, _offer),
    PickStep: Stage(_offered, _pick),
    # The redeeming cheese is itself the cheese decision of this step.
    RedeemStep: Stage(lambda state, step: [_EAT, _SLEEP], _redeem, forced=_never, snack=False),
    CampStep: Stage(_carried_or_stop, _camp, forced=_stop_when_nothing_to_drink),
    BottleStep: Stage(_bottles, _bottle),
    ClaimStep: Stage(_claims, _claim, forced=_end_when_nothing_claimable),
    NightStep: Stage(_stop_only, _night, forced=_sleep_unless_a_cheese_helps),
}


def decide(state: Position, step: Pending, action: Any) -> list[Event]:
    """Carry out ``action``, one of the step's legal choices (the step is no longer pending)."""
    return STAGES[type(step)].apply(state, step, action)


def auto_step(state: Position, step: Pending) -> list[Event] | None:
    """Make the choice of a step that leaves none (one option, or nothing left to do); None if
    the step waits for a seat (or for dice)."""
    stage = STAGES.get(type(step))
    if stage is None:  # a roll: dice, not a choice
        return None
    action = stage.forced(state, step)
    if action is None:
        return None
    state.pending = None
    return stage.apply(state, step, action)
