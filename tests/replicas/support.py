"""Server replicas as real processes over one Redis, and what their /metrics say."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass

from prometheus_client.parser import text_string_to_metric_families

from bench.procs import Child, Processes, free_port
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb

BOT_SECRET = "replica-test-secret"
LEASE_SECONDS = 6.0  # long enough that a loaded machine never lets a live lease lapse (4.0 did, 1 run in 8)
# A bot worker that searches little, so games end quickly.
QUICK_BOTS = ("--max-iterations", "4", "--processes", "1", "--capacity", "64")


@dataclass
class Replica:
    """A ``python -m server`` process and its metrics port."""

    child: Child
    metrics_port: int

    @property
    def target(self) -> str:
        return self.child.target

    def scrape(self) -> str:
        return scrape(self.metrics_port)


def scrape(metrics_port: int) -> str:
    """The /metrics text of a process on this machine."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5) as reply:
        text: str = reply.read().decode()
        return text


def start_replica(procs: Processes, redis_url: str, *extra: str) -> Replica:
    metrics_port = free_port()
    flags = ("--bot-secret", BOT_SECRET, "--bot-lease-seconds", str(LEASE_SECONDS), *extra)
    return Replica(procs.zythos(redis_url, metrics_port=metrics_port, extra=flags), metrics_port)


def sample_sum(exposition: str, name: str, **labels: str) -> float:
    """The sum of every sample called ``name`` whose labels include ``labels``."""
    return sum(
        sample.value
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
        if sample.name == name and labels.items() <= sample.labels.items()
    )


async def until(condition: Callable[[], object], timeout: float, what: str, step: float = 0.1) -> float:
    """Poll an async or plain ``condition`` until it is truthy; the seconds it took."""
    began = time.monotonic()
    while True:
        result = condition()
        if asyncio.iscoroutine(result):
            result = await result
        if result:
            return time.monotonic() - began
        assert time.monotonic() - began < timeout, f"{what}: not within {timeout} s"
        await asyncio.sleep(step)


async def play_seat(client: ZythosClient, game_id: str, seat: int, seed: int = 1) -> None:
    """Play ``seat`` with random legal actions until the game is over."""
    rng = random.Random(seed)
    while (game := await client.get_game(game_id)).status == pb.GAME_STATUS_ACTIVE:
        if seat not in game.to_act:
            await asyncio.sleep(0.02)
            continue
        legal = await client.list_legal_actions(game_id)
        with contextlib.suppress(ZythosError):  # a bot's step moved the game on meanwhile
            await client.submit_action(game_id, rng.choice(legal.actions).id, expected_version=legal.version)
