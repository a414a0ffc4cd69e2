"""How long a bot may think when its game has a turn clock: a bounded share of the time it has left.

The server runs a clock for every seat a bot plays from the start
(``server.sessions.turn_clocks``) and shows it on the seat: when its turn
time ends (``turn_deadline``) and what is left of its reserve. A decision
takes at most half of the turn time left plus a tenth of the reserve, less a
margin for reading the view and sending the move, and never more than the
level's own time limit. The level's iteration budget still stops it first
when that comes sooner, so a clock only ever shortens a search: the level
plays as calibrated whenever its clock is generous. Each decision spends at
most a tenth of what is left of the reserve, so the reserve is never spent.
"""

from __future__ import annotations

TURN_SHARE = 0.5  # of the turn time left
RESERVE_SHARE = 0.1  # of the reserve left
MARGIN = 0.15  # seconds kept for the round trips around a search (view, process pool, move)
FLOOR = 0.02  # seconds: a search always gets this long (it runs at least one iteration anyway)


def decision_seconds(level_limit: float | None, turn_left: float, reserve_left: float) -> float:
    """The wall time one decision may take, given what is left of the turn and of the reserve."""
    allowed = TURN_SHARE * max(0.0, turn_left) + RESERVE_SHARE * max(0.0, reserve_left) - MARGIN
    if level_limit is not None:
        allowed = min(allowed, level_limit)
    return max(FLOOR, allowed)
