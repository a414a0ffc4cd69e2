"""deploy/k8s: kustomize renders it, and the pieces fit together (selectors, ports, probes, config)."""

from __future__ import annotations

from dataclasses import fields
from urllib.parse import urlsplit

import pytest
import yaml

from ai_players.worker import parse_args as parse_worker_args
from server.config import Config, env_name
from tests.observability.support import (
    K8S,
    REPO,
    Manifest,
    container,
    find,
    find_config,
    redis_directives,
    render,
)

# docs/PERFORMANCE.md, section 4, "Over whole games": a finished 4-player game, 30.9 KiB at most.
GAME_BUDGET_BYTES = 32 * 1024
_UNITS = {"Ki": 1024, "Mi": 1024**2, "Gi": 1024**3, "kb": 1024, "mb": 1024**2, "gb": 1024**3}


@pytest.fixture(scope="module")
def rendered() -> list[Manifest]:
    return render(K8S)


def workloads(manifests: list[Manifest]) -> list[Manifest]:
    return [m for m in manifests if m["kind"] in ("Deployment", "StatefulSet")]


def pod_labels(workload: Manifest) -> dict[str, str]:
    labels: dict[str, str] = workload["spec"]["template"]["metadata"]["labels"]
    return labels


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(key) == value for key, value in selector.items())


def container_ports(workload: Manifest) -> dict[str, int]:
    """Every named port of every container of the workload's pods."""
    return {
        port["name"]: port["containerPort"]
        for c in workload["spec"]["template"]["spec"]["containers"]
        for port in c.get("ports", [])
    }


def size_bytes(text: str) -> int:
    """``2Gi`` (Kubernetes) or ``1gb`` (redis.conf) in bytes."""
    for unit, factor in _UNITS.items():
        if text.endswith(unit):
            return int(text[: -len(unit)]) * factor
    return int(text)


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
        ("PodDisruptionBudget", "zythos-bots"),
        ("Service", "zythos-bots-metrics"),
        ("StatefulSet", "zythos-redis"),
        ("Service", "zythos-redis"),
        ("Service", "zythos-redis-headless"),
        ("NetworkPolicy", "zythos-redis"),
        ("NetworkPolicy", "zythos-server"),
        ("NetworkPolicy", "zythos-bots"),
        ("PodDisruptionBudget", "zythos-redis"),
        ("Service", "zythos-redis-metrics"),
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
        ports = container_ports(targets[0])
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


