"""The moves each open choice offers (the head of ``state.tasks``; tasks.py applies them).

A task is a list: its kind, how many times it is still taken, then its arguments. ``take``
(which grain, wort or magic ingredient), ``pay`` (which ingredient pays for the next unit of a
cost: ``["pay", units left, wild, "grain.grain", then...]``, ``then`` naming what waits for the
payment: ``"card", owner, index, first`` or ``"event", event id``), ``repeat`` (a multiplied
action once more, or stop), ``mash`` (which wort), ``study`` / ``intel`` (which offered recipe,
or a deck's top card), ``clear_draft`` / ``clear_offer`` (which card goes), ``free_draft``,
``scroll``, ``borrow`` (Servant Spell, Horse Guests), ``spellbook``, ``sacrifice``, ``ogre``,
``raise``, ``bribe`` (bribes.py) and, while judging, ``award``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.dragon_brew import bribes, economy
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import FAMILIES, MASH, card, event, judge, recipe
from engine.dragon_brew.decks import row_slots
from engine.dragon_brew.draft import can_draft
from engine.dragon_brew.estate import slot_card
from engine.dragon_brew.player import GNOMES
from engine.dragon_brew.table import DragonBrewState

# Cards another player's action may not borrow: what only makes sense for its owner.
UNBORROWABLE = {"brewery", "dark_sacrifice", "horse_guests", "spell_book", "ogre_ruled", "mana_spell"}
STOP = Move("stop", "", "Stop here")
Task = list[Any]


def legal(state: DragonBrewState, seat: int) -> list[Move]:
    task = state.tasks[0]
    return OPTIONS[str(task[0])](state, seat, task)


def card_name(row: str, cid: str) -> str:
    """The name of a face-up card of row ``b`` (brewery), ``e`` (event), ``B`` or ``S`` (recipes)."""
    if row == "b":
        return card(cid).name
    if row == "e":
        return event(cid).name
    return recipe(cid).name


def _take(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    return [Move("take", n, f"Take 1 {n}") for n in FAMILIES[str(task[2])]]


def _pay(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    """Which ingredient pays the next unit of a cost (``settle`` has paid what left no choice)."""
    needed = str(task[3]).split(".")
    return [
        Move("pay", n, f"Pay 1 {n} for {_unit(needed[0])}")
        for n in economy.options(state.players[seat].goods, needed, bool(task[2]))
    ]


def _unit(unit: str) -> str:
    return f"any {unit}" if unit in FAMILIES else unit


def _repeat(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    c = slot_card(state.players[int(task[2])].estate[int(task[3])])
    can = c.special == "mash" or economy.can_pay(state.players[seat], c.pay, c.kind == "spell")
    return [Move("again", "", f"{c.name} once more"), STOP] if can else [STOP]


def _mash(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    player = state.players[seat]
    return [
        Move("mash", w, f"Mash {a} and {b} into {w} wort")
        for w, (a, b) in MASH.items()
        if player.good(a) and player.good(b)
    ] + [STOP]


def _recipe_picks(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    """The Study's or the Intelligence Spell's recipes; a Study's ``["study", 0]``: its picks are
    taken, the recipe offering may still be cleared ("before or after using your Brewer's Study")."""
    moves = []
    if task[1]:
        moves = [Move("pick", f"{r}{i}", f"Take {recipe(c).name}") for r, i, c in row_slots(state, "BS")]
    if task[0] == "study":
        if task[1]:
            moves += [Move("pick", f"deck_{d}", f"Draw a face-down {d} recipe") for d in ("barrel", "spice")]
        if may_clear_offer(state, seat):
            moves.append(Move("clear_offer", "", "Pay 1 gold to clear up to five offered recipes"))
        if not task[1]:
            moves.append(Move("stop", "", "Done with the Brewer's Study"))
    return moves or [STOP]


def may_clear_offer(state: DragonBrewState, seat: int) -> bool:
    """Rulebook: "You may not clear the recipe offering more than once per turn" (and it costs a gold)."""
    return not state.cleared_offer and state.players[seat].gold >= 1


def _clear(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    """The drafting pool loses exactly five cards; the recipe offering "up to five"."""
    rows = "be" if task[0] == "clear_draft" else "BS"
    moves = [Move("clear", f"{r}{i}", f"Discard {card_name(r, c)}") for r, i, c in row_slots(state, rows)]
    return moves + ([STOP] if task[0] == "clear_offer" or not moves else [])


def _free_draft(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    """Black Market ("any", once "cleared") or Chaos Spell ("only" the newly drawn slots)."""
    mode, allowed = task[2], [str(a) for a in task[3:]]
    moves = [
        Move("take_card", f"{r}{i}", f"Take {card_name(r, c)} for free")
        for r, i, c in row_slots(state, "be")
        if (mode != "only" or f"{r}{i}" in allowed) and can_draft(state, seat, r, i, True)
    ]
    if mode == "any" and state.players[seat].gold >= 1:
        moves.append(Move("clear_draft", "", "Pay 1 gold to clear five cards of the drafting pool"))
    return moves or [STOP]


def _scroll(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    return [Move("draw", d, f"Draw a face-down {d} recipe") for d in ("barrel", "spice")]


def _borrow(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    """Servant Spell: any player's action card; Horse Guests: another player's (locked ones too)."""
    player, servant = state.players[seat], task[2] == "servant"
    moves = []
    for owner, other in enumerate(state.players):
        if owner == seat and not servant:
            continue
        for i, slot in enumerate(other.estate):
            c = slot_card(slot)
            if c.kind != "action" or c.special in UNBORROWABLE or c.id.split(":")[-1] in UNBORROWABLE:
                continue
            if economy.can_pay(player, c.pay, wild=False):
                moves.append(Move("use", f"{owner}.{i}", f"Use seat {owner}'s {c.name}"))
    return moves or [STOP]


def _spellbook(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    return [
        Move("cast_any", f"{o}.{i}", f"Cast seat {o}'s {slot_card(s).name} for free")
        for o, p in enumerate(state.players)
        for i, s in enumerate(p.estate)
        if slot_card(s).kind == "spell"
    ] or [STOP]


def _sacrifice(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    return [
        Move("burn", str(i), f"Burn {slot_card(s).name} and its upgrades")
        for i, s in enumerate(state.players[seat].estate)
        if slot_card(s).kind == "action" and slot_card(s).special not in ("brewery", "dark_sacrifice")
    ] or [STOP]


def _ogre(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    return [
        Move("rule", str(j), f"Intimidate judge {judge(jid).name}")
        for j, jid in enumerate(state.judges)
        if jid
    ]


def _raise(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    player = state.players[seat]
    moves = [
        Move("raise", str(i), f"Bring a gnome back from {slot_card(s).name}")
        for i, s in enumerate(player.estate)
        if s[GNOMES]
    ]
    return [*moves, STOP]


OPTIONS: dict[str, Callable[[DragonBrewState, int, Task], list[Move]]] = {
    "take": _take,
    "pay": _pay,
    "repeat": _repeat,
    "mash": _mash,
    "study": _recipe_picks,
    "intel": _recipe_picks,
    "clear_draft": _clear,
    "clear_offer": _clear,
    "free_draft": _free_draft,
    "scroll": _scroll,
    "borrow": _borrow,
    "spellbook": _spellbook,
    "sacrifice": _sacrifice,
    "ogre": _ogre,
    "raise": _raise,
    "bribe": bribes.choices,
}
