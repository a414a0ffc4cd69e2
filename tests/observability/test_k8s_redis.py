"""deploy/k8s's Redis as the pod runs it: its redis.conf, the ACL its init container renders, and
a real server and bot worker playing a game through the servers' ACL user.

The init container's own script renders the ACL file (paths moved to a
temporary directory), so a user the servers lack a command for, or a key or
channel outside their pattern, fails here rather than in a cluster.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import redis

from bench.procs import Processes
from tests.conftest import RedisServer, running_redis
from tests.observability.support import K8S, find, find_config, render, render_acl
from tests.replicas.support import BOT_SECRET, QUICK_BOTS, play_seat, start_replica, until
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb


@dataclass(frozen=True)
class PodRedis:
    server: RedisServer
    password: str
    exporter_password: str

    def url(self, user: str, password: str) -> str:
        return f"redis://{user}:{password}@127.0.0.1:{self.server.port}/0"


@pytest.fixture(scope="module")
def pod_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PodRedis]:
    rendered = render(K8S)
    config = find_config(rendered, "zythos-redis-config")
    [init] = find(rendered, "StatefulSet", "zythos-redis")["spec"]["template"]["spec"]["initContainers"]
    etc, run, data = (tmp_path_factory.mktemp(name) for name in ("etc", "run", "data"))
    for name, text in config.items():
        (etc / name).write_text(text)
    passwords = {"REDIS_PASSWORD": secrets.token_hex(16), "REDIS_EXPORTER_PASSWORD": secrets.token_hex(16)}
    refused = render_acl(init["args"][0], etc, run, {**passwords, "REDIS_PASSWORD": "not hex!"})
    assert refused.returncode != 0 and "lowercase hex" in refused.stderr
    done = render_acl(init["args"][0], etc, run, passwords)
    assert done.returncode == 0, done.stderr
    # The pod's redis.conf, with only where it listens and writes moved (Redis enters ``dir`` as it
    # reads the line, so the line itself changes).
    conf = config["redis.conf"].replace("\ndir /data\n", f"\ndir {data}\n")
    conf = conf.replace("/run/redis/", f"{run}/")
    (etc / "redis.conf").write_text(conf)
    with running_redis(data, conf=etc / "redis.conf", appendonly="yes", dir=str(data)) as server:
        yield PodRedis(server, passwords["REDIS_PASSWORD"], passwords["REDIS_EXPORTER_PASSWORD"])


def test_redis_refuses_a_client_without_a_password(pod_redis: PodRedis) -> None:
    anonymous = redis.Redis(port=pod_redis.server.port)
    with pytest.raises(redis.AuthenticationError):
        anonymous.ping()
    anonymous.close()
    intruder = redis.Redis.from_url(pod_redis.url("zythos", "0" * 32))
    with pytest.raises(redis.AuthenticationError):
        intruder.ping()
    intruder.close()


def test_the_exporter_user_runs_a_scrape_but_reads_no_data(pod_redis: PodRedis) -> None:
    """What redis_exporter sends on each scrape (exporter/exporter.go, scrapeRedisHost) is allowed."""
    exporter = redis.Redis.from_url(pod_redis.url("exporter", pod_redis.exporter_password))
    try:
        exporter.client_setname("redis_exporter")
        assert exporter.config_get("*")["maxmemory"] == str(1024**3)
        assert exporter.info("all")["maxmemory_policy"] == "noeviction"
        exporter.execute_command("LATENCY", "LATEST")
        exporter.slowlog_len()
        exporter.client_list()
        with pytest.raises(redis.exceptions.NoPermissionError):
            exporter.get("zythos:index")
    finally:
        exporter.close()


def test_the_servers_user_may_not_administer(pod_redis: PodRedis) -> None:
    server_user = redis.Redis.from_url(pod_redis.url("zythos", pod_redis.password))
    try:
        for forbidden in (server_user.flushall, lambda: server_user.config_set("maxmemory", "0")):
            with pytest.raises(redis.exceptions.NoPermissionError):
                forbidden()
        with pytest.raises(redis.exceptions.NoPermissionError):
            server_user.set("not-ours", "1")
    finally:
        server_user.close()


async def test_a_server_and_a_bot_worker_play_a_game_as_the_acl_user(pod_redis: PodRedis) -> None:
    """The ZYTHOS_REDIS_URL of the server pod, against the pod's Redis: commits, streams, bot seats."""
    with Processes() as procs:
        replica = start_replica(procs, pod_redis.url("zythos", pod_redis.password))
        procs.bots(replica.target, BOT_SECRET, *QUICK_BOTS)
        client = ZythosClient(replica.target)
        try:
            created = await client.create_game("tbbr_dice", 2, "Ann", bots={1: "easy"})
            game_id = created.game.game_id
            stream = client.stream_events(game_id)
            first = await anext(aiter(stream))

            async def started() -> bool:
                return (await client.get_game(game_id)).status == pb.GAME_STATUS_ACTIVE

            await until(started, 60, "a bot worker takes the bot seat")
            await play_seat(client, game_id, 0)
            assert first.event_id
            await stream.aclose()
            assert (await client.get_game(game_id)).status == pb.GAME_STATUS_FINISHED
            assert game_id in {game.game_id for game in (await client.list_games()).games}
        finally:
            await client.close()
