"""Example games: the smallest complete games, built on the game kit (docs/ADDING_A_GAME.md)."""
