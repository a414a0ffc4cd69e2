"""The Bottling Machine: objectives claimed or removed, and the display refilled from the deck."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.labels import player
from engine.tbbr.position import CARDS, TRACKS, Position


def claim(state: Position, seat: int, card: str) -> list[Event]:
    state.accessible[state.accessible.index(card)] = ""
    state.players[seat].objectives.append(card)
    state.claims += 1
    return [
        Event(
            "claim",
            f'{player(seat)} claims the objective "{CARDS[card].text}" ({CARDS[card].vp} VP)',
            seat,
            {"card": card},
        )
    ]


def refill(state: Position) -> None:
    """Slide inaccessible cards into empty accessible slots, then reveal new ones from the deck."""
    for i, card in enumerate(state.accessible):
        if not card:
            reveal(state)
            if state.inaccessible:
                state.accessible[i] = state.inaccessible.pop(0)
    while len(state.inaccessible) < TRACKS.inaccessible and reveal(state):
        pass


def reveal(state: Position) -> bool:
    """Turn the deck's next card face up as the last inaccessible card; False if none is left.
    In the shorter game the level 2 cards become the deck once level 1 runs out."""
    if not state.deck and state.shorter and not state.level2_added:
        state.deck = [c.id for c in CARDS.values() if c.level == 2]
        state.rng.shuffle(state.deck)
        state.level2_added = True
    if not state.deck:
        return False
    state.inaccessible.append(state.deck.pop(0))
    return True


def break_bottle(state: Position, seat: int, bottle: int, card: str) -> list[Event]:
    """The bottle token crossed is flipped to Broken: the seat removes an accessible objective."""
    state.accessible[state.accessible.index(card)] = ""
    state.removed.append(card)
    state.bottles[bottle] = True
    tu = TRACKS.bottles[bottle]
    text = f'{player(seat)} breaks the bottle at TU {tu} and removes the objective "{CARDS[card].text}"'
    return [Event("bottle", text, seat, {"card": card, "tu": tu})]
