"""Feeds the domain's ``Observer`` hooks into the ``zythos_*`` Prometheus metrics."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Sequence

from engine.core import registry
from server.domain.records import GameRecord
from server.observability import metrics
from server.sessions.facade import Observer
from server.store import SessionStore, StoreUnavailable, raise_if_cancelled

log = logging.getLogger(__name__)


# Seconds between two samples of the games in the store (zythos_games_live).
LIVE_SAMPLE_SECONDS = 15.0


class MetricsObserver(Observer):
    """Counts games, commits, dice, conflicts, streams and bot seats as the domain reports them."""

    def __init__(self, live_sample_seconds: float = LIVE_SAMPLE_SECONDS) -> None:
        self._every = live_sample_seconds

    async def run(self, store: SessionStore) -> None:
        """Sample the games in the store by type and status, until cancelled."""
        game_types = [game.name for game in registry.all_games()]
        while True:
            raise_if_cancelled()
            try:
                for (game_type, status), count in (await store.live_counts(game_types)).items():
                    metrics.set_live_games(game_type, status.value, count)
            except StoreUnavailable as exc:
                log.warning("live games not sampled: %s", exc)
            await asyncio.sleep(self._every)

    def game_created(self, record: GameRecord) -> None:
        metrics.game_created(record.game_type)

    def committed(self, record: GameRecord, chance_kinds: Sequence[str]) -> None:
        metrics.commit_succeeded(record.game_type)
        metrics.action_applied(record.game_type)
        for kind, count in Counter(chance_kinds).items():
            metrics.chance_resolved(record.game_type, kind, count)

    def game_ended(self, record: GameRecord, duration_seconds: float) -> None:
        metrics.game_ended(record.game_type, record.status.value, record.version, duration_seconds)

    def commit_conflicted(self, game_type: str, *, retrying: bool) -> None:
        metrics.commit_conflicted(game_type, retrying=retrying)

    def ticket_created(self, game_type: str) -> None:
        metrics.ticket_created(game_type)

    def ticket_ended(self, game_type: str, status: str, wait_seconds: float, bot_filled: bool) -> None:
        metrics.ticket_ended(game_type, status, wait_seconds, bot_filled)

    def bot_worker_connected(self) -> None:
        metrics.bot_worker_connected()

    def bot_worker_disconnected(self) -> None:
        metrics.bot_worker_disconnected()

    def bot_seat_assigned(self, game_type: str, level: str) -> None:
        metrics.bot_assigned(game_type, level)

    def seat_taken_over(self, game_type: str, cause: str) -> None:
        metrics.seat_taken_over(game_type, cause)

    def seat_reclaimed(self, game_type: str) -> None:
        metrics.seat_reclaimed(game_type)

    def stream_opened(self, game_type: str) -> None:
        metrics.event_stream_changed(game_type, +1)

    def stream_closed(self, game_type: str) -> None:
        metrics.event_stream_changed(game_type, -1)

    def events_streamed(self, game_type: str, count: int) -> None:
        metrics.event_streamed(game_type, count)
