"""Reads: games, listings, a seat's view and legal actions, and event streams.

Reads always ask the store for the game, so every replica serves every
game; the engine state is reused from this replica's cache only when it is
the store's revision. Streams wait in memory on the replica's ``EventHub``
and get only the events their seat may see.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import AsyncIterator
from typing import Any

from engine.core import registry
from engine.core.game import Game, State
from server.domain import validation
from server.domain.records import GameRecord, GameStatus
from server.sessions.context import SessionContext, cached, required, seat_of, served, visible_for
from server.sessions.model import GamesPage, ServedEvent, View
from server.store import Loaded
from server.streams.hub import EventHub


class Reads:
    """game_types, get, list_games, view, legal_actions and events; nothing here changes a game."""

    def __init__(self, context: SessionContext, hub: EventHub) -> None:
        self._ctx = context
        self._hub = hub

    def game_types(self) -> list[Game]:
        return registry.all_games()

    async def get(self, game_id: str) -> GameRecord:
        return (await self._ctx.load(game_id)).record

    async def list_games(
        self, game_type: str = "", status: GameStatus | None = None, page_size: int = 0, page_token: str = ""
    ) -> GamesPage:
        """A page of the game index, newest first; ``page_token`` continues a previous page."""
        if game_type:
            validation.game_type(game_type)
        page = await self._ctx.store.list_games(
            game_type, status, validation.page_size(page_size), _decode_cursor(page_token)
        )
        return GamesPage(page.records, _encode_cursor(page.cursor))

    async def view(self, game_id: str, token: str | None) -> View:
        loaded = await self._ctx.load(game_id)
        seat = seat_of(loaded.record, token, away=True) if token is not None else None
        return View(loaded.record, seat, self._state(loaded).observe(seat))

    async def legal_actions(self, game_id: str, token: str | None) -> tuple[GameRecord, list[Any]]:
        loaded = await self._ctx.load(game_id)
        seat = seat_of(loaded.record, required(token), away=True)
        if loaded.record.status is not GameStatus.ACTIVE:
            return loaded.record, []
        return loaded.record, self._state(loaded).legal_actions(seat)

    def _state(self, loaded: Loaded) -> State:
        """The engine state of ``loaded``, decoded for reading.

        The game is kept in the cache (unless a newer revision is there) so the
        next submission on it needs no load.
        """
        game_id = loaded.record.game_id
        entry = self._ctx.cache.peek(game_id)
        fresh = cached(loaded)
        if entry is None or entry.revision < loaded.revision:
            self._ctx.cache.put(game_id, fresh)
        return fresh.state()

    async def events(
        self, game_id: str, token: str | None, after: str = "", client: str = ""
    ) -> tuple[GameRecord, AsyncIterator[ServedEvent]]:
        """The game, and the events the caller may see after ``after``, then live ones until it is over.

        Checks the request at once, so errors surface before the first event;
        ``client`` (the caller's address) counts against the per-client limit.
        """
        validation.event_id(after)
        loaded = await self._ctx.load(game_id)
        seat = seat_of(loaded.record, token, away=True) if token is not None else None
        return loaded.record, self._follow(loaded.record, seat, after, client)

    async def _follow(
        self, record: GameRecord, seat: int | None, after: str, client: str
    ) -> AsyncIterator[ServedEvent]:
        observer, game_type = self._ctx.observer, record.game_type
        observer.stream_opened(game_type)
        try:
            stream = self._hub.stream(record.game_id, after, client, visible_for(seat))
            async for stored in stream:
                observer.events_streamed(game_type, 1)
                yield served(stored)
        finally:
            observer.stream_closed(game_type)


def _encode_cursor(cursor: str | None) -> str:
    return "" if cursor is None else base64.urlsafe_b64encode(f"c1:{cursor}".encode()).decode()


def _decode_cursor(token: str) -> str:
    """The store's cursor inside a page token; INVALID_ARGUMENT for anything we did not hand out."""
    if not token:
        return ""
    try:
        text = base64.urlsafe_b64decode(token.encode()).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        text = ""
    if not text.startswith("c1:") or not validation.GAME_ID.match(text[3:]):
        raise validation.invalid("page_token", "not a page token from a previous response")
    return text[3:]
