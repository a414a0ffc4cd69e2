"""Events: what happened, and who may see it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.labels import player

SYSTEM_SEAT = -1


@dataclass(frozen=True)
class Event:
    """One thing that happened in a game.

    ``visible_to`` is ``None`` for public events, or the seats that may see
    it; the event log and every stream keep the same secrets as the views.
    ``seat`` is the acting seat, or ``SYSTEM_SEAT`` for chance and automata.
    ``payload`` holds JSON-compatible values only, so events can be stored.
    """

    kind: str
    label: str
    seat: int = SYSTEM_SEAT
    payload: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def visible_for(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = spectator) may see this event."""
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"k": self.kind, "l": self.label, "s": self.seat, "p": dict(self.payload)}
        if self.visible_to is not None:
            out["v"] = sorted(self.visible_to)
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Event:
        vis = data.get("v")
        return Event(
            kind=data["k"],
            label=data["l"],
            seat=data["s"],
            payload=data.get("p", {}),
            visible_to=None if vis is None else frozenset(vis),
        )


@dataclass(frozen=True)
class EventKind:
    """One kind of event a game emits, declared once: its machine ``kind`` and its label template.

    The template is ``str.format`` text over the payload and the extra ``words``
    given at emission, plus ``{player}``: the acting seat's stand-in name
    ("Player 2", see engine/core/labels.py), which the server swaps for the
    display name. Calling the declaration builds the ``Event``.
    """

    kind: str
    template: str

    def __call__(
        self,
        seat: int = SYSTEM_SEAT,
        payload: Mapping[str, Any] | None = None,
        visible_to: frozenset[int] | None = None,
        **words: Any,
    ) -> Event:
        details = {} if payload is None else payload
        label = self.template.format_map({"player": player(seat), **details, **words})
        return Event(self.kind, label, seat, details, visible_to)
