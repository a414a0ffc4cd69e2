"""The ceiling of the serving stack: a bare grpc.aio SubmitAction that does one Lua compare-and-set.

    .venv/bin/python bench/ceiling_server.py --redis-url redis://127.0.0.1:PORT/0 --blob-bytes 4000

It answers ``zythos.v1.GameService/SubmitAction`` (so the same load generator
drives it and the real server) with an empty response after compare-and-setting
a blob of ``--blob-bytes`` under the request's game id, over the same Redis
path as ``RedisStore``'s commit (``server.store.direct.Lane``: redis-py
connections without the client around them, one packed EVALSHA, an integer
reply). No tokens, no rules, no events:
what is left is gRPC, protobuf parsing and one Redis round trip, the most a
Python server process on this stack can do per action. With ``--redis-url ""``
the compare-and-set is a dict in the process, the ceiling of the memory store.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import grpc
import redis.asyncio as redis
from redis.exceptions import NoScriptError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from server.store.direct import Lane, pack
from zythos.v1 import game_service_pb2 as pb

# Same shape as the real commit's check and reply: compare the stored revision, then write;
# the new revision, or -1 - the current one on a conflict.
CAS_LUA = """
local rev = tonumber(redis.call('HGET', KEYS[1], 'rev') or '0')
if rev ~= tonumber(ARGV[1]) then
  return -1 - rev
end
redis.call('HSET', KEYS[1], 'rev', rev + 1, 'blob', ARGV[2])
return rev + 1
"""

log = logging.getLogger("ceiling")


class Ceiling:
    """SubmitAction as one compare-and-set; the revision each game is at is kept in process."""

    def __init__(self, url: str, blob_bytes: int) -> None:
        self._redis = redis.Redis.from_url(url, decode_responses=False)
        self._sha = self._redis.register_script(CAS_LUA).sha.encode()
        self._lane = Lane(self._redis, read_timeout=30.0)
        self._blob = os.urandom(blob_bytes)
        self._revisions: dict[str, int] = {}
        self._process = os.getpid()

    async def submit(
        self, request: pb.SubmitActionRequest, context: grpc.aio.ServicerContext
    ) -> pb.SubmitActionResponse:
        game_id = request.game_id
        expected = self._revisions.get(game_id, 0)
        key = f"ceiling:{{{game_id}}}:{self._process}"  # each process compare-and-sets its own copy
        command = pack([b"EVALSHA", self._sha, b"1", key.encode(), b"%d" % expected, self._blob])
        try:
            revision = int(await self._lane.call(command))
        except NoScriptError:
            await self._redis.script_load(CAS_LUA)
            revision = int(await self._lane.call(command))
        if revision < 0:
            await context.abort(grpc.StatusCode.ABORTED, f"revision moved to {-revision - 1}")
        self._revisions[game_id] = revision
        return pb.SubmitActionResponse()

    async def close(self) -> None:
        await self._lane.close()
        await self._redis.aclose()


class MemoryCeiling:
    """SubmitAction as a compare-and-set of the blob in a dict: the memory store's bare floor."""

    def __init__(self, blob_bytes: int) -> None:
        self._blob = os.urandom(blob_bytes)
        self._stored: dict[str, tuple[int, bytes]] = {}

    async def submit(
        self, request: pb.SubmitActionRequest, context: grpc.aio.ServicerContext
    ) -> pb.SubmitActionResponse:
        game_id = request.game_id
        revision, _ = self._stored.get(game_id, (0, b""))
        self._stored[game_id] = (revision + 1, self._blob)
        return pb.SubmitActionResponse()

    async def close(self) -> None:
        return None


async def serve(url: str, blob_bytes: int, port: int, reuse_port: bool = False) -> None:
    ceiling = Ceiling(url, blob_bytes) if url else MemoryCeiling(blob_bytes)
    handler = grpc.method_handlers_generic_handler(
        "zythos.v1.GameService",
        {
            "SubmitAction": grpc.unary_unary_rpc_method_handler(
                ceiling.submit,
                request_deserializer=pb.SubmitActionRequest.FromString,
                response_serializer=pb.SubmitActionResponse.SerializeToString,
            )
        },
    )
    # with --reuse-port, several ceilings share one port as ``zythos-server --processes N`` does
    server = grpc.aio.server(options=[("grpc.so_reuseport", 1 if reuse_port else 0)])
    server.add_generic_rpc_handlers((handler,))
    bound = server.add_insecure_port(f"127.0.0.1:{port}")
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    await server.start()
    log.info("serving ceiling on 127.0.0.1:%d", bound)
    await stop.wait()
    await server.stop(1.0)
    await ceiling.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redis-url", required=True, help='"": compare-and-set in process (memory store)')
    parser.add_argument("--blob-bytes", type=int, required=True, help="size of the value written per call")
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port (announced in the log)")
    parser.add_argument("--reuse-port", action="store_true", help="share the port with other processes")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(serve(args.redis_url, args.blob_bytes, args.port, args.reuse_port))


if __name__ == "__main__":
    main()
