"""What an estate card does when a brewer is assigned, a spell cast or a free action taken.

``execute`` performs one card's action for an actor: its cost, its fixed gains and its
upgrades' (rulebook "Upgrade Cards"), and it queues the choices the action leaves open (which
grain, which wort, which recipe) as tasks (choices.py) for the actor to take one at a time.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew import economy
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import Amounts, Card, card
from engine.dragon_brew.decks import discard_slot, refill
from engine.dragon_brew.estate import multiplier, slot_card, upgrades
from engine.dragon_brew.player import CARD, GNOMES, OWN, UPGRADES, USED, Player
from engine.dragon_brew.table import DragonBrewState

# Specials that open a choice of their own (a task of the same name, see choices.py).
CHOOSING = {
    "study": "study",
    "mash": "mash",
    "black_market": "free_draft",
    "horse_guests": "borrow",
    "servant": "borrow",
    "spell_book": "spellbook",
    "dark_sacrifice": "sacrifice",
    "ogre_ruled": "ogre",
    "raise_gnome": "raise",
}


def score(state: DragonBrewState, seat: int, vp: int) -> None:
    """Move a scoring disk up; it lands on top of any disk already there (rulebook "Collect Profit")."""
    if vp <= 0:
        return
    player = state.players[seat]
    player.vp += vp
    player.disk = 1 + max(p.disk for p in state.players)


def choices(amounts: Amounts) -> list[list[object]]:
    """The tasks for "choose" amounts: one ``take`` task per family."""
    return [["take", n, family] for family, n in amounts if n]


def execute(
    state: DragonBrewState, actor: int, owner: int, index: int, *, free: bool = False, first: bool = True
) -> list[Event]:
    """Perform ``owner``'s estate card ``index`` once for ``actor`` (``free``: costs waived;
    ``first``: not a repetition, so a multiplier queues the repetitions)."""
    slot = state.players[owner].estate[index]
    c = slot_card(slot)
    player = state.players[actor]
    if not free and c.pay:
        economy.pay(player, c.pay)
    label = f"{c.name}"
    if c.special == "study":
        gold = sum(u.study_gold for u in upgrades(slot))
        player.gold += gold
        draws = c.draws + sum(u.draws for u in upgrades(slot))
        state.tasks[0:0] = [["study", draws]]
        return [Event("card_used", f"Seat {actor} uses {label}", actor, {"card": c.id, "owner": owner})]
    if c.special == "chaos":
        state.tasks[0:0] = [["clear_draft", 5, "chaos"]]
    elif c.special == "intelligence":
        return _intelligence(state, actor, c)
    elif c.special == "mana_spell":
        _mana_spell(state, actor)
    elif c.special == "drain_gnome":
        _drain_gnome(state, actor)
    queued: list[list[object]] = []
    if c.special in CHOOSING:
        task: list[object] = [CHOOSING[c.special], 2 if c.special == "raise_gnome" else 1]
        if c.special in ("horse_guests", "servant"):
            task.append(c.special)
        if c.special == "black_market":
            task.append("any")
        queued.append(task)
    gains = [*c.gain, *(g for u in upgrades(slot) for g in u.gain)]
    economy.collect(player, tuple(gains))
    queued += choices((*c.choose, *(g for u in upgrades(slot) for g in u.choose)))
    times = multiplier(slot)
    if times > 1 and first:
        queued.append(["repeat", times - 1, owner, index])
    state.tasks[0:0] = queued
    payload = {"card": c.id, "owner": owner, "gain": dict(gains)}
    return [Event("card_used", f"Seat {actor} uses {label}", actor, payload, visible_to=None)]


def free_moves(player: Player) -> list[Move]:
    """Rulebook "Free Cards": as often as the player can pay, spring turn or fall ("free actions are
    permitted during the fall and winter phases")."""
    moves = []
    for i, slot in enumerate(player.estate):
        c = slot_card(slot)
        if c.kind != "free" or not economy.can_pay(player, c.pay):
            continue
        if c.special == "drain_gnome" and not (player.gnomes or player.housed):
            continue
        moves.append(Move("free", str(i), f"{c.name} ({economy.text(c.pay)})"))
    return moves


def again(state: DragonBrewState, actor: int, owner: int, index: int) -> list[Event]:
    """One more time through a multiplied action (its costs paid again)."""
    return execute(state, actor, owner, index, first=False)


def _intelligence(state: DragonBrewState, actor: int, c: Card) -> list[Event]:
    """Rulebook "Intelligence Spell": replace all ten offered recipes, then keep any three."""
    for row in "BS":
        for i, cid in enumerate(getattr(state, "offer_barrels" if row == "B" else "offer_spices")):
            if cid:
                discard_slot(state, row, i)
        refill(state, row)
    state.tasks[0:0] = [["intel", 3]]
    return [Event("card_used", f"Seat {actor} casts {c.name}", actor, {"card": c.id, "owner": actor})]


def _mana_spell(state: DragonBrewState, actor: int) -> None:
    """Naga "Mana Spell": remove the spell tokens from every other spell of the estate."""
    for slot in state.players[actor].estate:
        if slot_card(slot).kind == "spell" and slot[USED]:
            slot[USED] = 0
            state.tokens_left += 1


def _drain_gnome(state: DragonBrewState, actor: int) -> None:
    """Vampire "Drain Gnome": a gnome from the race card (else Gnome Housing) back to the box."""
    player = state.players[actor]
    if player.gnomes:
        player.gnomes -= 1
    else:
        player.housed -= 1
    state.gnomes_left += 1


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
