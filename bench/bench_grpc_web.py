"""gRPC-Web against native gRPC on one server: the latency of the same call, side by side.

A server in this process serves both ports; one client at a time calls GetView on a Tiny Dice
game over native gRPC (zythos.client) and over gRPC-Web (a keep-alive HTTP/1.1 client, as a
browser's fetch). Prints medians and the ratio; docs/DEPLOY.md ("Browsers") quotes it.

Usage: python bench/bench_grpc_web.py [--calls N]
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import statistics
import struct
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx

from server.app import build_server, mark_serving
from server.config import Config
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb


async def timed(calls: int, call: Callable[[], Awaitable[object]]) -> float:
    """Median microseconds of ``calls`` sequential calls, after a warm-up."""
    for _ in range(50):
        await call()
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        await call()
        samples.append((time.perf_counter() - start) * 1e6)
    return statistics.median(samples)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def run(calls: int) -> None:
    web_port = free_port()
    config = Config(host="127.0.0.1", port=0, metrics_port=0, grpc_web_port=web_port)
    server = build_server(config)
    await server.start()
    await mark_serving(server)
    native = ZythosClient(f"127.0.0.1:{server.port}")
    game = (await native.create_game("tiny_dice", 2, "Ann")).game
    body = pb.GetViewRequest(game_id=game.game_id).SerializeToString()
    framed = struct.pack(">BI", 0, len(body)) + body
    headers = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1"}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{web_port}") as web:

        async def over_web() -> object:
            answer = await web.post("/zythos.v1.GameService/GetView", content=framed, headers=headers)
            assert answer.content.endswith(b"grpc-status: 0\r\n")
            return answer

        native_us = await timed(calls, lambda: native.get_view(game.game_id))
        web_us = await timed(calls, over_web)
    await native.close()
    await server.stop(grace=0)
    print(f"GetView median over {calls} calls: native gRPC {native_us:.0f} µs, gRPC-Web {web_us:.0f} µs")
    print(f"gRPC-Web / native: {web_us / native_us:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=2000)
    asyncio.run(run(parser.parse_args().calls))


if __name__ == "__main__":
    main()
