"""deploy/k8s: kustomize renders it, and the pieces fit together (selectors, ports, probes, config)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import fields
from typing import Any

import pytest
import yaml

from ai_players.worker import parse_args as parse_worker_args
from server.config import Config, env_name
from tests.observability.support import REPO

K8S = REPO / "deploy" / "k8s"
Manifest = dict[str, Any]


@pytest.fixture(scope="module")
def rendered() -> list[Manifest]:
    kubectl = shutil.which("kubectl")
    assert kubectl, "kubectl (with its built-in kustomize) is needed to render deploy/k8s"
    result = subprocess.run([kubectl, "kustomize", str(K8S)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return [doc for doc in yaml.safe_load_all(result.stdout) if doc]


def find(manifests: list[Manifest], kind: str, name: str) -> Manifest:
    matches = [m for m in manifests if m["kind"] == kind and m["metadata"]["name"] == name]
    assert len(matches) == 1, f"expected one {kind}/{name}, found {len(matches)}"
    return matches[0]


def workloads(manifests: list[Manifest]) -> list[Manifest]:
    return [m for m in manifests if m["kind"] in ("Deployment", "StatefulSet")]


def pod_labels(workload: Manifest) -> dict[str, str]:
    labels: dict[str, str] = workload["spec"]["template"]["metadata"]["labels"]
    return labels


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(key) == value for key, value in selector.items())


def container(workload: Manifest) -> Manifest:
    [only] = workload["spec"]["template"]["spec"]["containers"]
    result: Manifest = only
    return result


def test_every_source_file_is_valid_yaml() -> None:
    for path in sorted(K8S.glob("*.yaml")):
        docs = [doc for doc in yaml.safe_load_all(path.read_text()) if doc]
        assert docs, path.name
        assert all("kind" in doc for doc in docs), path.name


def test_the_base_holds_the_expected_objects(rendered: list[Manifest]) -> None:
    kinds = {(m["kind"], m["metadata"]["name"]) for m in rendered if m["kind"] != "ConfigMap"}
    assert kinds == {
        ("ServiceAccount", "zythos"),
        ("Deployment", "zythos-server"),
        ("Service", "zythos-server"),
        ("Service", "zythos-server-metrics"),
        ("PodDisruptionBudget", "zythos-server"),
        ("HorizontalPodAutoscaler", "zythos-server"),
        ("Deployment", "zythos-bots"),
        ("HorizontalPodAutoscaler", "zythos-bots"),
        ("Service", "zythos-bots-metrics"),
        ("StatefulSet", "zythos-redis"),
        ("Service", "zythos-redis"),
        ("Service", "zythos-redis-headless"),
        ("NetworkPolicy", "zythos-redis"),
    }


def test_workload_selectors_match_their_pod_labels(rendered: list[Manifest]) -> None:
    for workload in workloads(rendered):
        assert selects(workload["spec"]["selector"]["matchLabels"], pod_labels(workload)), workload[
            "metadata"
        ]


def test_each_service_selects_one_workload_and_a_named_port_of_it(rendered: list[Manifest]) -> None:
    for service in (m for m in rendered if m["kind"] == "Service"):
        targets = [w for w in workloads(rendered) if selects(service["spec"]["selector"], pod_labels(w))]
        assert len(targets) == 1, service["metadata"]["name"]
        ports = {port["name"]: port["containerPort"] for port in container(targets[0])["ports"]}
        for port in service["spec"]["ports"]:
            assert port["targetPort"] in ports, (service["metadata"]["name"], port)
            assert port["port"] == ports[port["targetPort"]]


def test_server_is_behind_a_headless_service_and_probed_over_grpc(rendered: list[Manifest]) -> None:
    assert find(rendered, "Service", "zythos-server")["spec"]["clusterIP"] == "None"
    server = container(find(rendered, "Deployment", "zythos-server"))
    grpc_port = next(p["containerPort"] for p in server["ports"] if p["name"] == "grpc")
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert server[probe]["grpc"]["port"] == grpc_port, probe
    assert server["readinessProbe"]["grpc"]["service"] == "zythos.v1.GameService"


def test_server_drains_within_its_termination_grace(rendered: list[Manifest]) -> None:
    deployment = find(rendered, "Deployment", "zythos-server")
    server = container(deployment)
    pre_stop = server["lifecycle"]["preStop"]["exec"]["command"]
    assert pre_stop[0] == "sleep"
    config = find_config(rendered, "zythos-server-config")
    budget = int(pre_stop[1]) + float(config["ZYTHOS_DRAIN_GRACE"])
    assert deployment["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] > budget


def find_config(rendered: list[Manifest], prefix: str) -> dict[str, str]:
    """The data of the generated ConfigMap whose name (before kustomize's hash) is ``prefix``."""
    [config] = [
        m for m in rendered if m["kind"] == "ConfigMap" and m["metadata"]["name"].startswith(prefix + "-")
    ]
    data: dict[str, str] = config["data"]
    return data


def test_server_settings_are_real_zythos_variables(rendered: list[Manifest]) -> None:
    settings = find_config(rendered, "zythos-server-config")
    known = {env_name(spec.name) for spec in fields(Config)}
    assert set(settings) <= known, set(settings) - known
    server = container(find(rendered, "Deployment", "zythos-server"))
    ports = {p["name"]: p["containerPort"] for p in server["ports"]}
    assert int(settings["ZYTHOS_PORT"]) == ports["grpc"]
    assert int(settings["ZYTHOS_METRICS_PORT"]) == ports["metrics"]
    redis = find(rendered, "Service", "zythos-redis")
    assert settings["ZYTHOS_REDIS_URL"] == f"redis://zythos-redis:{redis['spec']['ports'][0]['port']}/0"


def test_config_maps_referenced_by_pods_exist(rendered: list[Manifest]) -> None:
    names = {m["metadata"]["name"] for m in rendered if m["kind"] == "ConfigMap"}
    for workload in workloads(rendered):
        spec = workload["spec"]["template"]["spec"]
        refs = [
            src["configMapRef"]["name"]
            for c in spec["containers"]
            for src in c.get("envFrom", [])
            if "configMapRef" in src
        ]
        refs += [v["configMap"]["name"] for v in spec.get("volumes", []) if "configMap" in v]
        assert set(refs) <= names, workload["metadata"]["name"]


def test_pdb_and_autoscalers_point_at_real_workloads(rendered: list[Manifest]) -> None:
    server = find(rendered, "Deployment", "zythos-server")
    pdb = find(rendered, "PodDisruptionBudget", "zythos-server")
    assert selects(pdb["spec"]["selector"]["matchLabels"], pod_labels(server))
    for hpa in (m for m in rendered if m["kind"] == "HorizontalPodAutoscaler"):
        target = hpa["spec"]["scaleTargetRef"]
        find(rendered, target["kind"], target["name"])
        assert hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]
    assert find(rendered, "HorizontalPodAutoscaler", "zythos-server")["spec"]["minReplicas"] >= 2


