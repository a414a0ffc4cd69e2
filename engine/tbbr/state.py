"""The Belgian Beers Race as a State: the contract over a ``Position``, each rule in its own module.

Turn order follows the time track: the disc farthest behind (top of its stack
first) acts, and keeps acting until it has overtaken every other disc. Between
two decisions ``settle`` runs every step that needs none.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from engine.core.chance import ChanceStep
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.labels import player
from engine.core.rng import Rng
from engine.tbbr import days, decisions, moving, setup, tasting, turn
from engine.tbbr.actions import EatCheese
from engine.tbbr.pending import BottleStep, ClaimStep, RollStep
from engine.tbbr.position import TRACKS, Position
from engine.tbbr.scoring import totals

DIE = tuple(range(1, 7))
_DICE_OUTCOMES = {
    n: tuple((faces, 1.0 / 6**n) for faces in product(DIE, repeat=n))
    for n in range(1, TRACKS.hitch_max_dice + 1)
}
_DIE_OUTCOMES = tuple((face, 1.0 / 6) for face in DIE)


class TbbrState(Position):
    """One position of The Belgian Beers Race, and the State contract over it."""

    @classmethod
    def new(cls, players: int, shorter: bool, seed: int) -> TbbrState:
        """A new race: the board and the Bottling Machine prepared from ``seed``, then the first step."""
        state = cls.fresh(
            players,
            shorter=shorter,
            days=TRACKS.days_shorter if shorter else TRACKS.days_normal,
            rng=Rng(seed),
        )
        setup.prepare(state)
        state.settle()
        return state

    # ------------------------------------------------------------------ contract

    def actors(self) -> Sequence[int]:
        if self.terminal or isinstance(self.pending, RollStep):
            return []
        if self.pending is not None:
            return [self.pending.seat]
        return [self.active] if self.active >= 0 else []

    def chance(self) -> ChanceStep | None:
        p = self.pending
        if not isinstance(p, RollStep):
            return None
        if p.mode == "transport":
            return ChanceStep(
                kind="transport_die",
                sampler=lambda rng: rng.randrange(6) + 1,
                validate=lambda o: o in DIE,
                outcomes=_DIE_OUTCOMES,
                description="public transport: a 6 means 2 TU late",
            )
        n = p.count
        return ChanceStep(
            kind="hitchhiking_dice",
            sampler=lambda rng: tuple(rng.randrange(6) + 1 for _ in range(n)),
            validate=lambda o: isinstance(o, tuple) and len(o) == n and all(x in DIE for x in o),
            outcomes=_DICE_OUTCOMES[n],
            description=f"hitchhiking with {n} dice: one odd die and you are picked up",
        )

    def resolve_chance(self, outcome: Any) -> list[Event]:
        step = self.chance()
        if step is None:
            raise IllegalAction("no dice to roll now", "ILLEGAL_ACTION")
        if isinstance(outcome, list):
            outcome = tuple(outcome)
        if not step.validate(outcome):
            raise IllegalAction(f"{outcome!r} is not a possible outcome of {step.kind}")
        p = self.pending
        assert isinstance(p, RollStep)
        self.pending = None
        if p.mode == "transport":
            events = moving.ride(self, p, int(outcome))
        else:
            events = moving.hitchhike(self, p, tuple(outcome))
        return events + self.settle()

    def legal_actions(self, seat: int) -> list[Any]:
        if self.terminal or seat not in self.actors():
            return []
        p = self.pending
        if p is None:
            return turn.free_actions(self, seat) + turn.extra_actions(self, seat)
        stage = decisions.STAGES[type(p)]
        return stage.legal(self, p) + (turn.snack(self, seat) if stage.snack else [])

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.terminal:
            raise IllegalAction("the race is over", "GAME_OVER")
        if self.chance() is not None:
            raise IllegalAction("dice must be rolled first", "CHANCE_PENDING")
        if seat not in self.actors():
            raise IllegalAction(f"seat {seat} may not act now", "NOT_YOUR_TURN")
        if action not in self.legal_actions(seat):
            malformed = turn.malformed(action)
            if malformed:  # its label would name a place, card or colour that does not exist
                raise IllegalAction(f"not an action of this game: {action!r} ({malformed})")
            raise IllegalAction(f"not allowed now: {action.label} ({turn.why_not(self, seat, action)})")
        return self.apply_legal(seat, action)

    def apply_legal(self, seat: int, action: Any) -> list[Event]:
        if isinstance(action, EatCheese):  # "at any time": whatever step is pending stays pending
            events = tasting.eat(self, seat)
        elif self.pending is None:
            events = turn.act(self, seat, action)
        else:
            pending = self.pending
            self.pending = None
            events = decisions.decide(self, pending, action)
        if not events:  # every step tells the table what happened (all tbbr actions are public)
            events = [Event("action", f"{player(seat)}: {action.label}", seat)]
        return events + self.settle()

    def is_terminal(self) -> bool:
        return self.terminal

    def scores(self) -> list[float]:
        return [float(score) for score in totals(self)]

    def ranking(self) -> list[int]:
        """Highest score first; ties broken by the order of arrival on the Grand Place."""
        keys = [(-s, self._arrival_key(seat)) for seat, s in enumerate(self.scores())]
        return [1 + sum(other < key for other in keys) for key in keys]

    def _arrival_key(self, seat: int) -> int:
        pl = self.players[seat]
        on_time = self.terminal and pl.gp_arrival >= 0 and pl.penalty == 0
        return pl.gp_arrival if on_time else 1 << 30

    # ------------------------------------------------------------------ flow

    def settle(self) -> list[Event]:
        """Run automatic steps until the game waits for a seat or for dice; what they did."""
        events: list[Event] = []
        while not self.terminal:
            if self.pending is not None:
                forced = decisions.auto_step(self, self.pending)
                if forced is None:
                    break
                events += forced
                continue
            if self.bottle_queue:
                seat, i = self.bottle_queue.pop(0)
                if any(self.accessible) and (not self.bottles[i] or self.num_players == 2):
                    self.pending = BottleStep(seat, self.active, i)
                continue
            if self.active < 0:
                self.active = days.next_actor(self)
                if self.active < 0:
                    events += days.bedtime(self, 0)
                continue
            if days.turn_over(self, self.active):
                if self.claimable(self.active):
                    self.pending = ClaimStep(self.active, self.active)
                    break
                days.end_turn(self)
                continue
            if not turn.free_actions(self, self.active):
                text = f"{player(self.active)} has no action that fits in the day"
                events.append(Event("stuck", text, self.active))
                events += days.end_players_day(self, self.active)
                continue
            break
        return events
