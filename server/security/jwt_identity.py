"""Players who bring their own identity: JWTs from issuers the operator trusts.

A studio with accounts of its own signs a short-lived JWT for its player; Zythos
checks it against the issuer's JWK set and takes (issuer, subject) as one Zythos
player on every device, created the first time it is seen. Only the algorithms
configured for the issuer are accepted: never ``none``, never an HMAC keyed with
a public key (the algorithm-confusion attacks), and ``exp``, ``iss`` and ``aud``
must be present.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
import tomllib
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import jwt

from server.domain.errors import GameError, Reason

# A key set is fetched again at most this often when a token names a key it lacks:
# an unknown `kid` must not let anyone make the server hammer the issuer.
REFRESH_SECONDS = 60.0
FETCH_TIMEOUT_SECONDS = 5.0
MAX_SUBJECT_CHARS = 256
MAX_NAME_CHARS = 64
ASYMMETRIC = frozenset(
    {"RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"}
)


@dataclass(frozen=True)
class TrustedIssuer:
    """One identity provider whose tokens name Zythos players."""

    issuer: str  # the exact `iss` claim
    audience: str  # the `aud` the token must be for
    jwks: str  # the JWK set: an http(s):// URL or a file path
    player_claim: str = "sub"  # the claim that names the player at that issuer
    name_claim: str = "name"  # the claim with the name shown at the table, if any
    algorithms: tuple[str, ...] = ("RS256", "ES256", "EdDSA")
    leeway_seconds: float = 30.0  # clock skew allowed on exp/nbf/iat


@dataclass(frozen=True)
class Identity:
    """Who a verified token names."""

    player_id: str
    display_name: str


def load_issuers(path: str) -> tuple[TrustedIssuer, ...]:
    """The ``[[issuer]]`` tables of a TOML file (docs/CONFIG.md shows one)."""
    with open(path, "rb") as file:
        tables = tomllib.load(file).get("issuer", [])
    issuers = tuple(_issuer(table, path) for table in tables)
    if not issuers:
        raise ValueError(f"{path}: no [[issuer]] table")
    return issuers


def _issuer(table: Mapping[str, Any], path: str) -> TrustedIssuer:
    try:
        issuer = TrustedIssuer(
            issuer=str(table["issuer"]),
            audience=str(table["audience"]),
            jwks=str(table["jwks"]),
            player_claim=str(table.get("player_claim", "sub")),
            name_claim=str(table.get("name_claim", "name")),
            algorithms=tuple(table.get("algorithms", TrustedIssuer.algorithms)),
            leeway_seconds=float(table.get("leeway_seconds", 30.0)),
        )
    except KeyError as missing:
        raise ValueError(f"{path}: an [[issuer]] lacks {missing}") from None
    refused = set(issuer.algorithms) - ASYMMETRIC
    if refused:
        raise ValueError(f"{path}: {issuer.issuer}: only public-key algorithms are trusted, not {refused}")
    return issuer


def player_id(issuer: str, subject: str) -> str:
    """The Zythos player id of a subject at an issuer: 20 hex characters, like a random id."""
    return hashlib.sha256(f"{issuer}\0{subject}".encode()).hexdigest()[:20]


def looks_like_jwt(token: str) -> bool:
    """A compact JWS (three base64url parts, a JSON header first) rather than a Zythos token."""
    return token.startswith("eyJ") and token.count(".") == 2


def _refused(reason: Reason, message: str) -> GameError:
    return GameError(reason, message)


@dataclass
class _KeySet:
    keys: dict[str, jwt.PyJWK] = field(default_factory=dict)
    fetched_at: float = float("-inf")
    failure: GameError | None = None  # why the last fetch failed, told until the next one


class JwtVerifier:
    """Verifies JWTs from the trusted issuers; key sets are cached and fetched off the event loop."""

    def __init__(self, issuers: Sequence[TrustedIssuer], clock: Callable[[], float] = time.monotonic) -> None:
        self._issuers = {issuer.issuer: issuer for issuer in issuers}
        self._key_sets = {issuer.issuer: _KeySet() for issuer in issuers}
        self._clock = clock
        self._fetching: dict[str, asyncio.Lock] = {issuer.issuer: asyncio.Lock() for issuer in issuers}

    async def verify(self, token: str) -> Identity:
        """Who ``token`` names, or a GameError whose reason says what is wrong with it."""
        header, unverified = _peek(token)
        trusted = self._issuers.get(str(unverified.get("iss", "")))
        if trusted is None:
            raise _refused(
                Reason.JWT_UNTRUSTED_ISSUER, f"tokens of issuer {unverified.get('iss')!r} are not trusted"
            )
        algorithm = str(header.get("alg", ""))
        if algorithm not in trusted.algorithms:
            raise _refused(
                Reason.JWT_ALGORITHM_REFUSED,
                f"algorithm {algorithm!r} is not accepted for {trusted.issuer}"
                f"; use one of {list(trusted.algorithms)}",
            )
        key = await self._key(trusted, header.get("kid"))
        claims = _decode(token, key, algorithm, trusted)
        return _identity(trusted, claims)

    async def _key(self, trusted: TrustedIssuer, kid: object) -> jwt.PyJWK:
        key_set = self._key_sets[trusted.issuer]
        found = _pick(key_set, kid)
        if found is None and self._clock() - key_set.fetched_at >= REFRESH_SECONDS:
            async with self._fetching[trusted.issuer]:
                if self._clock() - key_set.fetched_at >= REFRESH_SECONDS:
                    await self._refresh(trusted, key_set)
            found = _pick(key_set, kid)
        if found is None:
            raise key_set.failure or _refused(
                Reason.JWT_BAD_SIGNATURE, f"{trusted.issuer} has no signing key {kid!r}"
            )
        return found

    async def _refresh(self, trusted: TrustedIssuer, key_set: _KeySet) -> None:
        try:
            key_set.keys = await asyncio.to_thread(_fetch_keys, trusted.jwks)
            key_set.failure = None
        except GameError as error:
            key_set.failure = error  # the old keys stay usable
        finally:
            key_set.fetched_at = self._clock()


def _peek(token: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The header and the claims before any check: only to pick the issuer and its key."""
    try:
        header = jwt.get_unverified_header(token)
        claims = jwt.decode(token, options={"verify_signature": False})
    except jwt.PyJWTError as error:
        raise _refused(Reason.JWT_MALFORMED, f"not a well-formed JWT: {error}") from None
    return header, claims


