"""Reading an estate: which card plays which role, and what its upgrades add.

Upgrade cards lie under the card they upgrade (rulebook "Upgrade Cards"); a card's values are
its own plus its upgrades' (multipliers, beers, recipe book size, cards drawn, winter stores).
"""

from __future__ import annotations

from engine.dragon_brew.components import Card, card
from engine.dragon_brew.player import CARD, GNOMES, OWN, UPGRADES, USED, Player, Slot


def slot_card(slot: Slot) -> Card:
    return card(slot[CARD])


def role_slot(player: Player, role: str) -> int:
    """The index of the estate card playing ``role`` (a common card), or -1."""
    for i, slot in enumerate(player.estate):
        if slot_card(slot).role == role:
            return i
    return -1


def upgrades(slot: Slot) -> list[Card]:
    return [card(u) for u in slot[UPGRADES]]


def total(player: Player, role: str, attribute: str) -> int:
    """A common card's value plus its upgrades' (0 when the estate lacks the card)."""
    i = role_slot(player, role)
    if i < 0:
        return 0
    slot = player.estate[i]
    return int(getattr(slot_card(slot), attribute)) + sum(int(getattr(u, attribute)) for u in upgrades(slot))


def multiplier(slot: Slot) -> int:
    """Times the action is performed per brewer (rulebook "Action Multiplier"): at least once."""
    return max(1, slot_card(slot).multiplier) + sum(u.multiplier for u in upgrades(slot))


def max_beers(player: Player) -> int:
    """Three (the Brewery card's number) plus upgrades plus one per brewer assigned to it."""
    i = role_slot(player, "brewery")
    if i < 0:
        return 0
    slot = player.estate[i]
    return total(player, "brewery", "beers") + int(slot[OWN]) + int(slot[GNOMES])


def book_limit(player: Player) -> int:
    return total(player, "study", "book")


def store_limit(player: Player) -> int:
    return total(player, "stores", "stores")


def placed(slot: Slot) -> int:
    return int(slot[OWN]) + int(slot[GNOMES])


def is_action(slot: Slot) -> bool:
    return slot_card(slot).kind == "action"


def usable(slot: Slot) -> bool:
    """An action card a brewer may go to now: infinite ones always, "1" ones once per year."""
    c = slot_card(slot)
    return c.kind == "action" and (c.use == "infinite" or not slot[USED])


def owns(player: Player, card_id: str) -> bool:
    return any(slot[CARD] == card_id for slot in player.estate)


def has_special(player: Player, special: str) -> bool:
    return any(slot_card(slot).special == special for slot in player.estate)


def add_upgrade(player: Player, upgrade: Card) -> bool:
    """Put ``upgrade`` under its target; False if the estate has no such card."""
    i = role_slot(player, upgrade.target)
    if i < 0:
        return False
    player.estate[i][UPGRADES].append(upgrade.id)
    return True
