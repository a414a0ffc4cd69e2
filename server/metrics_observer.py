"""Feeds the domain's ``Observer`` hooks into the ``zythos_*`` Prometheus metrics."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from server import metrics
from server.records import GameRecord
from server.sessions import Observer


class MetricsObserver(Observer):
    """Counts games, commits, dice, conflicts, streams and bot seats as the domain reports them."""

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

    def bot_worker_connected(self) -> None:
        metrics.bot_worker_connected()

    def bot_worker_disconnected(self) -> None:
        metrics.bot_worker_disconnected()

    def bot_seat_assigned(self, game_type: str, level: str) -> None:
        metrics.bot_assigned(game_type, level)

    def stream_opened(self, game_type: str) -> None:
        metrics.event_stream_changed(game_type, +1)

    def stream_closed(self, game_type: str) -> None:
        metrics.event_stream_changed(game_type, -1)

    def events_streamed(self, game_type: str, count: int) -> None:
        metrics.event_streamed(game_type, count)
