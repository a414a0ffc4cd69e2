"""Every documented metric and every dashboard panel has data after real traffic on served processes.

Two server processes on one Redis (one answers a lost race with CONFLICT at
once, the other retries) and a bot worker serve a burst: bot games, a human
playing to the end, a spectator stream, racing submissions, and matchmaking
tickets that end each way (matched with people, with bots, cancelled,
expired). Then each
process's /metrics is scraped, and:

- every ``zythos_*`` series that docs/OBSERVABILITY.md lists has samples;
- every query of the Grafana dashboard returns data when Prometheus's own
  engine (``promtool test rules``) evaluates it over the scraped samples,
  with the recording rules loaded. The processes are new, so every counter
  was 0 a minute before the scrape.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import subprocess
from pathlib import Path

import yaml
from google.protobuf.duration_pb2 import Duration
from prometheus_client.parser import text_string_to_metric_families

from bench.procs import Processes, free_port
from tests.observability.support import REPO, RULES_FILE
from tests.replicas.support import BOT_SECRET, QUICK_BOTS, scrape, start_replica, until
from zythos.client import ZythosClient, ZythosError
from zythos.matchmaking import MatchmakingClient
from zythos.v1 import game_service_pb2 as pb

DASHBOARD = REPO / "deploy" / "grafana" / "zythos-dashboard.json"
DOC = REPO / "docs" / "OBSERVABILITY.md"
# Counters and histogram parts: 0 a minute before the scrape; anything else kept its value.
_COUNTING = ("_total", "_bucket", "_count", "_sum")
GRAFANA_VARIABLES = {"$__rate_interval": "2m", "$job": ".*", "$namespace": ".*"}


def documented_series() -> set[str]:
    """The zythos_* names in the metric tables of docs/OBSERVABILITY.md."""
    tables = DOC.read_text().split("## Rules and alerts")[0]
    return set(re.findall(r"^\| `(zythos_[a-z_]+)`", tables, flags=re.MULTILINE))


def samples(exposition: str, job: str) -> list[tuple[str, dict[str, str], float]]:
    return [
        (sample.name, {**sample.labels, "job": job}, sample.value)
        for family in text_string_to_metric_families(exposition)
        for sample in family.samples
    ]


def input_series(scraped: list[tuple[str, dict[str, str], float]]) -> list[dict[str, str]]:
    """promtool input series: each sample a minute ago (0 for counters) and now."""
    series = []
    for name, labels, value in scraped:
        if value != value or value in (float("inf"), float("-inf")):
            continue
        before = 0.0 if name.endswith(_COUNTING) else value
        text = ",".join(f'{key}="{val}"' for key, val in sorted(labels.items()))
        series.append({"series": f"{name}{{{text}}}", "values": f"{before:g} {value:g}"})
    return series


def has_data(promtool: str, workdir: Path, series: list[dict[str, str]], expr: str) -> bool:
    """Whether ``expr`` returns any sample at the scrape; promtool fails a test expecting none."""
    test = {
        "rule_files": [str(RULES_FILE)],
        "evaluation_interval": "1m",
        "tests": [
            {
                "interval": "1m",
                "input_series": series,
                "promql_expr_test": [{"expr": expr, "eval_time": "1m", "exp_samples": []}],
            }
        ],
    }
    path = workdir / "panel.test.yml"
    path.write_text(yaml.safe_dump(test))
    result = subprocess.run([promtool, "test", "rules", str(path)], capture_output=True, text=True)
    if result.returncode == 0:
        return False
    assert "got:" in result.stdout + result.stderr, result.stdout + result.stderr  # not a broken query
    return True


async def play_to_the_end(client: ZythosClient, game_id: str, seed: int) -> None:
    rng = random.Random(seed)
    while (game := await client.get_game(game_id)).status not in (pb.GAME_STATUS_FINISHED,):
        if game.status == pb.GAME_STATUS_ACTIVE and 0 in game.to_act:
            legal = await client.list_legal_actions(game_id)
            with contextlib.suppress(ZythosError):  # a bot moved at the same time
                await client.submit_action(
                    game_id, rng.choice(legal.actions).id, expected_version=legal.version
                )
        else:
            await asyncio.sleep(0.02)


async def queue_every_way(one: MatchmakingClient, other: MatchmakingClient) -> None:
    """Tickets matched with people and with bots, one cancelled, one left to expire."""
    pair = [await one.create_ticket("tiny_dice", 2, "Ann"), await other.create_ticket("tiny_dice", 2, "Bo")]
    alone = await one.create_ticket("tiny_dice", 3, "Cy", bot_fill_after=0.3, bot_level="easy")
    await asyncio.gather(
        one.matched(pair[0].ticket_id), other.matched(pair[1].ticket_id), one.matched(alone.ticket_id)
    )
    quitter = await other.create_ticket("tiny_dice", 4, "Di")
    await other.cancel_ticket(quitter.ticket_id)
    await one.create_ticket("tiny_dice", 4, "Ed", options={"target": "20"})  # never looked at again
    await asyncio.sleep(1.0)  # past its abandonment


async def race(one: ZythosClient, other: ZythosClient, game_id: str, moves: int) -> None:
    """Submit on each replica in turn, unpinned: each finds its cached copy behind the other's commit."""
    other.tokens[game_id] = one.tokens[game_id]
    pair = (one, other)
    for n in range(moves):
        submitter, reader = pair[n % 2], pair[1 - n % 2]
        legal = await reader.list_legal_actions(game_id)
        with contextlib.suppress(ZythosError):  # CONFLICT where retries are off; a move gone stale
            await submitter.submit_action(game_id, legal.actions[0].id)


