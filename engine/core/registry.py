"""The game registry: name -> Game.

Games join through the ``zythos.games`` entry-point group, so a separately
installed package adds a game without touching Zythos: its entry point names
the module that calls ``register`` on import. The built-in games are
registered the same way, in pyproject.toml. ``BUILTIN_MODULES`` lists them
again for a source tree that was never installed.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from typing import Any

from engine.core.game import Game

ENTRY_POINT_GROUP = "zythos.games"
BUILTIN_MODULES: tuple[str, ...] = (
    "engine.tbbr_dice",
    "engine.tbbr",
    "engine.examples.tiny_dice",
    "engine.dragon_brew",
    "engine.beer_pioneers",
)

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def game_modules() -> list[str]:
    """The modules that register games: every ``zythos.games`` entry point, else the built-ins."""
    found = [point.value for point in entry_points(group=ENTRY_POINT_GROUP)]
    return found or list(BUILTIN_MODULES)


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in game_modules():
            importlib.import_module(module)


def get(name: str) -> Game:
    """The game called ``name``; raises ``KeyError`` if there is none."""
    _load()
    return _GAMES[name]


def all_games() -> list[Game]:
    _load()
    return sorted(_GAMES.values(), key=lambda g: g.name)


def wire(name: str) -> Any:
    """The wire module of game ``name`` (imports protobuf; server and bots only).

    Kept once found: the server asks on every call, and ``import_module`` is not free.
    """
    module = _WIRES.get(name)
    if module is None:
        module = _WIRES[name] = importlib.import_module(get(name).wire_module)
    return module


_WIRES: dict[str, Any] = {}
