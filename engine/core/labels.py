"""Player-language labels: how the engines name seats, and how the server puts display names in.

Engines know no display names, so every label names a seat as ``player(seat)``:
"Player 2" for seat 1 (seats are 0-based in code, 1-based wherever a person
reads them). The server swaps each "Player N" for that seat's display name
(``with_names``) on the way out, so stored events stay name-free and a seat
renamed later reads right.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

_PLAYER = re.compile(r"\bPlayer (\d+)\b")


def player(seat: int) -> str:
    """The stand-in name of ``seat`` in engine labels ("Player 1" for seat 0)."""
    return "The game" if seat < 0 else f"Player {seat + 1}"  # -1: chance, automata, the system


def players(seats: Iterable[int]) -> str:
    """Several seats in one phrase: "Player 1, Player 3 and Player 4"."""
    return listing(player(s) for s in seats)


def listing(items: Iterable[str]) -> str:
    """Items joined as a sentence says them: "a, b and c"."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(count: int, noun: str, many: str = "") -> str:
    """ "1 beer", "3 beers" (``many`` when the plural is not ``noun`` + "s")."""
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with each "Player N" replaced by seat N-1's display name, where it has one."""
    if "Player " not in text:
        return text

    def name(match: re.Match[str]) -> str:
        n = int(match.group(1)) - 1
        return names[n] if 0 <= n < len(names) and names[n] else match.group(0)

    return _PLAYER.sub(name, text)
