"""Seat tokens: ``zt1.<game_id>.<seat>.<secret>``, kept by the server only as a sha256 hash.

The game id and seat in clear let the server find the seat (and reject a
token meant for another game with PERMISSION_DENIED rather than a vague
UNAUTHENTICATED); the random secret is what proves the holder is that seat.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

PREFIX = "zt1"
_TOKEN = re.compile(r"^zt1\.([0-9a-f]{20})\.([0-9]{1,2})\.([A-Za-z0-9_-]{43})$")


@dataclass(frozen=True)
class SeatToken:
    """A parsed token: which game and seat it claims, and the whole token to verify."""

    game_id: str
    seat: int
    token: str

    def matches(self, token_hash: str) -> bool:
        """Constant-time check against the stored hash."""
        return bool(token_hash) and hmac.compare_digest(_known_hash(self.token), token_hash)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# A client sends the same token with every call, so the parse and the hash of recent tokens are
# kept. Both are pure functions of the token: every check still compares the hash with the seat's
# hash as stored now, so a token is refused the moment its seat's hash is rotated or cleared.
RECENT_TOKENS = 4096
_known_hash = functools.lru_cache(maxsize=RECENT_TOKENS)(hash_token)


def issue(game_id: str, seat: int) -> tuple[str, str]:
    """A new token for a seat and the hash to store."""
    token = f"{PREFIX}.{game_id}.{seat}.{secrets.token_urlsafe(32)}"
    return token, hash_token(token)


@functools.lru_cache(maxsize=RECENT_TOKENS)
def parse(token: str) -> SeatToken | None:
    """The token's claims, or ``None`` if it is not a well-formed seat token."""
    match = _TOKEN.match(token)
    if match is None:
        return None
    return SeatToken(match[1], int(match[2]), token)
