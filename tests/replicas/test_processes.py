"""``--processes 2``: two server processes on one port over one Redis, stopped together."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
from pathlib import Path

import grpc

from bench.procs import Processes, children_of, free_port
from tests.replicas.support import sample_sum, scrape, until
from zythos.client import ZythosClient

CONNECTIONS = 40


def listening_sockets(port: int) -> int:
    """How many sockets listen on ``port`` here: one per process that bound it with SO_REUSEPORT."""
    out = subprocess.run(["ss", "-Hltn", f"sport = :{port}"], capture_output=True, text=True, check=True)
    return len(out.stdout.splitlines())


async def test_two_processes_share_the_port_and_the_games(redis_url: str) -> None:
    with Processes() as procs:
        metrics = free_port()
        free_port()  # the second process's metrics port is the next one: make it likely free
        server = procs.zythos(redis_url, metrics_port=metrics, extra=["--processes", "2"])
        port = int(server.target.rpartition(":")[2])
        # The supervisor answers once one process serves; the kernel deals connections only to
        # the processes whose socket is bound, so wait for both before dealing 40 connections.
        await until(lambda: listening_sockets(port) == 2, 90, "both processes listening")
        clients = [
            ZythosClient(
                channel=grpc.aio.insecure_channel(
                    server.target, options=[("grpc.use_local_subchannel_pool", 1)]
                )
            )
            for _ in range(CONNECTIONS)
        ]
        try:
            games = [(await c.create_game("tiny_dice", 2, "Ann")).game.game_id for c in clients]
            for client, game_id in zip(clients[1:] + clients[:1], games, strict=True):
                assert (await client.get_game(game_id)).game_id == game_id  # read on whichever process
        finally:
            await asyncio.gather(*(c.close() for c in clients))
        created = [
            sample_sum(scrape(port), "grpc_server_handled_total", grpc_method="CreateGame")
            for port in (metrics, metrics + 1)
        ]
        assert sum(created) == CONNECTIONS and min(created) > 0, created
        children = children_of(server.pid)
        assert len(children) == 2
        os.kill(server.pid, signal.SIGTERM)
        assert server.process.wait(timeout=60) == 0
        assert not any(Path(f"/proc/{pid}").exists() for pid in children)  # drained, exited, reaped


async def test_a_dead_process_stops_the_others(redis_url: str) -> None:
    with Processes() as procs:
        server = procs.zythos(redis_url, extra=["--processes", "2"])
        await until(lambda: len(children_of(server.pid)) == 2, 30, "two server processes")
        first, second = children_of(server.pid)
        os.kill(first, signal.SIGKILL)
        assert server.process.wait(timeout=60) == 1
        assert not Path(f"/proc/{second}").exists()  # stopped and reaped by the supervisor
