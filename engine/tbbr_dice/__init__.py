"""The Belgian Beers Race Dice: a roll-and-write race through Belgian breweries (1-4 players).

Importing this package registers the game as ``"tbbr_dice"``.
"""

from engine.core.registry import register
from engine.tbbr_dice.game import TbbrDiceGame
from engine.tbbr_dice.state import TbbrDiceState

GAME = register(TbbrDiceGame())

__all__ = ["GAME", "TbbrDiceGame", "TbbrDiceState"]
