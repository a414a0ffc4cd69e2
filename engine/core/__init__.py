"""The contract every Zythos game engine implements (see docs/ARCHITECTURE.md)."""

from engine.core.chance import ChanceStep
from engine.core.errors import IllegalAction, InvalidOptions
from engine.core.events import Event
from engine.core.game import Action, Game, OptionSpec, State
from engine.core.rng import Rng

__all__ = [
    "Action",
    "ChanceStep",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "OptionSpec",
    "Rng",
    "State",
]
