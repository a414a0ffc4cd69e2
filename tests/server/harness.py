"""A live gRPC server in the test's event loop, the clients opened on it, and bot worker processes for it."""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import grpc

from server.app import ZythosServer, build_server, mark_serving
from server.config import Config
from server.domain.records import GameRecord
from server.sessions.facade import Sessions
from server.store import SessionStore
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb

# The bot secret of test servers, and the lease a dead test worker's seats wait out.
BOT_SECRET = "test-bot-secret"
BOT_LEASE_SECONDS = 2.0

# Makes a fresh store of the kind a test is parametrised with.
StoreFactory = Callable[[], SessionStore]


@dataclass
class Served:
    """A running server on 127.0.0.1 and the clients opened on it."""

    server: ZythosServer
    store_kind: str
    clients: list[ZythosClient] = field(default_factory=list)

    @property
    def sessions(self) -> Sessions:
        return self.server.sessions

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.server.port}"

    def client(self) -> ZythosClient:
        client = ZythosClient(self.target)
        self.clients.append(client)
        return client

    async def close(self) -> None:
        for client in self.clients:
            await client.close()
        await self.server.stop(grace=0)


async def start_server(sessions: Sessions, store_kind: str, **settings: object) -> Served:
    settings = {"bot_secret": BOT_SECRET, "bot_lease_seconds": BOT_LEASE_SECONDS, **settings}
    config = Config(host="127.0.0.1", port=0, metrics_port=0, drain_grace=0.5, **settings)  # type: ignore[arg-type]
    server = build_server(config, sessions=sessions)
    await server.start()
    await mark_serving(server)
    return Served(server, store_kind)


async def expect_error(call: Awaitable[object], code: grpc.StatusCode, reason: str) -> ZythosError:
    """Await ``call`` and check it failed with ``code`` and ErrorInfo ``reason``."""
    try:
        await call
    except ZythosError as error:
        assert (error.code, error.reason) == (code, reason), error
        return error
    raise AssertionError(f"expected {code.name} {reason}, the call succeeded")


async def stored(served: Served, game_id: str) -> tuple[GameRecord, bytes, int]:
    """The game exactly as the store holds it: record, engine blob and revision."""
    loaded = await served.sessions.store.load(game_id)
    assert loaded is not None
    return loaded.record, loaded.blob, loaded.revision


async def seat_game(
    served: Served, game_type: str, players: int, options: dict[str, str] | None = None
) -> tuple[str, list[ZythosClient], pb.Game]:
    """A game with every seat taken by its own client; returns the id, clients by seat and the game."""
    clients = [served.client() for _ in range(players)]
    created = await clients[0].create_game(game_type, players, "Player 0", options)
    game = created.game
    for seat in range(1, players):
        joined = await clients[seat].join_game(game.game_id, f"Player {seat}")
        assert joined.seat == seat
        game = joined.game
    return game.game_id, clients, game


async def play_randomly(
    clients: list[ZythosClient], game: pb.Game, picker: random.Random, max_steps: int = 5000
) -> pb.Game:
    """Play random legal actions (chosen from ListLegalActions) until the game ends."""
    for _ in range(max_steps):
        if game.status != pb.GAME_STATUS_ACTIVE:
            return game
        seat = game.to_act[0]
        legal = await clients[seat].list_legal_actions(game.game_id)
        assert legal.version == game.version and legal.actions
        choice = picker.choice(legal.actions)
        game = (
            await clients[seat].submit_action(game.game_id, choice.id, expected_version=game.version)
        ).game
    raise AssertionError(f"game {game.game_id} did not end within {max_steps} steps")


@contextmanager
def bot_worker(target: str, *extra: str) -> Iterator[subprocess.Popen[bytes]]:
    """A ``zythos-bots`` process (in its own process group, with its search processes) serving ``target``.

    On exit the whole group is killed, search processes included, as when a
    bot pod dies; ``crash`` does the same mid-test.
    """
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ai_players.worker",
            "--server",
            target,
            "--max-iterations",
            "4",
            "--processes",
            "1",
            "--bot-secret",
            BOT_SECRET,
            *extra,
        ],
        env={**os.environ, "ZYTHOS_LOG_LEVEL": "WARNING"},
        start_new_session=True,
    )
    try:
        yield process
    finally:
        crash(process)


def crash(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL a worker and every process of its group (its forkserver and search processes)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
