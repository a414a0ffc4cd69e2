"""Tiny Dice: push your luck, the whole game on one page.

Each turn a player rolls a die as often as they dare: a 1 loses the turn's
points, anything else adds to them; holding banks them. The first to bank
the target wins. Each seat also holds a secret lucky number dealt from a
shuffled deck, so the game has something to hide: only its owner sees it.

Read top to bottom: the moves, the state (each field declared once with who
may see it), the rules, then the game object the registry serves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core import snapshot
from engine.core.chance import ChanceStep
from engine.core.errors import IllegalAction
from engine.core.events import SYSTEM_SEAT, Event
from engine.core.fields import DeclaredState, hidden, hidden_rng, owned, public
from engine.core.game import Game, OptionSpec, SizeBounds, State
from engine.core.rng import Rng

FACES = (1, 2, 3, 4, 5, 6)
LUCKY_DECK = tuple(range(1, 21))


@dataclass(frozen=True)
class Move:
    """``roll`` or ``hold``: its kind is its stable id."""

    kind: str

    @property
    def id(self) -> str:
        return self.kind

    @property
    def label(self) -> str:
        return "Roll the die" if self.kind == "roll" else "Hold and bank the turn's points"


ROLL, HOLD = Move("roll"), Move("hold")
MOVES = {move.id: move for move in (ROLL, HOLD)}


class TinyDiceState(DeclaredState):
    """One position. Everything the kit derives (clone, snapshot, observation) comes from these lines."""

    target: int = public(lambda: 10)
    banked: list[int] = public(list, copy="list")  # points per seat
    turn_points: int = public(int)
    current: int = public(int)  # the seat whose turn it is
    rolling: bool = public(bool)  # a roll is pending (a chance step)
    lucky: list[int] = owned(list)  # each seat's secret lucky number
    deck: list[int] = hidden(list)  # the lucky numbers nobody was dealt
    rng: Rng = hidden_rng()  # the state's own generator for hidden shuffles

    # -- whose turn, and what may happen -------------------------------------

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

    def legal_actions(self, seat: int) -> list[Move]:
        return [ROLL, HOLD] if seat in self.actors() else []

    # -- the rules ---------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> list[Event]:
        if seat not in self.actors():
            raise IllegalAction(f"seat {seat} may not act now", "NOT_YOUR_TURN")
        if action == ROLL:
            self.rolling = True
            return [Event("rolls", f"Seat {seat} rolls", seat)]
        if action == HOLD:
            return self._hold(seat)
        raise IllegalAction(f"{action!r} is not a Tiny Dice move")

    def _hold(self, seat: int) -> list[Event]:
        """Bank the turn's points; the lucky number is told again, to its owner only."""
        self.banked[seat] += self.turn_points
        points, self.turn_points = self.turn_points, 0
        if not self.is_terminal():
            self.current = (self.current + 1) % self.num_players
        lucky = self.lucky[seat]
        return [
            Event("holds", f"Seat {seat} banks {points}", seat, {"points": points}),
            Event(
                "lucky", f"Your lucky number is {lucky}", seat, {"lucky": lucky}, visible_to=frozenset({seat})
            ),
        ]

    def resolve_chance(self, outcome: Any) -> list[Event]:
        if not self.rolling or outcome not in FACES:
            raise IllegalAction(f"no die roll of {outcome!r} is pending", "CHANCE_PENDING")
        self.rolling = False
        rolled = Event("die_rolled", f"The die shows {outcome}", SYSTEM_SEAT, {"face": outcome})
        if outcome != 1:
            self.turn_points += outcome
            return [rolled]
        self.turn_points = 0
        self.current = (self.current + 1) % self.num_players
        return [rolled, Event("bust", "Bust: the turn's points are lost", SYSTEM_SEAT)]

    # -- the end -----------------------------------------------------------------

    def is_terminal(self) -> bool:
        return max(self.banked) >= self.target

    def scores(self) -> list[float]:
        return [float(points) for points in self.banked]

    def ranking(self) -> list[int]:
        return [1 + sum(other > mine for other in self.banked) for mine in self.banked]


class TinyDice(Game):
    """The game type: metadata, the deal, and how to sample what a seat cannot see."""

    name = "tiny_dice"
    title = "Tiny Dice"
    min_players = 1
    max_players = 4
    options = (OptionSpec("target", "Points needed to win", "10", ("10", "20")),)
    wire_module = "engine.examples.tiny_dice.wire"
    bounds = SizeBounds(distinct_actions=2, chance_outcomes=6, game_length=10_000)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> TinyDiceState:
        rng = Rng(seed)
        deck = list(LUCKY_DECK)
        rng.shuffle(deck)
        lucky = [deck.pop() for _ in range(players)]
        target = int(options.get("target", "10"))
        return TinyDiceState.fresh(
            players, target=target, banked=[0] * players, lucky=lucky, deck=deck, rng=rng
        )

    def determinize(self, observation: Any, rng: Rng) -> State:
        """The observer's view as a state; the other seats' lucky numbers and the deck sampled."""
        state = TinyDiceState.from_observation(observation)
        unknown = [n for n in LUCKY_DECK if n not in state.lucky]
        rng.shuffle(unknown)
        state.lucky = [n if n is not None else unknown.pop() for n in state.lucky]
        state.deck, state.rng = unknown, Rng(rng.next_u64())
        return state

    def dump(self, state: State) -> bytes:
        assert isinstance(state, TinyDiceState)
        return snapshot.encode(self.name, self.schema_version, state.dump_fields())

    def load(self, blob: bytes) -> TinyDiceState:
        return TinyDiceState.from_fields(snapshot.decode(self.name, self.schema_version, blob))


TINY_DICE = TinyDice()
