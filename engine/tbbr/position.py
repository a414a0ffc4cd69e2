"""One position of The Belgian Beers Race as data: each field declared once, with what follows from it.

The players' boards, the board (coasters, first-visitor discs), the Bottling
Machine and the time track, plus the one step the game waits for (``pending``:
a decision of one seat, or dice). Everything is public except the order of the
objective deck and the RNG that shuffles it. The rule modules (moving, tasting,
toasting, days, machine, turn, decisions) change a ``Position``; ``state.TbbrState``
is the game's State over it.
"""

from __future__ import annotations

from typing import Any

from engine.core.fields import DeclaredState, derived, hidden, hidden_rng, per_seat, public
from engine.core.rng import Rng
from engine.tbbr import objectives, pending
from engine.tbbr.data import MODES, board, cards, tracks
from engine.tbbr.pending import Pending
from engine.tbbr.player import Player

TRACKS = tracks()
BOARD = board()
CARDS = cards()


def _pending_to_json(step: Pending | None) -> dict[str, Any] | None:
    return None if step is None else pending.to_json(step)


def _pending_from_json(data: dict[str, Any] | None) -> Pending | None:
    return None if data is None else pending.from_json(data)


def _shown_coasters(coasters: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """Breweries still holding coasters, with how many, sorted."""
    return tuple(sorted((place, n) for place, n in coasters.items() if n > 0))


class Position(DeclaredState):
    """The fields of a position, each declared once with who sees it (engine/core/fields.py).

    The kit derives clone, the snapshot body, the observation and the known part of a
    determinization.
    """

    shorter: bool = public(bool)
    days: tuple[int, ...] = public(lambda: TRACKS.days_normal, from_json=tuple)  # each day's length in TU
    day: int = public(int)
    players: list[Player] = per_seat(Player)
    coasters: dict[str, int] = public(
        dict, copy=dict, shows={"coasters": _shown_coasters}, restore=lambda obs: dict(obs.coasters)
    )
    first_visitor: set[str] = public(lambda: set(BOARD.breweries), copy="set")  # breweries with their disc
    accessible: list[str] = public(lambda: [""] * TRACKS.accessible, copy="list")  # "" is an empty slot
    inaccessible: list[str] = public(list, copy="list")  # the deck's top is the last one
    deck: list[str] = hidden(list, shows={"deck_size": len})  # deck[0] is revealed next
    removed: list[str] = public(list, copy="list")  # cards removed with a broken bottle
    level3: list[str] = public(list, copy="list")
    level2_added: bool = public(bool)
    bottles: list[bool] = public(lambda: [False] * len(TRACKS.bottles), copy="list")  # broken today
    active: int = public(lambda: -1)
    claims: int = public(int)  # objectives claimed this turn
    log: list[str] = public(list, copy="list")  # what the active player did this turn, for lightning cards
    pending: Pending | None = public(
        lambda: None,
        to_json=lambda p: None if p is None else pending.to_json(p),
        from_json=_pending_from_json,
    )
    # (seat, bottle index) crossings to decide
    bottle_queue: list[tuple[int, int]] = public(
        list, copy="list", from_json=lambda crossings: [(int(s), int(i)) for s, i in crossings]
    )
    seq: int = public(int)  # stack counter: a disc that moves lands on top
    finish: list[int] = public(list, copy="list")  # seats in the order they reached the end of today
    terminal: bool = public(bool)
    # Visited Brewery Tokens left per seat: a first visit without one scores no bonus track step.
    tokens_left: tuple[int, ...] = derived(lambda state: tuple(p.tokens_left for p in state.players))
    rng: Rng = hidden_rng()

    # ------------------------------------------------------------------ facts

    @property
    def day_length(self) -> int:
        return self.days[self.day]

    @property
    def last_day(self) -> bool:
        return self.day == len(self.days) - 1

    def remaining(self, seat: int) -> int:
        return self.day_length - self.players[seat].time

    def move_cost(self, seat: int, mode: str, dest: str) -> int:
        """TU the move takes without delay: 1 inside Brussels whatever the mode ("All transport in
        Brussels = 1 TU"); elsewhere the road's value, public transport doubled from its threshold."""
        pl = self.players[seat]
        if BOARD.within_brussels(pl.location, dest):
            return TRACKS.brussels_tu
        tu = BOARD.road_between(pl.location, dest)
        assert tu is not None
        cost = tu[MODES.index(mode)]
        if mode == "transport" and pl.breath >= TRACKS.doubled:
            cost *= 2
        return cost

    def claimable(self, seat: int) -> list[str]:
        if seat != self.active or self.claims >= TRACKS.claims_per_turn:
            return []
        pl = self.players[seat]
        return [c for c in self.accessible if c and objectives.condition_met(CARDS[c], pl, self.log)]

    def time_order(self) -> list[int]:
        """Seats from the disc farthest behind; on a shared space, the top of the stack first."""
        return sorted(range(self.num_players), key=lambda s: (self.players[s].time, -self.players[s].stack))

    def next_seq(self) -> int:
        """The stack height of the disc moved now: above every other."""
        self.seq += 1
        return self.seq

    @staticmethod
    def name(place: str) -> str:
        return BOARD.places[place].name
