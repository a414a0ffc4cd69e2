"""The moves of The Belgian Beers Race: small frozen values with a canonical id.

Every decision is one small step: a move and its destination, then (when a rule
asks for it) one beer at a time, one objective card at a time. ``id`` is a
compact canonical string; ``label`` is the text a generic client shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.actions import Declared
from engine.tbbr.data import COLOURS, MODES, board, cards

_MODE_CODES = {"bicycle": "b", "transport": "t", "hitchhiking": "h"}
_MODE_WORDS = {"bicycle": "by bicycle", "transport": "by public transport", "hitchhiking": "hitchhiking"}
_COLOUR_WORDS = ("blonde (yellow)", "brown", "Trappist (red)", "stout (black)")


def _name(place: str) -> str:
    return board().places[place].name


class _Action(Declared):
    """A tbbr action: its template may also name ``{place_name}``, ``{card_text}``, ``{vp}``,
    ``{colour_word}`` and ``{mode_word}``, looked up from its fields."""

    def words(self) -> dict[str, Any]:
        words = super().words()
        place = words.get("dest", words.get("place"))
        if place is not None:
            words["place_name"] = _name(place)
        if "card" in words:
            card = cards()[words["card"]]
            words["card_text"], words["vp"] = card.text, card.vp
        if "colour" in words:
            words["colour_word"] = _COLOUR_WORDS[words["colour"]]
        if "mode" in words:
            words["mode_word"] = _MODE_WORDS[words["mode"]]
        return words


@dataclass(frozen=True)
class ChooseStart(_Action):
    """Shorter game: pick the starting brewery."""

    kind: ClassVar[str] = "choose_start"
    template: ClassVar[str] = "Start the race at {place_name}"
    target_fields = ("place",)

    place: str

    @property
    def id(self) -> str:
        return f"start:{self.place}"


@dataclass(frozen=True)
class Move(_Action):
    """Travel to a neighbouring place by one of the three means of transport."""

    kind: ClassVar[str] = "travel"
    template: ClassVar[str] = "Go to {place_name} {mode_word}"
    target_fields = ("dest",)

    mode: str
    dest: str

    @property
    def id(self) -> str:
        return f"move:{_MODE_CODES[self.mode]}:{self.dest}"


@dataclass(frozen=True)
class PayDriver(_Action):
    """Hitchhike to ``dest`` for sure by giving the driver 2 beers per TU of the road."""

    kind: ClassVar[str] = "pay_driver"
    template: ClassVar[str] = "Hitchhike to {place_name}, paying the driver with beers"
    target_fields = ("dest",)

    dest: str

    @property
    def id(self) -> str:
        return f"pay:{self.dest}"


@dataclass(frozen=True)
class Buy(_Action):
    """Buy a pack of beers (1 TU), with or without one cheese; or a cheese alone."""

    kind: ClassVar[str] = "buy"

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
class Taste(_Action):
    """Taste the brewery's beer (1 TU)."""

    kind: ClassVar[str] = "taste"
    template: ClassVar[str] = "Taste a beer here"

    @property
    def id(self) -> str:
        return "taste"


@dataclass(frozen=True)
class EatCheese(_Action):
    """Eat a cheese from the backpack: the Breathalyzer goes down 1 (no TU)."""

    kind: ClassVar[str] = "eat_cheese"
    template: ClassVar[str] = "Eat a cheese"

    @property
    def id(self) -> str:
        return "eat"


@dataclass(frozen=True)
class Camp(_Action):
    """End the day here, converting carried beers into tasted beers at 1 TU each."""

    kind: ClassVar[str] = "camp"
    template: ClassVar[str] = "Camp here for the night"

    @property
    def id(self) -> str:
        return "camp"


@dataclass(frozen=True)
class FinishRace(_Action):
    """Last day, on the Grand Place: stop there and end the race."""

    kind: ClassVar[str] = "finish"
    template: ClassVar[str] = "Stay on the Grand Place until the end of the race"

    @property
    def id(self) -> str:
        return "finish"


@dataclass(frozen=True)
class Claim(_Action):
    """Take an accessible objective card whose condition is met."""

    kind: ClassVar[str] = "claim"
    template: ClassVar[str] = 'Claim the objective "{card_text}" ({vp} VP)'
    target_fields = ("card",)

    card: str

    @property
    def id(self) -> str:
        return f"claim:{self.card}"


@dataclass(frozen=True)
class EndTurn(_Action):
    """Let the turn pass without claiming (more) objectives."""

    kind: ClassVar[str] = "end_turn"
    template: ClassVar[str] = "End the turn"

    @property
    def id(self) -> str:
        return "end"


@dataclass(frozen=True)
class Beer(_Action):
    """The beer colour picked in the pending step: to pay, offer, taste or convert."""

    kind: ClassVar[str] = "beer"
    template: ClassVar[str] = "A {colour_word} beer"
    target_fields = ("colour",)

    colour: int

    @property
    def id(self) -> str:
        return f"beer:{COLOURS[self.colour]}"


@dataclass(frozen=True)
class Stop(_Action):
    """Stop tasting on board, stop converting beers while camping, or go to bed without eating."""

    kind: ClassVar[str] = "stop"
    template: ClassVar[str] = "Stop"

    @property
    def id(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Bottle(_Action):
    """Crossing a bottle token: flip it and remove this accessible objective card."""

    kind: ClassVar[str] = "break_bottle"
    template: ClassVar[str] = 'Break the bottle: remove the objective "{card_text}" ({vp} VP)'
    target_fields = ("card",)

    card: str

    @property
    def id(self) -> str:
        return f"bottle:{self.card}"


@dataclass(frozen=True)
class KeepBottle(_Action):
    """Crossing a bottle token: leave it as it is."""

    kind: ClassVar[str] = "keep_bottle"
    template: ClassVar[str] = "Leave the bottle filled"

    @property
    def id(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Redeem(_Action):
    """A toast is about to put you to sleep: eat a cheese to stay awake, or fall asleep."""

    kind: ClassVar[str] = "redeem"

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
