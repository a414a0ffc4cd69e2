"""Applying the moves of an open choice (choices.py lists them): each kind of move, one function.

A move that finishes its task takes it off the queue; a recipe offering or drafting pool that
lost cards is refilled once the whole choice is made ("Refresh the drawn recipe cards from the
draw decks after selecting all three cards").
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events import Event
from engine.dragon_brew import bribes, economy
from engine.dragon_brew.actions import Move
from engine.dragon_brew.choices import Task, card_name, may_clear_offer
from engine.dragon_brew.components import MASH, event, judge, recipe
from engine.dragon_brew.decks import discard_slot, draw, refill, take_slot
from engine.dragon_brew.draft import draft, reward, start_clearing
from engine.dragon_brew.effects import again, execute, perform, sacrifice
from engine.dragon_brew.estate import slot_card
from engine.dragon_brew.player import GNOMES, OWN
from engine.dragon_brew.table import DragonBrewState

Apply = Callable[[DragonBrewState, int, Move, Task], list[Event]]


def apply(state: DragonBrewState, seat: int, move: Move) -> list[Event]:
    return MOVES[move.kind](state, seat, move, state.tasks[0])


def _count_down(state: DragonBrewState) -> bool:
    """One more of the head task taken; True when that finished it."""
    task = state.tasks[0]
    task[1] -= 1
    if task[1] > 0:
        return False
    state.tasks.pop(0)
    return True


def _refill_offering(state: DragonBrewState) -> None:
    refill(state, "B")
    refill(state, "S")


def _stop(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    state.tasks.pop(0)
    if task[0] == "mash" and state.tasks and state.tasks[0][0] == "repeat":
        state.tasks.pop(0)  # no more mashing this time
    if task[0] in ("clear_offer", "study", "intel"):
        _refill_offering(state)
    if task[0] == "clear_offer":
        _end_study_after_clearing(state)
    return [Event("stopped", f"Seat {seat} stops", seat)]


def _after_study(state: DragonBrewState, seat: int) -> None:
    """The Study's recipes are taken: the offering may still be cleared, "after using your Brewer's
    Study", before the turn goes on (a ``["study", 0]`` task)."""
    if may_clear_offer(state, seat):
        state.tasks.insert(0, ["study", 0])


def _end_study_after_clearing(state: DragonBrewState) -> None:
    """A clearing after the Study's picks ends the Study's use: nothing is left to choose there."""
    if state.tasks and state.tasks[0][0] == "study" and not state.tasks[0][1]:
        state.tasks.pop(0)


