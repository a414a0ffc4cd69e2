"""Client-side balancing: one channel spreads calls over every replica, and survives connection ageing."""

from __future__ import annotations

import asyncio

from bench.procs import Processes
from tests.replicas.support import sample_sum, start_replica
from zythos.client import ZythosClient

CALLS = 40


async def test_one_balanced_channel_spreads_calls_over_both_replicas_across_connection_ageing(
    redis_url: str,
) -> None:
    """round_robin over both addresses; each connection is closed after 1 s and calls go on."""
    with Processes() as procs:
        ageing = ("--max-connection-age", "1", "--max-connection-age-grace", "1")
        replicas = [start_replica(procs, redis_url, *ageing) for _ in range(2)]
        client = ZythosClient("ipv4:" + ",".join(r.target for r in replicas))
        game_id = (await client.create_game("tbbr_dice", 2, "Ann")).game.game_id
        for _ in range(CALLS):
            assert (await client.get_game(game_id)).game_id == game_id
            await asyncio.sleep(2.5 / CALLS)  # past each connection's age: the client reconnects
        await client.close()
        served = [
            sample_sum(r.scrape(), "grpc_server_handled_total", grpc_method="GetGame", grpc_code="OK")
            for r in replicas
        ]
        assert sum(served) == CALLS
        assert min(served) >= CALLS / 4, served  # both replicas took a fair share
