"""What one seat (or a spectator) may know, as frozen values; and the inverse, for determinization.

Everything on the table is public in this game, including claimed objective
cards (everybody saw them taken). Only the order of the objective deck and the
state's RNG are hidden: the observation gives the deck's size, and a
determinized state reshuffles the cards nobody has seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.rng import Rng
from engine.tbbr.data import cards
from engine.tbbr.pending import Pending
from engine.tbbr.player import Player
from engine.tbbr.state import TbbrState


@dataclass(frozen=True)
class PlayerView:
    """One player's public board (see ``Player`` for the meaning of each field)."""

    location: str
    time: int
    stack: int
    done: bool
    asleep: bool
    camped: bool
    tasted: int
    breath: int
    cheers: int
    cheese: int
    cheese_tokens: int
    beers: tuple[int, ...]
    visited: tuple[str, ...]
    discs: int
    coasters: int
    bonus: tuple[int, ...]
    objectives: tuple[str, ...]
    score: int
    penalty: int
    bought_here: bool
    tasted_here: bool
    bike_streak: int
    hitch_dest: str
    hitch_extra: int
    gp_arrival: int


@dataclass(frozen=True)
class TbbrObservation:
    """The board, the time track, the Bottling Machine and the step the game waits for."""

    seat: int | None  # the viewer; None for a spectator
    num_players: int
    shorter: bool
    day: int
    players: tuple[PlayerView, ...]
    coasters: tuple[tuple[str, int], ...]  # breweries still holding coasters, with how many
    first_visitor: tuple[str, ...]  # breweries still holding their first-visitor disc
    accessible: tuple[str, ...]  # the 4 accessible slots; "" when empty until the turn ends
    inaccessible: tuple[str, ...]  # visible, not yet accessible (the deck's top is the last one)
    deck_size: int  # cards left in the deck, order unknown
    removed: tuple[str, ...]  # removed with a broken bottle
    level3: tuple[str, ...]
    level2_added: bool
    bottles: tuple[bool, ...]  # per bottle token: broken today
    active: int
    claims: int
    log: tuple[str, ...]
    pending: Pending | None
    bottle_queue: tuple[tuple[int, int], ...]
    seq: int
    finish: tuple[int, ...]
    terminal: bool


def _player_view(p: Player) -> PlayerView:
    return PlayerView(
        location=p.location,
        time=p.time,
        stack=p.stack,
        done=p.done,
        asleep=p.asleep,
        camped=p.camped,
        tasted=p.tasted,
        breath=p.breath,
        cheers=p.cheers,
        cheese=p.cheese,
        cheese_tokens=p.cheese_tokens,
        beers=tuple(p.beers),
        visited=tuple(sorted(p.visited)),
        discs=p.discs,
        coasters=p.coasters,
        bonus=tuple(p.bonus),
        objectives=tuple(p.objectives),
        score=p.score,
        penalty=p.penalty,
        bought_here=p.bought_here,
        tasted_here=p.tasted_here,
        bike_streak=p.bike_streak,
        hitch_dest=p.hitch_dest,
        hitch_extra=p.hitch_extra,
        gp_arrival=p.gp_arrival,
    )


def _player(v: PlayerView) -> Player:
    p = Player()
    for name in Player.__slots__:
        setattr(p, name, getattr(v, name))
    p.beers = list(v.beers)
    p.bonus = list(v.bonus)
    p.visited = set(v.visited)
    p.objectives = list(v.objectives)
    return p


def observe(state: TbbrState, seat: int | None) -> TbbrObservation:
    return TbbrObservation(
        seat=seat,
        num_players=state.num_players,
        shorter=state.shorter,
        day=state.day,
        players=tuple(_player_view(p) for p in state.players),
        coasters=tuple(sorted((b, n) for b, n in state.coasters.items() if n > 0)),
        first_visitor=tuple(sorted(state.first_visitor)),
        accessible=tuple(state.accessible),
        inaccessible=tuple(state.inaccessible),
        deck_size=len(state.deck),
        removed=tuple(state.removed),
        level3=tuple(state.level3),
        level2_added=state.level2_added,
        bottles=tuple(state.bottles),
        active=state.active,
        claims=state.claims,
        log=tuple(state.log),
        pending=state.pending,
        bottle_queue=tuple(state.bottle_queue),
        seq=state.seq,
        finish=tuple(state.finish),
        terminal=state.terminal,
    )


def unseen_cards(obs: TbbrObservation) -> list[str]:
    """The cards that must be in the deck: those of the levels in play that nobody can see."""
    levels = {1, 2} if obs.level2_added else {1}
    seen = set(obs.accessible) | set(obs.inaccessible) | set(obs.removed)
    for p in obs.players:
        seen |= set(p.objectives)
    return sorted(c.id for c in cards().values() if c.level in levels and c.id not in seen)


def determinize(obs: TbbrObservation, rng: Rng) -> TbbrState:
    """A full state consistent with ``obs``: the unseen cards in a random order and a fresh RNG."""
    state = TbbrState(obs.num_players, obs.shorter)
    state.day = obs.day
    state.players = [_player(v) for v in obs.players]
    state.coasters = dict(obs.coasters)
    state.first_visitor = set(obs.first_visitor)
    state.accessible = list(obs.accessible)
    state.inaccessible = list(obs.inaccessible)
    state.removed = list(obs.removed)
    state.level3 = list(obs.level3)
    state.level2_added = obs.level2_added
    state.bottles = list(obs.bottles)
    state.active = obs.active
    state.claims = obs.claims
    state.log = list(obs.log)
    state.pending = obs.pending
    state.bottle_queue = list(obs.bottle_queue)
    state.seq = obs.seq
    state.finish = list(obs.finish)
    state.terminal = obs.terminal
    deck = unseen_cards(obs)
    if len(deck) != obs.deck_size:
        raise ValueError(f"inconsistent observation: {len(deck)} unseen cards, deck of {obs.deck_size}")
    rng.shuffle(deck)
    state.deck = deck
    state.rng = rng.fork()
    return state
