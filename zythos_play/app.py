"""The zythos-play application: one client connection, the lobby first, a table per game."""

from __future__ import annotations

import grpc
from textual.app import App

from zythos.client import ZythosClient
from zythos_play.lobby import LobbyScreen


class PlayApp(App[None]):
    """Connects to ``target`` when it starts and closes the channel when it stops."""

    TITLE = "Zythos"
    CSS_PATH = "play.tcss"
    BINDINGS = [("ctrl+q", "quit", "Quit")]

    def __init__(self, target: str, name: str, credentials: grpc.ChannelCredentials | None = None) -> None:
        super().__init__()
        self.target, self.player_name, self.credentials = target, name, credentials
        self._client: ZythosClient | None = None

    async def on_mount(self) -> None:
        # The channel belongs to the app's event loop, so it is made once the app runs.
        self._client = ZythosClient(self.target, credentials=self.credentials)
        self.sub_title = f"{self.player_name} @ {self.target}"
        await self.push_screen(LobbyScreen(self._client, self.player_name))

    async def on_unmount(self) -> None:
        if self._client is not None:
            await self._client.close()
