"""Checks on every client-supplied field, before anything touches a game.

Each check raises ``GameError(INVALID_ARGUMENT)`` naming the field, so bad
input is refused up front and never reaches the engine or the store.
"""

from __future__ import annotations

import re
import unicodedata

from server.domain.errors import GameError, Reason

# Event ids look like Redis stream ids ("<revision>-<n>") in both stores.
EVENT_ID = re.compile(r"^[0-9]{1,20}-[0-9]{1,20}$")
GAME_ID = re.compile(r"^[0-9a-f]{20}$")
GAME_TYPE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
REQUEST_ID = re.compile(r"^[\x21-\x7e]{1,128}$")  # printable ASCII, no spaces
ACTION_ID = re.compile(r"^[\x20-\x7e]{1,256}$")
MAX_DISPLAY_NAME = 64
MAX_PAGE_SIZE = 100
DEFAULT_PAGE_SIZE = 50
MAX_OPTIONS = 32
MAX_OPTION_TEXT = 64
BOT_LEVELS = ("easy", "medium", "hard")
DEFAULT_BOT_LEVEL = "medium"


def invalid(field: str, message: str) -> GameError:
    return GameError(Reason.INVALID_ARGUMENT, f"{field}: {message}", field=field)


def game_id(value: str) -> str:
    if not GAME_ID.match(value):
        raise invalid("game_id", "expected 20 lowercase hex characters")
    return value


def hex_id(field: str, value: str) -> str:
    """A player or ticket id: 20 lowercase hex characters, like a game id."""
    if not GAME_ID.match(value):
        raise invalid(field, "expected 20 lowercase hex characters")
    return value


# The longest bot_fill_after a ticket may ask for, in seconds.
MAX_BOT_FILL_SECONDS = 3600.0


def bot_fill_after(seconds: float) -> float:
    """0 (never) up to an hour."""
    if not 0 <= seconds <= MAX_BOT_FILL_SECONDS:
        raise invalid("bot_fill_after", f"must be 0-{MAX_BOT_FILL_SECONDS:.0f} seconds")
    return seconds


def game_type(value: str) -> str:
    if not GAME_TYPE.match(value):
        raise invalid("game_type", "expected a game type name such as 'tbbr_dice'")
    return value


def display_name(value: str) -> str:
    """1-64 characters, no control characters, surrounding spaces removed."""
    name = value.strip()
    if not 1 <= len(name) <= MAX_DISPLAY_NAME:
        raise invalid("display_name", f"must be 1-{MAX_DISPLAY_NAME} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise invalid("display_name", "must not contain control characters")
    return name


def request_id(value: str) -> str:
    """Empty (no idempotency) or up to 128 printable ASCII characters."""
    if value and not REQUEST_ID.match(value):
        raise invalid("request_id", "must be up to 128 printable ASCII characters without spaces")
    return value


def action_id(value: str) -> str:
    if not ACTION_ID.match(value):
        raise invalid("action_id", "must be 1-256 printable ASCII characters")
    return value


def expected_version(value: int) -> int:
    if value < 0:
        raise invalid("expected_version", "must not be negative")
    return value


# Both parts of an event id are unsigned 64-bit numbers (Redis stream ids): larger ones are refused here,
# not by the store with an error of its own.
_EVENT_ID_PART_MAX = 2**64 - 1


def event_id(value: str) -> str:
    """Empty (from the start) or an id from GameEvent.event_id."""
    if value and (
        not EVENT_ID.match(value) or any(int(part) > _EVENT_ID_PART_MAX for part in value.split("-"))
    ):
        raise invalid("after_event_id", "expected an event id received from this game")
    return value


def quoted(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters: messages never echo unbounded client input."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def page_size(value: int) -> int:
    if value == 0:
        return DEFAULT_PAGE_SIZE
    if not 1 <= value <= MAX_PAGE_SIZE:
        raise invalid("page_size", f"must be 0-{MAX_PAGE_SIZE}")
    return value


def options(values: dict[str, str]) -> dict[str, str]:
    if len(values) > MAX_OPTIONS:
        raise invalid("options", f"at most {MAX_OPTIONS} options")
    for key, value in values.items():
        if not (0 < len(key) <= MAX_OPTION_TEXT and len(value) <= MAX_OPTION_TEXT):
            raise invalid("options", f"keys and values must be 1-{MAX_OPTION_TEXT} characters")
    return dict(values)


def bot_level(value: str, field: str = "level") -> str:
    """A bot strength; empty means the default ("medium")."""
    if not value:
        return DEFAULT_BOT_LEVEL
    if value not in BOT_LEVELS:
        raise invalid(field, f"bot level must be one of {', '.join(BOT_LEVELS)}")
    return value


def bot_seats(players: int, bots: list[tuple[int, str]]) -> dict[int, str]:
    """Bot seat -> level; seats in range, each once (every seat may be a bot: the creator then watches)."""
    seats: dict[int, str] = {}
    for seat, level in bots:
        if not 0 <= seat < players:
            raise invalid("bots", f"seat {seat} is not a seat of a {players}-player game")
        if seat in seats:
            raise invalid("bots", f"seat {seat} is listed twice")
        seats[seat] = bot_level(level)
    return seats


# Bounds of a turn clock, in seconds (docs/API.md, turn clocks).
MIN_TURN_SECONDS = 1
MAX_TURN_SECONDS = 24 * 3600
MAX_RESERVE_SECONDS = 7 * 24 * 3600
_NANOS = 1_000_000_000


def duration(field: str, seconds: int, nanos: int) -> float:
    """A ``google.protobuf.Duration``'s parts as seconds: never negative, nanos in range."""
    if seconds < 0 or not 0 <= nanos < _NANOS:
        raise invalid(field, "must be a duration of zero or more, with nanos 0-999999999")
    return seconds + nanos / _NANOS


def clock(per_turn: float, reserve: float) -> tuple[float, float]:
    """(seconds per turn, reserve seconds); (0, 0) is no clock."""
    if per_turn == 0 and reserve == 0:
        return 0.0, 0.0
    if not MIN_TURN_SECONDS <= per_turn <= MAX_TURN_SECONDS:
        raise invalid("clock.per_turn", f"must be {MIN_TURN_SECONDS} s to {MAX_TURN_SECONDS} s")
    if reserve > MAX_RESERVE_SECONDS:
        raise invalid("clock.reserve", f"must be 0 s to {MAX_RESERVE_SECONDS} s")
    return per_turn, reserve
