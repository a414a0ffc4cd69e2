"""Bribing corrupt judges (rulebook "Appendix: Corrupt Judge Variant", "Bribing Corrupt Judges").

"Bribe a judge by placing your bribe token with one or more gold on the corrupt judge card. If
another player has already bribed the judge, your bribe must be higher." The text sets no upper
bound, so a bribe is put on the card a gold at a time, as every other amount of the game is
chosen one unit at a time: ``bribe:J`` puts the least that beats the bribe there, then the
``bribe`` task offers one more gold (while the player has any) or placing it. A decision has one
bribe move per corrupt judge, or two while a bribe is put together, whatever the gold, so the
legal actions stay bounded (``SizeBounds``) and few for the search.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import judge
from engine.dragon_brew.table import DragonBrewState

Task = list[object]


def offers(state: DragonBrewState, seat: int) -> list[Move]:
    """One bribe at a time ("You may not have more than one bribe at a time"), on a face-up corrupt
    judge not Ogre-Ruled, with at least one gold more than the bribe already there."""
    if any(briber == seat for briber, _ in state.bribes):
        return []
    gold = state.players[seat].gold
    return [
        Move("bribe", str(j), f"Bribe {judge(jid).name} with {least(state, j)} gold or more")
        for j, jid in enumerate(state.judges)
        if jid and judge(jid).corrupt and not state.ogre[j] and gold >= least(state, j)
    ]


def least(state: DragonBrewState, slot: int) -> int:
    """The smallest bribe on judge ``slot``: one gold, or one more than the bribe it beats."""
    return int(state.bribes[slot][1]) + 1


def start(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    """The least that beats the bribe leaves the purse for the card; the ``bribe`` task holds it."""
    slot = int(arg)
    gold = least(state, slot)
    state.players[seat].gold -= gold
    state.tasks.insert(0, ["bribe", 1, slot, gold])
    name = judge(state.judges[slot]).name
    return [Event("bribing", f"Seat {seat} puts {gold} gold towards a bribe of {name}", seat)]


def choices(state: DragonBrewState, seat: int, task: Task) -> list[Move]:
    slot, gold = int(str(task[2])), int(str(task[3]))
    name = judge(state.judges[slot]).name
    moves = [Move("place_bribe", "", f"Bribe {name} with {gold} gold")]
    if state.players[seat].gold >= 1:
        moves.append(Move("raise_bribe", "", f"One gold more: bribe {name} with {gold + 1} gold"))
    return moves


def raise_bribe(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    state.players[seat].gold -= 1
    task[3] = int(str(task[3])) + 1
    return [Event("bribe_raised", f"Seat {seat} raises the bribe to {task[3]} gold", seat)]


def place(state: DragonBrewState, seat: int, move: Move, task: Task) -> list[Event]:
    """ "The existing bribe and token are returned to the losing player"."""
    state.tasks.pop(0)
    slot, gold = int(str(task[2])), int(str(task[3]))
    briber, old = state.bribes[slot]
    if briber >= 0:
        state.players[briber].gold += old
    state.bribes[slot] = [seat, gold]
    text = f"Seat {seat} bribes {judge(state.judges[slot]).name} with {gold} gold"
    return [Event("bribed", text, seat, {"judge": slot, "gold": gold})]
