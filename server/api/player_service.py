"""The zythos.v1.PlayerService servicer: players and their ratings, protobuf in and out.

Like ``server.api.game_service``, it only translates: the work is in
``server.players.accounts``, and domain errors become statuses with an ErrorInfo
(``server.api.calls.unary``).
"""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf import timestamp_pb2

from server.api.calls import bearer_token, unary
from server.domain.errors import GameError, Reason
from server.players.accounts import Players
from server.players.ratings import MODEL
from server.store.match_base import PlayerRecord
from zythos.v1 import player_service_pb2 as player_pb
from zythos.v1 import player_service_pb2_grpc as player_grpc

Context = grpc.aio.ServicerContext[Any, Any]


def _timestamp(seconds: float) -> timestamp_pb2.Timestamp:
    stamp = timestamp_pb2.Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


def player_message(player: PlayerRecord) -> player_pb.Player:
    ratings = [
        player_pb.Rating(
            game_type=game_type,
            mu=r.mu,
            sigma=r.sigma,
            ordinal=MODEL.rating(mu=r.mu, sigma=r.sigma).ordinal(),
            games=r.games,
        )
        for game_type, r in sorted(player.ratings.items())
    ]
    return player_pb.Player(
        player_id=player.player_id,
        display_name=player.display_name,
        ratings=ratings,
        create_time=_timestamp(player.create_time),
    )


class PlayerService(player_grpc.PlayerServiceServicer):
    """PlayerService over ``Players``."""

    def __init__(self, players: Players) -> None:
        self._players = players

    @unary
    async def CreatePlayer(
        self, request: player_pb.CreatePlayerRequest, context: Context
    ) -> player_pb.CreatePlayerResponse:
        player, token = await self._players.create(request.display_name)
        return player_pb.CreatePlayerResponse(player=player_message(player), player_token=token)

    @unary
    async def GetPlayer(
        self, request: player_pb.GetPlayerRequest, context: Context
    ) -> player_pb.GetPlayerResponse:
        return player_pb.GetPlayerResponse(player=player_message(await self._players.get(request.player_id)))

    @unary
    async def GetCurrentPlayer(
        self, request: player_pb.GetCurrentPlayerRequest, context: Context
    ) -> player_pb.GetCurrentPlayerResponse:
        player_id = await self._players.authenticate(bearer_token(context))
        if not player_id:
            raise GameError(
                Reason.UNAUTHENTICATED, "send `authorization: Bearer <player token or trusted JWT>`"
            )
        return player_pb.GetCurrentPlayerResponse(player=player_message(await self._players.get(player_id)))
