"""The domain layer: games as players see them, with no gRPC in sight.

``Sessions`` turns requests (create, join, view, submit, stream, leave) into
engine calls and store commits. It authenticates seat tokens, checks turn,
version and legality, resolves dice with a per-game secret RNG right after
each action, and serves every seat only the events it may see. Every change
is a compare-and-set commit, so several replicas can serve one game.

This module is the facade the servicers, bots and tests use; the work is in
one module per concern, each named for its layer:

- ``sessions_lifecycle``: create, join, leave, and bot seats (``assign_bot``);
- ``sessions_play``: submit, its cache fast path, and repeated requests;
- ``sessions_reads``: get, listings, views, legal actions, event streams;
- ``sessions_seats``: a bot taking over a seat whose time ran out, and its player reclaiming it;
- ``sessions_rematch``: the rematch of a finished game;
- ``sessions_shared``: the store, cache and locks they share, and the checks;
- ``sessions_model``: the answers (``Seated``, ``View``, ...) and ``Observer``.
"""

from __future__ import annotations

import functools
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

from engine.core.game import Game
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord, GameStatus
from server.players.ratings import Ratings
from server.sessions.cache import DEFAULT_SIZE, StateCache
from server.sessions.context import SessionContext
from server.sessions.lifecycle import Lifecycle, Newcomer, random_seed
from server.sessions.model import (
    SPECTATOR,
    GamesPage,
    Observer,
    Seated,
    ServedEvent,
    Submitted,
    TypedAction,
    View,
)
from server.sessions.play import Play
from server.sessions.reads import Reads
from server.sessions.rematch import Rematches
from server.sessions.seats import SeatKeeping
from server.store import Deadline, SessionStore
from server.streams.admission import StreamLimits
from server.streams.hub import EventHub

__all__ = [
    "SPECTATOR",
    "GamesPage",
    "Newcomer",
    "Observer",
    "Seated",
    "ServedEvent",
    "Sessions",
    "Submitted",
    "View",
]


class Sessions:
    """Every game operation, over one ``SessionStore``.

    ``clock`` and ``seeds`` are injectable so tests can pin time and the
    secret seeds; ``commit_retries`` bounds reloads after a CAS conflict.
    ``cache_size`` bounds the replica's cache of last committed games (see
    ``server.sessions.cache``; 0 turns it off).
    """

    def __init__(
        self,
        store: SessionStore,
        *,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = random_seed,
        commit_retries: int = 3,
        observer: Observer | None = None,
        cache_size: int = DEFAULT_SIZE,
        stream_limits: StreamLimits | None = None,
    ) -> None:
        self._ctx = SessionContext(
            store,
            observer or Observer(),
            clock=clock,
            retries=commit_retries,
            cache=StateCache(cache_size),
            ratings=Ratings(store.match_store()),
        )
        self.hub = EventHub(store, stream_limits)
        self._lifecycle = Lifecycle(self._ctx, seeds)
        self._play = Play(self._ctx)
        self._reads = Reads(self._ctx, self.hub)
        self._seats = SeatKeeping(self._ctx)
        self._rematches = Rematches(self._ctx, self._lifecycle.ids, seeds)

    @property
    def store(self) -> SessionStore:
        return self._ctx.store

    @property
    def observer(self) -> Observer:
        return self._ctx.observer

    # -- lifecycle (server.sessions.lifecycle) --------------------------------

    async def create(
        self,
        game_type: str,
        players: int,
        options: Mapping[str, str],
        display_name: str,
        bots: Sequence[tuple[int, str]] = (),
        clock: tuple[float, float] = (0.0, 0.0),
        player_id: str = "",
    ) -> Seated:
        return await self._lifecycle.create(game_type, players, options, display_name, bots, clock, player_id)

    async def create_matched(
        self,
        game_type: str,
        options: Mapping[str, str],
        players: int,
        humans: Mapping[int, Newcomer],
        bots: Mapping[int, str],
        clock: tuple[float, float] = (0.0, 0.0),
    ) -> tuple[GameRecord, dict[int, str]]:
        return await self._lifecycle.create_matched(game_type, options, players, humans, bots, clock)

    async def join(self, game_id: str, display_name: str, player_id: str = "") -> Seated:
        return await self._lifecycle.join(game_id, display_name, player_id)

    async def leave(self, game_id: str, token: str | None) -> GameRecord:
        return await self._lifecycle.leave(game_id, token)

    async def assign_bot(self, game_id: str, seat: int) -> tuple[GameRecord, str]:
        return await self._lifecycle.assign_bot(game_id, seat)

    # -- seats changing hands (server.sessions.seats, server.sessions.rematch) ----

    async def take_over(self, deadline: Deadline) -> GameRecord | None:
        return await self._seats.take_over(deadline)

    async def reclaim(self, game_id: str, token: str | None) -> GameRecord:
        return await self._seats.reclaim(game_id, token)

    async def rematch(self, game_id: str, token: str | None) -> Seated:
        return await self._rematches.rematch(game_id, token)

    # -- play (server.sessions.play) ------------------------------------------

    async def submit(
        self,
        game_id: str,
        token: str | None,
        *,
        expected_version: int = 0,
        request_id: str = "",
        action_id: str | None = None,
        action: TypedAction | None = None,
    ) -> Submitted:
        """Apply one action; a player whose seat a bot plays while they are away reclaims it first."""
        submitting = functools.partial(
            self._play.submit,
            game_id,
            token,
            expected_version=expected_version,
            request_id=request_id,
            action_id=action_id,
            action=action,
        )
        try:
            return await submitting()
        except GameError as exc:
            if exc.reason is not Reason.UNAUTHENTICATED or token is None:
                raise
            if not await self._seats.reclaimed(game_id, token):
                raise
        return await submitting()

    # -- reads (server.sessions.reads) ----------------------------------------

    def game_types(self) -> list[Game]:
        return self._reads.game_types()

    async def get(self, game_id: str) -> GameRecord:
        return await self._reads.get(game_id)

    async def list_games(
        self, game_type: str = "", status: GameStatus | None = None, page_size: int = 0, page_token: str = ""
    ) -> GamesPage:
        return await self._reads.list_games(game_type, status, page_size, page_token)

    async def view(self, game_id: str, token: str | None) -> View:
        return await self._reads.view(game_id, token)

    async def legal_actions(self, game_id: str, token: str | None) -> tuple[GameRecord, list[Any]]:
        return await self._reads.legal_actions(game_id, token)

    async def events(
        self, game_id: str, token: str | None, after: str = "", client: str = ""
    ) -> tuple[GameRecord, AsyncIterator[ServedEvent]]:
        return await self._reads.events(game_id, token, after, client)
