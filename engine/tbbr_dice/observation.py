"""A full state consistent with what one seat may know (``determinize``).

The observation itself is derived by the kit from the field declarations of ``TbbrDiceState``
(``TbbrDiceState.Observation``, engine/core/fields.py): the whole public position plus the
viewing seat's secrets (its personal goal, its pending silver/gold choice, the personal cards it
discarded). Never in it: other seats' personal goals, the order of the goal piles below their
visible tops, Thomas's deck order, the personal decks, the unused cheese cards and the state's
RNG. This module samples exactly those.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.tbbr_dice.components import COLOURS, components
from engine.tbbr_dice.state import TbbrDiceState


def determinize(obs: Any, rng: Rng) -> TbbrDiceState:
    """A full state agreeing with ``obs``: every hidden card and the RNG sampled from ``rng``."""
    state = TbbrDiceState.from_observation(obs)
    state.rng = Rng(rng.next_u64())
    comps = components()
    claimed = {g for view in obs.players for g, _ in view.goals}
    shown = set(obs.display) | set(obs.pile_tops) | claimed | set(obs.flipped) | set(obs.thomas_discard)
    shown.add(obs.thomas_top)
    if state.solo:
        deck = [g for g in comps.common if g not in shown]
        rng.shuffle(deck)
        state.thomas_deck = deck
    elif obs.mixed_goals:
        rest = [g for g in comps.common if g not in shown]
        rng.shuffle(rest)
        state.piles = [[obs.pile_tops[0], *rest] if obs.pile_tops[0] else []]
    else:
        state.piles = []
        for c, colour in enumerate(COLOURS):
            rest = [g for g, card in comps.common.items() if card.colour == colour and g not in shown]
            rng.shuffle(rest)
            state.piles.append([obs.pile_tops[c], *rest] if obs.pile_tops[c] else [])
    state.cheese_rest = [c for c in comps.cheeses if c not in obs.cheese_table]
    _sample_personal(state, obs, rng)
    return state


def _sample_personal(state: TbbrDiceState, obs: Any, rng: Rng) -> None:
    known = {g for view in obs.players for g in (view.personal, *view.offer, *view.personal_seen) if g}
    pools = {
        tier: [g for g, card in components().personal.items() if card.tier == tier and g not in known]
        for tier in ("silver", "gold")
    }
    for pool in pools.values():
        rng.shuffle(pool)
    state.silver = [pools["silver"].pop() for _ in range(obs.silver_left)]
    state.gold = [pools["gold"].pop() for _ in range(obs.gold_left)]
    for seat, (sheet, view) in enumerate(zip(state.sheets, obs.players, strict=True)):
        if seat == obs.seat:
            continue
        if view.choosing:
            sheet.offer = (pools["silver"].pop(), pools["gold"].pop())
        if view.has_personal:
            tiers = [t for t in ("silver", "gold") if pools[t]]
            sheet.personal = pools[rng.choice(tiers)].pop()
    state.personal_discard = pools["silver"] + pools["gold"]
