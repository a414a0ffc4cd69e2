"""Golden replays: play, record and replay whole games at the engine level, byte for byte.

Shared by ``scripts/record_goldens.py`` (which writes ``tests/golden/data/<game>.json.gz``)
and ``tests/golden/test_golden_replays.py`` (which replays them), so both sides agree on the
configurations, the step encoding and the canonical event-log serialization.

A recorded game keeps what a replay needs (deal seed, options, every step) and what it must
reproduce (the sha256 of the event log, scores, ranking). A step is ``["a", seat, action id]``
or ``["c", outcome]`` (a chance outcome as JSON: tuples become lists). The event log is every
event the engine emits, all seats, setup events first: one canonical line per event,
``[step, event.to_json()]`` with sorted keys, where step 0 is the setup and step k the k-th
recorded step, so an event that moves to another step changes the hash too.
"""

from __future__ import annotations

import gzip
import hashlib
import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from engine.core import registry
from engine.core.events import Event
from engine.core.game import Game
from engine.core.rng import Rng
from server.domain.errors import GameError
from server.sessions.steps import new_state  # as a served game starts: with its setup events (private deals)

DATA_DIR = Path(__file__).resolve().parent / "data"
FORMAT = 1
GAMES_PER_CONFIG = 50
FULL_LOGS_PER_CONFIG = 2  # games per configuration whose whole event log is stored, for diagnosis
MAX_STEPS = 50_000  # a longer game means an engine bug

_CANONICAL = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS

Step = list[Any]  # ["a", seat, action_id] | ["c", outcome]


@dataclass(frozen=True)
class Config:
    """One (game type, player count, option set) recorded together."""

    game: str
    players: int
    options: Mapping[str, str]  # every option, defaults filled in

    @property
    def key(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}/{self.players}p/{opts or 'no options'}"


@dataclass
class Played:
    """One game as recorded: what a replay feeds in and what it must reproduce."""

    seed: int
    steps: list[Step]
    log: list[str]  # canonical event lines
    scores: list[float]
    ranking: list[int]

    @property
    def sha256(self) -> str:
        return log_sha256(self.log)


MAX_ENUMERATED_CHOICES = 4  # an option with more (a seat's race, one of 20) stays at its default


def option_sets(game: Game) -> list[dict[str, str]]:
    """Every combination of the game's enumerated options (free-form ones stay at their default).

    The current games have at most three on/off variants, so the full product is cheap and
    covers each variant alone and combined; a game later rejects the sets it cannot play. An
    option with many choices is a pick, not a variant (Dragon Brew's race per seat: 20^4 sets),
    so it stays at its default too, as a free-form one does.
    """
    choices = [
        spec.choices if 0 < len(spec.choices) <= MAX_ENUMERATED_CHOICES else (spec.default,)
        for spec in game.options
    ]
    names = [spec.name for spec in game.options]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*choices)]


def configurations() -> list[Config]:
    """Every registered game type x supported player count x playable option set."""
    configs = []
    for game in registry.all_games():
        for players in range(game.min_players, game.max_players + 1):
            for options in option_sets(game):
                try:
                    new_state(game, players, options, 0)  # raises GameError on options it refuses
                except GameError:  # e.g. the dice game's mixed goals in the solo mode
                    continue
                configs.append(Config(game.name, players, game.validate_options(players, options)))
    return configs


def event_lines(step: int, events: list[Event]) -> list[str]:
    """The canonical serialization of the events one step emitted."""
    return [orjson.dumps([step, event.to_json()], option=_CANONICAL).decode() for event in events]