def test_server_settings_are_real_zythos_variables(rendered: list[Manifest]) -> None:
    settings = find_config(rendered, "zythos-server-config")
    known = {env_name(spec.name) for spec in fields(Config)}
    assert set(settings) <= known, set(settings) - known
    server = container(find(rendered, "Deployment", "zythos-server"))
    ports = {p["name"]: p["containerPort"] for p in server["ports"]}
    assert int(settings["ZYTHOS_PORT"]) == ports["grpc"]
    assert int(settings["ZYTHOS_METRICS_PORT"]) == ports["metrics"]
    assert "ZYTHOS_REDIS_URL" not in settings, "the URL holds the password: it comes from the Secret"


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
    # Liveness is the assignment stream's /healthz on the port the worker serves it on, not /metrics.
    health_port = next(p["containerPort"] for p in bots["ports"] if p["name"] == "health")
    assert config.health_port == health_port
    assert bots["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "health"}


def test_redis_persists_with_append_only_files(rendered: list[Manifest]) -> None:
    redis = find(rendered, "StatefulSet", "zythos-redis")
    assert redis["spec"]["serviceName"] == "zythos-redis-headless"
    [claim] = redis["spec"]["volumeClaimTemplates"]
    mounts = {m["name"]: m["mountPath"] for m in container(redis)["volumeMounts"]}
    assert mounts[claim["metadata"]["name"]] == "/data"
    directives = redis_directives(find_config(rendered, "zythos-redis-config")["redis.conf"])
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
        for c in spec["containers"] + spec.get("initContainers", []):
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


def test_redis_data_stays_under_half_its_memory_limit_and_is_never_evicted(rendered: list[Manifest]) -> None:
    """maxmemory leaves the rest of the limit for fragmentation, the AOF rewrite's fork and buffers."""
    redis = container(find(rendered, "StatefulSet", "zythos-redis"), "redis")
    limit = size_bytes(redis["resources"]["limits"]["memory"])
    assert redis["resources"]["requests"]["memory"] == redis["resources"]["limits"]["memory"]
    directives = redis_directives(find_config(rendered, "zythos-redis-config")["redis.conf"])
    maxmemory = size_bytes(directives["maxmemory"])
    assert 0 < maxmemory <= limit // 2
    assert directives["maxmemory-policy"] == "noeviction"
    games = maxmemory // GAME_BUDGET_BYTES
    assert f"{games // 1000},000" in (REPO / "docs" / "DEPLOY.md").read_text(), "DEPLOY.md states the games"


def test_redis_asks_every_client_for_a_password_from_the_secret(rendered: list[Manifest]) -> None:
    statefulset = find(rendered, "StatefulSet", "zythos-redis")
    spec = statefulset["spec"]["template"]["spec"]
    config = find_config(rendered, "zythos-redis-config")
    directives = redis_directives(config["redis.conf"])
    assert directives["protected-mode"] == "yes"
    acl = [line for line in config["users.acl"].splitlines() if line.startswith("user ")]
    assert acl[0] == "user default off resetpass nocommands"
    assert all(">${" in line for line in acl[1:]), "every other user's password comes from the Secret"
    # The init container writes the ACL file where redis.conf reads it, on a volume Redis mounts.
    [init] = spec["initContainers"]
    assert directives["aclfile"] in init["args"][0]
    acl_mount = next(m for m in container(statefulset, "redis")["volumeMounts"] if m["name"] == "acl")
    assert directives["aclfile"].startswith(acl_mount["mountPath"] + "/")
    secret_keys = {
        (e["name"], e["valueFrom"]["secretKeyRef"]["name"])
        for c in spec["containers"] + spec["initContainers"]
        for e in c.get("env", [])
        if "valueFrom" in e
    }
    assert {secret for _, secret in secret_keys} == {"zythos-redis-auth"}
    assert not any("PASSWORD" in key or "password" in key for key in config if key != "users.acl")


def test_redis_probes_log_in_and_compare_the_answer(rendered: list[Manifest]) -> None:
    redis = container(find(rendered, "StatefulSet", "zythos-redis"), "redis")
    assert {e["name"] for e in redis["env"]} == {"REDISCLI_AUTH"}
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        command = " ".join(redis[probe]["exec"]["command"])
        assert "redis-cli --user zythos ping" in command and "= PONG" in command, probe


def test_the_server_reaches_redis_with_the_secret_in_its_url(rendered: list[Manifest]) -> None:
    server = container(find(rendered, "Deployment", "zythos-server"))
    env = {e["name"]: e for e in server["env"]}
    password = env["REDIS_PASSWORD"]["valueFrom"]["secretKeyRef"]
    assert password == {"name": "zythos-redis-auth", "key": "password"}
    names = [e["name"] for e in server["env"]]
    assert names.index("REDIS_PASSWORD") < names.index("ZYTHOS_REDIS_URL"), "$(VAR) expands earlier entries"
    url = urlsplit(env["ZYTHOS_REDIS_URL"]["value"])
    assert (url.scheme, url.username, url.password) == ("redis", "zythos", "$(REDIS_PASSWORD)")
    service = find(rendered, "Service", "zythos-redis")
    assert (url.hostname, url.port) == (service["metadata"]["name"], service["spec"]["ports"][0]["port"])
    users = find_config(rendered, "zythos-redis-config")["users.acl"]
    assert "user zythos on >${REDIS_PASSWORD} " in users


def test_redis_has_a_pinned_exporter_and_a_disruption_budget(rendered: list[Manifest]) -> None:
    statefulset = find(rendered, "StatefulSet", "zythos-redis")
    exporter = container(statefulset, "exporter")
    image, _, tag = exporter["image"].partition(":")
    assert image == "oliver006/redis_exporter" and tag.startswith("v") and tag != "latest"
    env = {e["name"]: e for e in exporter["env"]}
    assert env["REDIS_USER"]["value"] == "exporter"
    assert (
        "user exporter on >${REDIS_EXPORTER_PASSWORD} -@all "
        in find_config(rendered, "zythos-redis-config")["users.acl"]
    )
    pdb = find(rendered, "PodDisruptionBudget", "zythos-redis")
    assert selects(pdb["spec"]["selector"]["matchLabels"], pod_labels(statefulset))


def policies_for(rendered: list[Manifest], workload: Manifest) -> list[Manifest]:
    policies = [m for m in rendered if m["kind"] == "NetworkPolicy"]
    return [m for m in policies if selects(m["spec"]["podSelector"]["matchLabels"], pod_labels(workload))]


def test_every_workload_is_behind_a_network_policy(rendered: list[Manifest]) -> None:
    for workload in workloads(rendered):
        [policy] = policies_for(rendered, workload)
        ports = container_ports(workload)
        for rule in policy["spec"].get("ingress", []):
            for port in rule["ports"]:
                assert port["port"] in ports, (policy["metadata"]["name"], port)


def egress_targets(rendered: list[Manifest], workload: Manifest) -> set[tuple[str, int]]:
    """(component or "dns", port) of every egress rule of the workload's policy."""
    [policy] = policies_for(rendered, workload)
    assert "Egress" in policy["spec"]["policyTypes"]
    targets = set()
    for rule in policy["spec"]["egress"]:
        for peer in rule["to"]:
            labels = peer["podSelector"]["matchLabels"]
            name = "dns" if labels.get("k8s-app") == "kube-dns" else labels["app.kubernetes.io/component"]
            targets |= {(name, port["port"]) for port in rule["ports"]}
    return targets


def test_servers_talk_to_redis_and_dns_and_bots_to_servers_and_dns(rendered: list[Manifest]) -> None:
    server = find(rendered, "Deployment", "zythos-server")
    redis_port = container_ports(find(rendered, "StatefulSet", "zythos-redis"))["redis"]
    grpc_port = container_ports(server)["grpc"]
    assert egress_targets(rendered, server) == {("redis", redis_port), ("dns", 53)}
    bots = find(rendered, "Deployment", "zythos-bots")
    assert egress_targets(rendered, bots) == {("server", grpc_port), ("dns", 53)}
    # gRPC from anywhere; metrics only from the monitoring namespace.
    [policy] = policies_for(rendered, server)
    by_port = {port["port"]: rule for rule in policy["spec"]["ingress"] for port in rule["ports"]}
    assert "from" not in by_port["grpc"]
    [monitoring] = by_port["metrics"]["from"]
    assert monitoring["namespaceSelector"]["matchLabels"] == {"kubernetes.io/metadata.name": "monitoring"}
