"""One player's board and pieces: a plain mutable record with a fast copy."""

from __future__ import annotations

from typing import Any

from engine.tbbr.data import GRAND_PLACE, tracks

_CHEERS_LAST = len(tracks().cheers) - 1
_SUPPLY = tracks().visited_tokens


class Player:
    """Everything one player owns or has done; every field is public."""

    __slots__ = (
        "asleep",
        "beers",
        "bike_streak",
        "bonus",
        "bought_here",
        "breath",
        "camped",
        "cheers",
        "cheese",
        "cheese_tokens",
        "coasters",
        "discs",
        "done",
        "gp_arrival",
        "hitch_dest",
        "hitch_extra",
        "location",
        "objectives",
        "penalty",
        "score",
        "stack",
        "tasted",
        "tasted_here",
        "time",
        "visited",
    )

    def __init__(self) -> None:
        self.location = GRAND_PLACE
        self.time = 0  # spaces advanced on today's time track
        self.stack = 0  # height in the stack of discs: higher is on top
        self.done = False  # disc on the last space of the day
        self.asleep = False  # fell asleep today
        self.camped = False  # camped tonight
        self.tasted = 0  # Tasted Beers track
        self.breath = 0  # Breathalyzer level
        self.cheers = 0  # Cheers track: toasts made, up to its last level
        self.cheese = 0  # Cheese track: cheeses in the backpack
        self.cheese_tokens = 0  # tokens beside the cheese track's last space
        self.beers = [0, 0, 0, 0]  # Transported Beer Tokens by colour
        self.visited: set[str] = set()  # breweries with this player's Visited Brewery Token
        self.discs = 0  # First Visitor Discs
        self.coasters = 0  # Coaster Tokens
        self.bonus = [0, 0, 0, 0]  # positioning, designer, cardinal, trappist
        self.objectives: list[str] = []  # claimed cards, in order
        self.score = 0  # the Scoring Track: daily scorings, less the latecomer penalty
        self.penalty = 0  # VP lost as a latecomer at the end of the game
        self.bought_here = False  # once-per-visit flags
        self.tasted_here = False
        self.bike_streak = 0  # consecutive bicycle TU not yet turned into a Breathalyzer step
        self.hitch_dest = ""  # "+1/+2 dice" token: destination of the failed hitchhiking attempt
        self.hitch_extra = 0  # extra dice for the next attempt to hitch_dest
        self.gp_arrival = -1  # last day: when it reached the Grand Place, a sort key; -1: not there

    def copy(self) -> Player:
        other = Player.__new__(Player)
        other.asleep = self.asleep
        other.beers = self.beers[:]
        other.bike_streak = self.bike_streak
        other.bonus = self.bonus[:]
        other.bought_here = self.bought_here
        other.breath = self.breath
        other.camped = self.camped
        other.cheers = self.cheers
        other.cheese = self.cheese
        other.cheese_tokens = self.cheese_tokens
        other.coasters = self.coasters
        other.discs = self.discs
        other.done = self.done
        other.gp_arrival = self.gp_arrival
        other.hitch_dest = self.hitch_dest
        other.hitch_extra = self.hitch_extra
        other.location = self.location
        other.objectives = self.objectives[:]
        other.penalty = self.penalty
        other.score = self.score
        other.stack = self.stack
        other.tasted = self.tasted
        other.tasted_here = self.tasted_here
        other.time = self.time
        other.visited = set(self.visited)
        return other

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

    def to_json(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in Player.__slots__}
        out["visited"] = sorted(self.visited)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> Player:
        player = Player()
        for name in Player.__slots__:
            setattr(player, name, data[name])
        player.beers = list(data["beers"])
        player.bonus = list(data["bonus"])
        player.visited = set(data["visited"])
        player.objectives = list(data["objectives"])
        return player
