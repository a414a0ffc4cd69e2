"""The choices an action leaves open, taken one at a time by the seat whose turn it is.

``state.tasks`` is a queue; its head is the choice open now: ``take`` (which grain, wort or
magic ingredient), ``repeat`` (a multiplied action once more, or stop), ``mash`` (which wort),
``study`` / ``intel`` (which offered recipe, or a deck's top card), ``clear_draft`` /
``clear_offer`` (which card goes), ``free_draft``, ``scroll``, ``borrow`` (Servant Spell, Horse
Guests), ``spellbook``, ``sacrifice``, ``ogre`` and ``raise``.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew import economy
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import FAMILIES, MASH, card, event, judge, recipe
from engine.dragon_brew.decks import discard_slot, draw, refill, row_slots, take_slot
from engine.dragon_brew.draft import can_draft, draft, start_clearing
from engine.dragon_brew.effects import again, execute, sacrifice
from engine.dragon_brew.estate import slot_card
from engine.dragon_brew.player import GNOMES, OWN
from engine.dragon_brew.table import DragonBrewState

# Cards another player's action may not borrow: what only makes sense for its owner.
UNBORROWABLE = {"brewery", "dark_sacrifice", "horse_guests", "spell_book", "ogre_ruled", "mana_spell"}
STOP = Move("stop", "", "Stop here")


def legal(state: DragonBrewState, seat: int) -> list[Move]:
    task = state.tasks[0]
    kind = str(task[0])
    player = state.players[seat]
    if kind == "take":
        return [Move("take", n, f"Take 1 {n}") for n in FAMILIES[str(task[2])]]
    if kind == "repeat":
        c = slot_card(state.players[int(task[2])].estate[int(task[3])])
        can = economy.can_pay(player, c.pay) if c.special != "mash" else True
        return ([Move("again", "", f"{c.name} once more")] if can else []) + [STOP]
    if kind == "mash":
        return [
            Move("mash", w, f"Mash {a} and {b} into {w} wort")
            for w, (a, b) in MASH.items()
            if player.good(a) and player.good(b) and (a != b or player.good(a) > 1)
        ] + [STOP]
    if kind in ("study", "intel"):
        return _recipe_picks(state, seat, kind == "study")
    if kind in ("clear_draft", "clear_offer"):
        rows = "be" if kind == "clear_draft" else "BS"
        moves = [Move("clear", f"{r}{i}", f"Discard {_name(r, c)}") for r, i, c in row_slots(state, rows)]
        return moves + ([STOP] if kind == "clear_offer" or not moves else [])
    if kind == "free_draft":
        mode, allowed = task[2], [str(a) for a in task[3:]]
        moves = [
            Move("take_card", f"{r}{i}", f"Take {_name(r, c)} for free")
            for r, i, c in row_slots(state, "be")
            if (mode != "only" or f"{r}{i}" in allowed) and can_draft(state, seat, r, i, True)
        ]
        if mode == "any" and player.gold >= 1:
            moves.append(Move("clear_draft", "", "Pay 1 gold to clear five cards of the drafting pool"))
        return moves or [STOP]
    if kind == "scroll":
        return [Move("draw", d, f"Draw a face-down {d} recipe") for d in ("barrel", "spice")]
    if kind == "borrow":
        return _borrow_targets(state, seat, str(task[2]) == "servant")
    if kind == "spellbook":
        return [
            Move("cast_any", f"{o}.{i}", f"Cast seat {o}'s {slot_card(s).name} for free")
            for o, p in enumerate(state.players)
            for i, s in enumerate(p.estate)
            if slot_card(s).kind == "spell"
        ] or [STOP]
    if kind == "sacrifice":
        return [
            Move("burn", str(i), f"Burn {slot_card(s).name} and its upgrades")
            for i, s in enumerate(player.estate)
            if slot_card(s).kind == "action" and slot_card(s).special not in ("brewery", "dark_sacrifice")
        ] or [STOP]
    if kind == "ogre":
        return [
            Move("rule", str(j), f"Intimidate judge {_judge(jid)}")
            for j, jid in enumerate(state.judges)
            if jid
        ]
    if kind == "raise":
        raise_moves = [
            Move("raise", str(i), f"Bring a gnome back from {slot_card(s).name}")
            for i, s in enumerate(player.estate)
            if s[GNOMES]
        ]
        return [*raise_moves, STOP]
    raise AssertionError(f"unknown task {task!r}")


def _name(row: str, cid: str) -> str:
    if row == "b":
        return card(cid).name
    if row == "e":
        return event(cid).name
    return recipe(cid).name


def _judge(jid: str) -> str:
    return judge(jid).name


def _recipe_picks(state: DragonBrewState, seat: int, decks: bool) -> list[Move]:
    moves = [Move("pick", f"{r}{i}", f"Take {recipe(c).name}") for r, i, c in row_slots(state, "BS")]
    if decks:
        moves += [Move("pick", f"deck_{d}", f"Draw a face-down {d} recipe") for d in ("barrel", "spice")]
        if not state.cleared_offer and state.players[seat].gold >= 1:
            moves.append(Move("clear_offer", "", "Pay 1 gold to clear up to five offered recipes"))
    return moves or [STOP]


def _borrow_targets(state: DragonBrewState, seat: int, servant: bool) -> list[Move]:
    """Servant Spell: any player's action card; Horse Guests: another player's (locked ones too)."""
    player = state.players[seat]
    moves = []
    for owner, other in enumerate(state.players):
        if owner == seat and not servant:
            continue
        for i, slot in enumerate(other.estate):
            c = slot_card(slot)
            if c.kind != "action" or c.special in UNBORROWABLE or c.id.split(":")[-1] in UNBORROWABLE:
                continue
            if economy.can_pay(player, c.pay):
                moves.append(Move("use", f"{owner}.{i}", f"Use seat {owner}'s {c.name}"))
    return moves or [STOP]


def apply(state: DragonBrewState, seat: int, move: Move) -> list[Event]:
    task = state.tasks[0]
    player = state.players[seat]
    kind, arg = move.kind, move.arg
    if kind == "stop":
        return _stop(state, seat)
    if kind == "take":
        player.add(arg, 1)
        _count_down(state)
        return [Event("took", f"Seat {seat} takes 1 {arg}", seat, {"ingredient": arg})]
    if kind == "again":
        _count_down(state)
        return again(state, seat, int(task[2]), int(task[3]))
    if kind == "mash":
        a, b = MASH[arg]
        player.add(a, -1)
        player.add(b, -1)
        player.add(arg, 1)
        state.tasks.pop(0)
        return [Event("mashed", f"Seat {seat} mashes {a} and {b} into {arg} wort", seat, {"wort": arg})]
    if kind == "pick":
        return _pick(state, seat, arg, task)
    if kind == "clear_offer":
        state.cleared_offer = True
        return start_clearing(state, seat, "clear_offer")
    if kind == "clear_draft":
        task[2] = "cleared"  # the Black Market's own clearing, once
        return start_clearing(state, seat, "clear_draft")
    if kind == "clear":
        return _clear(state, seat, arg, task)
    if kind == "take_card":
        if arg in task[3:]:
            task.remove(arg)
        _count_down(state)
        events = draft(state, seat, arg[0], int(arg[1:]), True)
        refill(state, arg[0])
        return events
    if kind == "draw":
        _count_down(state)
        return _draw_recipe(state, seat, arg)
    state.tasks.pop(0)
    if kind == "use":
        owner, index = map(int, arg.split("."))
        return execute(state, seat, owner, index)
    if kind == "cast_any":
        owner, index = map(int, arg.split("."))
        return execute(state, seat, owner, index, free=True)
    if kind == "burn":
        return sacrifice(state, seat, int(arg))
    if kind == "rule":
        return _ogre_rule(state, seat, int(arg))
    if kind == "raise":
        slot = player.estate[int(arg)]
        slot[GNOMES] -= 1
        player.gnomes += 1
        if task[1] > 1:
            state.tasks.insert(0, ["raise", task[1] - 1])
        return [Event("raised", f"Seat {seat} raises a gnome back to the race card", seat)]
    raise AssertionError(f"unknown move {move!r}")


def _count_down(state: DragonBrewState) -> None:
    task = state.tasks[0]
    task[1] -= 1
    if task[1] <= 0:
        state.tasks.pop(0)


def _stop(state: DragonBrewState, seat: int) -> list[Event]:
    task = state.tasks.pop(0)
    if task[0] == "mash" and state.tasks and state.tasks[0][0] == "repeat":
        state.tasks.pop(0)  # no more mashing this time
    if task[0] in ("clear_offer", "study", "intel"):
        refill(state, "B")
        refill(state, "S")
    return [Event("stopped", f"Seat {seat} stops", seat)]


def _pick(state: DragonBrewState, seat: int, arg: str, task: list[object]) -> list[Event]:
    player = state.players[seat]
    _count_down(state)
    if arg.startswith("deck_"):
        events = _draw_recipe(state, seat, arg[5:])
    else:
        rid = take_slot(state, arg[0], int(arg[1:]))
        player.book.append(rid)
        events = [Event("recipe_taken", f"Seat {seat} takes {recipe(rid).name}", seat, {"recipe": rid})]
    if not state.tasks or state.tasks[0] is not task:
        refill(state, "B")
        refill(state, "S")
    return events


def _draw_recipe(state: DragonBrewState, seat: int, deck: str) -> list[Event]:
    rid = draw(state, deck)
    if not rid:
        return [Event("deck_empty", f"The {deck} recipes have run out", seat)]
    state.players[seat].book.append(rid)
    public = Event("recipe_drawn", f"Seat {seat} draws a {deck} recipe", seat, {"deck": deck})
    private = Event("recipe_seen", f"You draw {recipe(rid).name}", seat, {"recipe": rid}, frozenset({seat}))
    return [public, private]


def _clear(state: DragonBrewState, seat: int, arg: str, task: list[object]) -> list[Event]:
    row, index = arg[0], int(arg[1:])
    cid = discard_slot(state, row, index)
    _count_down(state)
    if not state.tasks or state.tasks[0] is not task:
        filled = [f"{r}{i}" for r in ("be" if row in "be" else "BS") for i in refill(state, r)]
        if "chaos" in task:
            state.tasks.insert(0, ["free_draft", 2, "only", *filled])
    return [Event("cleared", f"Seat {seat} discards {_name(row, cid)}", seat, {"card": cid})]


def _ogre_rule(state: DragonBrewState, seat: int, judge_slot: int) -> list[Event]:
    """Ogre-Ruled: the brewer leaves the card for the judge; a bribe there goes back to its payer."""
    player = state.players[seat]
    for slot in player.estate:
        if slot_card(slot).special == "ogre_ruled" and slot[OWN]:
            slot[OWN] -= 1
            break
    state.ogre[judge_slot] += 1
    briber, gold = state.bribes[judge_slot]
    if briber >= 0:
        state.players[briber].gold += gold
        state.bribes[judge_slot] = [-1, 0]
    name = judge(state.judges[judge_slot]).name
    return [Event("ogre_ruled", f"Seat {seat} intimidates {name}", seat, {"judge": judge_slot})]
