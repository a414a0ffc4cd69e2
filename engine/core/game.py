"""The one State API every game implements, modelled on OpenSpiel's.

A ``Game`` describes a game type and builds states; a ``State`` is one
position. Engines are pure: no I/O, no clocks, no global random. Hidden
shuffles use the state's own seeded ``Rng`` (hidden information); dice are
explicit chance steps (public).
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engine.core.chance import ChanceStep
from engine.core.events import Event
from engine.core.rng import Rng


@runtime_checkable
class Action(Protocol):
    """A small, frozen, hashable move.

    ``id`` is a compact canonical string (the same action always has the same
    id, so ids are stable for a version and across replays); ``label`` is a
    description in player language for generic clients; ``kind`` names the
    kind of move for machines and ``targets`` the board elements it acts on
    (engine/core/actions.py declares all three once per action class).
    """

    @property
    def id(self) -> str: ...

    @property
    def label(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def targets(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Choice:
    """One accepted value of an option, for people: its name and what choosing it means."""

    label: str
    description: str = ""


_READABLE = {"true": "Yes", "false": "No", "random": "Random"}


@dataclass(frozen=True)
class OptionSpec:
    """One option a game accepts in ``CreateGame`` (all values are strings on the wire).

    ``named`` gives a choice its name for people where the value, made readable
    ("centaurs" -> "Centaurs", "true" -> "Yes"), does not say it.
    """

    name: str
    description: str
    default: str
    choices: tuple[str, ...] = ()  # empty: free-form, checked by the game
    named: tuple[tuple[str, Choice], ...] = ()

    def choice(self, value: str) -> Choice:
        """The name (and meaning) of ``value`` in player language."""
        for known, choice in self.named:
            if known == value:
                return choice
        readable = _READABLE.get(value) or value.replace("_", " ")
        return Choice(readable[:1].upper() + readable[1:])


@dataclass(frozen=True)
class SizeBounds:
    """Upper bounds of a game's sizes, for frameworks that need them up front (OpenSpiel's adapter).

    ``sampled_chance``: some chance steps have too many outcomes to list, so
    they are sampled rather than enumerated.
    """

    distinct_actions: int
    chance_outcomes: int
    game_length: int
    sampled_chance: bool = False


class State(abc.ABC):
    """One position of a game."""

    num_players: int

    @abc.abstractmethod
    def actors(self) -> Sequence[int]:
        """Seats that may act now: empty while a chance step is pending or when terminal."""

    @abc.abstractmethod
    def chance(self) -> ChanceStep | None:
        """The pending chance step, or ``None``."""

    @abc.abstractmethod
    def resolve_chance(self, outcome: Any) -> list[Event]:
        """Apply the outcome of the pending chance step (raises ``IllegalAction`` if impossible)."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> list[Any]:
        """The actions ``seat`` may take now (empty when it may not act)."""

    @abc.abstractmethod
    def apply(self, seat: int, action: Any) -> list[Event]:
        """Apply ``action`` for ``seat``; raises ``IllegalAction`` with a readable reason."""

    def apply_legal(self, seat: int, action: Any) -> list[Event]:
        """Apply an action just taken from this state's ``legal_actions(seat)``, without re-validating it.

        For callers that hold the legal list already (search, rollouts, arena
        players): validation recomputes that list, about a quarter of a
        search's time. Any other action is undefined behaviour, so untrusted
        input always goes through ``apply``. This default validates anyway;
        games override it with their unchecked path.
        """
        return self.apply(seat, action)

    @abc.abstractmethod
    def observe(self, seat: int | None) -> Any:
        """What ``seat`` may know (``None``: a spectator). Never the RNG or hidden decks."""

    @abc.abstractmethod
    def clone(self) -> State:
        """An independent deep copy (fast: search clones on every iteration)."""

    @abc.abstractmethod
    def is_terminal(self) -> bool: ...

    @abc.abstractmethod
    def scores(self) -> list[float]:
        """Final (or running) score per seat."""

    @abc.abstractmethod
    def ranking(self) -> list[int]:
        """Rank per seat (1 = first; tied seats share a rank), rulebook tie-breaks applied."""

    def result_text(self) -> str:
        """A one-line summary of a finished game in the game's own words; empty: the server's default."""
        return ""

    def action_by_id(self, seat: int, action_id: str) -> Any | None:
        """The legal action of ``seat`` with this id, or ``None``."""
        for action in self.legal_actions(seat):
            if action.id == action_id:
                return action
        return None


class Game(abc.ABC):
    """A game type: metadata, option validation, and state construction."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    schema_version: int = 1
    # Module implementing engine.core.wire.Wire for this game, e.g. "engine.tbbr_dice.wire".
    wire_module: str = ""
    # Module that registers this game's heuristic (and static evaluations) with the bots when
    # imported, e.g. "ai_players.heuristics.tbbr": named here, imported by the bots only (the engine
    # never imports it). Empty: the bots' generic one-ply lookahead.
    heuristic_module: str = ""
    bounds: SizeBounds = SizeBounds(distinct_actions=1024, chance_outcomes=216, game_length=10_000)

    def validate_options(self, players: int, options: Mapping[str, str]) -> dict[str, str]:
        """Options with defaults filled in; raises ``InvalidOptions`` with a precise message."""
        from engine.core.errors import InvalidOptions

        if not self.min_players <= players <= self.max_players:
            raise InvalidOptions(
                f"{self.name} takes {self.min_players}-{self.max_players} players, not {players}"
            )
        known = {spec.name: spec for spec in self.options}
        for key in options:
            if key not in known:
                raise InvalidOptions(
                    f"unknown option {key!r} for {self.name}; known: {', '.join(sorted(known)) or 'none'}"
                )
        resolved: dict[str, str] = {}
        for spec in self.options:
            value = options.get(spec.name, spec.default)
            if spec.choices and value not in spec.choices:
                raise InvalidOptions(f"option {spec.name}={value!r} is not one of {', '.join(spec.choices)}")
            resolved[spec.name] = value
        return resolved

    @abc.abstractmethod
    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """A fresh game; ``seed`` drives every hidden shuffle."""

    def new_state_with_events(
        self, players: int, options: Mapping[str, str], seed: int
    ) -> tuple[State, list[Event]]:
        """A fresh game and the events of its setup (e.g. private deals); by default it has none."""
        return self.new_state(players, options, seed), []

    @abc.abstractmethod
    def determinize(self, observation: Any, rng: Rng) -> State:
        """A full state consistent with ``observation``: hidden cards and RNG sampled from ``rng``."""

    @abc.abstractmethod
    def dump(self, state: State) -> bytes:
        """Serialise with a versioned schema (never pickle)."""

    @abc.abstractmethod
    def load(self, blob: bytes) -> State:
        """Inverse of ``dump``; raises ``ValueError`` on an unknown schema version."""
