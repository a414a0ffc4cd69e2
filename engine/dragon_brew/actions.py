"""Dragon Brew's one action type: a kind and an argument, its id stable, its label readable.

Every decision of the game (a draft, a brewer's assignment, each grain taken, each recipe added
to a beer) is one ``Move``; multi-part choices are taken one part at a time (see choices.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Move:
    """``kind`` (``draft``, ``assign``, ``take``, ...) and ``arg`` make the id; ``text`` is the label."""

    kind: str
    arg: str = ""
    text: str = field(default="", compare=False, hash=False)

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.arg}" if self.arg else self.kind

    @property
    def label(self) -> str:
        return self.text or self.id
