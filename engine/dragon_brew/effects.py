"""What an estate card does when a brewer is assigned, a spell cast or a free action taken.

``execute`` performs one card's action for an actor: its cost first (what pays it may be the
actor's choice: a ``pay`` task, after which ``perform`` goes on), then its fixed gains and its
upgrades' (rulebook "Upgrade Cards"), and it queues the choices the action leaves open (which
grain, which wort, which recipe) as tasks (choices.py) for the actor to take one at a time.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events import Event
from engine.dragon_brew import economy
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import Amounts, Card, card
from engine.dragon_brew.decks import discard_slot, refill
from engine.dragon_brew.estate import multiplier, slot_card, upgrades
from engine.dragon_brew.player import CARD, GNOMES, OWN, UPGRADES, USED, Player, Slot
from engine.dragon_brew.table import DragonBrewState

Task = list[object]

# The choice a special card opens first (choices.py lists its moves).
OPENS: dict[str, Callable[[Card, Slot], list[Task]]] = {
    "study": lambda c, slot: [["study", c.draws + sum(u.draws for u in upgrades(slot))]],
    "mash": lambda c, slot: [["mash", 1]],
    "black_market": lambda c, slot: [["free_draft", 1, "any"]],
    "horse_guests": lambda c, slot: [["borrow", 1, "horse_guests"]],
    "servant": lambda c, slot: [["borrow", 1, "servant"]],
    "spell_book": lambda c, slot: [["spellbook", 1]],
    "dark_sacrifice": lambda c, slot: [["sacrifice", 1]],
    "ogre_ruled": lambda c, slot: [["ogre", 1]],
    "raise_gnome": lambda c, slot: [["raise", 2]],
    "chaos": lambda c, slot: [["clear_draft", 5, "chaos"]],
    "intelligence": lambda c, slot: [["intel", 3]],
}


def score(state: DragonBrewState, seat: int, vp: int) -> None:
    """Move a scoring disk up; it lands on top of any disk already there (rulebook "Collect Profit")."""
    if vp <= 0:
        return
    player = state.players[seat]
    player.vp += vp
    player.disk = 1 + max(p.disk for p in state.players)


def take_tasks(amounts: Amounts) -> list[list[object]]:
    """The tasks for "choose" amounts: one ``take`` task per family."""
    return [["take", n, family] for family, n in amounts if n]


def execute(
    state: DragonBrewState, actor: int, owner: int, index: int, *, free: bool = False, first: bool = True
) -> list[Event]:
    """Perform ``owner``'s estate card ``index`` once for ``actor`` (``free``: costs waived;
    ``first``: not a repetition, so a multiplier queues the repetitions). The cost comes first: what
    it is paid with may be the actor's choice, the action then waits for it (tasks.py)."""
    c = slot_card(state.players[owner].estate[index])
    then: list[object] = ["card", owner, index, int(first)]
    if free or not c.pay or start_paying(state, actor, c.pay, c.kind == "spell", then):
        return perform(state, actor, owner, index, first=first)
    return [Event("paying", f"Seat {actor} pays for {c.name}", actor, {"card": c.id})]


def start_paying(state: DragonBrewState, seat: int, cost: Amounts, wild: bool, then: list[object]) -> bool:
    """Pay ``cost`` (checked by the caller): its gold, and every ingredient that leaves no choice.
    True if all is paid; else a ``pay`` task holds the units left and what follows (``then``)."""
    player = state.players[seat]
    player.gold -= economy.gold(cost)
    left = economy.settle(player, economy.units(cost), wild)
    if left:
        state.tasks.insert(0, ["pay", len(left), int(wild), ".".join(left), *then])
    return not left


def perform(state: DragonBrewState, actor: int, owner: int, index: int, *, first: bool = True) -> list[Event]:
    """A card's action once its cost is paid: what it does at once, its gains, its open choices."""
    slot = state.players[owner].estate[index]
    c = slot_card(slot)
    player = state.players[actor]
    if c.special in AT_ONCE:
        AT_ONCE[c.special](state, actor, slot)
    queued = OPENS[c.special](c, slot) if c.special in OPENS else []
    gains = [*c.gain, *(g for u in upgrades(slot) for g in u.gain)]
    economy.collect(player, tuple(gains))
    queued += take_tasks((*c.choose, *(g for u in upgrades(slot) for g in u.choose)))
    times = multiplier(slot)
    if times > 1 and first:
        queued.append(["repeat", times - 1, owner, index])
    state.tasks[0:0] = queued
    payload = {"card": c.id, "owner": owner, "gain": dict(gains)}
    return [Event("card_used", f"Seat {actor} uses {c.name}", actor, payload)]


