"""The 14 cheese cards: when each may be eaten, its targets, and its effect.

Dice cheeses are eaten at the start of a turn, before the first pick; goal cheeses then or in the goal
phase. Every cheese eaten ticks the penalty track (see docs/rules/tbbr_dice.md for each reading).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.tbbr_dice.actions import EatCheese, die_code, parse_die
from engine.tbbr_dice.components import COLOURS, X, components
from engine.tbbr_dice.dice import AVAILABLE, NOBODY, USED, kind_order
from engine.tbbr_dice.sheet import Sheet

if TYPE_CHECKING:
    from engine.tbbr_dice.state import TbbrDiceState

DICE_CHEESES = frozenset(
    {"recolour", "reroll_x", "reroll_all_take3", "exchange", "double", "reroll3", "flip", "reroll_used"}
)
GOAL_CHEESES = frozenset({"two_goals", "replace_goals", "reuse", "new_personal", "wild_goal"})


def edible(state: TbbrDiceState, sheet: Sheet, dice_phase: bool) -> list[EatCheese]:
    """The cheeses ``sheet``'s seat may eat now, with every choice of targets."""
    out: list[EatCheese] = []
    available = state.dice.available()  # shared by every cheese's targets
    usable = [i for i in available if state.dice.value[i] != X]
    spec = components().cheeses
    for slot, cheese in enumerate(state.cheese_table, start=1):
        if slot == state.blocked_slot:
            continue
        effect = spec[cheese].effect
        if slot in sheet.cheeses_used and not (state.reuse_token and effect != "reuse"):
            continue
        if effect in DICE_CHEESES and not dice_phase:
            continue
        out += [EatCheese(slot, cheese, args) for args in targets(state, effect, sheet, available, usable)]
    return out


def targets(
    state: TbbrDiceState, effect: str, sheet: Sheet, available: list[int], usable: list[int]
) -> list[tuple[str, ...]]:
    """Every way to eat a cheese with this effect now (``[]``: not now; ``[()]``: no target).

    ``available`` and ``usable`` are the dice's ``available()`` and ``available_usable()``.
    """
    dice = state.dice
    if effect == "recolour":
        return [(die_code(c, v), new) for c, v in dice.kinds(usable) for new in COLOURS if new != c]
    if effect == "reroll_x":
        return [()] if len(usable) < len(available) else []
    if effect == "reroll_all_take3":
        return [()]
    if effect == "exchange":
        used = [i for i, s in enumerate(dice.status) if s == USED]
        return [(die_code(*a), die_code(*u)) for a in dice.kinds(available) for u in dice.kinds(used)]
    if effect == "double":
        return [(die_code(c, v),) for c, v in dice.kinds(i for i in usable if not dice.doubled[i])]
    if effect == "reroll3":
        return _multisets([(dice.colour[i], dice.value[i]) for i in available], 3)
    if effect == "flip":
        spec = components().dice
        return [
            (die_code(c, v),)
            for c, v in dice.kinds(available)
            if spec.opposite(spec.colour_of[dice.find(c, v) or 0], v) != v
        ]
    if effect == "reroll_used":
        theirs = [
            i for i, s in enumerate(dice.status) if s == USED and dice.owner[i] not in (NOBODY, state.current)
        ]
        return [(die_code(c, v),) for c, v in dice.kinds(theirs)]
    if effect == "two_goals":
        return [()] if state.claim_limit == 1 else []
    if effect == "replace_goals":
        return [] if state.solo else [r for r in state.replacements() if r]
    if effect == "reuse":
        return [()] if sheet.cheeses_used and not state.reuse_token else []
    if effect == "new_personal":
        return [()] if sheet.personal else []
    if effect == "wild_goal":
        return [()] if not state.mixed_goals and not sheet.wild else []
    raise ValueError(f"unknown cheese effect {effect!r}")


def eat(state: TbbrDiceState, seat: int, action: EatCheese) -> list[Event]:
    """Tick the cheese and penalty tracks, block the chip (variant) and apply the effect."""
    sheet = state.sheets[seat]
    effect = components().cheeses[action.cheese].effect
    if action.slot in sheet.cheeses_used:
        state.reuse_token = False
    sheet.cheeses_used.append(action.slot)
    sheet.cheese_ticks += 1
    if state.blocked_cheese:
        state.blocked_slot = action.slot
    events = [
        Event(
            "cheese_eaten",
            action.label,
            seat,
            {"slot": action.slot, "cheese": action.cheese, "args": list(action.args)},
        )
    ]
    return events + _effect(state, seat, effect, action.args)


def _effect(state: TbbrDiceState, seat: int, effect: str, args: tuple[str, ...]) -> list[Event]:
    dice, sheet = state.dice, state.sheets[seat]
    if effect == "recolour":
        die = dice.find(*parse_die(args[0]))
        assert die is not None
        dice.colour[die] = args[1]
    elif effect == "reroll_x":
        state.pending = (tuple(i for i in dice.available() if dice.value[i] == X), "nox")
    elif effect == "reroll_all_take3":
        return state.reroll_all(seat, base=3, mode="all3")
    elif effect == "exchange":
        mine, theirs = dice.find(*parse_die(args[0])), dice.find(*parse_die(args[1]), status=USED)
        assert mine is not None and theirs is not None
        dice.status[mine], dice.owner[mine] = USED, dice.owner[theirs]
        dice.status[theirs], dice.owner[theirs] = AVAILABLE, NOBODY
    elif effect == "double":
        die = dice.find(*parse_die(args[0]))
        assert die is not None
        dice.doubled[die] = True
    elif effect == "reroll3":
        picked: list[int] = []
        for code in args:
            colour, value = parse_die(code)
            picked.append(
                next(
                    i
                    for i in dice.available()
                    if i not in picked and dice.colour[i] == colour and dice.value[i] == value
                )
            )
        state.pending = (tuple(sorted(picked)), "some")
    elif effect == "flip":
        die = dice.find(*parse_die(args[0]))
        assert die is not None
        spec = components().dice
        dice.value[die] = spec.opposite(spec.colour_of[die], dice.value[die])
    elif effect == "reroll_used":
        colour, value = parse_die(args[0])
        die = next(
            i
            for i, s in enumerate(dice.status)
            if s == USED
            and dice.owner[i] not in (NOBODY, seat)
            and dice.colour[i] == colour
            and dice.value[i] == value
        )
        state.pending = ((die,), "some")
    elif effect == "two_goals":
        state.claim_limit = 2
    elif effect == "replace_goals":
        return state.replace_goals(seat, args)
    elif effect == "reuse":
        state.reuse_token = True
    elif effect == "new_personal":
        state.personal_discard.append(sheet.personal)
        sheet.personal_seen.append(sheet.personal)
        sheet.personal = ""
        return state.deal_personal(seat)
    elif effect == "wild_goal":
        sheet.wild = True
    return []


def _multisets(kinds: list[tuple[str, int]], size: int) -> list[tuple[str, ...]]:
    ordered = sorted(kinds, key=kind_order)
    combos = {tuple(die_code(c, v) for c, v in combo) for combo in itertools.combinations(ordered, size)}
    return sorted(combos)
