"""One player's board and pieces, declared once (engine/core/fields.py): every field is public."""

from __future__ import annotations

from engine.core.fields import DeclaredRecord, public
from engine.tbbr.data import GRAND_PLACE, tracks

_CHEERS_LAST = len(tracks().cheers) - 1
_SUPPLY = tracks().visited_tokens


class Player(DeclaredRecord, view_name="PlayerView"):
    """Everything one player owns or has done; the kit derives its copy, snapshot and view."""

    location: str = public(lambda: GRAND_PLACE)
    time: int = public(int)  # spaces advanced on today's time track
    stack: int = public(int)  # height in the stack of discs: higher is on top
    done: bool = public(bool)  # disc on the last space of the day
    asleep: bool = public(bool)  # fell asleep today
    camped: bool = public(bool)  # camped tonight
    tasted: int = public(int)  # Tasted Beers track
    breath: int = public(int)  # Breathalyzer level
    cheers: int = public(int)  # Cheers track: toasts made, up to its last level
    cheese: int = public(int)  # Cheese track: cheeses in the backpack
    cheese_tokens: int = public(int)  # tokens beside the cheese track's last space
    beers: list[int] = public(lambda: [0, 0, 0, 0], copy="list")  # Transported Beer Tokens by colour
    visited: set[str] = public(set, copy="set")  # breweries with this player's Visited Brewery Token
    discs: int = public(int)  # First Visitor Discs
    coasters: int = public(int)  # Coaster Tokens
    bonus: list[int] = public(lambda: [0, 0, 0, 0], copy="list")  # positioning, designer, cardinal, trappist
    objectives: list[str] = public(list, copy="list")  # claimed cards, in order
    score: int = public(int)  # the Scoring Track: daily scorings, less the latecomer penalty
    penalty: int = public(int)  # VP lost as a latecomer at the end of the game
    bought_here: bool = public(bool)  # once-per-visit flags
    tasted_here: bool = public(bool)
    bike_streak: int = public(int)  # consecutive bicycle TU not yet turned into a Breathalyzer step
    hitch_dest: str = public(str)  # "+1/+2 dice" token: destination of the failed hitchhiking attempt
    hitch_extra: int = public(int)  # extra dice for the next attempt to hitch_dest
    gp_arrival: int = public(
        lambda: -1
    )  # last day: when it reached the Grand Place, a sort key; -1: not there

    @property
    def backpack(self) -> int:
        return sum(self.beers)

    @property
    def cheers_tokens(self) -> int:
        """The token beside the Cheers track: added when the cube reached its last level (it never
        goes down, so there is at most one) if a Visited Brewery Token was left. No token ever
        comes back, so "none left then" is "the others already use the whole supply"."""
        return int(self.cheers >= _CHEERS_LAST and len(self.visited) + self.cheese_tokens < _SUPPLY)

    @property
    def tokens_left(self) -> int:
        """Visited Brewery Tokens still in the player's supply."""
        return _SUPPLY - len(self.visited) - self.cheese_tokens - self.cheers_tokens
