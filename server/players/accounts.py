"""Players: a lasting identity (id and Bearer token) that seats and tickets can be linked to.

No password and no e-mail: the token is the credential, shown once and kept
by the server only as a hash. A call that takes a seat may carry it; then the
seat records the player, and finished games move the player's ratings. Where
the operator trusts a studio's identity provider, its JWTs are credentials too:
the same subject is the same player on every device (``server.security.jwt_identity``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from server.domain import validation
from server.domain.errors import GameError, Reason
from server.security import player_tokens
from server.security.jwt_identity import JwtVerifier, looks_like_jwt
from server.store.match_base import MatchStore, PlayerRecord


class Players:
    """Create, read and authenticate players over the store's ``MatchStore``."""

    def __init__(
        self,
        store: MatchStore,
        clock: Callable[[], float] = time.time,
        identities: JwtVerifier | None = None,
    ) -> None:
        self._store = store
        self._clock = clock
        self._identities = identities

    async def create(self, display_name: str) -> tuple[PlayerRecord, str]:
        """A new player and its token (the only time the token is seen)."""
        name = validation.display_name(display_name)
        player_id = player_tokens.new_id()
        token, token_hash = player_tokens.issue(player_tokens.PLAYER, player_id)
        player = PlayerRecord(player_id, name, token_hash, self._clock())
        await self._store.create_player(player)
        return player, token

    async def get(self, player_id: str) -> PlayerRecord:
        player = await self._store.load_player(validation.hex_id("player_id", player_id))
        if player is None:
            raise GameError(Reason.PLAYER_NOT_FOUND, f"no player {player_id}", player_id=player_id)
        return player

    async def authenticate(self, token: str | None) -> str:
        """The player id a token proves; "" without a token (anonymous play)."""
        if token is None:
            return ""
        if looks_like_jwt(token):
            return await self._from_jwt(token)
        player_id = player_tokens.claimed_id(player_tokens.PLAYER, token)
        player = await self._store.load_player(player_id) if player_id else None
        if player is None or not player_tokens.matches(token, player.token_hash):
            raise GameError(Reason.UNAUTHENTICATED, "player token not recognised")
        return player.player_id

    async def _from_jwt(self, token: str) -> str:
        """The player a trusted issuer's JWT names, registered the first time it is seen."""
        if self._identities is None:
            raise GameError(
                Reason.JWT_UNTRUSTED_ISSUER,
                "this server trusts no identity provider: send a player token (PlayerService.CreatePlayer)",
            )
        identity = await self._identities.verify(token)
        if await self._store.load_player(identity.player_id) is None:
            # No token hash: only the issuer's JWTs prove this player, never a Zythos token.
            record = PlayerRecord(identity.player_id, identity.display_name, "", self._clock())
            await self._store.create_player(record)
        return identity.player_id
