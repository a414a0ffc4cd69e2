"""The Belgian Beers Race (board game): race across Belgium's breweries in three days.

Registers the game ``tbbr`` on import. The rules live in ``state``; component
data in ``data/`` (brewery facts shared with the dice game come from
``engine.belgium``); ``wire`` maps it all to ``zythos.v1`` messages.
"""

from engine.core.registry import register
from engine.tbbr import objectives
from engine.tbbr.data import cards
from engine.tbbr.game import TbbrGame
from engine.tbbr.state import TbbrState

objectives.validate(cards())
GAME = register(TbbrGame())

__all__ = ["GAME", "TbbrGame", "TbbrState"]
