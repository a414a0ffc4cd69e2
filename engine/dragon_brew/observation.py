"""A full state consistent with what one seat may know (``determinize``).

The observation is derived by the kit from the declarations in table.py and player.py. Not in
it: the order of the five decks, the other seats' gold, ingredients, recipe books, beers in the
making and shadow judges, the judges boxed by the Corrupt Judge variant, and the rng. This
module samples the unseen cards from those not seen anywhere; the others' gold and
ingredients, of which nothing is shown, are guessed (a fixed purse, no ingredients).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.rng import Rng
from engine.dragon_brew.components import components
from engine.dragon_brew.player import CARD, UPGRADES
from engine.dragon_brew.table import DragonBrewState

GUESSED_GOLD = 5


def _unseen(every: tuple[str, ...], seen: list[str]) -> list[str]:
    left = Counter(every)
    left.subtract(Counter(seen))
    return [cid for cid, n in sorted(left.items()) for _ in range(max(n, 0))]


def determinize(obs: Any, rng: Rng) -> DragonBrewState:
    state = DragonBrewState.from_observation(obs)
    state.rng = Rng(rng.next_u64())
    comps = components()
    estates = [cid for p in state.players for slot in p.estate for cid in (slot[CARD], *slot[UPGRADES])]
    brewery = _unseen(
        comps.brewery_deck, [*state.pool_brewery, *state.brewery_discard, *estates, *state.boxed_cards]
    )
    rng.shuffle(brewery)
    state.brewery_deck = brewery[: obs.brewery_deck_size]
    events = _unseen(comps.event_deck, [*state.pool_events, *state.event_discard])
    rng.shuffle(events)
    state.event_deck = events[: obs.event_deck_size]
    _recipes(state, obs, rng)
    _judges(state, obs, rng)
    for seat, player in enumerate(state.players):
        if seat != obs.seat:
            player.gold = GUESSED_GOLD
    return state


def _recipes(state: DragonBrewState, obs: Any, rng: Rng) -> None:
    comps = components()
    seen = [*state.offer_barrels, *state.offer_spices, *state.barrel_discard, *state.spice_discard]
    for player in state.players:
        seen += player.book + [r for beer in player.presented for r in beer]
        seen += [r for beer in player.brews for r in beer if r != "open"]
    barrels = _unseen(comps.barrels, seen)
    spices = _unseen(comps.spices, seen)
    rng.shuffle(barrels)
    rng.shuffle(spices)
    state.barrel_deck = [barrels.pop() for _ in range(min(obs.barrel_deck_size, len(barrels)))]
    state.spice_deck = [spices.pop() for _ in range(min(obs.spice_deck_size, len(spices)))]
    unknown = barrels + spices
    rng.shuffle(unknown)
    for seat, view in enumerate(obs.players):
        if seat != obs.seat:
            state.players[seat].book = [unknown.pop() for _ in range(min(view.book_size, len(unknown)))]


def _judges(state: DragonBrewState, obs: Any, rng: Rng) -> None:
    every = tuple(j for j, card in components().judges.items() if state.corrupt or not card.corrupt)
    seen = [*state.judges, *state.judges_used, *(j for p in state.players for j in p.shadow)]
    unknown = _unseen(every, [j for j in seen if j])
    rng.shuffle(unknown)
    for seat, view in enumerate(obs.players):
        if seat != obs.seat:
            state.players[seat].shadow = [unknown.pop() for _ in range(view.shadow_count)]
    state.judge_deck = unknown[: obs.judge_deck_size]
