"""Tiny Dice: a push-your-luck dice game small enough to test the server with.

Each turn a player rolls a die as often as they dare: a 1 loses the turn's
points, anything else adds to them; holding banks them. The first to bank
``target`` points wins. Each seat also holds a secret "lucky number" dealt
from a shuffled deck; only its owner sees it (in the view and in a private
event), so the server's visibility rules have something to hide.

The module is its own wire module with ``oneof_field = ""``: views, actions and
events travel without a typed arm, as for a game the proto does not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import snapshot
from engine.core.chance import ChanceStep
from engine.core.errors import IllegalAction
from engine.core.events import SYSTEM_SEAT, Event
from engine.core.game import Game, OptionSpec, State
from engine.core.rng import Rng

NAME = "tiny_dice"
FACES = (1, 2, 3, 4, 5, 6)
LUCKY_DECK = tuple(range(1, 21))


@dataclass(frozen=True)
class Move:
    """``roll`` or ``hold``."""

    kind: str

    @property
    def id(self) -> str:
        return self.kind

    @property
    def label(self) -> str:
        return "Roll the die" if self.kind == "roll" else "Hold and bank the turn's points"


ROLL, HOLD = Move("roll"), Move("hold")


@dataclass(frozen=True)
class Observation:
    seat: int | None
    banked: tuple[int, ...]
    turn_points: int
    current: int
    lucky: int | None  # the observing seat's own lucky number
    target: int
    rolling: bool


class TinyDiceState(State):
    def __init__(self, players: int, target: int, lucky: list[int], deck: list[int], rng: Rng) -> None:
        self.num_players = players
        self.target = target
        self.lucky = lucky
        self.deck = deck  # undealt lucky numbers: hidden from everyone
        self.rng = rng
        self.banked = [0] * players
        self.turn_points = 0
        self.current = 0
        self.rolling = False

    def actors(self) -> list[int]:
        return [] if self.rolling or self.is_terminal() else [self.current]

    def chance(self) -> ChanceStep | None:
        if not self.rolling:
            return None
        return ChanceStep(
            "roll",
            sampler=lambda rng: FACES[rng.randrange(6)],
            validate=lambda outcome: outcome in FACES,
            outcomes=[(face, 1 / 6) for face in FACES],
        )

    def resolve_chance(self, outcome: Any) -> list[Event]:
        if not self.rolling or outcome not in FACES:
            raise IllegalAction(f"no die roll of {outcome!r} is pending", "CHANCE_PENDING")
        self.rolling = False
        rolled = Event("die_rolled", f"The die shows {outcome}", SYSTEM_SEAT, {"face": outcome})
        if outcome == 1:
            self.turn_points = 0
            self._pass_turn()
            return [rolled, Event("bust", "Bust: the turn's points are lost", SYSTEM_SEAT)]
        self.turn_points += outcome
        return [rolled]

    def legal_actions(self, seat: int) -> list[Move]:
        return [ROLL, HOLD] if seat in self.actors() else []

    def apply(self, seat: int, action: Any) -> list[Event]:
        if seat not in self.actors():
            raise IllegalAction(f"seat {seat} may not act now", "NOT_YOUR_TURN")
        if action == ROLL:
            self.rolling = True
            return [Event("rolls", f"Seat {seat} rolls", seat)]
        if action == HOLD:
            self.banked[seat] += self.turn_points
            events = [
                Event("holds", f"Seat {seat} banks {self.turn_points}", seat, {"points": self.turn_points}),
                Event("lucky", f"Your lucky number is {self.lucky[seat]}", seat, {"lucky": self.lucky[seat]},
                      visible_to=frozenset({seat})),
            ]  # fmt: skip
            self.turn_points = 0
            if not self.is_terminal():
                self._pass_turn()
            return events
        raise IllegalAction(f"{action!r} is not a Tiny Dice move")

    def _pass_turn(self) -> None:
        self.current = (self.current + 1) % self.num_players

    def observe(self, seat: int | None) -> Observation:
        lucky = None if seat is None else self.lucky[seat]
        return Observation(
            seat, tuple(self.banked), self.turn_points, self.current, lucky, self.target, self.rolling
        )

    def clone(self) -> TinyDiceState:
        return TINY_DICE.load(TINY_DICE.dump(self))

    def is_terminal(self) -> bool:
        return max(self.banked) >= self.target

    def scores(self) -> list[float]:
        return [float(b) for b in self.banked]

    def ranking(self) -> list[int]:
        return [1 + sum(other > mine for other in self.banked) for mine in self.banked]


class TinyDice(Game):
    name = NAME
    title = "Tiny Dice"
    min_players = 1
    max_players = 4
    options = (OptionSpec("target", "Points needed to win", "10", ("10", "20")),)
    wire_module = "tests.server.tiny_dice"

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> TinyDiceState:
        rng = Rng(seed)
        deck = list(LUCKY_DECK)
        rng.shuffle(deck)
        lucky = [deck.pop() for _ in range(players)]
        return TinyDiceState(players, int(options.get("target", "10")), lucky, deck, rng)

    def determinize(self, observation: Any, rng: Rng) -> State:
        """The observer's lucky number kept; the others and the undealt deck sampled."""
        unknown = [n for n in LUCKY_DECK if n != observation.lucky]
        rng.shuffle(unknown)
        players = len(observation.banked)
        lucky = [observation.lucky if s == observation.seat else unknown.pop() for s in range(players)]
        state = TinyDiceState(players, observation.target, lucky, unknown, Rng(rng.next_u64()))
        state.banked = list(observation.banked)
        state.turn_points, state.current, state.rolling = (
            observation.turn_points, observation.current, observation.rolling
        )
        return state

    def dump(self, state: State) -> bytes:
        assert isinstance(state, TinyDiceState)
        body = [state.num_players, state.target, state.lucky, state.deck, state.rng.state, state.banked,
                state.turn_points, state.current, state.rolling]  # fmt: skip
        return snapshot.encode(NAME, 1, body)

    def load(self, blob: bytes) -> TinyDiceState:
        players, target, lucky, deck, rng, banked, turn_points, current, rolling = snapshot.decode(
            NAME, 1, blob
        )
        state = TinyDiceState(players, target, lucky, deck, Rng(rng))
        state.banked, state.turn_points, state.current, state.rolling = banked, turn_points, current, rolling
        return state


TINY_DICE = TinyDice()

# The wire contract (engine/core/wire.py): no typed arm in the proto.
oneof_field = ""


def view_to_proto(observation: Any) -> None:
    return None


def view_from_proto(message: Any) -> Any:
    raise ValueError("Tiny Dice views carry no typed arm")


def action_to_proto(action: Any) -> None:
    return None


def action_from_proto(message: Any) -> Any:
    raise ValueError("Tiny Dice has no typed actions")


def event_to_proto(event: Event) -> None:
    return None
