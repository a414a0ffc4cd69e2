"""A full state consistent with what one seat (or a spectator) may know (``determinize``).

The observation itself is derived by the kit from the field declarations of ``TbbrState``
(``TbbrState.Observation``, engine/core/fields.py). Everything on the table is public in this
game, including claimed objective cards (everybody saw them taken). Only the order of the
objective deck and the state's RNG are hidden: the observation gives the deck's size, and a
determinized state reshuffles the cards nobody has seen.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.tbbr.data import cards
from engine.tbbr.state import TbbrState


def unseen_cards(obs: Any) -> list[str]:
    """The cards that must be in the deck: those of the levels in play that nobody can see."""
    levels = {1, 2} if obs.level2_added else {1}
    seen = set(obs.accessible) | set(obs.inaccessible) | set(obs.removed)
    for p in obs.players:
        seen |= set(p.objectives)
    return sorted(c.id for c in cards().values() if c.level in levels and c.id not in seen)


def determinize(obs: Any, rng: Rng) -> TbbrState:
    """A full state consistent with ``obs``: the unseen cards in a random order and a fresh RNG."""
    state = TbbrState.from_observation(obs)
    deck = unseen_cards(obs)
    if len(deck) != obs.deck_size:
        raise ValueError(f"inconsistent observation: {len(deck)} unseen cards, deck of {obs.deck_size}")
    rng.shuffle(deck)
    state.deck = deck
    state.rng = rng.fork()
    return state
