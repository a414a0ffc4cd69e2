"""The replica's memory of games it served: the last committed state of each, bounded LRU.

A submission starts from the entry instead of loading the game from the
store, so a move costs one store round trip (the commit). This is safe with
several replicas because the cache can only be behind the store, never ahead
of it (an entry is only ever a state the store holds or held at that
revision), and every write is still a compare-and-set on the revision: a
stale entry makes the commit conflict, and the caller reloads.

An entry keeps the engine state as its snapshot, the bytes the store holds,
and each use decodes a fresh state from it (7-18 µs for the four games).
Kept as live objects, 10,000 games were millions of objects that Python's
cyclic garbage collector walked again and again as moves replaced them: a
third more CPU per call and a p99 ten times higher at 10,000 games played at
once (docs/PERFORMANCE.md, "Games played at once"). Bytes are not tracked by
the collector, and a decoded state is the caller's own, so a failure
half-way through a move leaves nothing half-applied in the cache.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from engine.core import registry
from engine.core.game import State
from server.domain.records import GameRecord
from server.sessions.answers import Answers

# Games remembered per replica; at a few KB each (snapshot, record, answers), 10k games are tens of MB.
DEFAULT_SIZE = 10_000


@dataclass(frozen=True)
class Cached:
    """A game as committed at ``revision``: record, engine snapshot and recent answers."""

    record: GameRecord
    blob: bytes  # the engine state's snapshot, as stored
    revision: int
    answers: Answers

    def state(self) -> State:
        """The engine state at this revision, decoded afresh: the caller's own to read or change."""
        return registry.get(self.record.game_type).load(self.blob)


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
