"""Dragon Brew: three years of drafting, secret brewing and judging (2-4 players, 19 races).

Importing this package registers the game as ``"dragon_brew"``.
"""

from engine.core.registry import register
from engine.dragon_brew.game import DragonBrewGame
from engine.dragon_brew.table import DragonBrewState

GAME = DragonBrewGame()
register(GAME)

__all__ = ["GAME", "DragonBrewGame", "DragonBrewState"]
