"""The cards (chapter "Card display and brewing level" and "Action cards", C9-C18).

Taking from the display or the pile, the end-of-turn refill, the reshuffle, and playing a card in
one of its sections: beige into the personal display (with its flash), white for its one-time
effect, or a brewmaster under the board.
"""

from __future__ import annotations

from engine.beer_pioneers import data
from engine.beer_pioneers.actions import Act
from engine.beer_pioneers.brewery import NO_MASTER
from engine.beer_pioneers.brewing import gain_barrels
from engine.beer_pioneers.orders import ship
from engine.beer_pioneers.table import NO_CARD, Table
from engine.beer_pioneers.works import advance_progress
from engine.core.events import Event


def take_choices(state: Table, seat: int) -> list[Act]:
    """C9/C10: the display cards up to the bottle marker (level 1: the leftmost only), or the pile;
    none into a full hand (2.6)."""
    if state.breweries[seat].hand_full():
        return []  # 2.6: the hand limit
    reach = state.breweries[seat].level
    acts = [Act("take", str(n)) for n, card in enumerate(state.display[:reach]) if card != NO_CARD]
    if state.deck or state.discard:
        acts.append(Act("take", "pile"))
    return acts


def take(state: Table, seat: int, where: str) -> list[Event]:
    """Take one card; a display space stays empty until the end of the turn (C11)."""
    if where == "pile":
        return draw(state, seat, 1)
    space = int(where)
    card = state.display[space]
    state.display[space] = NO_CARD
    state.breweries[seat].receive(card, seen=True)
    name = data.cards()[card].name
    return [
        Event(
            "card_taken", f"Seat {seat} takes {name} from the display", seat, {"card": card, "space": space}
        )
    ]


def draw_top(state: Table) -> tuple[int | None, list[Event]]:
    """The top card of the draw pile; an empty pile is first reshuffled from the discards (C12)."""
    events = []
    if not state.deck and state.discard:
        state.deck, state.discard = state.discard, []
        state.rng.shuffle(state.deck)
        events.append(Event("reshuffled", "The discards are shuffled into a new draw pile"))
    if not state.deck:
        return None, events
    return state.deck.pop(), events


def draw(state: Table, seat: int, count: int) -> list[Event]:
    """C10: "draw" = from the draw pile only. Everyone sees that a card was drawn; its seat sees which."""
    events: list[Event] = []
    for _ in range(count):
        if state.breweries[seat].hand_full():
            return [*events, hand_full(seat)]
        card, reshuffle = draw_top(state)
        events += reshuffle
        if card is None:
            return [*events, Event("pile_empty", "No card is left to draw", seat)]
        state.breweries[seat].receive(card, seen=False)
        events.append(Event("card_drawn", f"Seat {seat} draws a card", seat))
        text = f"You draw {data.cards()[card].name}"
        events.append(Event("card_seen", text, seat, {"card": card}, visible_to=frozenset({seat})))
    return events


def hand_full(seat: int) -> Event:
    """2.6: the hand limit refuses a card."""
    limit = data.rules().setup["hand_limit"]
    return Event("hand_full", f"Seat {seat} holds {limit} cards: no more may be taken", seat)


def refill_display(state: Table) -> list[Event]:
    """C11: slide the cards left and fill from the right, at the end of the turn."""
    kept = [card for card in state.display if card != NO_CARD]
    if len(kept) == len(state.display):
        return []
    events: list[Event] = []
    while len(kept) < len(state.display):
        card, reshuffle = draw_top(state)
        events += reshuffle
        if card is None:
            break
        kept.append(card)
    state.display = kept + [NO_CARD] * (len(state.display) - len(kept))
    return [
        *events,
        Event("display_refilled", "The display slides left and is refilled", payload={"display": kept}),
    ]


def play_choices(state: Table, seat: int) -> list[Act]:
    """C14: a card is played in one of its non-empty sections; orders only through completing them."""
    acts = []
    for card_id in state.breweries[seat].hand:
        card = data.cards()[card_id]
        if card.beige is not None:
            acts.append(Act("play", f"{card_id}:beige"))
        if card.white is not None:
            acts.append(Act("play", f"{card_id}:white"))
        if card.is_master:
            acts.append(Act("play", f"{card_id}:master"))
    return acts


def play(state: Table, seat: int, arg: str) -> list[Event]:
    card_text, _, section = arg.partition(":")
    card_id = int(card_text)
    brewery = state.breweries[seat]
    brewery.release(card_id)
    text = f"Seat {seat} plays {data.cards()[card_id].name} as {section}"
    played = Event("card_played", text, seat, {"card": card_id, "section": section})
    if section == "beige":
        brewery.display.append(card_id)
        return [played, *advance_progress(state, seat), *flash(state, seat, card_id)]
    if section == "master":
        return [played, *become_master(state, seat, card_id)]
    effect = white(state, seat, card_id)
    state.discard.append(card_id)  # after its effect: "draw 2" may not reshuffle the card itself (C17)
    return [played, *effect]


def flash(state: Table, seat: int, card_id: int) -> list[Event]:
    """C15: the flash happens once, when the card is played."""
    beige = data.cards()[card_id].beige
    assert beige is not None
    brewery = state.breweries[seat]
    if beige.flash == "coin":
        brewery.coins += 1
    elif beige.flash == "barrel":
        return gain_barrels(state, seat, 1)
    elif beige.flash == "move" and data.BARREL in brewery.cellar:
        return ship(state, seat, 1)
    else:
        task = {"brew1": ("brew1", 1), "rot2": ("rotate", 2), "card": ("take", 1)}.get(beige.flash)
        if task:
            state.tasks.insert(0, (seat, *task))
    return []


def white(state: Table, seat: int, card_id: int) -> list[Event]:
    """C17: the written one-time effect, as much of it as can be done."""
    effect = data.cards()[card_id].white
    assert effect is not None
    brewery = state.breweries[seat]
    if effect.effect == "coins":
        brewery.coins += effect.n
    elif effect.effect == "draw":
        return draw(state, seat, effect.n)
    elif effect.effect == "barrels":
        return gain_barrels(state, seat, effect.n)
    else:
        kind = {"brew1": "brew1", "rotations": "rotate", "order": "order", "train": "train"}[effect.effect]
        state.tasks.insert(0, (seat, kind, effect.n))
    return []


def become_master(state: Table, seat: int, card_id: int) -> list[Event]:
    """C18: slide it under the board; the old brewmaster returns to the hand."""
    brewery = state.breweries[seat]
    old, brewery.master = brewery.master, card_id
    if old == NO_MASTER:
        return []
    brewery.receive(old, seen=True)
    return [
        Event(
            "master_returned", f"{data.cards()[old].name} returns to seat {seat}'s hand", seat, {"card": old}
        )
    ]
