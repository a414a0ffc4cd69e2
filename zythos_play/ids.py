"""Game ids as a person reads and types them: the shortest prefix that tells the listed games apart.

A game id is 20 hex characters, creation milliseconds first (server/sessions/lifecycle.py), so
games opened within the same minute share their first eight characters: a fixed-length prefix
names several games at once. The lobby shows each id as long as it must be to be unique among
those it lists, and a typed prefix picks a game only when exactly one listed id starts with it.
"""

from __future__ import annotations

from collections.abc import Iterable

SHORTEST = 8


def short_ids(ids: Iterable[str], shortest: int = SHORTEST) -> dict[str, str]:
    """Each id's shortest prefix (at least ``shortest`` characters) that no other listed id shares."""
    listed = sorted(set(ids))
    short: dict[str, str] = {}
    for at, game_id in enumerate(listed):
        neighbours = listed[max(0, at - 1) : at] + listed[at + 1 : at + 2]
        common = max((_common(game_id, other) for other in neighbours), default=0)
        short[game_id] = game_id[: max(shortest, common + 1)]
    return short


def _common(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def matching(prefix: str, ids: Iterable[str]) -> list[str]:
    """The listed ids that start with ``prefix`` (case and surrounding blanks ignored), sorted."""
    typed = prefix.strip().lower()
    return sorted({game_id for game_id in ids if typed and game_id.lower().startswith(typed)})