def _take(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    state.players[seat].add(move.arg, 1)
    _count_down(state)
    return [Event("took", f"Seat {seat} takes 1 {move.arg}", seat, {"ingredient": move.arg})]


def _pay(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    """One unit of a cost paid with the chosen ingredient; what then leaves no choice is paid too.
    Once all is paid, what waited for it goes on: the card's action, or the event's reward."""
    player, wild = state.players[seat], bool(task[2])
    player.add(move.arg, -1)
    left = economy.settle(player, str(task[3]).split(".")[1:], wild)
    events = [Event("paid", f"You pay 1 {move.arg}", seat, {"ingredient": move.arg}, frozenset({seat}))]
    if left:
        task[1], task[3] = len(left), ".".join(left)
        return events
    state.tasks.pop(0)
    then, args = str(task[4]), task[5:]
    if then == "card":
        return events + perform(state, seat, int(args[0]), int(args[1]), first=bool(args[2]))
    return events + reward(state, seat, event(str(args[0])))


def _again(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    _count_down(state)
    return again(state, seat, int(task[2]), int(task[3]))


def _mash(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    player, wort = state.players[seat], move.arg
    a, b = MASH[wort]
    player.add(a, -1)
    player.add(b, -1)
    player.add(wort, 1)
    state.tasks.pop(0)
    return [Event("mashed", f"Seat {seat} mashes {a} and {b} into {wort} wort", seat, {"wort": wort})]


def _pick(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    done = _count_down(state)
    if move.arg.startswith("deck_"):
        events = _draw_recipe(state, seat, move, task)
    else:
        rid = take_slot(state, move.arg[0], int(move.arg[1:]))
        state.players[seat].book.append(rid)
        events = [Event("recipe_taken", f"Seat {seat} takes {recipe(rid).name}", seat, {"recipe": rid})]
    if done:
        _refill_offering(state)
        if task[0] == "study":
            _after_study(state, seat)
    return events


def _draw_recipe(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    """A face-down recipe: everyone sees from which deck, only the seat which card."""
    deck = move.arg.removeprefix("deck_")
    if task[0] == "scroll":
        _count_down(state)
    rid = draw(state, deck)
    if not rid:
        return [Event("deck_empty", f"The {deck} recipes have run out", seat)]
    state.players[seat].book.append(rid)
    public = Event("recipe_drawn", f"Seat {seat} draws a {deck} recipe", seat, {"deck": deck})
    private = Event("recipe_seen", f"You draw {recipe(rid).name}", seat, {"recipe": rid}, frozenset({seat}))
    return [public, private]


def _clear_offer(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    state.cleared_offer = True
    return start_clearing(state, seat, "clear_offer")


def _clear_draft(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    task[2] = "cleared"  # the Black Market's own clearing, once
    return start_clearing(state, seat, "clear_draft")


def _clear(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    """One card of the clearing goes; after the last, the row is refilled (Chaos: then two free drafts)."""
    row, index = move.arg[0], int(move.arg[1:])
    cid = discard_slot(state, row, index)
    if _count_down(state):
        filled = [f"{r}{i}" for r in ("be" if row in "be" else "BS") for i in refill(state, r)]
        if "chaos" in task:
            state.tasks.insert(0, ["free_draft", 2, "only", *filled])
        if task[0] == "clear_offer":
            _end_study_after_clearing(state)
    return [Event("cleared", f"Seat {seat} discards {card_name(row, cid)}", seat, {"card": cid})]


def _take_card(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    if move.arg in task[3:]:
        task.remove(move.arg)
    _count_down(state)
    events = draft(state, seat, move.arg[0], int(move.arg[1:]), True)
    refill(state, move.arg[0])
    return events


def _use(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    """Servant Spell / Horse Guests: another card's action, its upgrades applied, nothing locked."""
    state.tasks.pop(0)
    owner, index = map(int, move.arg.split("."))
    return execute(state, seat, owner, index, free=move.kind == "cast_any")


def _burn(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    state.tasks.pop(0)
    return sacrifice(state, seat, int(move.arg))


def _rule(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    """Ogre-Ruled: the brewer leaves the card for the judge; a bribe there goes back to its payer."""
    state.tasks.pop(0)
    slot_index = int(move.arg)
    for slot in state.players[seat].estate:
        if slot_card(slot).special == "ogre_ruled" and slot[OWN]:
            slot[OWN] -= 1
            break
    state.ogre[slot_index] += 1
    briber, gold = state.bribes[slot_index]
    if briber >= 0:
        state.players[briber].gold += gold
        state.bribes[slot_index] = [-1, 0]
    name = judge(state.judges[slot_index]).name
    return [Event("ogre_ruled", f"Seat {seat} intimidates {name}", seat, {"judge": slot_index})]


def _raise(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    player = state.players[seat]
    player.estate[int(move.arg)][GNOMES] -= 1
    player.gnomes += 1
    _count_down(state)
    return [Event("raised", f"Seat {seat} raises a gnome back to the race card", seat)]


MOVES: dict[str, Apply] = {
    "stop": _stop,
    "take": _take,
    "pay": _pay,
    "again": _again,
    "mash": _mash,
    "pick": _pick,
    "draw": _draw_recipe,
    "clear_offer": _clear_offer,
    "clear_draft": _clear_draft,
    "clear": _clear,
    "take_card": _take_card,
    "use": _use,
    "cast_any": _use,
    "burn": _burn,
    "rule": _rule,
    "raise": _raise,
    "raise_bribe": bribes.raise_bribe,
    "place_bribe": bribes.place,
}
