"""Shared pieces of the observability tests: a tiny servicer and metric look-ups."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import yaml
from grpc_health.v1 import health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from prometheus_client import REGISTRY

import ai_players.metrics  # noqa: F401  (registers the bot worker's metrics)
from server.observability.logs import bind
from zythos.v1 import game_service_pb2, game_service_pb2_grpc

REPO = Path(__file__).resolve().parents[2]
GAME_SERVICE = "zythos.v1.GameService"
HEALTH_SERVICE = "grpc.health.v1.Health"


class TinyGameService(game_service_pb2_grpc.GameServiceServicer):
    """Just enough of GameService to exercise status codes and per-game log fields."""

    async def GetGame(
        self, request: game_service_pb2.GetGameRequest, context: grpc.aio.ServicerContext
    ) -> game_service_pb2.GetGameResponse:
        if request.game_id == "boom":
            raise RuntimeError("an unexpected fault")
        if request.game_id == "missing":
            with bind(seat=2):
                logging.getLogger("zythos.test").warning("no such game; token=%s", "s3cr3t-token")
            await context.abort(grpc.StatusCode.NOT_FOUND, "no such game")
        return game_service_pb2.GetGameResponse(game=game_service_pb2.Game(game_id=request.game_id))


@dataclass
class LiveServer:
    channel: grpc.aio.Channel
    health: HealthServicer

    @property
    def health_stub(self) -> health_pb2_grpc.HealthStub:
        return health_pb2_grpc.HealthStub(self.channel)

    @property
    def game_stub(self) -> game_service_pb2_grpc.GameServiceStub:
        return game_service_pb2_grpc.GameServiceStub(self.channel)


def sample(name: str, **labels: str) -> float:
    """The current value of one series in the default registry (0 when it has not appeared yet)."""
    return REGISTRY.get_sample_value(name, labels) or 0.0


def grpc_labels(
    service: str, method: str, grpc_type: str = "unary", transport: str = "grpc"
) -> dict[str, str]:
    """The labels of one method's series; ``transport`` is grpc on the native port."""
    return {"grpc_type": grpc_type, "grpc_service": service, "grpc_method": method, "transport": transport}


async def eventually(condition: Callable[[], bool], timeout: float = 2.0) -> bool:
    """Poll ``condition`` until it holds: the server records a call's end after the client sees it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            return False
        await asyncio.sleep(0.005)
    return True


PROMETHEUS_DIR = REPO / "deploy" / "prometheus"
RULES_FILE = PROMETHEUS_DIR / "zythos.rules.yml"
# Series names in PromQL that this project defines: exported metrics and recording rules.
_OUR_SERIES = re.compile(r"\b(?:grpc_server_|zythos_|zythos:|process_)[A-Za-z0-9_:]*")
_SUFFIXES = {"counter": ("_total",), "histogram": ("_bucket", "_count", "_sum"), "gauge": ("",)}


# A raw series of ours with its selector (not a recorded zythos:... one).
_SELECTOR = re.compile(r"(?<![\w:])((?:grpc_server_|zythos_)[a-z_]+)(\{[^}]*\})?")
# What the bot workers export; everything else of ours comes from the servers.
_BOT_SERIES = ("zythos_bot_decision", "zythos_bot_seat", "zythos_bot_errors")


def unscoped(expr: str, *also: str) -> list[str]:
    """Raw series in ``expr`` whose selector lacks their job, ``zythos.v1`` for gRPC, or any of ``also``."""
    missing = []
    for name, selector in _SELECTOR.findall(expr):
        job = "zythos-bots" if name.startswith(_BOT_SERIES) else "zythos-server"
        wanted = [f'job="{job}"', *also]
        if name.startswith("grpc_server_"):
            wanted.append('grpc_service=~"zythos.v1..*"')
        if not all(matcher in selector for matcher in wanted):
            missing.append(name)
    return missing


def exported_series() -> set[str]:
    """Every series name the server and the bot worker export (labels aside)."""
    families = list(REGISTRY.collect())  # ai_players.metrics, imported above, registered here too
    return {family.name + suffix for family in families for suffix in _SUFFIXES.get(family.type, ("",))}


def recording_rules() -> set[str]:
    groups = yaml.safe_load(RULES_FILE.read_text())["groups"]
    return {rule["record"] for group in groups for rule in group["rules"] if "record" in rule}


def series_in(expr: str) -> set[str]:
    """The project's series an expression reads."""
    return set(_OUR_SERIES.findall(expr))


K8S = REPO / "deploy" / "k8s"
Manifest = dict[str, Any]


def render(directory: Path) -> list[Manifest]:
    """The objects ``kubectl kustomize`` renders from a kustomization directory."""
    kubectl = shutil.which("kubectl")
    assert kubectl, "kubectl (with its built-in kustomize) is needed to render deploy/k8s"
    command = [kubectl, "kustomize", str(directory)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return [doc for doc in yaml.safe_load_all(result.stdout) if doc]


COMPONENTS = K8S / "components"


def render_with(components: list[Path], workdir: Path) -> list[Manifest]:
    """The base with ``components``, through an overlay written in ``workdir``."""
    overlay = {
        "apiVersion": "kustomize.config.k8s.io/v1beta1",
        "kind": "Kustomization",
        "resources": [os.path.relpath(K8S, workdir)],
        "components": [os.path.relpath(component, workdir) for component in components],
    }
    (workdir / "kustomization.yaml").write_text(yaml.safe_dump(overlay))
    return render(workdir)


def find(manifests: list[Manifest], kind: str, name: str) -> Manifest:
    matches = [m for m in manifests if m["kind"] == kind and m["metadata"]["name"] == name]
    assert len(matches) == 1, f"expected one {kind}/{name}, found {len(matches)}"
    return matches[0]


def find_config(rendered: list[Manifest], prefix: str) -> dict[str, str]:
    """The data of the generated ConfigMap whose name (before kustomize's hash) is ``prefix``."""
    [config] = [
        m for m in rendered if m["kind"] == "ConfigMap" and m["metadata"]["name"].startswith(prefix + "-")
    ]
    data: dict[str, str] = config["data"]
    return data


def container(workload: Manifest, name: str = "") -> Manifest:
    """The container called ``name`` of a workload's pods; by default its first (the main) one."""
    containers: list[Manifest] = workload["spec"]["template"]["spec"]["containers"]
    return next(c for c in containers if c["name"] == name) if name else containers[0]


def render_acl(script: str, etc: Path, run: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run the Redis init container's script with /etc/redis and /run/redis moved to ``etc`` and ``run``."""
    script = script.replace("/etc/redis/", f"{etc}/").replace("/run/redis/", f"{run}/")
    clean = {key: value for key, value in os.environ.items() if not key.startswith("REDIS_")}
    return subprocess.run(["sh", "-c", script], env={**clean, **env}, capture_output=True, text=True)


def redis_directives(conf: str) -> dict[str, str]:
    """The directives of a redis.conf, comments left out."""
    return dict(line.split(None, 1) for line in conf.splitlines() if line and not line.startswith("#"))
