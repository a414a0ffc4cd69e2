"""The table: the game's board, its legal actions to choose from, and the live event feed.

Two workers keep it current. One follows StreamEvents (resuming after the last
event when the connection drops) and marks the view stale on every event; the
other redraws whenever the view is stale, so a burst of bot moves costs one
GetView, not one per event. Submitting sends the version the actions were
listed for and a fresh request id, so a repeated or late click is harmless.
"""

from __future__ import annotations

import asyncio
import uuid

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb
from zythos_play.boards import draw
from zythos_play.boards.generic import said
from zythos_play.follow import follow_events


class TableScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Lobby"),
        Binding("ctrl+l", "leave", "Leave game"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, client: ZythosClient, game_id: str, seat: int) -> None:
        super().__init__()
        self.client, self.game_id, self.seat = client, game_id, seat
        self.view: pb.GameView | None = None
        self.legal = pb.ListLegalActionsResponse()
        self.events: list[pb.GameEvent] = []
        self._stale = asyncio.Event()

    @property
    def finished(self) -> bool:
        return self.view is not None and self.view.game.status in (
            pb.GAME_STATUS_FINISHED,
            pb.GAME_STATUS_ABANDONED,
        )

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield Static(id="board")
            with Vertical(id="side"):
                yield OptionList(id="actions")
                yield RichLog(id="events", wrap=True, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#board").border_title = f"Game {self.game_id}"
        self.query_one("#actions").border_title = "Your move (enter, mouse or 1-9)"
        self.query_one("#events").border_title = "Events"
        self._stale.set()
        self.follow()
        self.redraw()

    @work(group="follow")
    async def follow(self) -> None:
        after = self.events[-1].event_id if self.events else ""
        try:
            async for event in follow_events(self.client, self.game_id, after, on_retry=self._retrying):
                self.events.append(event)
                self._feed(event)
                self._stale.set()
        except ZythosError as error:
            self.notify(f"Events stopped: {error}", severity="error")
        except NoMatches:
            return  # the table is being taken down (back to the lobby, or quitting) while an event came
        self._stale.set()

    def _retrying(self, error: ZythosError, delay: float) -> None:
        self.notify(f"Connection lost ({error.code.name}); resuming in {delay:.1f}s", severity="warning")

    @work(group="redraw")
    async def redraw(self) -> None:
        while True:
            await self._stale.wait()
            self._stale.clear()
            try:
                view = await self.client.get_view(self.game_id)
                legal = pb.ListLegalActionsResponse(version=view.game.version)
                if self.seat in view.game.to_act and view.game.status == pb.GAME_STATUS_ACTIVE:
                    legal = await self.client.list_legal_actions(self.game_id)
            except ZythosError as error:
                self.notify(f"Cannot load the game: {error}", severity="warning")
                await asyncio.sleep(0.5)
                self._stale.set()
                continue
            try:
                self._show(view, legal)
            except NoMatches:
                return  # the table is being taken down while its view arrived

    def _show(self, view: pb.GameView, legal: pb.ListLegalActionsResponse) -> None:
        """Draw what changed: the board when the view did, the actions when they did."""
        actions = self.query_one("#actions", OptionList)
        if view != self.view or legal != self.legal:
            self.query_one("#board", Static).update(draw(view, legal.actions, self.events))
        listed = legal == self.legal and actions.option_count == len(legal.actions)
        self.view, self.legal = view, legal
        if self.finished:
            actions.border_title = "Game over: escape for the lobby"
        if listed:
            return
        actions.clear_options()
        actions.add_options(
            Option(f"{n}. {action.label}" if n <= 9 else action.label, id=action.id)
            for n, action in enumerate(legal.actions, start=1)
        )
        if legal.actions:
            actions.highlighted = 0
            actions.focus()

    def _feed(self, event: pb.GameEvent) -> None:
        """One line per event: the version, the acting seat's name in its colour, then the label.

        A label that starts "seat n" (or "Seat n") has that replaced by the name, not repeated.
        """
        game = self.view.game if self.view else pb.Game()
        line = Text(f"{event.version:>4} ", style="dim")
        line.append_text(said(game, event))
        self.query_one("#events", RichLog).write(line)

    @on(OptionList.OptionSelected, "#actions")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.submit(str(event.option.id))

    def action_pick(self, index: int) -> None:
        if index < len(self.legal.actions):
            self.submit(self.legal.actions[index].id)

    @work(exclusive=True, group="submit")
    async def submit(self, action_id: str) -> None:
        version = self.legal.version
        self.legal = pb.ListLegalActionsResponse(version=version)
        self.query_one("#actions", OptionList).clear_options()
        try:
            await self.client.submit_action(
                self.game_id, action_id, expected_version=version, request_id=uuid.uuid4().hex
            )
        except ZythosError as error:
            self.notify(f"Not played: {error}", severity="warning")
        self._stale.set()

    @work(exclusive=True, group="leave")
    async def action_leave(self) -> None:
        try:
            await self.client.leave_game(self.game_id)
        except ZythosError as error:
            self.notify(f"Cannot leave: {error}", severity="error")
            return
        self.app.pop_screen()
