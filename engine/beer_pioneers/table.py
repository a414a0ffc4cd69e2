"""The position's fields, each declared once with who may see it (engine/core/fields.py).

``Table`` holds no rules: the rule modules read and change it, and ``state.BeerPioneersState``
adds the contract methods on top (so no rule module imports the state class, and no cycle forms).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.beer_pioneers import data
from engine.beer_pioneers.brewery import Brewery
from engine.core.fields import DeclaredState, hidden, hidden_rng, per_seat, public
from engine.core.rng import Rng

TURN, ROUND_END, OVER = "turn", "round_end", "over"
EMPTY_SLOT = -1  # an action-board slot nobody stands on; else seat * 2 + worker
NO_CARD = 0  # a display space taken this turn, refilled at its end

Task = tuple[int, str, int]  # (seat, kind, count): a decision a seat owes before play goes on


def _tasks_from_json(value: Any) -> list[Task]:
    return [(int(s), str(k), int(n)) for s, k, n in value]


def _tasks_restore(obs: Any) -> list[Task]:
    return list(zip(obs.task_seats, obs.task_kinds, obs.task_counts, strict=True))


@cache
def slot_fields() -> tuple[tuple[str, int], ...]:
    """Every slot of the action board as (field, value), fields in board order, best slot first."""
    return tuple((f, v) for f in data.FIELDS for v in data.rules().fields[f])


class Table(DeclaredState):
    """A Beer Pioneers position: the shared board, the cards, and one brewery per seat."""

    phase: str = public(lambda: TURN)
    round: int = public(lambda: 1)
    order: list[int] = public(list, copy="list")  # turn order of this round
    current: int = public(int)  # the seat whose turn it is
    turn_order_holder: int = public(lambda: -1)  # who took the turn-order worker this round
    placed_now: bool = public(bool)  # the current seat has placed its worker this turn
    played_now: bool = public(bool)  # the current seat has played a card this turn
    slots: list[int] = public(list, copy="list")  # per slot_fields() entry: occupant or EMPTY_SLOT
    tasks: list[Task] = public(
        list,
        copy="list",
        from_json=_tasks_from_json,
        shows={
            "task_seats": lambda ts: tuple(t[0] for t in ts),
            "task_kinds": lambda ts: tuple(t[1] for t in ts),
            "task_counts": lambda ts: tuple(t[2] for t in ts),
        },
        restore=_tasks_restore,
    )
    display: list[int] = public(list, copy="list")  # six spaces, NO_CARD when taken this turn
    deck: list[int] = hidden(list, shows={"deck_size": len})
    discard: list[int] = public(list, copy="list")
    beer_supply: list[int] = public(list, copy="list")  # tiles left per coop, board order
    barrel_supply: int = public(int)
    final_vp: list[int] = public(list, copy="list")  # final scoring per seat, once the game is over
    breweries: list[Brewery] = per_seat(Brewery, shown_as="players")
    rng: Rng = hidden_rng()

    def seat_task(self) -> Task | None:
        """The task to answer first, if any: it decides who acts before anything else."""
        return self.tasks[0] if self.tasks else None
