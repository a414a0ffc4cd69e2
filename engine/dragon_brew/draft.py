"""The card draft (rulebook "Card Draft", "Event Card Types", "Brewery Card Types").

A drafted Brewery card joins the estate at once (an upgrade under the card it upgrades); a
drafted Event card gives its reward at once and is discarded. A free draft (Black Market,
Chaos Spell) pays nothing: neither gold nor the ingredients nor the brewer a card asks for.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew import economy
from engine.dragon_brew.components import Card, EventCard, card, event
from engine.dragon_brew.decks import ROWS, take_slot
from engine.dragon_brew.effects import score, start_paying, take_tasks
from engine.dragon_brew.estate import add_upgrade, role_slot
from engine.dragon_brew.player import Player
from engine.dragon_brew.table import DragonBrewState


def _row_card(state: DragonBrewState, row: str, index: int) -> str:
    cards: list[str] = getattr(state, ROWS[row][0])
    return cards[index]


def _meeple(player: Player) -> bool:
    return player.unplaced() > 0


def can_draft(state: DragonBrewState, seat: int, row: str, index: int, free: bool) -> bool:
    cid = _row_card(state, row, index)
    if not cid:
        return False
    player = state.players[seat]
    if row == "b":
        c = card(cid)
        if c.kind == "upgrade" and role_slot(player, c.target) < 0:
            return False  # nothing to put it under (the Tree Men have no Magic Trader)
        return free or player.gold >= c.cost
    e = event(cid)
    if e.gnome and state.gnomes_left <= 0:
        return False  # rulebook "Running Out of Migrant Gnomes"
    if free:
        return True
    if e.brewer and not _meeple(player):
        return False
    return economy.can_pay(player, (("gold", e.cost), *e.pay), wild=True)


def draft(
    state: DragonBrewState, seat: int, row: str, index: int, free: bool, meeple: str = ""
) -> list[Event]:
    """Draft a face-up card (``meeple``: "own" or "gnome", the brewer a quest is drafted with)."""
    cid = take_slot(state, row, index)
    if row == "b":
        return _brewery(state, seat, card(cid), free)
    state.event_discard.append(cid)
    return _event(state, seat, event(cid), free, meeple)


def _brewery(state: DragonBrewState, seat: int, c: Card, free: bool) -> list[Event]:
    player = state.players[seat]
    if not free:
        player.gold -= c.cost
    if c.kind == "upgrade":
        add_upgrade(player, c)
    else:
        player.estate.append([c.id, [], 0, 0, 0])
        if c.kind == "housing" and state.gnomes_left > 0:
            state.gnomes_left -= 1
            player.housed += 1
    text = f"Seat {seat} drafts {c.name}" + (" for free" if free else f" for {c.cost} gold")
    return [Event("drafted", text, seat, {"card": c.id, "deck": "brewery", "free": free})]


def _event(state: DragonBrewState, seat: int, e: EventCard, free: bool, meeple: str) -> list[Event]:
    """An event's cost, then its reward; festival ingredients ("drafting cards": mana weed may stand
    in) may be the player's to choose, the reward then waits for them (tasks.py)."""
    payload = {"card": e.id, "deck": "event", "vp": e.vp}
    events = [Event("drafted", f"Seat {seat} drafts {e.name}", seat, payload)]
    if not free:
        if e.brewer:
            _send_on_quest(state, state.players[seat], meeple)
        if not start_paying(state, seat, (("gold", e.cost), *e.pay), True, ["event", e.id]):
            return events
    return events + reward(state, seat, e)


def reward(state: DragonBrewState, seat: int, e: EventCard) -> list[Event]:
    """What a drafted event gives once paid for."""
    player = state.players[seat]
    economy.collect(player, e.gain)
    state.tasks[0:0] = take_tasks(e.choose)
    if e.draw:
        state.tasks[0:0] = [["scroll", e.draw]]
    score(state, seat, e.vp)
    if not e.gnome:
        return []
    state.gnomes_left -= 1
    player.gnomes += 1
    return _gnome_guild(state, seat)


def _send_on_quest(state: DragonBrewState, player: Player, meeple: str) -> None:
    """A quest drafted with a brewer: a migrant gnome goes back to the box, an own brewer is away
    until winter ("Player brewers used to draft a quest event card are set on the quest card")."""
    if meeple == "gnome" or (not meeple and not player.brewers):
        player.gnomes -= 1
        state.gnomes_left += 1
    else:
        player.brewers -= 1
        player.away += 1


def _gnome_guild(state: DragonBrewState, drafter: int) -> list[Event]:
    """Free Gnomes "Gnome Guild": another seat drafted Migrant Gnomes; the Gnome player may hire one."""
    for seat, player in enumerate(state.players):
        if seat != drafter and player.race == "free_gnomes" and player.gold >= 2 and state.gnomes_left > 0:
            state.reaction = seat
            return [Event("guild_offer", f"Seat {seat} may hire a gnome for 2 gold", seat)]
    return []


def hire_guild_gnome(state: DragonBrewState, seat: int, hire: bool) -> list[Event]:
    state.reaction = -1
    if not hire:
        return [Event("guild_declined", f"Seat {seat} hires no gnome", seat)]
    player = state.players[seat]
    player.gold -= 2
    player.gnomes += 1
    state.gnomes_left -= 1
    return [Event("guild_hired", f"Seat {seat} hires a migrant gnome through the Gnome Guild", seat)]


def start_clearing(state: DragonBrewState, seat: int, task: str) -> list[Event]:
    """Pay one gold to clear five cards of the drafting pool or the recipe offering ("clear_draft" /
    "clear_offer"): the cards are then chosen one at a time."""
    state.players[seat].gold -= 1
    state.tasks.insert(0, [task, 5])
    where = "drafting pool" if task == "clear_draft" else "recipe offering"
    return [Event("clearing", f"Seat {seat} pays 1 gold to clear the {where}", seat)]
