"""Which waiting tickets of one pool make a game now: a pure function of the tickets and the time.

Oldest first, each ticket (the anchor) takes the tickets whose rating is
within reach, closest first; the reach (a gap in OpenSkill mu) is
``window.base`` for a new ticket and widens by ``window.per_second`` for
every second it has waited, and two tickets are within reach when either
one's reach covers their gap. A full table makes a game. Short of one, an
anchor whose ``bot_fill_after`` has passed gets a game with what it has
(the reachable tickets that accept bots) and bots in the other seats. One
player's tickets never share a table: a player queued twice is not matched
against themself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Window:
    """How far apart two ratings may be: ``base`` at first, wider by ``per_second`` while waiting."""

    base: float
    per_second: float

    def reach(self, waited: float) -> float:
        return self.base + self.per_second * max(0.0, waited)


@dataclass(frozen=True)
class Waiting:
    """A ticket as the matcher sees it."""

    ticket_id: str
    since_ms: int
    rating: float
    bot_fill_after: float  # seconds; 0: never
    player_id: str = ""  # "": anonymous


@dataclass(frozen=True)
class Group:
    """Tickets that make one game, and how many seats bots fill."""

    ticket_ids: tuple[str, ...]
    bots: int


def groups(waiting: Sequence[Waiting], players: int, now_ms: int, window: Window) -> list[Group]:
    """The games to make now from one pool's tickets (given oldest first)."""
    left = list(waiting)
    made: list[Group] = []
    while left:
        anchor, others = left[0], left[1:]
        close = _distinct_players(anchor, _within_reach(anchor, others, now_ms, window))
        if len(close) >= players - 1:
            table = [anchor, *close[: players - 1]]
        elif _bot_fill_due(anchor, now_ms):
            table = [anchor, *[t for t in close if t.bot_fill_after > 0][: players - 1]]
        else:
            left.remove(anchor)
            continue
        made.append(Group(tuple(t.ticket_id for t in table), players - len(table)))
        left = [t for t in left if t not in table]
    return made


def _waited(ticket: Waiting, now_ms: int) -> float:
    return (now_ms - ticket.since_ms) / 1000


def _bot_fill_due(ticket: Waiting, now_ms: int) -> bool:
    return ticket.bot_fill_after > 0 and _waited(ticket, now_ms) >= ticket.bot_fill_after


def _distinct_players(anchor: Waiting, close: Sequence[Waiting]) -> list[Waiting]:
    """``close`` without a second ticket of a player already there (the anchor's or an earlier one's)."""
    seen = {anchor.player_id}
    kept = []
    for ticket in close:
        if not ticket.player_id or ticket.player_id not in seen:
            kept.append(ticket)
            seen.add(ticket.player_id)
    return kept


def _within_reach(anchor: Waiting, others: Sequence[Waiting], now_ms: int, window: Window) -> list[Waiting]:
    """The others the anchor may play with, closest rating first (then the longest waiting)."""
    reach = window.reach(_waited(anchor, now_ms))

    def gap(other: Waiting) -> float:
        return abs(other.rating - anchor.rating)

    close = [t for t in others if gap(t) <= max(reach, window.reach(_waited(t, now_ms)))]
    return sorted(close, key=lambda t: (gap(t), t.since_ms))
