"""The contract of each game's ``wire`` module (``engine/<game>/wire.py``).

A wire module is the only engine code that imports protobuf: it maps engine
observations, actions and events to the per-game ``zythos.v1`` messages and
back. The server uses it to answer RPCs; bots use it to rebuild an engine
observation from the proto view alone. This protocol itself imports nothing
from protobuf, so the rules core stays protobuf-free.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.events import Event


class Wire(Protocol):
    # Name of the arm in GameView.view, Action.game and GameEvent.payload.
    oneof_field: str

    def view_to_proto(self, observation: Any) -> Any:
        """The per-game view message for an observation from ``State.observe``."""

    def view_from_proto(self, message: Any) -> Any:
        """The engine observation carried by a per-game view message (what bots use)."""

    def action_to_proto(self, action: Any) -> Any:
        """The per-game typed action message."""

    def action_from_proto(self, message: Any) -> Any:
        """The engine action for a typed action message; raises ``ValueError`` if malformed."""

    def event_to_proto(self, event: Event) -> Any | None:
        """The per-game typed event payload, or ``None`` for events with no typed payload."""
