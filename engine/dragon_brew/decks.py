"""Drawing from the hidden decks and refilling the face-up rows.

Rulebook Winter step 3: "Re-shuffle the discard piles when you do not have any more cards to
replace the taken or discarded cards." Shuffles use the state's hidden rng.
"""

from __future__ import annotations

from engine.dragon_brew.table import DragonBrewState

DECKS = {
    "brewery": ("brewery_deck", "brewery_discard"),
    "event": ("event_deck", "event_discard"),
    "barrel": ("barrel_deck", "barrel_discard"),
    "spice": ("spice_deck", "spice_discard"),
}
ROWS = {
    "b": ("pool_brewery", "brewery"),
    "e": ("pool_events", "event"),
    "B": ("offer_barrels", "barrel"),
    "S": ("offer_spices", "spice"),
}


def draw(state: DragonBrewState, deck: str) -> str:
    """The top card of ``deck`` ("" if it and its discard pile are empty)."""
    deck_name, discard_name = DECKS[deck]
    cards: list[str] = getattr(state, deck_name)
    if not cards:
        discard: list[str] = getattr(state, discard_name)
        cards.extend(discard)
        discard.clear()
        state.rng.shuffle(cards)
    return cards.pop() if cards else ""


def refill(state: DragonBrewState, row: str) -> list[int]:
    """Fill the empty slots of a face-up row from its deck; the slots filled."""
    row_name, deck = ROWS[row]
    slots: list[str] = getattr(state, row_name)
    filled = []
    for i, cid in enumerate(slots):
        if not cid:
            slots[i] = draw(state, deck)
            if slots[i]:
                filled.append(i)
    return filled


def discard_slot(state: DragonBrewState, row: str, index: int) -> str:
    """Take a face-up card off its row (to its discard pile); returns it."""
    row_name, deck = ROWS[row]
    slots: list[str] = getattr(state, row_name)
    cid, slots[index] = slots[index], ""
    getattr(state, DECKS[deck][1]).append(cid)
    return cid


def take_slot(state: DragonBrewState, row: str, index: int) -> str:
    """Take a face-up card off its row for a player (no discard)."""
    row_name, _ = ROWS[row]
    slots: list[str] = getattr(state, row_name)
    cid, slots[index] = slots[index], ""
    return cid


def row_slots(state: DragonBrewState, rows: str) -> list[tuple[str, int, str]]:
    """(row, index, card) of every face-up card in ``rows`` (e.g. "be": the drafting pool)."""
    return [(r, i, c) for r in rows for i, c in enumerate(getattr(state, ROWS[r][0])) if c]
