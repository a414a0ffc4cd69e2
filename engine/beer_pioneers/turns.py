"""The round and the turn (docs/rules/beer_pioneers.md 2.3): who decides what, and what comes next.

A turn is optional card play and administrative actions, then one worker placed; the field's action
and the bonus become tasks, answered in order (a full cellar's question first). When no task is
left, the turn ends (the display is refilled, C11); when no worker is left, the round ends.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.beer_pioneers import brewing, cards, data, orders, scoring, works
from engine.beer_pioneers.actions import Act
from engine.beer_pioneers.table import EMPTY_SLOT, OVER, ROUND_END, TURN, Table, Task
from engine.core.events import Event

_IDLE = frozenset({"skip", "stop", "lose"})


def choices(state: Table, seat: int) -> list[Act]:
    """Every decision ``seat`` may take now."""
    task = state.seat_task()
    if task is not None:
        return task_choices(state, task) if task[0] == seat else []
    if state.phase == TURN and seat == state.current and not state.placed_now:
        brewery = state.breweries[seat]
        plays = [] if state.played_now else cards.play_choices(state, seat)
        return plays + works.admin_choices(brewery) + works.place_choices(state, seat)
    return []


def task_choices(state: Table, task: Task) -> list[Act]:
    seat, kind, count = task
    brewery = state.breweries[seat]
    by_kind: dict[str, Callable[[], list[Act]]] = {
        "brew": lambda: brewing.brew_choices(brewery, count, exact_one=False),
        "brew1": lambda: brewing.brew_choices(brewery, 1, exact_one=True),
        "rotate": lambda: brewing.rotate_choices(brewery),
        "cellar": lambda: brewing.cellar_choices(brewery),
        "take": lambda: cards.take_choices(state, seat),
        "order": lambda: orders.order_choices(brewery),
        "ship": lambda: orders.ship_choices(brewery, count),
        "bonus": lambda: works.bonus_choices(brewery, bool(cards.take_choices(state, seat))),
        "build": lambda: works.build_choices(brewery),
        "school": lambda: works.school_choices(brewery, free=False),
        "train": lambda: works.school_choices(brewery, free=True),
    }
    return by_kind[kind]()


def _dead(state: Table, task: Task) -> bool:
    """A task with nothing to choose but to pass is dropped (C17: do as much as you can)."""
    return all(a.kind in _IDLE or a.id == "ship:0" for a in task_choices(state, task))


def perform(state: Table, seat: int, act: Act) -> list[Event]:
    """Carry out a legal decision, then play on until someone must decide again."""
    task = state.seat_task()
    events = _answer(state, task, act) if task is not None else _turn(state, seat, act)
    return events + advance(state)


def _turn(state: Table, seat: int, act: Act) -> list[Event]:
    if act.kind == "play":
        state.played_now = True
        return cards.play(state, seat, act.arg)
    if act.kind == "admin":
        return works.admin(state, seat, act.arg)
    return works.place(state, seat, act.arg)


def _answer(state: Table, task: Task, act: Act) -> list[Event]:
    seat, kind, count = task
    if kind in ("rotate", "take") and act.kind != "stop" and count > 1:
        state.tasks[0] = (seat, kind, count - 1)  # before the act: a full cellar's task goes first
    else:
        state.tasks.pop(0)
    arg = act.arg
    handlers: dict[str, Callable[[], list[Event]]] = {
        "brew": lambda: brewing.brew(state, seat, arg.split("+")),
        "rot": lambda: brewing.rotate(state, seat, arg),
        "clear": lambda: brewing.settle(state, seat, count, arg),
        "lose": lambda: brewing.settle(state, seat, count, None),
        "take": lambda: cards.take(state, seat, arg),
        "order": lambda: orders.complete(state, seat, arg),
        "ship": lambda: orders.ship(state, seat, int(arg)),
        "bonus": lambda: works.bonus(state, seat, arg),
        "open": lambda: works.open_coop(state, seat, arg),
        "build": lambda: works.build(state, seat, arg),
        "train": lambda: works.train(state, seat, int(arg), free=kind == "train"),
        "retire": lambda: works.retire(state, seat, int(arg)),
    }
    if act.kind in handlers:
        return handlers[act.kind]()
    return [Event("passed", f"Seat {seat} does nothing more ({kind})", seat, {"task": kind})]


def advance(state: Table) -> list[Event]:
    """Drop tasks with nothing to choose; end the turn, then the round, while nobody must decide."""
    events: list[Event] = []
    while True:
        while state.tasks and _dead(state, state.tasks[0]):
            seat, kind, _ = state.tasks.pop(0)
            if kind == "take" and state.breweries[seat].hand_full():
                events.append(cards.hand_full(seat))
        if state.tasks or state.phase == OVER:
            return events
        if state.phase == TURN:
            if not state.placed_now:
                return events
            events += end_turn(state)
        else:
            events += finish_round(state)


def end_turn(state: Table) -> list[Event]:
    """C11 refill; the next seat in turn order with a worker left, or the round end."""
    events = cards.refill_display(state)
    state.placed_now = state.played_now = False
    start = state.order.index(state.current)
    for step in range(1, state.num_players + 1):
        seat = state.order[(start + step) % state.num_players]
        if not all(state.breweries[seat].placed):
            state.current = seat
            return events
    return events + start_round_end(state)


def start_round_end(state: Table) -> list[Event]:
    """2.3: every dial turns once (C8), then each player's new barrels arrive."""
    state.phase = ROUND_END
    events = [Event("round_end", f"Round {state.round} ends", payload={"round": state.round})]
    events += brewing.round_end_turn(state)
    for seat in state.order:
        events += brewing.gain_barrels(state, seat, state.breweries[seat].icons("barrels"))
    return events


def finish_round(state: Table) -> list[Event]:
    """Workers home, administration restored, the next turn order; or the end of the game (2.8)."""
    end = data.rules().end
    last = end["last_round_by_players"][state.num_players - 2]
    if max(b.vp for b in state.breweries) >= end["target_vp"] or state.round >= last:
        state.phase = OVER
        state.final_vp = [scoring.final_vp(b) for b in state.breweries]
        totals = [b.vp + f for b, f in zip(state.breweries, state.final_vp, strict=True)]
        return [
            Event(
                "game_over", f"Final scores: {totals}", payload={"final_vp": state.final_vp, "totals": totals}
            )
        ]
    first = state.turn_order_holder
    if first < 0:
        first = (state.order[0] + 1) % state.num_players
    state.order = [(first + n) % state.num_players for n in range(state.num_players)]
    state.current, state.turn_order_holder = first, -1
    state.slots = [EMPTY_SLOT] * len(state.slots)
    for brewery in state.breweries:
        brewery.placed = [False] * len(brewery.placed)
        brewery.admin_left = brewery.admin_per_round()
    state.round += 1
    state.phase = TURN
    return [Event("round_start", f"Round {state.round}: seat {first} starts", payload={"round": state.round})]