def _pick(key_set: _KeySet, kid: object) -> jwt.PyJWK | None:
    if isinstance(kid, str):
        return key_set.keys.get(kid)
    return next(iter(key_set.keys.values())) if len(key_set.keys) == 1 else None


def _fetch_keys(source: str) -> dict[str, jwt.PyJWK]:
    """The signing keys of a JWK set by `kid` (a key without one is filed under "")."""
    try:
        if source.startswith(("http://", "https://")):
            with urllib.request.urlopen(source, timeout=FETCH_TIMEOUT_SECONDS) as answer:
                text = answer.read(1 << 20).decode()
        else:
            with open(source, encoding="utf-8") as file:
                text = file.read()
        key_set = jwt.PyJWKSet.from_json(text)
    except (OSError, ValueError, jwt.PyJWTError) as error:
        raise GameError(
            Reason.IDENTITY_PROVIDER_UNAVAILABLE,
            f"the issuer's key set could not be read ({error}); retry later",
        ) from None
    return {str(key.key_id or ""): key for key in key_set.keys if key.public_key_use in (None, "sig")}


def _decode(token: str, key: jwt.PyJWK, algorithm: str, trusted: TrustedIssuer) -> dict[str, Any]:
    try:
        claims: dict[str, Any] = jwt.decode(
            token,
            key,
            algorithms=[algorithm],
            audience=trusted.audience,
            issuer=trusted.issuer,
            leeway=trusted.leeway_seconds,
            options={"require": ["exp", "iss", "aud"]},
        )
    except jwt.ExpiredSignatureError:
        raise _refused(Reason.JWT_EXPIRED, "the token has expired: ask its issuer for a new one") from None
    except jwt.InvalidAudienceError:
        raise _refused(
            Reason.JWT_WRONG_AUDIENCE, f"the token is not for this service (audience {trusted.audience!r})"
        ) from None
    except jwt.InvalidSignatureError:
        raise _refused(Reason.JWT_BAD_SIGNATURE, "the token's signature does not verify") from None
    except jwt.PyJWTError as error:
        raise _refused(Reason.JWT_MALFORMED, f"the token was refused: {error}") from None
    return claims


def _identity(trusted: TrustedIssuer, claims: Mapping[str, Any]) -> Identity:
    subject = claims.get(trusted.player_claim)
    if not isinstance(subject, str) or not 0 < len(subject) <= MAX_SUBJECT_CHARS:
        raise _refused(
            Reason.JWT_MALFORMED,
            f"claim {trusted.player_claim!r} must name the player (1-{MAX_SUBJECT_CHARS} characters)",
        )
    name = claims.get(trusted.name_claim)
    shown = " ".join(name.split())[:MAX_NAME_CHARS] if isinstance(name, str) else ""
    the_id = player_id(trusted.issuer, subject)
    return Identity(the_id, shown or f"Player {the_id[:6]}")
