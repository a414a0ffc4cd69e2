"""The Dragon Brew position: every field declared once with who may see it.

The rules live in their own modules (spring, choices and tasks, draft, fall, judging, winter), which import
this one; the contract methods here hand over to ``RULES``, the ``Rules`` object game.py
installs, so no rule module is imported from here and the package has no import cycle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from engine.core.chance import ChanceStep
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.fields import DeclaredState, hidden, hidden_rng, per_seat, public
from engine.core.rng import Rng
from engine.dragon_brew.actions import Move
from engine.dragon_brew.player import Player

SPRING, BREW, SHADOW, JUDGE, WINTER, OVER = "spring", "brew", "shadow", "judge", "winter", "over"


class Rules(Protocol):
    """What the rule modules provide to the state (installed by game.py)."""

    def actors(self, state: DragonBrewState) -> list[int]: ...

    def legal(self, state: DragonBrewState, seat: int) -> list[Move]: ...

    def apply(self, state: DragonBrewState, seat: int, action: Move) -> list[Event]: ...

    def ranking(self, state: DragonBrewState) -> list[int]: ...


def _nested(rows: list[list[Any]]) -> list[list[Any]]:
    return [list(row) for row in rows]


class DragonBrewState(DeclaredState):
    """One position (fields: engine/core/fields.py; rules: the modules named above)."""

    RULES: ClassVar[Rules]

    corrupt: bool = public(bool)  # the Corrupt Judge variant
    phase: str = public(lambda: SPRING)
    year: int = public(lambda: 1)
    order: list[int] = public(list, copy="list")  # this year's turn order
    turn: int = public(int)  # index in ``order`` of the seat whose turn it is
    acted: bool = public(bool)  # the mandatory brewer action is done this turn
    drafted: bool = public(bool)
    cleared_draft: bool = public(bool)
    cleared_offer: bool = public(bool)
    closing: bool = public(bool)  # only Gnome Housing brewers are left (rulebook "Gnome Housing")
    tasks: list[list[Any]] = public(list, copy=_nested)  # the current seat's pending choices
    reaction: int = public(lambda: -1)  # a Free Gnomes seat deciding on its Gnome Guild
    pool_brewery: list[str] = public(list, copy="list")  # "" marks an empty slot
    pool_events: list[str] = public(list, copy="list")
    offer_barrels: list[str] = public(list, copy="list")
    offer_spices: list[str] = public(list, copy="list")
    judges: list[str] = public(list, copy="list")  # left to right; "" once awarded or discarded
    ogre: list[int] = public(list, copy="list")  # Ogre brewers on each judge
    bribes: list[list[int]] = public(list, copy=_nested)  # per judge: [seat, gold], seat -1 if none
    judge_at: int = public(int)
    gnomes_left: int = public(int)
    tokens_left: int = public(int)
    brewery_discard: list[str] = public(list, copy="list")
    event_discard: list[str] = public(list, copy="list")
    barrel_discard: list[str] = public(list, copy="list")
    spice_discard: list[str] = public(list, copy="list")
    judges_used: list[str] = public(list, copy="list")
    boxed_cards: list[str] = public(list, copy="list")  # burned by Dark Sacrifice
    players: list[Player] = per_seat(Player)
    brewery_deck: list[str] = hidden(list, shows={"brewery_deck_size": len})
    event_deck: list[str] = hidden(list, shows={"event_deck_size": len})
    barrel_deck: list[str] = hidden(list, shows={"barrel_deck_size": len})
    spice_deck: list[str] = hidden(list, shows={"spice_deck_size": len})
    judge_deck: list[str] = hidden(list, shows={"judge_deck_size": len})
    rng: Rng = hidden_rng()

    @property
    def current(self) -> int:
        return int(self.order[self.turn])

    def actors(self) -> Sequence[int]:
        return self.RULES.actors(self)

    def chance(self) -> ChanceStep | None:
        return None  # every shuffle uses the hidden rng; no public chance in Dragon Brew

    def resolve_chance(self, outcome: Any) -> list[Event]:
        raise IllegalAction("Dragon Brew has no chance steps", "ILLEGAL_ACTION")

    def legal_actions(self, seat: int) -> list[Move]:
        return self.RULES.legal(self, seat) if seat in self.actors() else []

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("the game is over", "GAME_OVER")
        if seat not in self.actors():
            raise IllegalAction(f"seat {seat} may not act now", "NOT_YOUR_TURN")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{getattr(action, 'label', action)!s} is not allowed now")
        return self.RULES.apply(self, seat, action)

    def apply_legal(self, seat: int, action: Any) -> list[Event]:
        return self.RULES.apply(self, seat, action)

    def action_by_id(self, seat: int, action_id: str) -> Move | None:
        for action in self.legal_actions(seat):
            if action.id == action_id:
                return action
        return None

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        return [float(p.vp) for p in self.players]

    def ranking(self) -> list[int]:
        return self.RULES.ranking(self)
