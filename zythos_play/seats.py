"""The seats this player holds, kept on disk so that quitting zythos-play never loses a game.

A seat token is shown once by the server and stored there only hashed: without
this file, closing the terminal would give the seat to the bots for good. The
file (``$XDG_STATE_HOME/zythos-play/seats.json``, mode 0600: the tokens are
secrets) maps each server to its games, and each game to the seat and token.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path


def default_path() -> Path:
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "zythos-play" / "seats.json"


@dataclass(frozen=True)
class HeldSeat:
    seat: int
    token: str


class SeatBook:
    """Seats by server and game id, read once and written on every change."""

    def __init__(self, path: Path | None) -> None:
        """``path`` None keeps the seats in memory only."""
        self.path = path
        self._servers: dict[str, dict[str, dict[str, object]]] = {}
        if path is not None and path.exists():
            self._servers = json.loads(path.read_text())

    def held(self, server: str) -> dict[str, HeldSeat]:
        """The seats held on ``server``, oldest first."""
        games = self._servers.get(server, {})
        return {game_id: HeldSeat(int(str(e["seat"])), str(e["token"])) for game_id, e in games.items()}

    def remember(self, server: str, game_id: str, held: HeldSeat) -> None:
        self._servers.setdefault(server, {})[game_id] = {"seat": held.seat, "token": held.token}
        self._save()

    def forget(self, server: str, game_id: str) -> None:
        if self._servers.get(server, {}).pop(game_id, None) is not None:
            self._save()

    def _save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = self.path.with_suffix(".tmp")
        fresh.touch(mode=0o600)
        fresh.write_text(json.dumps(self._servers, indent=1))
        fresh.replace(self.path)