def free_moves(player: Player) -> list[Move]:
    """Rulebook "Free Cards": as often as the player can pay, spring turn, fall or winter ("free
    actions are permitted during the fall and winter phases"). Drain Gnome names its gnome's place
    when there are gnomes on both the race card and Gnome Housing."""
    moves = []
    for i, slot in enumerate(player.estate):
        c = slot_card(slot)
        if c.kind != "free" or not economy.can_pay(player, c.pay, wild=False):
            continue
        label = f"{c.name} ({economy.text(c.pay)})"
        if c.special != "drain_gnome":
            moves.append(Move("free", str(i), label))
        elif player.gnomes and player.housed:
            moves.append(Move("free", f"{i}.race", f"{c.name}: a gnome from the race card"))
            moves.append(Move("free", f"{i}.housed", f"{c.name}: a gnome from Gnome Housing"))
        elif player.gnomes or player.housed:
            moves.append(Move("free", str(i), label))
    return moves


def use_free(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    """Take the free action ``arg`` of ``free_moves`` ("3", or "3.housed" for the gnome's place)."""
    index, _, place = arg.partition(".")
    player = state.players[seat]
    if place == "housed":  # the drained gnome leaves Gnome Housing, not the race card
        player.housed -= 1
        player.gnomes += 1
    return execute(state, seat, seat, int(index))


def again(state: DragonBrewState, actor: int, owner: int, index: int) -> list[Event]:
    """One more time through a multiplied action (its costs paid again)."""
    return execute(state, actor, owner, index, first=False)


def _arcane_library(state: DragonBrewState, actor: int, slot: Slot) -> None:
    """Elf "Arcane Library": "The gold is collected before the research action"."""
    state.players[actor].gold += sum(u.study_gold for u in upgrades(slot))


def _intelligence(state: DragonBrewState, actor: int, slot: Slot) -> None:
    """Rulebook "Intelligence Spell": "discard and replace all 10 face up cards in the recipe offering"."""
    for row, row_name in (("B", "offer_barrels"), ("S", "offer_spices")):
        for i, cid in enumerate(getattr(state, row_name)):
            if cid:
                discard_slot(state, row, i)
        refill(state, row)


def _mana_spell(state: DragonBrewState, actor: int, slot: Slot) -> None:
    """Naga "Mana Spell": remove the spell tokens from every other spell of the estate."""
    for other in state.players[actor].estate:
        if slot_card(other).kind == "spell" and other[USED]:
            other[USED] = 0
            state.tokens_left += 1


def _drain_gnome(state: DragonBrewState, actor: int, slot: Slot) -> None:
    """Vampire "Drain Gnome": a gnome from the race card (else Gnome Housing) back to the box."""
    player = state.players[actor]
    if player.gnomes:
        player.gnomes -= 1
    else:
        player.housed -= 1
    state.gnomes_left += 1


# What a special card does at once, before its gains and choices.
AT_ONCE: dict[str, Callable[[DragonBrewState, int, Slot], None]] = {
    "study": _arcane_library,
    "intelligence": _intelligence,
    "mana_spell": _mana_spell,
    "drain_gnome": _drain_gnome,
}


def sacrifice(state: DragonBrewState, seat: int, index: int) -> list[Event]:
    """Chaos Wytch "Dark Sacrifice": burn an action card and its upgrades, its brewers come home."""
    player = state.players[seat]
    player.doomed += 1  # the Chaos Wytch on the Dark Sacrifice card leaves the game in winter
    slot = player.estate.pop(index)
    player.brewers += slot[OWN]
    player.gnomes += slot[GNOMES]
    state.boxed_cards += [slot[CARD], *slot[UPGRADES]]
    name = card(slot[CARD]).name
    return [Event("card_burned", f"Seat {seat} burns {name}", seat, {"card": slot[CARD]})]
