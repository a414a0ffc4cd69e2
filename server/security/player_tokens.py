"""Player and ticket tokens: ``<prefix>.<id>.<secret>``, kept by the server only as a sha256 hash.

Like seat tokens (``server.security.seat_tokens``), the id in clear lets the server find
what the token claims (and tell a token for another ticket apart with
PERMISSION_DENIED), and the random secret proves the holder.
"""

from __future__ import annotations

import hmac
import re
import secrets

from server.security.seat_tokens import hash_token

PLAYER = "zp1"
TICKET = "zk1"
_TOKEN = re.compile(r"^(zp1|zk1)\.([0-9a-f]{20})\.([A-Za-z0-9_-]{43})$")


def new_id() -> str:
    """A fresh random id: 20 hex characters, the shape of a game id."""
    return secrets.token_hex(10)


def issue(prefix: str, owner_id: str) -> tuple[str, str]:
    """A new token for ``owner_id`` and the hash to store."""
    token = f"{prefix}.{owner_id}.{secrets.token_urlsafe(32)}"
    return token, hash_token(token)


def claimed_id(prefix: str, token: str) -> str | None:
    """The id a well-formed ``prefix`` token claims, else ``None``."""
    match = _TOKEN.match(token)
    return match[2] if match is not None and match[1] == prefix else None


def matches(token: str, token_hash: str) -> bool:
    """Constant-time check of a token against its stored hash."""
    return bool(token_hash) and hmac.compare_digest(hash_token(token), token_hash)
