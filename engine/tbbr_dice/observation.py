"""What one seat may know (``observe``) and a full state consistent with it (``determinize``).

The observation is the whole public position plus the viewing seat's secrets (its personal goal,
its pending silver/gold choice, the personal cards it discarded). Never in it: other seats'
personal goals, the order of the goal piles below their visible tops, Thomas's deck order, the
personal decks, the unused cheese cards and the state's RNG.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import Rng
from engine.tbbr_dice.components import COLOURS, components
from engine.tbbr_dice.dice import Dice
from engine.tbbr_dice.sheet import Sheet
from engine.tbbr_dice.state import HandDie, TbbrDiceState


@dataclass(frozen=True)
class DieView:
    colour: str
    value: int  # 0 = X
    status: int  # 0 available, 1 used, 2 not rolled yet
    owner: int  # seat that took it, -2 Thomas, -1 nobody
    doubled: bool


@dataclass(frozen=True)
class PlayerView:
    """A seat's game sheet; ``personal``, ``offer`` and ``personal_seen`` are empty unless it is yours."""

    position: str
    visited: tuple[str, ...]
    roads: tuple[str, ...]
    env_ticks: int
    tastes: int
    buys: int
    cheeses_used: tuple[int, ...]
    cheese_ticks: int
    goals: tuple[tuple[str, str], ...]
    wild: bool
    podium: int
    finished: bool
    pending_penalty: int
    choosing: bool  # public: this seat is choosing a personal goal
    has_personal: bool  # public: this seat holds a personal goal
    personal: str
    offer: tuple[str, ...]
    personal_seen: tuple[str, ...]


@dataclass(frozen=True)
class TbbrDiceObservation:
    seat: int | None
    num_players: int
    blocked_cheese: bool
    mixed_goals: bool
    toast: bool
    phase: str
    current: int
    round: int
    dice: tuple[DieView, ...]
    hand: tuple[HandDie, ...]
    pick_target: int
    pick_from: int
    done_here: tuple[str, ...]
    claims: int
    claim_limit: int
    reuse_token: bool
    pending_dice: tuple[int, ...]
    pending_mode: str  # "" when no roll is pending
    display: tuple[str, ...]
    pile_tops: tuple[str, ...]
    pile_sizes: tuple[int, ...]
    cheese_table: tuple[str, ...]
    blocked_slot: int
    silver_left: int
    gold_left: int
    sprint_round: int
    players: tuple[PlayerView, ...]
    # Solo only (Thomas); empty / zero otherwise.
    thomas_deck_size: int  # face-down cards under thomas_top
    thomas_top: str  # the card shown on top of his pile ("" when none)
    thomas_discard: tuple[str, ...]
    revealed: tuple[str, ...]
    thomas_dice: tuple[int, ...]
    thomas_ticks: int
    thomas_arrived: bool
    turns_after: int
    bottle_row: int
    flipped: tuple[str, ...]
    victory: bool
    title: str  # solo: the rank title of a victory


def _player_view(sheet: Sheet, mine: bool) -> PlayerView:
    return PlayerView(
        position=sheet.position,
        visited=tuple(sheet.visited),
        roads=tuple(sheet.roads),
        env_ticks=sheet.env_ticks,
        tastes=sheet.tastes,
        buys=sheet.buys,
        cheeses_used=tuple(sheet.cheeses_used),
        cheese_ticks=sheet.cheese_ticks,
        goals=tuple(sheet.goals),
        wild=sheet.wild,
        podium=sheet.podium,
        finished=sheet.finished,
        pending_penalty=sheet.pending_penalty,
        choosing=bool(sheet.offer),
        has_personal=bool(sheet.personal),
        personal=sheet.personal if mine else "",
        offer=sheet.offer if mine else (),
        personal_seen=tuple(sheet.personal_seen) if mine else (),
    )


