"""Tiny Dice: the smallest complete Zythos game (docs/ADDING_A_GAME.md walks through it)."""

from engine.core import registry
from engine.examples.tiny_dice.game import TINY_DICE, TinyDice, TinyDiceState

registry.register(TINY_DICE)

__all__ = ["TINY_DICE", "TinyDice", "TinyDiceState"]
