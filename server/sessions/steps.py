"""One request's engine work: applying steps, rolling dice with the game's secret, ending the game.

A ``Step`` wraps a loaded state and its record; every action and every chance
outcome it applies bumps the game version and records the events with that
version, ready for the store's commit. Nothing here touches the store.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace

import orjson

from engine.core.errors import InvalidOptions
from engine.core.events import Event
from engine.core.game import Game, State
from engine.core.rng import Rng
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord, GameStatus
from server.store import NewEvent

# Events the server itself emits (not the engine): they have no typed per-game payload.
SERVER_EVENT_KINDS = frozenset(
    {"game_created", "player_joined", "player_left", "game_started", "player_resigned", "game_abandoned",
     "game_finished", "seat_taken_over", "seat_reclaimed", "rematch_created"}
)  # fmt: skip

# A chain of chance steps longer than this means an engine bug, not a game.
MAX_CHANCE_STEPS = 1000


def chance_rng(seed: int, counter: int) -> Rng:
    """The RNG for a game's ``counter``-th chance step: independent per step, secret with the seed."""
    digest = hashlib.blake2b(f"{seed}:{counter}".encode(), digest_size=8).digest()
    return Rng(int.from_bytes(digest, "big"))


def new_state(game: Game, players: int, options: dict[str, str], seed: int) -> tuple[State, list[Event]]:
    """A fresh state and its setup events (private deals)."""
    try:
        return game.new_state_with_events(players, options, seed)
    except InvalidOptions as exc:
        raise GameError(Reason.INVALID_OPTION, str(exc)) from None


def result_text(record: GameRecord, state: State) -> str:
    """The engine's own summary (``State.result_text``), else who won with how many points."""
    if text := state.result_text():
        return text
    ranking, scores = state.ranking(), state.scores()
    names = [seat.display_name or f"seat {n}" for n, seat in enumerate(record.seats)]
    winners = [n for n, rank in enumerate(ranking) if rank == 1]
    if not winners:  # e.g. a solo game lost to the automa
        return "No player wins: " + ", ".join(f"{names[n]} {_points(scores[n])}" for n in range(len(names)))
    best = _points(scores[winners[0]])
    if len(winners) == 1:
        return f"{names[winners[0]]} wins with {best}"
    return f"{' and '.join(names[n] for n in winners)} share first place with {best}"


def _points(score: float) -> str:
    return f"{score:g} point" + ("" if score == 1 else "s")


class Step:
    """The engine work of one request: version bumps, chance rolls and the events they emit."""

    def __init__(self, record: GameRecord, state: State) -> None:
        self.record = record
        self.state = state
        self.events: list[NewEvent] = []  # as stored: the JSON is written once, here
        self.engine_events: list[Event] = []  # the same events, so the answer needs no JSON decode
        self.chance_kinds: list[str] = []

    def note(self, events: Sequence[Event], *, advance: bool = True) -> None:
        if advance:
            self.record = self.record.evolve(version=self.record.version + 1)
        version = self.record.version
        self.events += [NewEvent(version, stored_json(e)) for e in events]
        self.engine_events += events

    def resolve_chance(self) -> None:
        """Roll every pending chance step with the game's secret seed."""
        for _ in range(MAX_CHANCE_STEPS):
            step = self.state.chance()
            if step is None or self.state.is_terminal():
                return
            rng = chance_rng(self.record.chance_seed, self.record.chance_counter)
            self.record = self.record.evolve(chance_counter=self.record.chance_counter + 1)
            self.chance_kinds.append(step.kind)
            self.note(self.state.resolve_chance(step.sample(rng)))
        raise RuntimeError(f"{self.record.game_type}: more than {MAX_CHANCE_STEPS} chance steps in a row")

    def start(self) -> None:
        """Seats are full: the start is version 1 (so a client can pin every playable version)."""
        self.record = replace(self.record, status=GameStatus.ACTIVE)
        self.note([Event("game_started", "The game starts")])
        self.resolve_chance()

    def finish_record(self) -> GameRecord:
        """The record with turn, scores and outcome taken from the state."""
        state, record = self.state, self.record
        if record.status is not GameStatus.ACTIVE:
            return record
        if not state.is_terminal():
            # No running scores: an engine's may count secrets (a met personal goal) before the end.
            return record.evolve(to_act=tuple(state.actors()))
        finished = replace(
            record,
            status=GameStatus.FINISHED,
            to_act=(),
            scores=tuple(float(s) for s in state.scores()),
            ranking=tuple(state.ranking()),
        )
        finished = replace(finished, result=result_text(finished, state))
        self.record = finished
        self.note([Event("game_finished", finished.result)], advance=False)
        return finished


def stored_json(event: Event) -> str:
    """An event as the log keeps it: compact JSON, without the payload when it is empty.

    ``Event.from_json`` reads a missing payload as empty; most events have none,
    and over a game's log the saved bytes add up.
    """
    data = event.to_json()
    if not data["p"]:
        del data["p"]
    # Non-string payload keys are written as strings, as json.dumps did (orjson refuses them by default).
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def joined(name: str, seat: int) -> Event:
    return Event("player_joined", f"{name} takes seat {seat}", seat)


def abandoned() -> Event:
    return Event("game_abandoned", "Every player left; the game is abandoned")
