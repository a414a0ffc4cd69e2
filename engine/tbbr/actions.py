"""The moves of The Belgian Beers Race: small frozen values with a canonical id.

Every decision is one small step: a move and its destination, then (when a rule
asks for it) one beer at a time, one objective card at a time. ``id`` is a
compact canonical string; ``label`` is the text a generic client shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.tbbr.data import COLOURS, MODES, board, cards

_MODE_CODES = {"bicycle": "b", "transport": "t", "hitchhiking": "h"}
_MODE_WORDS = {"bicycle": "by bicycle", "transport": "by public transport", "hitchhiking": "hitchhiking"}
_COLOUR_WORDS = ("blonde (yellow)", "brown", "Trappist (red)", "stout (black)")


def _name(place: str) -> str:
    return board().places[place].name


@dataclass(frozen=True)
class ChooseStart:
    """Shorter game: pick the starting brewery."""

    place: str

    @property
    def id(self) -> str:
        return f"start:{self.place}"

    @property
    def label(self) -> str:
        return f"Start the race at {_name(self.place)}"


@dataclass(frozen=True)
class Move:
    """Travel to a neighbouring place by one of the three means of transport."""

    mode: str
    dest: str

    @property
    def id(self) -> str:
        return f"move:{_MODE_CODES[self.mode]}:{self.dest}"

    @property
    def label(self) -> str:
        return f"Go to {_name(self.dest)} {_MODE_WORDS[self.mode]}"


@dataclass(frozen=True)
class PayDriver:
    """Hitchhike to ``dest`` for sure by giving the driver 2 beers per TU of the road."""

    dest: str

    @property
    def id(self) -> str:
        return f"pay:{self.dest}"

    @property
    def label(self) -> str:
        return f"Hitchhike to {_name(self.dest)}, paying the driver with beers"


@dataclass(frozen=True)
class Buy:
    """Buy a pack of beers (1 TU), with or without one cheese; or a cheese alone."""

    beers: bool = True
    cheese: bool = False

    @property
    def id(self) -> str:
        return "buy" + ("+cheese" if self.cheese else "") if self.beers else "buy:cheese"

    @property
    def label(self) -> str:
        if not self.beers:
            return "Buy a cheese (backpack full)"
        return "Buy a pack of beers" + (" and a cheese" if self.cheese else "")


@dataclass(frozen=True)
class Taste:
    """Taste the brewery's beer (1 TU)."""

    @property
    def id(self) -> str:
        return "taste"

    @property
    def label(self) -> str:
        return "Taste a beer here"


@dataclass(frozen=True)
class EatCheese:
    """Eat a cheese from the backpack: the Breathalyzer goes down 1 (no TU)."""

    @property
    def id(self) -> str:
        return "eat"

    @property
    def label(self) -> str:
        return "Eat a cheese"


@dataclass(frozen=True)
class Camp:
    """End the day here, converting carried beers into tasted beers at 1 TU each."""

    @property
    def id(self) -> str:
        return "camp"

    @property
    def label(self) -> str:
        return "Camp here for the night"


@dataclass(frozen=True)
class FinishRace:
    """Last day, on the Grand Place: stop there and end the race."""

    @property
    def id(self) -> str:
        return "finish"

    @property
    def label(self) -> str:
        return "Stay on the Grand Place until the end of the race"


@dataclass(frozen=True)
class Claim:
    """Take an accessible objective card whose condition is met."""

    card: str

    @property
    def id(self) -> str:
        return f"claim:{self.card}"

    @property
    def label(self) -> str:
        card = cards()[self.card]
        return f"Claim objective {card.id}: {card.text} ({card.vp} VP)"


@dataclass(frozen=True)
class EndTurn:
    """Let the turn pass without claiming (more) objectives."""

    @property
    def id(self) -> str:
        return "end"

    @property
    def label(self) -> str:
        return "End the turn"


@dataclass(frozen=True)
class Beer:
    """The beer colour picked in the pending step: to pay, offer, taste or convert."""

    colour: int

    @property
    def id(self) -> str:
        return f"beer:{COLOURS[self.colour]}"

    @property
    def label(self) -> str:
        return f"A {_COLOUR_WORDS[self.colour]} beer"


@dataclass(frozen=True)
class Stop:
    """Stop tasting on board, stop converting beers while camping, or go to bed without eating."""

    @property
    def id(self) -> str:
        return "stop"

    @property
    def label(self) -> str:
        return "Stop"


@dataclass(frozen=True)
class Bottle:
    """Crossing a bottle token: flip it and remove this accessible objective card."""

    card: str

    @property
    def id(self) -> str:
        return f"bottle:{self.card}"

    @property
    def label(self) -> str:
        return f"Break the bottle: remove objective {self.card}"


@dataclass(frozen=True)
class KeepBottle:
    """Crossing a bottle token: leave it as it is."""

    @property
    def id(self) -> str:
        return "keep"

    @property
    def label(self) -> str:
        return "Leave the bottle filled"


@dataclass(frozen=True)
class Redeem:
    """A toast is about to put you to sleep: eat a cheese to stay awake, or fall asleep."""

    eat: bool

    @property
    def id(self) -> str:
        return "redeem:eat" if self.eat else "redeem:sleep"

    @property
    def label(self) -> str:
        return "Eat the redeeming cheese" if self.eat else "Fall asleep"


TbbrAction = (
    ChooseStart
    | Move
    | PayDriver
    | Buy
    | Taste
    | EatCheese
    | Camp
    | FinishRace
    | Claim
    | EndTurn
    | Beer
    | Stop
    | Bottle
    | KeepBottle
    | Redeem
)

__all__ = [
    "MODES",
    "Beer",
    "Bottle",
    "Buy",
    "Camp",
    "ChooseStart",
    "Claim",
    "EatCheese",
    "EndTurn",
    "FinishRace",
    "KeepBottle",
    "Move",
    "PayDriver",
    "Redeem",
    "Stop",
    "Taste",
    "TbbrAction",
]
