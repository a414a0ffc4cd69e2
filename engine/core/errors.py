"""Errors raised by engines; the server maps them to gRPC statuses."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid in this position.

    ``reason`` is a short machine code (``NOT_YOUR_TURN``, ``ILLEGAL_ACTION``,
    ``GAME_OVER``, ``CHANCE_PENDING``); the message cites the rule so a human
    player or client developer can see what went wrong.
    """

    def __init__(self, message: str, reason: str = "ILLEGAL_ACTION") -> None:
        super().__init__(message)
        self.reason = reason


class InvalidOptions(ValueError):
    """Game options or player count that the game does not accept."""
