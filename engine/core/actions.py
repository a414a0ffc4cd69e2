"""Actions declared once: each action class names its kind, its label template and its targets.

A game's action is a small frozen dataclass; subclassing ``Declared`` and
setting three class attributes gives it what every client needs, derived here
rather than written per action:

- ``kind``: a stable machine name ("travel", "draft_card") a client groups by;
- ``template``: the label in player language, ``str.format`` text over the
  action's fields and whatever ``words()`` adds (names looked up, costs);
- ``target_fields``: the fields naming the board elements it acts on (a place,
  a card, a die), which become ``targets`` by the ids the view uses.

Seats in a label are ``engine.core.labels.player(seat)`` ("Player 2"); the
server puts display names in.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar


class Declared:
    """Mixin for a frozen action dataclass: ``label`` and ``targets`` derived from the declaration."""

    kind: ClassVar[str]
    template: ClassVar[str]
    target_fields: ClassVar[tuple[str, ...]] = ()

    def words(self) -> dict[str, Any]:
        """What the template may name: the fields, plus what a game adds (override and extend)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    @property
    def label(self) -> str:
        return self.template.format_map(self.words())

    @property
    def targets(self) -> tuple[str, ...]:
        return tuple(str(getattr(self, name)) for name in self.target_fields)
