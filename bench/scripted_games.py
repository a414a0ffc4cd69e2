"""Games seeded in Redis with their moves worked out in advance, so the load generator stays cheap.

The games are created through the domain layer (``Sessions`` over a
``RedisStore``), exactly as CreateGame and JoinGame would store them. Then
each game is replayed locally from its stored blob and record with the
server's own step logic (``server.sessions.steps.Step``: same version bumps, same
secret dice seed), choosing random legal actions; every move becomes a
ready-serialized ``SubmitActionRequest`` with its expected version and a
request id. During a measurement the client only sends bytes.

A ``Snapshot`` of the seeded keys (Redis DUMP) puts every game back at its
start before each measurement, so all configurations replay the same moves.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import redis

from engine.core import registry
from engine.core.rng import Rng
from server.sessions.facade import Sessions
from server.sessions.steps import Step
from server.store import Loaded
from server.store.redis_store import RedisStore
from zythos.v1 import game_service_pb2 as pb

Metadata = tuple[tuple[str, str], ...]


def game_keys(game_id: str) -> tuple[str, str]:
    """The per-game keys of ``RedisStore`` (state hash with the answers, event stream)."""
    return f"zythos:{{{game_id}}}:state", f"zythos:{{{game_id}}}:events"


@dataclass(frozen=True)
class Move:
    """One SubmitAction: it expects ``version`` and leaves the game at ``next_version``."""

    version: int
    next_version: int
    request: bytes
    metadata: Metadata


@dataclass(frozen=True)
class GameScript:
    """A seeded game and the moves to play on it, in order."""

    game_id: str
    moves: tuple[Move, ...]
    state_bytes: int  # size of the stored record plus engine blob after the last move
    by_version: dict[int, int] = field(default_factory=dict)  # expected version -> index in moves

    def __post_init__(self) -> None:
        self.by_version.update({move.version: i for i, move in enumerate(self.moves)})


def play_script(loaded: Loaded, tokens: Sequence[str], max_moves: int, rng: Rng) -> GameScript:
    """Random legal moves from a stored game, applied as the server applies them."""
    record = loaded.record
    game = registry.get(record.game_type)
    step = Step(record, game.load(loaded.blob))
    auth = [(("authorization", f"Bearer {token}"),) for token in tokens]
    moves: list[Move] = []
    while len(moves) < max_moves and not step.state.is_terminal():
        state, version = step.state, step.record.version
        seat = rng.choice(list(state.actors()))
        action = rng.choice(state.legal_actions(seat))
        step.note(state.apply(seat, action))
        step.resolve_chance()
        request = pb.SubmitActionRequest(
            game_id=record.game_id, action_id=action.id, expected_version=version, request_id=f"r{version}"
        )
        moves.append(Move(version, step.record.version, request.SerializeToString(), auth[seat]))
    size = len(step.finish_record().to_json()) + len(game.dump(step.state))  # uncompressed
    return GameScript(record.game_id, tuple(moves), size)


async def submit_move(sessions: Sessions, game_id: str, move: Move) -> None:
    """Apply a scripted move through the domain layer, as SubmitAction would (token, version, request id)."""
    request = pb.SubmitActionRequest.FromString(move.request)
    await sessions.submit(
        game_id,
        move.metadata[0][1].removeprefix("Bearer "),
        expected_version=request.expected_version,
        request_id=request.request_id,
        action_id=request.action_id,
    )


async def seat_game(sessions: Sessions, game_type: str, players: int) -> tuple[str, list[str]]:
    """Create a game and fill every seat; its id and the seat tokens in seat order."""
    created = await sessions.create(game_type, players, {}, "bench-0")
    game_id = created.record.game_id
    tokens = [created.token]
    for seat in range(1, players):
        tokens.append((await sessions.join(game_id, f"bench-{seat}")).token)
    return game_id, tokens


async def seed_scripts(
    url: str, game_type: str, players: int, games: int, max_moves: int, seed: int = 1
) -> list[GameScript]:
    """Create ``games`` started games in Redis and work out up to ``max_moves`` moves for each."""
    store = RedisStore(url)
    sessions = Sessions(store)
    rng = Rng(seed)
    scripts = []
    try:
        for _ in range(games):
            game_id, tokens = await seat_game(sessions, game_type, players)
            loaded = await store.load(game_id)
            assert loaded is not None
            scripts.append(play_script(loaded, tokens, max_moves, rng))
    finally:
        await store.close()
    return scripts


@dataclass(frozen=True)
class Snapshot:
    """The DUMP of every seeded game's keys, to put them back before each measurement."""

    dumps: dict[str, bytes]

    @staticmethod
    def take(url: str, game_ids: Sequence[str]) -> Snapshot:
        client = redis.Redis.from_url(url)
        keys = [key for game_id in game_ids for key in game_keys(game_id)]
        pipe = client.pipeline(transaction=False)
        for key in keys:
            pipe.dump(key)
        dumps = dict(zip(keys, pipe.execute(), strict=True))
        client.close()
        return Snapshot(dumps)

    def restore(self, url: str) -> None:
        """Every game back at its start (answers included: they live in the state hash).

        A server's state cache still remembers the later versions: restart the
        servers after this (their cache must never be ahead of the store).
        """
        client = redis.Redis.from_url(url)
        pipe = client.pipeline(transaction=False)
        for key, payload in self.dumps.items():
            pipe.restore(key, 0, payload, replace=True)
        pipe.execute()
        client.close()


def clone_games(url: str, source: str, first: int, end: int) -> float:
    """Store copies of game ``source`` as idle games number ``first`` to ``end - 1``; returns seconds taken.

    Copies carry the source's keys byte for byte (state and event stream) and
    index entries, so Redis holds what that many real games of that size hold.
    """
    client = redis.Redis.from_url(url)
    state, events = game_keys(source)
    state_dump, events_dump = client.dump(state), client.dump(events)
    assert isinstance(state_dump, bytes) and isinstance(events_dump, bytes), f"no game {source}"
    start = time.perf_counter()
    batch = 1000
    for low in range(first, end, batch):
        pipe = client.pipeline(transaction=False)
        ids = [f"f{n:019x}" for n in range(low, min(low + batch, end))]  # valid ids, never issued
        for game_id in ids:
            keys = game_keys(game_id)
            pipe.restore(keys[0], 0, state_dump, replace=True)
            pipe.restore(keys[1], 0, events_dump, replace=True)
        pipe.zadd("zythos:index", dict.fromkeys(ids, 0))
        pipe.execute()
    client.close()
    return time.perf_counter() - start