async def away_and_back(human: ZythosClient, watcher: ZythosClient) -> None:
    """A seat left idle past its one-second clock is taken over, then reclaimed by its player."""
    clock = pb.TurnClock(per_turn=Duration(seconds=1))
    game_id = (await human.create_game("tbbr_dice", 2, "Cy", bots={1: "easy"}, clock=clock)).game.game_id

    async def away() -> bool:
        return (await watcher.get_game(game_id)).seats[0].state == pb.SEAT_STATE_AWAY

    await until(away, 60, "the idle seat taken over")
    # Through the replica that retries conflicts: the bot playing the seat keeps moving the game.
    watcher.tokens[game_id] = human.tokens[game_id]
    await watcher.reclaim_seat(game_id)


async def test_a_burst_of_real_traffic_fills_every_documented_series_and_panel(
    redis_url: str, promtool: str, tmp_path: Path
) -> None:
    with Processes() as procs:
        sampled = ("--live-sample-seconds", "0.2", "--ticket-abandon-seconds", "0.5")
        sampled += ("--full-gc-seconds", "0.5")
        strict = start_replica(procs, redis_url, "--commit-retries", "0", *sampled)
        patient = start_replica(procs, redis_url, *sampled)
        bots_port = free_port()
        both = f"ipv4:{strict.target},{patient.target}"
        procs.bots(both, BOT_SECRET, *QUICK_BOTS, "--metrics-port", str(bots_port))
        human, watcher = ZythosClient(strict.target), ZythosClient(patient.target)

        created = await human.create_game("tbbr_dice", 2, "Ann", bots={1: "easy"})
        game_id = created.game.game_id
        stream = watcher.stream_events(game_id)
        watched = asyncio.create_task(anext(aiter(stream)))
        await play_to_the_end(human, game_id, seed=1)
        await watched
        await stream.aclose()
        solo = (await human.create_game("tbbr_dice", 1, "Bob")).game.game_id
        await race(human, watcher, solo, moves=12)
        await away_and_back(human, watcher)
        await human.list_games()
        await queue_every_way(MatchmakingClient(human), MatchmakingClient(watcher))
        await asyncio.sleep(0.5)  # a live-games sample after the burst
        await human.close()
        await watcher.close()

        scraped = samples(strict.scrape(), "zythos-server") + samples(patient.scrape(), "zythos-server")
        scraped += samples(scrape(bots_port), "zythos-bots")

    names = {name for name, _, _ in scraped}
    missing = [name for name in sorted(documented_series()) if not ({name, f"{name}_count"} & names)]
    assert not missing, f"documented series with no sample after the burst: {missing}"

    series = input_series(scraped)
    dashboard = json.loads(DASHBOARD.read_text())
    empty = []
    for panel in dashboard["panels"]:
        for target in panel.get("targets", []):
            expr = target["expr"]
            for variable, value in GRAFANA_VARIABLES.items():
                expr = expr.replace(variable, value)
            if not has_data(promtool, tmp_path, series, expr):
                empty.append(f"{panel['title']}: {expr}")
    assert not empty, "panels without data:\n" + "\n".join(empty)