def log_sha256(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def outcome_from_json(value: Any) -> Any:
    """A chance outcome read back from JSON: arrays are tuples again, as the engines sample them."""
    if isinstance(value, list):
        return tuple(outcome_from_json(v) for v in value)
    return value


def play(config: Config, seed: int) -> Played:
    """A random game: uniform choice of acting seat and legal action, chance sampled, all seeded.

    The choice RNG is derived from the configuration and the seed, so every configuration plays
    different games even from the same deal seed.
    """
    game = registry.get(config.game)
    state, setup = new_state(game, config.players, dict(config.options), seed)
    digest = hashlib.blake2b(f"{config.key}:{seed}".encode(), digest_size=8).digest()
    rng = Rng(int.from_bytes(digest, "big"))
    steps: list[Step] = []
    log = event_lines(0, setup)
    while not state.is_terminal():
        if len(steps) >= MAX_STEPS:
            raise RuntimeError(f"{config.key} seed {seed}: the game does not end")
        chance = state.chance()
        if chance is not None:
            outcome = chance.sample(rng)
            events = state.resolve_chance(outcome)
            steps.append(["c", outcome])
        else:
            actors = state.actors()
            seat = actors[rng.randrange(len(actors))]
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            events = state.apply(seat, action)
            steps.append(["a", seat, action.id])
        log += event_lines(len(steps), events)
    return Played(seed, steps, log, list(state.scores()), list(state.ranking()))


class ReplayError(AssertionError):
    """A recorded step that the engine no longer accepts."""


def replay(config: Config, seed: int, steps: list[Step]) -> Played:
    """Feed the recorded steps to a fresh state through the validated ``apply`` and ``resolve_chance``."""
    game = registry.get(config.game)
    state, setup = new_state(game, config.players, dict(config.options), seed)
    log = event_lines(0, setup)
    for n, step in enumerate(steps, start=1):
        where = f"{config.key} seed {seed} step {n}"
        if state.is_terminal():
            raise ReplayError(f"{where}: the game ended early")
        if step[0] == "c":
            if state.chance() is None:
                raise ReplayError(f"{where}: a chance outcome was recorded but seats {state.actors()} act")
            events = state.resolve_chance(outcome_from_json(step[1]))
        else:
            _, seat, action_id = step
            action = state.action_by_id(seat, action_id)
            if action is None:
                legal = [a.id for a in state.legal_actions(seat)]
                raise ReplayError(f"{where}: {action_id!r} is not legal for seat {seat}; legal: {legal}")
            events = state.apply(seat, action)
        log += event_lines(n, events)
    if not state.is_terminal():
        raise ReplayError(f"{config.key} seed {seed}: the game is not over after the recorded steps")
    return Played(seed, steps, log, list(state.scores()), list(state.ranking()))


def seeds(games: int) -> range:
    """The deal seeds of one configuration's games (the same for every configuration)."""
    return range(1, games + 1)


def record_config(config: Config, games: int) -> dict[str, Any]:
    records = []
    for index, seed in enumerate(seeds(games)):
        played = play(config, seed)
        entry: dict[str, Any] = {
            "seed": seed,
            "steps": played.steps,
            "events_sha256": played.sha256,
            "events_count": len(played.log),
            "scores": played.scores,
            "ranking": played.ranking,
        }
        if index < FULL_LOGS_PER_CONFIG:
            entry["events"] = played.log
        records.append(entry)
    return {"players": config.players, "options": dict(config.options), "games": records}


def data_path(game: str, directory: Path = DATA_DIR) -> Path:
    return directory / f"{game}.json.gz"


def encode(game: str, configs: list[dict[str, Any]]) -> bytes:
    """Deterministic bytes: sorted keys, and a gzip header without a timestamp or a file name."""
    body = orjson.dumps({"format": FORMAT, "game": game, "configs": configs}, option=_CANONICAL)
    return gzip.compress(body, compresslevel=9, mtime=0)


def load(game: str, directory: Path = DATA_DIR) -> dict[str, Any]:
    data: dict[str, Any] = orjson.loads(gzip.decompress(data_path(game, directory).read_bytes()))
    if data.get("format") != FORMAT:
        raise ValueError(f"{data_path(game, directory)}: format {data.get('format')}, expected {FORMAT}")
    return data


def recorded() -> Iterator[tuple[Config, list[dict[str, Any]]]]:
    """Every recorded configuration with its games, read from the data files."""
    for game in registry.all_games():
        path = data_path(game.name)
        if not path.exists():
            continue
        for entry in load(game.name)["configs"]:
            yield Config(game.name, entry["players"], entry["options"]), entry["games"]
