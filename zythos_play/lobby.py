"""The lobby: the server's game types (pick one to open a game) and the games waiting for players (join)."""

from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, OptionList
from textual.widgets.option_list import Option

from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb
from zythos_play.create import CreateScreen
from zythos_play.table import TableScreen


class LobbyScreen(Screen[None]):
    BINDINGS = [("r", "reload", "Reload"), ("n", "new_game", "New game"), ("j", "join", "Join")]

    def __init__(self, client: ZythosClient, player_name: str) -> None:
        super().__init__()
        self.client, self.player_name = client, player_name
        self.game_types: dict[str, pb.GameType] = {}

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="lobby"):
            yield OptionList(id="types")
            yield DataTable(id="games", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#types", OptionList).border_title = "New game"
        table = self.query_one("#games", DataTable)
        table.border_title = "Open games (enter to join)"
        table.add_columns("game", "type", "players", "free seats", "created by")
        self.action_reload()

    def on_screen_resume(self) -> None:
        self.action_reload()

    @work(exclusive=True, group="reload")
    async def action_reload(self) -> None:
        try:
            types = await self.client.list_game_types()
            waiting = await self.client.list_games(status=pb.GAME_STATUS_WAITING)
        except ZythosError as error:
            self.notify(f"Cannot reach the server: {error}", severity="error")
            return
        self.game_types = {t.name: t for t in types}
        menu = self.query_one("#types", OptionList)
        menu.clear_options()
        menu.add_options(Option(f"{t.title} ({_players(t)})", id=t.name) for t in types)
        table = self.query_one("#games", DataTable)
        table.clear()
        for game in waiting.games:
            free = sum(1 for seat in game.seats if seat.state == pb.SEAT_STATE_OPEN)
            creator = game.seats[0].display_name if game.seats else ""
            table.add_row(
                game.game_id[:8], game.game_type, str(len(game.seats)), str(free), creator, key=game.game_id
            )

    @on(OptionList.OptionSelected, "#types")
    def _chosen_type(self, event: OptionList.OptionSelected) -> None:
        self.app.push_screen(
            CreateScreen(self.client, self.game_types[str(event.option.id)], self.player_name)
        )

    def action_new_game(self) -> None:
        menu = self.query_one("#types", OptionList)
        if menu.highlighted is not None:
            menu.action_select()

    @on(DataTable.RowSelected, "#games")
    def _chosen_game(self, event: DataTable.RowSelected) -> None:
        self._join(str(event.row_key.value))

    def action_join(self) -> None:
        table = self.query_one("#games", DataTable)
        if table.row_count:
            table.action_select_cursor()

    @work(exclusive=True, group="join")
    async def _join(self, game_id: str) -> None:
        try:
            joined = await self.client.join_game(game_id, self.player_name)
        except ZythosError as error:
            self.notify(f"Cannot join: {error}", severity="error")
            self.action_reload()
            return
        self.app.push_screen(TableScreen(self.client, game_id, joined.seat))


def _players(game_type: pb.GameType) -> str:
    low, high = game_type.min_players, game_type.max_players
    return f"{low} player{'s' if high > 1 else ''}" if low == high else f"{low}-{high} players"
