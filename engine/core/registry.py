"""The game registry: name -> Game. Engines register themselves on import."""

from __future__ import annotations

import importlib
from typing import Any

from engine.core.game import Game

# Modules that define the built-in games; imported lazily on first lookup.
BUILTIN_MODULES: tuple[str, ...] = ("engine.tbbr_dice", "engine.tbbr")

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN_MODULES:
            importlib.import_module(module)


def get(name: str) -> Game:
    """The game called ``name``; raises ``KeyError`` if there is none."""
    _load_builtins()
    return _GAMES[name]


def all_games() -> list[Game]:
    _load_builtins()
    return sorted(_GAMES.values(), key=lambda g: g.name)


def wire(name: str) -> Any:
    """The wire module of game ``name`` (imports protobuf; server and bots only)."""
    game = get(name)
    return importlib.import_module(game.wire_module)
