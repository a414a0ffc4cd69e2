"""Hidden Pot: a tiny imperfect-information dice game for testing the search.

It exercises every part of the engine contract the bots rely on, in a game
small enough to reason about by hand:

- a deck of ``deck`` cards numbered 1..deck is shuffled with the state's own
  RNG; each seat is dealt one secret card, one card goes face down into the
  pot, and the rest are revealed to everyone;
- a simultaneous secret step: every seat at once wagers 0 or 1 (a wager of 1
  scores +5 if that seat ends with the strictly highest dice total, else -3;
  in the solo game, +5 if its dice total reaches ``target``);
- ``rounds`` rounds of turns: the seat rolls a d6 (a public chance step), then
  keeps the roll, flips it (scores 7 - roll), or once per game guesses the
  pot card (+10 if right, -2 if wrong; the guess itself is public, whether it
  was right stays secret until the end).

Ranking: higher score first, ties broken by the higher dice total, then shared.
Solo: rank 1 (victory) when the final score reaches ``target``, else 2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import ChanceStep, Event, Game, IllegalAction, OptionSpec, Rng, State, snapshot

WAGER_WIN, WAGER_LOSS, GUESS_RIGHT, GUESS_WRONG = 5, -3, 10, -2


@dataclass(frozen=True)
class Move:
    """``wager`` (value 0/1), ``keep``, ``flip`` or ``guess`` (value = card)."""

    kind: str
    value: int = 0

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.value}" if self.kind in ("wager", "guess") else self.kind

    @property
    def label(self) -> str:
        return self.id


KEEP, FLIP = Move("keep"), Move("flip")


@dataclass(frozen=True)
class Observation:
    """What one seat knows; ``seat`` is ``None`` for a spectator."""

    seat: int | None
    num_players: int
    deck: int
    rounds: int
    target: int
    own_card: int | None
    revealed: tuple[int, ...]
    own_wager: int | None
    wagered: tuple[bool, ...]
    totals: tuple[int, ...]
    guesses: tuple[int | None, ...]
    round: int
    turn: int
    roll: int | None


def _roll_step() -> ChanceStep:
    return ChanceStep(
        kind="roll",
        sampler=lambda rng: rng.randrange(6) + 1,
        validate=lambda outcome: outcome in (1, 2, 3, 4, 5, 6),
        outcomes=tuple((face, 1 / 6) for face in range(1, 7)),
        description="roll one d6",
    )


_ROLL = _roll_step()


class HiddenPotState(State):
    def __init__(
        self,
        num_players: int,
        deck: int,
        rounds: int,
        target: int,
        cards: list[int],
        pot: int,
        revealed: tuple[int, ...],
        rng: Rng,
    ) -> None:
        self.num_players = num_players
        self.deck, self.rounds, self.target = deck, rounds, target
        self.cards, self.pot, self.revealed, self.rng = cards, pot, revealed, rng
        self.wagers: list[int | None] = [None] * num_players
        self.totals = [0] * num_players
        self.guesses: list[int | None] = [None] * num_players
        self.round, self.turn = 0, 0
        self.roll: int | None = None

    # -- flow -------------------------------------------------------------
    def _wagering(self) -> bool:
        return None in self.wagers

    def is_terminal(self) -> bool:
        return self.round >= self.rounds

    def actors(self) -> Sequence[int]:
        if self._wagering():
            return [s for s, w in enumerate(self.wagers) if w is None]
        if self.is_terminal() or self.roll is None:
            return []
        return [self.turn]

    def chance(self) -> ChanceStep | None:
        if self._wagering() or self.is_terminal() or self.roll is not None:
            return None
        return _ROLL

    def resolve_chance(self, outcome: Any) -> list[Event]:
        if self.chance() is None or not _ROLL.validate(outcome):
            raise IllegalAction(f"no roll of {outcome!r} is possible now", "ILLEGAL_ACTION")
        self.roll = int(outcome)
        return [Event("roll", f"seat {self.turn} rolled {outcome}", payload={"roll": outcome})]

    def legal_actions(self, seat: int) -> list[Any]:
        if self._wagering():
            return [Move("wager", 0), Move("wager", 1)] if self.wagers[seat] is None else []
        if seat != self.turn or self.roll is None or self.is_terminal():
            return []
        moves = [KEEP, FLIP]
        if self.guesses[seat] is None:
            moves += [Move("guess", c) for c in self._unseen_by(seat)]
        return moves

    def _unseen_by(self, seat: int) -> list[int]:
        known = {self.cards[seat], *self.revealed}
        return [c for c in range(1, self.deck + 1) if c not in known]

    def apply(self, seat: int, action: Any) -> list[Event]:
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{action!r} is not legal for seat {seat}")
        if action.kind == "wager":
            self.wagers[seat] = action.value
            return [Event("wager", f"seat {seat} wagered", seat, visible_to=frozenset({seat}))]
        assert self.roll is not None
        if action.kind == "keep":
            self.totals[seat] += self.roll
        elif action.kind == "flip":
            self.totals[seat] += 7 - self.roll
        else:
            self.guesses[seat] = action.value
        self.roll = None
        self.turn += 1
        if self.turn == self.num_players:
            self.turn, self.round = 0, self.round + 1
        return [Event(action.kind, f"seat {seat}: {action.id}", seat)]

    # -- views ----------------------------------------------------------------
    def observe(self, seat: int | None) -> Observation:
        return Observation(
            seat=seat,
            num_players=self.num_players,
            deck=self.deck,
            rounds=self.rounds,
            target=self.target,
            own_card=None if seat is None else self.cards[seat],
            revealed=self.revealed,
            own_wager=None if seat is None else self.wagers[seat],
            wagered=tuple(w is not None for w in self.wagers),
            totals=tuple(self.totals),
            guesses=tuple(self.guesses),
            round=self.round,
            turn=self.turn,
            roll=self.roll,
        )

    def clone(self) -> HiddenPotState:
        twin = HiddenPotState.__new__(HiddenPotState)
        twin.__dict__.update(self.__dict__)
        twin.cards, twin.wagers = list(self.cards), list(self.wagers)
        twin.totals, twin.guesses = list(self.totals), list(self.guesses)
        twin.rng = self.rng.clone()
        return twin

    # -- scoring --------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self._score(s)) for s in range(self.num_players)]

    def _score(self, seat: int) -> int:
        score = self.totals[seat]
        guess = self.guesses[seat]
        if guess is not None:
            score += GUESS_RIGHT if guess == self.pot else GUESS_WRONG
        if self.wagers[seat] == 1:
            score += WAGER_WIN if self._wager_won(seat) else WAGER_LOSS
        return score

    def _wager_won(self, seat: int) -> bool:
        if self.num_players == 1:
            return self.totals[seat] >= self.target
        return all(self.totals[seat] > t for s, t in enumerate(self.totals) if s != seat)

    def ranking(self) -> list[int]:
        scores = self.scores()
        if self.num_players == 1:
            return [1 if scores[0] >= self.target else 2]
        keys = [(scores[s], self.totals[s]) for s in range(self.num_players)]
        return [1 + sum(other > key for other in keys) for key in keys]


class HiddenPot(Game):
    name = "hidden_pot"
    title = "Hidden Pot (test game)"
    min_players, max_players = 1, 4
    options = (
        OptionSpec("deck", "cards in the deck (at least players + 1)", "6"),
        OptionSpec("rounds", "rounds of turns", "2"),
        OptionSpec("target", "solo: score needed to win", "12"),
    )

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> HiddenPotState:
        opts = self.validate_options(players, options)
        deck, rng = int(opts["deck"]), Rng(seed)
        cards = list(range(1, deck + 1))
        rng.shuffle(cards)
        return HiddenPotState(
            players,
            deck,
            int(opts["rounds"]),
            int(opts["target"]),
            cards[:players],
            cards[players],
            tuple(sorted(cards[players + 1 :])),
            rng,
        )

    def determinize(self, observation: Any, rng: Rng) -> HiddenPotState:
        obs: Observation = observation
        seat = 0 if obs.seat is None else obs.seat
        unseen = [c for c in range(1, obs.deck + 1) if c not in obs.revealed and c != obs.own_card]
        rng.shuffle(unseen)
        cards = unseen[: obs.num_players]
        if obs.own_card is not None:
            others = iter(unseen)
            cards = [obs.own_card if s == seat else next(others) for s in range(obs.num_players)]
            pot = next(others)
        else:
            pot = unseen[obs.num_players]
        state = HiddenPotState(
            obs.num_players, obs.deck, obs.rounds, obs.target, cards, pot, obs.revealed, rng.fork()
        )
        state.wagers = [
            obs.own_wager if s == seat else (rng.randrange(2) if done else None)
            for s, done in enumerate(obs.wagered)
        ]
        state.totals, state.guesses = list(obs.totals), list(obs.guesses)
        state.round, state.turn, state.roll = obs.round, obs.turn, obs.roll
        return state

    def dump(self, state: State) -> bytes:
        s: HiddenPotState = state  # type: ignore[assignment]
        body = {k: v for k, v in vars(s).items() if k != "rng"} | {"rng": s.rng.state}
        return snapshot.encode(self.name, self.schema_version, body)

    def load(self, blob: bytes) -> HiddenPotState:
        body = snapshot.decode(self.name, self.schema_version, blob)
        state = HiddenPotState.__new__(HiddenPotState)
        state.__dict__.update(body)
        state.revealed, state.rng = tuple(body["revealed"]), Rng(body["rng"])
        return state


GAME = HiddenPot()


def position(
    players: int,
    cards: list[int],
    pot: int,
    deck: int | None = None,
    **fields: Any,
) -> HiddenPotState:
    """A hand-built position for scenario tests: the wagering is over unless ``wagers`` is given."""
    deck = deck or players + 1
    revealed = tuple(c for c in range(1, deck + 1) if c not in cards and c != pot)
    state = HiddenPotState(
        players, deck, fields.pop("rounds", 1), fields.pop("target", 12), cards, pot, revealed, Rng(7)
    )
    state.wagers = [0] * players
    for name, value in fields.items():
        setattr(state, name, list(value) if isinstance(value, tuple) else value)
    return state
