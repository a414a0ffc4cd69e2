"""The ``grpc_server_*`` metrics count gRPC-Web calls as they count native ones, on a real server process."""

from __future__ import annotations

import struct

import httpx
import pytest

from bench.procs import Processes, free_port
from tests.replicas.support import sample_sum, scrape, until
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import game_service_pb2 as pb

GRPC_WEB = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1"}
SERVICE = "zythos.v1.GameService"


async def web_call(port: int, method: str, request: bytes) -> str:
    """One gRPC-Web call, as a browser's transport makes it; the grpc-status of its trailers."""
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
        answer = await http.post(
            f"/{SERVICE}/{method}", content=struct.pack(">BI", 0, len(request)) + request, headers=GRPC_WEB
        )
    trailer = answer.content[answer.content.rindex(b"grpc-status:") :]
    return trailer.split(b"\r\n")[0].split(b":")[1].strip().decode()


def handled(metrics_port: int, method: str, code: str) -> float:
    text = scrape(metrics_port)
    return sample_sum(
        text, "grpc_server_handled_total", grpc_service=SERVICE, grpc_method=method, grpc_code=code
    )


async def test_grpc_web_calls_are_counted_with_the_native_ones(redis_url: str) -> None:
    with Processes() as procs:
        metrics, web = free_port(), free_port()
        server = procs.zythos(redis_url, metrics_port=metrics, extra=["--grpc-web-port", str(web)])

        async def web_ready() -> bool:
            try:
                return await web_call(web, "ListGameTypes", b"") == "0"
            except httpx.TransportError:
                return False

        await until(web_ready, 30, "the gRPC-Web port answers")
        async with ZythosClient(server.target) as client:
            await client.list_game_types()
            with pytest.raises(ZythosError):
                await client.get_game("no-such-game")
        assert (
            await web_call(web, "GetGame", pb.GetGameRequest(game_id="no-such-game").SerializeToString())
            == "3"  # INVALID_ARGUMENT: not a game id
        )

        # one gRPC-Web ListGameTypes (web_ready stops at the first answer) and one native; one
        # rejected GetGame each way
        assert handled(metrics, "ListGameTypes", "OK") == 2
        assert handled(metrics, "GetGame", "INVALID_ARGUMENT") == 2
        started = sample_sum(
            scrape(metrics), "grpc_server_started_total", grpc_service=SERVICE, grpc_type="unary"
        )
        assert started == 4
