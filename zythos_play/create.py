"""Open a game, or find a match: the player count, the options the game type lists, who plays the seats.

Create seats you at a new table with the bots you chose (others join from their
lobby). Find a match asks the server's matchmaking for a table of people like
you, with bots filling the seats nobody took after the wait you chose.
"""

from __future__ import annotations

import contextlib
from typing import cast

from google.protobuf.duration_pb2 import Duration
from textual import on, work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select

from zythos.client import ZythosClient, ZythosError
from zythos.matchmaking import MatchmakingClient
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import matchmaking_service_pb2 as mm_pb

# Who plays a seat other than the creator's: a bot of a level, or a person who joins from the lobby.
SEAT_CHOICES = [("bot (easy)", "easy"), ("bot (medium)", "medium"), ("bot (hard)", "hard"), ("a person", "")]
# The turn clock for the human seats: "seconds per decision/seconds of reserve", "" for no clock.
CLOCK_CHOICES = [
    ("no clock", ""),
    ("30 s a move + 5 min reserve", "30/300"),
    ("2 min a move + 15 min reserve", "120/900"),
    ("1 day a move (correspondence)", "86400/0"),
]
# How long a match search waits for people before bots take the seats left (0: people only).
FILL_CHOICES = [("after 5 s", 5.0), ("after 30 s", 30.0), ("after 2 min", 120.0), ("never", 0.0)]


def value_label(value: str) -> str:
    """An option value as a player reads it: yes/no for true/false, ids as words (dark_elves: Dark elves)."""
    words = {"true": "yes", "false": "no"}
    return words.get(value, value.replace("_", " ").replace(":", ": ").capitalize())


class CreateScreen(Screen[tuple[str, int] | None]):
    """Dismissed with the new game's id and the creator's seat (None when backed out)."""

    BINDINGS = [
        ("escape", "back", "Back"),
        ("ctrl+s", "create", "Create"),
        ("ctrl+f", "find_match", "Find a match"),
    ]

    def __init__(self, client: ZythosClient, game_type: pb.GameType, player_name: str) -> None:
        super().__init__()
        self.client, self.game_type, self.player_name = client, game_type, player_name
        self.matchmaking = MatchmakingClient(client)
        self.ticket_id = ""

    def compose(self) -> ComposeResult:
        kind = self.game_type
        yield Header()
        with VerticalScroll(id="create-form"):
            yield Label(f"[b]{kind.title}[/b]: you take seat 1")
            yield Label("Your name")
            yield Input(self.player_name, id="name")
            yield Label("Players")
            counts = [(str(n), n) for n in range(kind.min_players, kind.max_players + 1)]
            yield Select(counts, value=kind.min_players, allow_blank=False, id="players")
            for option in kind.options:
                yield Label(f"{option.description} [dim]({option.name})[/dim]")
                if option.allowed_values:
                    values = [(value_label(v), v) for v in option.allowed_values]
                    yield Select(
                        values, value=option.default_value, allow_blank=False, id=f"option-{option.name}"
                    )
                else:
                    yield Input(option.default_value, id=f"option-{option.name}")
            for seat in range(1, kind.max_players):
                yield Label(f"Seat {seat + 1}", classes=f"seat seat-{seat}")
                yield Select(
                    SEAT_CHOICES, value="medium", allow_blank=False, id=f"seat-{seat}", classes="seat"
                )
            yield Label("Turn clock for the people at the table (past it, a bot plays the seat)")
            yield Select(CLOCK_CHOICES, value="", allow_blank=False, id="clock")
            yield Button("Create", id="create", variant="primary")
            yield Label("Or find a match: bots take the seats no person took")
            yield Select(FILL_CHOICES, value=5.0, allow_blank=False, id="fill")
            yield Button("Find a match", id="match")
            yield Label("", id="search-status")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(self.game_type.min_players)

    @on(Select.Changed, "#players")
    def _players_changed(self, event: Select.Changed) -> None:
        self._show_seats(int(cast(int, event.value)))

    def _show_seats(self, players: int) -> None:
        for seat in range(1, self.game_type.max_players):
            for widget in self.query(f".seat-{seat}, #seat-{seat}"):
                widget.display = seat < players

    def _request(self) -> tuple[str, int, dict[str, str], dict[int, str]]:
        name = self.query_one("#name", Input).value.strip() or "Player"
        players = int(cast(int, self.query_one("#players", Select).value))
        options = {o.name: str(self.query_one(f"#option-{o.name}").value) for o in self.game_type.options}  # type: ignore[attr-defined]
        seats = {seat: str(self.query_one(f"#seat-{seat}", Select).value) for seat in range(1, players)}
        return name, players, options, {seat: level for seat, level in seats.items() if level}

    def _clock(self) -> pb.TurnClock | None:
        chosen = str(self.query_one("#clock", Select).value)
        if not chosen:
            return None
        per_turn, reserve = (int(seconds) for seconds in chosen.split("/"))
        return pb.TurnClock(per_turn=Duration(seconds=per_turn), reserve=Duration(seconds=reserve))

    @on(Button.Pressed, "#create")
    @work(exclusive=True, group="create")
    async def action_create(self) -> None:
        name, players, options, bots = self._request()
        try:
            created = await self.client.create_game(
                self.game_type.name, players, name, options, bots, clock=self._clock()
            )
        except ZythosError as error:
            self.notify(f"Cannot create the game: {error}", severity="error")
            return
        self.dismiss((created.game.game_id, created.seat))

    @on(Button.Pressed, "#match")
    @work(exclusive=True, group="create")
    async def action_find_match(self) -> None:
        name, players, options, _ = self._request()
        fill = float(cast(float, self.query_one("#fill", Select).value))
        status = self.query_one("#search-status", Label)
        try:
            ticket = await self.matchmaking.create_ticket(
                self.game_type.name, players, name, bot_fill_after=fill, options=options
            )
            self.ticket_id = ticket.ticket_id
            async for ticket in self.matchmaking.watch_ticket(self.ticket_id):
                status.update(f"Searching: {ticket.waiting} waiting for this table (escape to stop)")
        except ZythosError as error:
            self.notify(f"Cannot find a match: {error}", severity="error")
            return
        if ticket.status == mm_pb.TICKET_STATUS_MATCHED:
            self.dismiss((ticket.game_id, ticket.seat))
        else:
            status.update(f"The search ended: {mm_pb.TicketStatus.Name(ticket.status).lower()}")

    async def action_back(self) -> None:
        """Back to the lobby, giving up the search if one is on."""
        if self.ticket_id:
            with contextlib.suppress(ZythosError):
                await self.matchmaking.cancel_ticket(self.ticket_id)
        self.dismiss(None)
