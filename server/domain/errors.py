"""Why a request failed: the domain's error type and its machine-readable reasons.

Each ``Reason`` names the gRPC status code it maps to, so the domain layer
stays free of grpc while ``server.errors`` turns a ``GameError`` into a status
with a ``google.rpc.ErrorInfo`` detail. docs/API.md lists them for clients.
"""

from __future__ import annotations

import enum


class Reason(enum.StrEnum):
    """ErrorInfo.reason values (domain "zythos.v1")."""

    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    UNKNOWN_GAME_TYPE = "UNKNOWN_GAME_TYPE"
    UNKNOWN_OPTION = "UNKNOWN_OPTION"
    INVALID_OPTION = "INVALID_OPTION"
    INVALID_PLAYER_COUNT = "INVALID_PLAYER_COUNT"
    UNKNOWN_ACTION = "UNKNOWN_ACTION"
    MALFORMED_REQUEST = "MALFORMED_REQUEST"
    GAME_NOT_FOUND = "GAME_NOT_FOUND"
    UNAUTHENTICATED = "UNAUTHENTICATED"
    WRONG_GAME_TOKEN = "WRONG_GAME_TOKEN"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    ILLEGAL_ACTION = "ILLEGAL_ACTION"
    GAME_NOT_ACTIVE = "GAME_NOT_ACTIVE"
    GAME_FULL = "GAME_FULL"
    STALE_VERSION = "STALE_VERSION"
    CONFLICT = "CONFLICT"
    STORE_UNAVAILABLE = "STORE_UNAVAILABLE"
    STORE_FULL = "STORE_FULL"
    DRAINING = "DRAINING"
    TOO_MANY_STREAMS = "TOO_MANY_STREAMS"
    PLAYER_NOT_FOUND = "PLAYER_NOT_FOUND"
    TICKET_NOT_FOUND = "TICKET_NOT_FOUND"
    WRONG_TICKET_TOKEN = "WRONG_TICKET_TOKEN"
    TICKET_NOT_SEARCHING = "TICKET_NOT_SEARCHING"
    SEAT_RESIGNED = "SEAT_RESIGNED"
    GAME_NOT_FINISHED = "GAME_NOT_FINISHED"
    BOT_SEAT = "BOT_SEAT"
    # A JWT from a studio's identity provider (server/security/jwt_identity.py).
    JWT_MALFORMED = "JWT_MALFORMED"
    JWT_UNTRUSTED_ISSUER = "JWT_UNTRUSTED_ISSUER"
    JWT_ALGORITHM_REFUSED = "JWT_ALGORITHM_REFUSED"
    JWT_BAD_SIGNATURE = "JWT_BAD_SIGNATURE"
    JWT_EXPIRED = "JWT_EXPIRED"
    JWT_WRONG_AUDIENCE = "JWT_WRONG_AUDIENCE"
    IDENTITY_PROVIDER_UNAVAILABLE = "IDENTITY_PROVIDER_UNAVAILABLE"
    MESSAGE_TOO_LARGE = "MESSAGE_TOO_LARGE"

    @property
    def code_name(self) -> str:
        """Name of the grpc.StatusCode this reason is sent with."""
        return _CODES[self]


_CODES: dict[Reason, str] = {
    Reason.INVALID_ARGUMENT: "INVALID_ARGUMENT",
    Reason.UNKNOWN_GAME_TYPE: "INVALID_ARGUMENT",
    Reason.UNKNOWN_OPTION: "INVALID_ARGUMENT",
    Reason.INVALID_OPTION: "INVALID_ARGUMENT",
    Reason.INVALID_PLAYER_COUNT: "INVALID_ARGUMENT",
    Reason.UNKNOWN_ACTION: "INVALID_ARGUMENT",
    Reason.MALFORMED_REQUEST: "INVALID_ARGUMENT",
    Reason.GAME_NOT_FOUND: "NOT_FOUND",
    Reason.UNAUTHENTICATED: "UNAUTHENTICATED",
    Reason.WRONG_GAME_TOKEN: "PERMISSION_DENIED",
    Reason.NOT_YOUR_TURN: "FAILED_PRECONDITION",
    Reason.ILLEGAL_ACTION: "FAILED_PRECONDITION",
    Reason.GAME_NOT_ACTIVE: "FAILED_PRECONDITION",
    Reason.GAME_FULL: "FAILED_PRECONDITION",
    Reason.STALE_VERSION: "ABORTED",
    Reason.CONFLICT: "ABORTED",
    Reason.STORE_UNAVAILABLE: "UNAVAILABLE",
    Reason.STORE_FULL: "RESOURCE_EXHAUSTED",
    Reason.DRAINING: "UNAVAILABLE",
    Reason.TOO_MANY_STREAMS: "RESOURCE_EXHAUSTED",
    Reason.PLAYER_NOT_FOUND: "NOT_FOUND",
    Reason.TICKET_NOT_FOUND: "NOT_FOUND",
    Reason.WRONG_TICKET_TOKEN: "PERMISSION_DENIED",
    Reason.TICKET_NOT_SEARCHING: "FAILED_PRECONDITION",
    Reason.SEAT_RESIGNED: "FAILED_PRECONDITION",
    Reason.GAME_NOT_FINISHED: "FAILED_PRECONDITION",
    Reason.BOT_SEAT: "FAILED_PRECONDITION",
    Reason.JWT_MALFORMED: "UNAUTHENTICATED",
    Reason.JWT_UNTRUSTED_ISSUER: "UNAUTHENTICATED",
    Reason.JWT_ALGORITHM_REFUSED: "UNAUTHENTICATED",
    Reason.JWT_BAD_SIGNATURE: "UNAUTHENTICATED",
    Reason.JWT_EXPIRED: "UNAUTHENTICATED",
    Reason.JWT_WRONG_AUDIENCE: "UNAUTHENTICATED",
    Reason.IDENTITY_PROVIDER_UNAVAILABLE: "UNAVAILABLE",
    Reason.MESSAGE_TOO_LARGE: "RESOURCE_EXHAUSTED",
}


class GameError(Exception):
    """A request the domain refuses; ``metadata`` becomes ErrorInfo.metadata."""

    def __init__(self, reason: Reason, message: str, **metadata: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.metadata = metadata

    def __repr__(self) -> str:
        return f"GameError({self.reason.name}, {self.message!r})"
