"""Beer Pioneers: brew in six coops, rotate the dials, deliver orders (2-4 players).

Importing this package registers the game as ``"beer_pioneers"``.
"""

from engine.beer_pioneers.game import GAME, BeerPioneersGame
from engine.beer_pioneers.state import BeerPioneersState
from engine.core.registry import register

register(GAME)

__all__ = ["GAME", "BeerPioneersGame", "BeerPioneersState"]
