"""The replica's memory of games it served: the last committed state of each, bounded LRU.

A submission starts from the entry instead of loading and decoding the game
from the store, so a move costs one store round trip (the commit). This is
safe with several replicas because the cache can only be behind the store,
never ahead of it (an entry is only ever a state the store holds or held at
that revision), and every write is still a compare-and-set on the revision:
a stale entry makes the commit conflict, and the caller reloads.

Engine states are mutable: a caller ``take``s the entry out before applying
a move to its state and ``put``s the result back after the commit, so a
failure half-way never leaves a half-applied state behind.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from engine.core.game import State
from server.answers import Answers
from server.records import GameRecord

# Games remembered per replica; at a few KB of live state each, 10k games are some tens of MB.
DEFAULT_SIZE = 10_000


@dataclass(frozen=True)
class Cached:
    """A game as committed at ``revision``: record, live engine state and recent answers."""

    record: GameRecord
    state: State
    revision: int
    answers: Answers


class StateCache:
    """Least recently used games first out once ``size`` is reached (0 disables the cache)."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self._size = size
        self._entries: OrderedDict[str, Cached] = OrderedDict()

    def peek(self, game_id: str) -> Cached | None:
        """The entry, left in place: for reading only (never mutate its state)."""
        return self._entries.get(game_id)

    def take(self, game_id: str) -> Cached | None:
        """The entry, removed: the caller owns its state until it ``put``s one back."""
        return self._entries.pop(game_id, None)

    def put(self, game_id: str, entry: Cached) -> None:
        if self._size <= 0:
            return
        self._entries[game_id] = entry
        self._entries.move_to_end(game_id)
        while len(self._entries) > self._size:
            self._entries.popitem(last=False)

    def drop(self, game_id: str) -> None:
        self._entries.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._entries)
