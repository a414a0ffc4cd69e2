"""A Beer Pioneers position: the fields of ``table.Table`` plus the State API over the rule modules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.beer_pioneers import turns
from engine.beer_pioneers.actions import Act
from engine.beer_pioneers.scoring import ranking
from engine.beer_pioneers.table import OVER, TURN, Table
from engine.core.chance import ChanceStep
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.fields import derived


def _prompt(state: Table) -> str:
    """What the game waits for, in words (for generic clients)."""
    if state.phase == OVER:
        return "The game is over"
    task = state.seat_task()
    if task is not None:
        seat, kind, count = task
        return f"Seat {seat}: {kind}" + (f" ({count} left)" if kind in ("rotate", "take") else "")
    return f"Seat {state.current}: play a card, use administration, or place a worker"


class BeerPioneersState(Table):
    """The contract methods; the rules live in turns.py and the modules it calls.

    Declaring ``prompt`` here makes the kit write clone, snapshot and observation for this class
    (a subclass that declared nothing would inherit ``Table``'s, which build ``Table`` instances).
    """

    prompt: str = derived(_prompt)

    def actors(self) -> Sequence[int]:
        task = self.seat_task()
        if task is not None:
            return [task[0]]
        return [self.current] if self.phase == TURN else []

    def chance(self) -> ChanceStep | None:
        return None  # the only chance is hidden: shuffles use the state's own generator

    def resolve_chance(self, outcome: Any) -> list[Event]:
        raise IllegalAction("Beer Pioneers has no chance step", "ILLEGAL_ACTION")

    def legal_actions(self, seat: int) -> list[Any]:
        return list(turns.choices(self, seat))

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("the game is over", "GAME_OVER")
        if seat not in self.actors():
            raise IllegalAction(f"seat {seat} may not act now ({_prompt(self)})", "NOT_YOUR_TURN")
        if not isinstance(action, Act) or action not in turns.choices(self, seat):
            raise IllegalAction(f"{getattr(action, 'id', action)!r} is not legal now ({_prompt(self)})")
        return turns.perform(self, seat, action)

    def apply_legal(self, seat: int, action: Any) -> list[Event]:
        return turns.perform(self, seat, action)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        finals = self.final_vp or [0] * self.num_players
        return [float(b.vp + f) for b, f in zip(self.breweries, finals, strict=True)]

    def ranking(self) -> list[int]:
        return ranking([int(s) for s in self.scores()], [b.coins for b in self.breweries])

    def result_text(self) -> str:
        if not self.is_terminal():
            return ""
        winners = [str(seat) for seat, rank in enumerate(self.ranking()) if rank == 1]
        return f"Seat {' and '.join(winners)} won with {max(self.scores()):.0f} VP"