def test_bots_run_as_clients_of_the_server_service(
    rendered: list[Manifest], monkeypatch: pytest.MonkeyPatch
) -> None:
    bots = container(find(rendered, "Deployment", "zythos-bots"))
    command = bots["command"]
    assert command[0] == "zythos-bots"
    grpc_port = find(rendered, "Service", "zythos-server")["spec"]["ports"][0]["port"]
    settings = find_config(rendered, "zythos-bots-config")
    for key, value in settings.items():
        monkeypatch.setenv(key, value)
    config = parse_worker_args(command[1:])  # what the worker makes of this pod's command and settings
    assert config.server == f"dns:///zythos-server:{grpc_port}"
    assert config.capacity == int(settings["ZYTHOS_BOT_CAPACITY"])
    assert config.processes == int(settings["ZYTHOS_BOT_PROCESSES"])
    metrics_port = next(p["containerPort"] for p in bots["ports"] if p["name"] == "metrics")
    assert config.metrics_port == metrics_port


def test_redis_persists_with_append_only_files(rendered: list[Manifest]) -> None:
    redis = find(rendered, "StatefulSet", "zythos-redis")
    assert redis["spec"]["serviceName"] == "zythos-redis-headless"
    [claim] = redis["spec"]["volumeClaimTemplates"]
    mounts = {m["name"]: m["mountPath"] for m in container(redis)["volumeMounts"]}
    assert mounts[claim["metadata"]["name"]] == "/data"
    conf = find_config(rendered, "zythos-redis-config")["redis.conf"]
    directives = dict(line.split(None, 1) for line in conf.splitlines() if line and not line.startswith("#"))
    assert directives["appendonly"] == "yes"
    assert directives["dir"] == "/data"
    assert directives["maxmemory-policy"] == "noeviction"


def test_the_bot_secret_comes_from_a_required_secret(rendered: list[Manifest]) -> None:
    for name in ("zythos-server", "zythos-bots"):
        sources = container(find(rendered, "Deployment", name))["envFrom"]
        assert {"secretRef": {"name": "zythos-bot-secret"}} in sources, name
    assert not any("SECRET" in key for m in rendered if m["kind"] == "ConfigMap" for key in m["data"])


def test_containers_run_unprivileged(rendered: list[Manifest]) -> None:
    for workload in workloads(rendered):
        spec = workload["spec"]["template"]["spec"]
        assert spec["securityContext"]["runAsNonRoot"] is True
        for c in spec["containers"]:
            assert c["securityContext"]["allowPrivilegeEscalation"] is False
            assert c["securityContext"]["readOnlyRootFilesystem"] is True


def test_dockerfile_exposes_the_ports_the_manifests_use(rendered: list[Manifest]) -> None:
    dockerfile = (REPO / "deploy" / "Dockerfile").read_text()
    exposed = {
        int(port)
        for line in dockerfile.splitlines()
        if line.startswith("EXPOSE")
        for port in line.split()[1:]
    }
    server = container(find(rendered, "Deployment", "zythos-server"))
    assert {p["containerPort"] for p in server["ports"]} == exposed
    assert 'ENTRYPOINT ["zythos-server"]' in dockerfile
