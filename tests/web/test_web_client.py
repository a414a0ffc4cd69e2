"""The web client (clients/web) in a real browser: Debian's headless Chromium, driven by Playwright.

A served server with gRPC-Web and a bot worker; the page creates a game with a bot, plays it
to the end through the legal actions the server lists, and shows the event log live. The
screenshots are the README's (docs/images/, rewritten with ZYTHOS_SCREENSHOTS=docs).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright
from playwright.async_api import Error as PlaywrightError

from server.sessions.facade import Sessions
from server.store import MemoryStore
from tests.conftest import free_port
from tests.server.harness import Served, bot_worker, start_server

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "clients" / "web" / "dist"
# The README's screenshots are rewritten only when asked (ZYTHOS_SCREENSHOTS=docs), so a test run
# leaves the tree clean; otherwise they go to a scratch folder, still taken, so the path is tested.
IMAGES = (
    ROOT / "docs" / "images" if os.environ.get("ZYTHOS_SCREENSHOTS") == "docs" else Path(tempfile.mkdtemp())
)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FINISHED = '#status[data-status="FINISHED"]'
MY_TURN_OR_OVER = f"#actions .action:not([disabled]), {FINISHED}"


def test_the_committed_map_is_the_engines() -> None:
    """clients/web/src/belgium.json is what scripts/export_map.py makes of the engine's data."""
    spec = importlib.util.spec_from_file_location("export_map", ROOT / "scripts" / "export_map.py")
    assert spec and spec.loader
    export = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(export)
    committed = (ROOT / "clients" / "web" / "src" / "belgium.json").read_text(encoding="utf-8")
    assert committed == export.text(), "run `python scripts/export_map.py` and commit"
    assert len(json.loads(committed)["places"]) == 41


@pytest.fixture(scope="module")
def bundle() -> Path:
    """The built client; `make test` built it already, a lone pytest run builds it here."""
    subprocess.run(["make", "-s", "web"], cwd=ROOT, check=True)
    return DIST


@pytest.fixture
async def served(bundle: Path) -> AsyncIterator[Served]:
    sessions = Sessions(MemoryStore())
    running = await start_server(sessions, "memory", grpc_web_port=free_port(), web_client_dir=str(bundle))
    with bot_worker(running.target):
        yield running
    await running.close()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        # --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        launched = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        await launched.close()


async def open_client(browser: Browser, served: Served) -> tuple[Page, list[str]]:
    """The page, and the errors it logs (a test fails on any)."""
    page = await browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    assert served.server.web is not None
    await page.goto(f"http://127.0.0.1:{served.server.web.port}/")
    await page.wait_for_selector("#game-type option", state="attached")
    return page, errors


async def create_with_bots(page: Page, game_type: str) -> None:
    await page.select_option("#game-type", game_type)
    await page.fill("#players", "2")
    await page.fill("#name", "Ann")
    await page.select_option("#bot-level", "easy")
    await page.click("#create")
    await page.wait_for_selector("#status[data-status]")


async def play_to_the_end(page: Page, reload_after: int, max_moves: int = 400) -> int:
    """Click legal actions until the game is over: roll twice, then take the last one (hold).

    After ``reload_after`` moves the page reloads, as when a player's connection drops.
    """
    for move in range(max_moves):
        if move == reload_after:
            await page.reload()
        await page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        if await page.locator(FINISHED).count():
            return move
        buttons = page.locator("#actions .action:not([disabled])")
        button = buttons.last if move % 3 == 2 else buttons.first
        try:
            await button.click(timeout=2_000)
        except PlaywrightError:
            continue  # the buttons were redrawn under the click (a bot's move came in): look again
    raise AssertionError(f"the game did not end within {max_moves} moves")


async def test_a_full_tiny_dice_game_against_a_bot_through_the_page(browser: Browser, served: Served) -> None:
    page, errors = await open_client(browser, served)
    await create_with_bots(page, "tiny_dice")
    # Seat 0 moves first, so the reload after the first move always comes (mid-game, or at the end).
    assert await play_to_the_end(page, reload_after=1) >= 1
    await page.wait_for_function("document.querySelector('#connection').textContent === 'the game is over'")
    log = await page.locator("#log li").all_text_contents()
    assert any("seat 0" in line for line in log) and any("seat 1" in line for line in log), log
    # The reloaded page found its seat token again and read the log from its start, once.
    assert sum("The game starts" in line for line in log) == 1, log
    status = await page.locator("#status").text_content()
    assert status and "FINISHED" in status
    assert (await served.sessions.store.load(page.url.split("game=")[1])) is not None
    await page.screenshot(path=IMAGES / "web-client.png")
    assert errors == []


@pytest.mark.parametrize(("game_type", "own"), [("tbbr", "svg.map .road"), ("tbbr_dice", ".dice .die")])
async def test_the_belgian_beers_race_games_draw_the_map_of_belgium(
    browser: Browser, served: Served, game_type: str, own: str
) -> None:
    """Both games: the 41 places and a meeple per seat; the board game its roads, the dice game its dice."""
    page, errors = await open_client(browser, served)
    await create_with_bots(page, game_type)
    await page.wait_for_selector('#status[data-status="ACTIVE"]', timeout=60_000)
    await page.wait_for_selector("svg.map .meeple")
    assert await page.locator("svg.map .place").count() == 41  # the Grand Place and 40 breweries
    assert await page.locator("svg.map .meeple").count() == 2
    await page.wait_for_selector(own, state="attached")
    await page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    await page.screenshot(path=IMAGES / f"web-client-{game_type}.png")
    assert errors == []
