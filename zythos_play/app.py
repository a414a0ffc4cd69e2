"""The zythos-play application: one client connection, the lobby first, a table per game."""

from __future__ import annotations

from pathlib import Path

import grpc
from textual.app import App

from zythos.client import ZythosClient
from zythos_play.lobby import LobbyScreen
from zythos_play.seats import SeatBook


class PlayApp(App[None]):
    """Connects to ``target`` when it starts and closes the channel when it stops."""

    TITLE = "Zythos"
    CSS_PATH = "play.tcss"
    BINDINGS = [("ctrl+q", "quit", "Quit")]

    def __init__(
        self,
        target: str,
        name: str,
        credentials: grpc.ChannelCredentials | None = None,
        seats_file: Path | None = None,
    ) -> None:
        """``seats_file``: where the seats held are kept (``seats.default_path()``); None keeps none."""
        super().__init__()
        self.target, self.player_name, self.credentials = target, name, credentials
        self.book = SeatBook(seats_file)
        self._client: ZythosClient | None = None

    async def on_mount(self) -> None:
        # The channel belongs to the app's event loop, so it is made once the app runs.
        self._client = ZythosClient(self.target, credentials=self.credentials)
        self.sub_title = f"{self.player_name} @ {self.target}"
        await self.push_screen(LobbyScreen(self._client, self.player_name, self.book, self.target))

    async def on_unmount(self) -> None:
        if self._client is not None:
            await self._client.close()
