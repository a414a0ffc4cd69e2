"""Open server streams counted against this replica's limits, in all and per client address.

One ``StreamAdmission`` per kind of stream (event streams, ticket watches):
a stream is admitted before it starts and left when it ends, however it
ends, so a client cannot hold an unbounded number open on one replica.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.domain.errors import GameError, Reason


@dataclass
class StreamLimits:
    """Open streams allowed on this replica, and per client (its peer address)."""

    per_replica: int = 20_000
    per_client: int = 1_000


class StreamAdmission:
    """Counts the open streams of one kind; ``what`` names them in the refusal ("event streams")."""

    def __init__(self, limits: StreamLimits, what: str) -> None:
        self._limits = limits
        self._what = what
        self._per_client: dict[str, int] = {}
        self.open = 0

    def admit(self, client: str) -> None:
        """Count one more stream of ``client``; TOO_MANY_STREAMS past either limit."""
        if self.open >= self._limits.per_replica:
            raise GameError(
                Reason.TOO_MANY_STREAMS,
                f"this server has {self.open} open {self._what}, its limit; retry shortly",
                limit=str(self._limits.per_replica),
            )
        if self._per_client.get(client, 0) >= self._limits.per_client:
            raise GameError(
                Reason.TOO_MANY_STREAMS,
                f"this client has {self._limits.per_client} open {self._what}, the limit per client",
                limit=str(self._limits.per_client),
            )
        self.open += 1
        self._per_client[client] = self._per_client.get(client, 0) + 1

    def leave(self, client: str) -> None:
        """One stream of ``client`` ended."""
        self.open -= 1
        left = self._per_client[client] - 1
        if left:
            self._per_client[client] = left
        else:
            del self._per_client[client]
