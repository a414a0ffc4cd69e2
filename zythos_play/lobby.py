"""The lobby: the game types (pick one to open a game), the games waiting for players (join), and yours.

"Your games" are those this player holds a seat in on this server (kept in the
seat book, so across restarts too): leave a table with escape, or quit, and come
back to it here; the table replays the event feed from the start. Games are shown by the
shortest id prefix that tells them apart (``ids.py``); "g" goes to a game by a typed prefix,
and names the candidates when the prefix fits more than one.
"""

from __future__ import annotations

import grpc
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, OptionList
from textual.widgets.option_list import Option

from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb
from zythos_play.create import CreateScreen
from zythos_play.ids import matching, short_ids
from zythos_play.seats import HeldSeat, SeatBook
from zythos_play.table import TableScreen


class LobbyScreen(Screen[None]):
    BINDINGS = [
        ("r", "reload", "Reload"),
        ("n", "new_game", "New game"),
        ("j", "join", "Join"),
        ("g", "go_to", "Go to a game id"),
    ]

    def __init__(self, client: ZythosClient, player_name: str, book: SeatBook, server: str) -> None:
        super().__init__()
        self.client, self.player_name, self.book, self.server = client, player_name, book, server
        self.game_types: dict[str, pb.GameType] = {}
        self.waiting: list[pb.Game] = []  # the open games listed
        for game_id, held in book.held(server).items():
            client.tokens[game_id] = held.token

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="lobby"):
            yield OptionList(id="types")
            with Vertical():
                yield DataTable(id="games", cursor_type="row")
                yield DataTable(id="mine", cursor_type="row")
                yield Input(placeholder="game id or its first characters, then enter", id="goto")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#types", OptionList).border_title = "New game"
        table = self.query_one("#games", DataTable)
        table.border_title = "Open games (enter to join)"
        table.add_columns("game", "type", "players", "free seats", "created by")
        mine = self.query_one("#mine", DataTable)
        mine.border_title = "Your games (enter to go back to the table)"
        mine.add_columns("game", "type", "status", "move")
        self.query_one("#goto", Input).display = False
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
        if types:
            menu.highlighted = 0
        self.waiting = list(waiting.games)
        short = short_ids([g.game_id for g in self.waiting] + list(self.book.held(self.server)))
        table = self.query_one("#games", DataTable)
        table.clear()
        for game in self.waiting:
            free = sum(1 for seat in game.seats if seat.state == pb.SEAT_STATE_OPEN)
            creator = game.seats[0].display_name if game.seats else ""
            row = (short[game.game_id], game.game_type, str(len(game.seats)), str(free), creator)
            table.add_row(*row, key=game.game_id)
        await self._list_mine(short)

    async def _list_mine(self, short: dict[str, str]) -> None:
        mine = self.query_one("#mine", DataTable)
        mine.clear()
        for game_id in reversed(self.book.held(self.server)):
            try:
                game = await self.client.get_game(game_id)
            except ZythosError as error:
                if error.code == grpc.StatusCode.NOT_FOUND:  # finished long ago and expired
                    self.book.forget(self.server, game_id)
                continue
            status = pb.GameStatus.Name(game.status).removeprefix("GAME_STATUS_").lower()
            mine.add_row(short[game_id], game.game_type, status, str(game.version), key=game_id)

    def action_go_to(self) -> None:
        goto = self.query_one("#goto", Input)
        goto.display = True
        goto.focus()

    @on(Input.Submitted, "#goto")
    def _go_to(self, event: Input.Submitted) -> None:
        """Your game or an open one by its id's first characters: one match goes there, several are named."""
        held = self.book.held(self.server)
        known = list(held) + [game.game_id for game in self.waiting]
        found = matching(event.value, known)
        if len(found) != 1:
            short = short_ids(known)
            named = ", ".join(short[game_id] for game_id in found)
            self.notify(
                f"{len(found)} games start with {event.value.strip()!r}: type more of the id ({named})"
                if found
                else f"No game listed here starts with {event.value.strip()!r}",
                severity="warning",
            )
            return
        event.input.value, event.input.display = "", False
        if found[0] in held:
            self.open_table(found[0], held[found[0]].seat)
        else:
            self._join(found[0])

    def open_table(self, game_id: str, seat: int) -> None:
        """Sit at a table: after creating or joining it, or back from the list of your games."""
        if game_id in self.client.tokens:
            self.book.remember(self.server, game_id, HeldSeat(seat, self.client.tokens[game_id]))
        self.app.push_screen(TableScreen(self.client, game_id, seat))

    @on(DataTable.RowSelected, "#mine")
    def _chosen_mine(self, event: DataTable.RowSelected) -> None:
        game_id = str(event.row_key.value)
        self.open_table(game_id, self.book.held(self.server)[game_id].seat)

    @on(OptionList.OptionSelected, "#types")
    def _chosen_type(self, event: OptionList.OptionSelected) -> None:
        game_type = self.game_types[str(event.option.id)]
        self.app.push_screen(CreateScreen(self.client, game_type, self.player_name), self._created)

    def _created(self, created: tuple[str, int] | None) -> None:
        if created is not None:
            self.open_table(*created)

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
        self.open_table(game_id, joined.seat)


def _players(game_type: pb.GameType) -> str:
    low, high = game_type.min_players, game_type.max_players
    return f"{low} player{'s' if high > 1 else ''}" if low == high else f"{low}-{high} players"
