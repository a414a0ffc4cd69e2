"""zythos-play plays whole games against bots through a real server, driven by key presses (Textual's Pilot).

The tests share an in-process server and a bot worker process. Each opens the app,
creates a game from the lobby's form by keys, and answers every decision with a key
press (the action's digit, or down to it and enter; the first one with a mouse click)
until the game is over.
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from rich.console import Console, RenderableType
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Select

from server.sessions.facade import Sessions
from server.store import MemoryStore
from tests.server.harness import Served, bot_worker, start_server
from zythos.v1 import game_service_pb2 as pb
from zythos_play import boards
from zythos_play.app import PlayApp
from zythos_play.create import CreateScreen
from zythos_play.lobby import LobbyScreen
from zythos_play.table import TableScreen

ROOT = Path(__file__).resolve().parents[2]
# The docs' captures are rewritten only when asked (ZYTHOS_SCREENSHOTS=docs), so a test run leaves
# the tree clean; otherwise they still go to a scratch folder, so the export is exercised.
SHOTS = (
    ROOT / "docs" / "images" if os.environ.get("ZYTHOS_SCREENSHOTS") == "docs" else Path(tempfile.mkdtemp())
)
SCREENSHOT = SHOTS / "zythos-play.svg"


# One server and one bot worker for the module's games: starting a worker costs seconds.
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def served() -> AsyncIterator[Served]:
    running = await start_server(Sessions(MemoryStore()), "memory")
    with bot_worker(running.target):
        yield running
    await running.close()


async def until(pilot: Pilot[None], ready: Callable[[], object], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        assert time.monotonic() < deadline, "the app did not get there in time"
        await pilot.pause(0.02)


async def choose(pilot: Pilot[None], select_id: str, values: list[str], value: str) -> None:
    """Pick ``value`` of the Select's ``values`` (in order) by keyboard: focus, open, walk down, enter."""
    select = pilot.app.screen.query_one(select_id, Select)
    select.focus()
    await pilot.press("enter", "home", *["down"] * values.index(value), "enter")
    await until(pilot, lambda: str(select.value) == value, 5)


async def open_game(pilot: Pilot[None], game_type: str, players: int, options: dict[str, str]) -> TableScreen:
    """From the lobby: the game type by keys, the form by keys, then Create."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.game_types)
    assert isinstance(app.screen, LobbyScreen)
    names = list(app.screen.game_types)
    kind = app.screen.game_types[game_type]
    app.screen.query_one("#types", OptionList).focus()
    await pilot.press("home", *["down"] * names.index(game_type), "enter")
    await until(pilot, lambda: isinstance(app.screen, CreateScreen))
    counts = [str(n) for n in range(kind.min_players, kind.max_players + 1)]
    await choose(pilot, "#players", counts, str(players))
    allowed = {option.name: list(option.allowed_values) for option in kind.options}
    for name, value in options.items():
        await choose(pilot, f"#option-{name}", allowed[name], value)
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, TableScreen))
    assert isinstance(app.screen, TableScreen)
    return app.screen


def mine_listed(lobby: LobbyScreen) -> int:
    return lobby.query_one("#mine", DataTable).row_count


async def click_first_action(pilot: Pilot[None], table: TableScreen) -> None:
    """The mouse: a click on the list's first row (inside its border) submits that action."""
    listed = table.legal
    await pilot.click("#actions", offset=(4, 1))
    await until(pilot, lambda: table.legal is not listed, 10)


async def play_to_the_end(
    pilot: Pilot[None], table: TableScreen, seed: int, snapshot_at: int = -1, shot: Path = SCREENSHOT
) -> int:
    """Answer every decision with a key press until the game is over; returns the decisions made."""
    picker, decisions = random.Random(seed), 0
    deadline = time.monotonic() + 90
    while not table.finished:
        assert time.monotonic() < deadline, f"game not over after {decisions} decisions"
        actions = table.legal.actions
        if actions and table.query_one("#actions", OptionList).option_count == len(actions):
            pick = picker.randrange(len(actions))
            if decisions == 0:
                await click_first_action(pilot, table)
            else:
                await pilot.press(*([str(pick + 1)] if pick < 9 else [*["down"] * pick, "enter"]))
            decisions += 1
            if decisions == snapshot_at:
                await pilot.pause(0.3)
                shot.parent.mkdir(parents=True, exist_ok=True)
                shot.write_text(pilot.app.export_screenshot(title="zythos-play"))
        await pilot.pause(0.01)
    return decisions


async def play(
    served: Served,
    game_type: str,
    players: int,
    options: dict[str, str],
    size: tuple[int, int] = (110, 36),
    drawn: Sequence[str] = (),
    **kw: Any,
) -> None:
    """A whole game; ``drawn``: words the game's own board shows (its parts) once the game is on."""
    app = PlayApp(served.target, "Ann")
    async with app.run_test(size=size) as pilot:
        table = await open_game(pilot, game_type, players, options)
        await until(pilot, lambda: table.view is not None)
        assert table.view is not None
        board = Console(width=160, record=True)
        board.print(boards.draw(table.view, table.legal.actions, table.events))
        text = board.export_text()
        assert all(word in text for word in drawn), text
        decisions = await play_to_the_end(pilot, table, seed=players, **kw)
        assert table.view is not None
        game = table.view.game
        assert game.status == pb.GAME_STATUS_FINISHED and len(game.ranking) == players
        assert decisions > 0 and [s.bot for s in game.seats] == [False] + [True] * (players - 1)
        await until(pilot, lambda: table.events and table.events[-1].kind == "game_finished", 10)
        assert [e.version for e in table.events] == sorted(e.version for e in table.events)


