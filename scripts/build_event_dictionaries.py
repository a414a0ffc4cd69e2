"""Build the preset dictionaries ``RedisStore`` deflates each game type's events against.

Usage: python scripts/build_event_dictionaries.py [--games 12] [--size 4096] [--seed 1000]

Plays ``--games`` random games per player count of every registered game type
to the end, through ``Sessions`` on the in-memory store, collects the text of
each commit's events as the store packs it, and writes a dictionary of
``--size`` bytes: commits sampled from every phase of those games (deflate
matches best against the dictionary's end, so the sample is shuffled rather
than taken in game order). A new file ``<game type>-<n+1>.zdict`` is written
only when the bytes differ from the newest one: stored entries name the
dictionary they were packed with, so a shipped dictionary is never changed or
deleted. Then it prints the packed size of the events of other games (another
seed) with and without the dictionary. Deterministic for a given seed.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core import registry
from engine.core.rng import Rng
from server.sessions.facade import Sessions
from server.sessions.steps import Step
from server.store import MemoryStore, packing


async def commit_texts(game_type: str, players: int, games: int, rng: Rng) -> list[bytes]:
    """The packed text of every commit's events in ``games`` random games played to the end."""
    # The games' secret seeds come from ``rng`` (not the server's random source) and the clock is
    # fixed, so the same seed builds the same dictionary.
    sessions = Sessions(MemoryStore(), clock=lambda: 1_700_000_000.0, seeds=lambda: rng.randrange(1 << 63))
    game = registry.get(game_type)
    commits = []
    for _ in range(games):
        created = await sessions.create(game_type, players, {}, "p0")
        for seat in range(1, players):
            await sessions.join(created.record.game_id, f"p{seat}")
        loaded = await sessions.store.load(created.record.game_id)
        assert loaded is not None
        step = Step(loaded.record, game.load(loaded.blob))
        while not step.state.is_terminal():
            mark = len(step.events)
            seat = rng.choice(list(step.state.actors()))
            step.note(step.state.apply(seat, rng.choice(step.state.legal_actions(seat))))
            step.resolve_chance()
            text = "\n".join(f"{e.version}\t{e.data}" for e in step.events[mark:])
            commits.append(text.encode())
    return commits


def _sample(commits: list[bytes], size: int, rng: Rng) -> bytes:
    """Commits drawn at random (without repeats) until ``size`` bytes, newline-joined."""
    pool = list(commits)
    rng.shuffle(pool)
    picked: list[bytes] = []
    total = 0
    while pool and total < size:
        picked.append(pool.pop())
        total += len(picked[-1]) + 1
    return b"\n".join(picked)[-size:]


def _packed(commits: list[bytes], zdict: bytes) -> int:
    total = 0
    for text in commits:
        packer = packing.event_packer(zdict)
        total += len(packer.compress(text) + packer.flush())
    return total


def _write(game_type: str, zdict: bytes) -> Path:
    """The newest dictionary of ``game_type`` if it holds these bytes, else a new numbered file."""
    existing = sorted(
        packing.DICTIONARIES.glob(f"{game_type}-*.zdict"), key=lambda p: int(p.stem.rpartition("-")[2])
    )
    if existing and existing[-1].read_bytes() == zdict:
        return existing[-1]
    number = int(existing[-1].stem.rpartition("-")[2]) + 1 if existing else 1
    path = packing.DICTIONARIES / f"{game_type}-{number}.zdict"
    packing.DICTIONARIES.mkdir(exist_ok=True)
    path.write_bytes(zdict)
    return path


# The settings the shipped dictionaries were built with (the command-line defaults).
GAMES, SIZE, SEED = 12, 4096, 1000


async def build(game_type: str, games: int = GAMES, size: int = SIZE, seed: int = SEED) -> bytes:
    """The dictionary of ``game_type``: the same bytes for the same arguments."""
    game = registry.get(game_type)
    rng = Rng(seed)
    commits: list[bytes] = []
    for players in range(game.min_players, game.max_players + 1):
        commits += await commit_texts(game_type, players, games, rng)
    return _sample(commits, size, rng)


async def held_out(game_type: str, seed: int = SEED) -> list[bytes]:
    """Two games per player count with seeds the dictionary was not built from."""
    game = registry.get(game_type)
    commits: list[bytes] = []
    for players in range(game.min_players, game.max_players + 1):
        commits += await commit_texts(game_type, players, 2, Rng(seed + 1 + players))
    return commits


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games per player count")
    parser.add_argument("--size", type=int, default=SIZE, help="dictionary bytes (at most the pack window)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    for game in registry.all_games():
        zdict = await build(game.name, args.games, args.size, args.seed)
        path = _write(game.name, zdict)
        other = await held_out(game.name, args.seed)
        games = 2 * (game.max_players - game.min_players + 1)
        plain, with_dict = _packed(other, b"") / games, _packed(other, zdict) / games
        print(
            f"{game.name}: {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path} "
            f"({len(zdict)} bytes); events of a held-out game: {plain:,.0f} B deflated, "
            f"{with_dict:,.0f} B with the dictionary ({with_dict / plain:.2f})"
        )


if __name__ == "__main__":
    asyncio.run(main())