def observe(state: TbbrDiceState, seat: int | None) -> TbbrDiceObservation:
    d = state.dice
    pending = state.pending or ((), "")
    return TbbrDiceObservation(
        seat=seat,
        num_players=state.num_players,
        blocked_cheese=state.blocked_cheese,
        mixed_goals=state.mixed_goals,
        toast=state.toast,
        phase=state.phase,
        current=state.current,
        round=state.round,
        dice=tuple(
            DieView(d.colour[i], d.value[i], d.status[i], d.owner[i], d.doubled[i])
            for i in range(len(d.status))
        ),
        hand=tuple(state.hand),
        pick_target=state.pick_target,
        pick_from=state.pick_from,
        done_here=tuple(state.done_here),
        claims=state.claims,
        claim_limit=state.claim_limit,
        reuse_token=state.reuse_token,
        pending_dice=tuple(pending[0]),
        pending_mode=pending[1],
        display=tuple(state.display),
        pile_tops=tuple(p[0] if p else "" for p in state.piles),
        pile_sizes=tuple(len(p) for p in state.piles),
        cheese_table=tuple(state.cheese_table),
        blocked_slot=state.blocked_slot,
        silver_left=len(state.silver),
        gold_left=len(state.gold),
        sprint_round=state.sprint_round,
        players=tuple(_player_view(s, i == seat) for i, s in enumerate(state.sheets)),
        thomas_deck_size=len(state.thomas_deck),
        thomas_top=state.thomas_top,
        thomas_discard=tuple(state.thomas_discard),
        revealed=tuple(state.revealed),
        thomas_dice=tuple(state.thomas_dice),
        thomas_ticks=state.thomas_ticks,
        thomas_arrived=state.thomas_arrived,
        turns_after=state.turns_after,
        bottle_row=state.bottle_row,
        flipped=tuple(state.flipped),
        victory=state.victory,
        title=state.solo_title(),
    )


def _public_state(obs: TbbrDiceObservation) -> TbbrDiceState:
    state = TbbrDiceState(obs.num_players, obs.blocked_cheese, obs.mixed_goals, obs.toast)
    dice = Dice()
    for i, die in enumerate(obs.dice):
        dice.colour[i], dice.value[i], dice.status[i] = die.colour, die.value, die.status
        dice.owner[i], dice.doubled[i] = die.owner, die.doubled
    state.dice = dice
    state.phase, state.current, state.round = obs.phase, obs.current, obs.round
    state.hand = list(obs.hand)
    state.pick_target, state.pick_from = obs.pick_target, obs.pick_from
    state.done_here = list(obs.done_here)
    state.claims, state.claim_limit, state.reuse_token = obs.claims, obs.claim_limit, obs.reuse_token
    state.pending = (obs.pending_dice, obs.pending_mode) if obs.pending_mode else None
    state.display = list(obs.display)
    state.cheese_table = list(obs.cheese_table)
    state.blocked_slot = obs.blocked_slot
    state.sprint_round = obs.sprint_round
    state.thomas_top = obs.thomas_top
    state.thomas_discard = list(obs.thomas_discard)
    state.revealed = list(obs.revealed)
    state.thomas_dice = list(obs.thomas_dice)
    state.thomas_ticks, state.thomas_arrived = obs.thomas_ticks, obs.thomas_arrived
    state.turns_after, state.bottle_row = obs.turns_after, obs.bottle_row
    state.flipped = list(obs.flipped)
    state.victory = obs.victory
    for sheet, view in zip(state.sheets, obs.players, strict=True):
        sheet.position = view.position
        sheet.visited = list(view.visited)
        sheet.roads = list(view.roads)
        sheet.env_ticks, sheet.tastes, sheet.buys = view.env_ticks, view.tastes, view.buys
        sheet.cheeses_used = list(view.cheeses_used)
        sheet.cheese_ticks = view.cheese_ticks
        sheet.goals = list(view.goals)
        sheet.wild, sheet.podium, sheet.finished = view.wild, view.podium, view.finished
        sheet.pending_penalty = view.pending_penalty
        sheet.personal, sheet.offer = view.personal, view.offer
        sheet.personal_seen = list(view.personal_seen)
    return state


def determinize(obs: TbbrDiceObservation, rng: Rng) -> TbbrDiceState:
    """A full state agreeing with ``obs``: every hidden card and the RNG sampled from ``rng``."""
    state = _public_state(obs)
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


def _sample_personal(state: TbbrDiceState, obs: TbbrDiceObservation, rng: Rng) -> None:
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