async def test_tiny_dice_against_a_bot_then_back_to_the_table_after_quitting(
    served: Served, tmp_path: Path
) -> None:
    """The seat book keeps the game: a new run of the app lists it under your games and reopens it."""
    seats = tmp_path / "seats.json"
    async with PlayApp(served.target, "Ann", seats_file=seats).run_test(size=(110, 36)) as pilot:
        table = await open_game(pilot, "tiny_dice", 2, {})
        await play_to_the_end(pilot, table, seed=7)
        await until(pilot, lambda: table.events and table.events[-1].kind == "game_finished", 10)
    assert seats.stat().st_mode & 0o777 == 0o600  # it holds seat tokens
    app = PlayApp(served.target, "Ann", seats_file=seats)
    async with app.run_test(size=(110, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and mine_listed(app.screen))
        app.screen.query_one("#mine").focus()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        again = app.screen
        assert isinstance(again, TableScreen) and (again.game_id, again.seat) == (table.game_id, 0)
        await until(pilot, lambda: len(again.events) == len(table.events) and again.finished, 10)
        assert [e.event_id for e in again.events] == [e.event_id for e in table.events]


async def test_tbbr_dice_solo(served: Served) -> None:
    await play(served, "tbbr_dice", 1, {})


async def test_tbbr_dice_against_a_bot_at_80x24(served: Served) -> None:
    shot = SHOTS / "zythos-play-tbbr_dice.svg"
    await play(served, "tbbr_dice", 2, {}, size=(80, 24), drawn=("Dice", "Sheets"), snapshot_at=4, shot=shot)


async def test_tbbr_shorter_game_against_a_bot(served: Served) -> None:
    """The board game's shorter option (2 days of 24 TU); the README's screenshot is taken mid-game."""
    await play(served, "tbbr", 2, {"shorter": "true"}, size=(160, 46), drawn=("Day",), snapshot_at=12)


async def test_tbbr_shorter_game_at_80x24(served: Served) -> None:
    shot = SHOTS / "zythos-play-tbbr.svg"
    await play(served, "tbbr", 2, {"shorter": "true"}, size=(80, 24), snapshot_at=12, shot=shot)


async def test_a_game_with_no_board_of_its_own_plays_through_the_generic_one(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a game type added to the API tomorrow: the seats, the legal actions and the events suffice."""
    monkeypatch.delitem(boards.BOARDS, "tiny_dice")
    drawn: list[str] = []
    generic = boards.draw_generic

    def recorded(
        view: pb.GameView, actions: Sequence[pb.LegalAction] = (), events: Sequence[pb.GameEvent] = ()
    ) -> RenderableType:
        drawn.append(view.game.game_type)
        return generic(view, actions, events)

    monkeypatch.setattr(boards, "draw_generic", recorded)
    await play(served, "tiny_dice", 2, {})
    assert drawn and set(drawn) == {"tiny_dice"}


async def test_dragon_brew_on_its_board_at_80x24(served: Served) -> None:
    """The drafting pool, the recipe offering, the judges, your gold and ingredients, every brewer's side."""
    words = ("Breweries", "Barrels", "Judges", "Ingredients", "Recipe book", "Estate", "Brewers")
    shot = SHOTS / "zythos-play-dragon_brew.svg"
    await play(served, "dragon_brew", 2, {}, size=(80, 24), drawn=words, snapshot_at=6, shot=shot)


async def test_beer_pioneers_on_its_board_at_80x24(served: Served) -> None:
    """The coops with every dial, the display, the action board, your brewery, every opponent's."""
    words = ("Coops", "Pils", "Alt", "Display", "Action board", "Your brewery", "Cellar", "Breweries")
    shot = SHOTS / "zythos-play-beer_pioneers.svg"
    await play(served, "beer_pioneers", 2, {}, size=(80, 24), drawn=words, snapshot_at=6, shot=shot)


async def test_find_a_match_then_play_it_against_the_bot_that_filled_the_table(served: Served) -> None:
    """Matchmaking from the form: nobody else searches, so a bot takes the other seat after the wait."""
    app = PlayApp(served.target, "Ann")
    async with app.run_test(size=(110, 36)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.game_types)
        assert isinstance(app.screen, LobbyScreen)
        app.screen.query_one("#types", OptionList).focus()
        await pilot.press("home", *["down"] * list(app.screen.game_types).index("tiny_dice"), "enter")
        await until(pilot, lambda: isinstance(app.screen, CreateScreen))
        await choose(pilot, "#players", ["1", "2", "3", "4"], "2")
        await choose(pilot, "#fill", ["5.0", "30.0", "120.0", "0.0"], "5.0")
        await pilot.press("ctrl+f")
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen)
        await play_to_the_end(pilot, table, seed=11)
        assert table.view is not None and table.view.game.status == pb.GAME_STATUS_FINISHED
        assert sum(seat.bot for seat in table.view.game.seats) == 1
