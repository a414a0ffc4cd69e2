"""Prometheus metrics of the bot worker (``zythos-bots``), in base units.

They live here rather than in ``server`` because a bot is just a client and
never imports the server; the worker serves them on ``--metrics-port``.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram, start_http_server

DECISION_SECONDS = Histogram(
    "zythos_bot_decision_seconds",
    "Wall time of one bot decision, search included.",
    ("game_type", "level"),
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0),
)
DECISION_ITERATIONS = Histogram(
    "zythos_bot_decision_iterations",
    "MCTS iterations run for one bot decision.",
    ("game_type", "level"),
    buckets=(10, 25, 50, 100, 200, 400, 800, 1600, 3200, 6400),
)
SEATS_PLAYED = Counter("zythos_bot_seats_played", "Seats this worker took on.", ("game_type", "level"))
SEATS_ACTIVE = Gauge("zythos_bot_seats_active", "Seats this worker is playing now.")
SEAT_CAPACITY = Gauge("zythos_bot_seat_capacity", "Most seats this worker plays at once.")
ERRORS = Counter("zythos_bot_errors", "Errors of the bot worker, by kind.", ("game_type", "kind"))


def decided(game_type: str, level: str, seconds: float, iterations: int) -> None:
    DECISION_SECONDS.labels(game_type, level).observe(seconds)
    DECISION_ITERATIONS.labels(game_type, level).observe(iterations)


def seat_started(game_type: str, level: str) -> None:
    SEATS_PLAYED.labels(game_type, level).inc()
    SEATS_ACTIVE.inc()


def seat_finished() -> None:
    SEATS_ACTIVE.dec()


def error(game_type: str, kind: str) -> None:
    ERRORS.labels(game_type, kind).inc()


def start_http(port: int, capacity: int, host: str = "0.0.0.0") -> None:
    """Serve /metrics on ``host:port`` and publish the worker's seat capacity."""
    SEAT_CAPACITY.set(capacity)
    ERRORS.labels("", "disconnected")  # exists from the start at 0, so a rate over it has data
    start_http_server(port, addr=host)
