"""deploy/k8s/components: each optional component, rendered on the base, fits the objects it patches."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml

from server.store.redis_connect import parse_sentinel_url
from tests.observability.support import (
    COMPONENTS,
    REPO,
    RULES_FILE,
    Manifest,
    container,
    find,
    find_config,
    render_acl,
    render_with,
)

ADAPTER_RULES = COMPONENTS / "bot-seat-autoscaling" / "prometheus-adapter-rules.yaml"


@pytest.fixture(scope="module")
def with_component(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Manifest]]:
    """The base with each component, by component name."""
    names = ("bot-seat-autoscaling", "tls", "gateway")
    return {name: render_with([COMPONENTS / name], tmp_path_factory.mktemp(name)) for name in names}


def env_of(c: Manifest) -> dict[str, str]:
    return {e["name"]: e.get("value", "") for e in c.get("env", [])}


def mounted_secret(workload: Manifest, path: str) -> str:
    """The Secret mounted in the main container at the directory of ``path``."""
    spec = workload["spec"]["template"]["spec"]
    [mount] = [m for m in container(workload)["volumeMounts"] if path.startswith(m["mountPath"] + "/")]
    [volume] = [v for v in spec["volumes"] if v["name"] == mount["name"]]
    name: str = volume["secret"]["secretName"]
    return name


def test_bots_scale_on_the_seats_the_adapter_derives_from_free_seats(
    with_component: dict[str, list[Manifest]],
) -> None:
    rendered = with_component["bot-seat-autoscaling"]
    hpa = find(rendered, "HorizontalPodAutoscaler", "zythos-bots")
    kinds = [metric["type"] for metric in hpa["spec"]["metrics"]]
    assert kinds == ["Resource", "External"], "CPU stays; free seats join it"
    external = hpa["spec"]["metrics"][1]["external"]
    [rule] = yaml.safe_load(ADAPTER_RULES.read_text())["externalRules"]
    assert rule["name"]["as"] == external["metric"]["name"]
    assert "zythos:bot_free_seats" in rule["seriesQuery"] and "zythos:bot_free_seats" in rule["metricsQuery"]
    capacity = find_config(rendered, "zythos-bots-config")["ZYTHOS_BOT_CAPACITY"]
    assert external["target"] == {"type": "AverageValue", "averageValue": capacity}


def test_the_adapter_query_asks_for_the_seats_in_use_plus_a_reserve(promtool: str, tmp_path: Path) -> None:
    """Prometheus's engine runs the adapter's query over two workers of 16 seats with 30 in use."""
    [rule] = yaml.safe_load(ADAPTER_RULES.read_text())["externalRules"]
    query = rule["metricsQuery"].replace("<<.LabelMatchers>>", 'namespace="zythos"')
    series = [
        ('zythos_bot_seat_capacity{job="zythos-bots",namespace="zythos",pod="a"}', "16x5"),
        ('zythos_bot_seat_capacity{job="zythos-bots",namespace="zythos",pod="b"}', "16x5"),
        ('zythos_bot_seats_active{job="zythos-bots",namespace="zythos",pod="a"}', "16x5"),
        ('zythos_bot_seats_active{job="zythos-bots",namespace="zythos",pod="b"}', "14x5"),
        ('zythos_bot_seat_capacity{job="zythos-bots",namespace="other",pod="c"}', "16x5"),
    ]
    test = {
        "rule_files": [str(RULES_FILE)],
        "evaluation_interval": "1m",
        "tests": [
            {
                "interval": "1m",
                "input_series": [{"series": name, "values": values} for name, values in series],
                # 30 in use + 8 in reserve = 38 seats wanted: ceil(38 / 16) = 3 workers.
                "promql_expr_test": [{"expr": query, "eval_time": "2m", "exp_samples": [{"value": 38}]}],
            }
        ],
    }
    path = tmp_path / "adapter.test.yml"
    path.write_text(yaml.safe_dump(test))
    result = subprocess.run([promtool, "test", "rules", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_tls_mounts_the_certificates_cert_manager_issues(with_component: dict[str, list[Manifest]]) -> None:
    rendered = with_component["tls"]
    server = find(rendered, "Deployment", "zythos-server")
    env = env_of(container(server))
    assert (env["ZYTHOS_TLS_CERT"], env["ZYTHOS_TLS_KEY"]) == (
        "/etc/zythos/tls/tls.crt",
        "/etc/zythos/tls/tls.key",
    )
    server_certificate = find(rendered, "Certificate", "zythos-server-tls")
    assert mounted_secret(server, env["ZYTHOS_TLS_CERT"]) == server_certificate["spec"]["secretName"]
    assert "zythos-server" in server_certificate["spec"]["dnsNames"]
    assert "server auth" in server_certificate["spec"]["usages"]
    bots = find(rendered, "Deployment", "zythos-bots")
    bots_env = env_of(container(bots))
    bots_certificate = find(rendered, "Certificate", "zythos-bots-tls")
    assert mounted_secret(bots, bots_env["ZYTHOS_TLS_CERT"]) == bots_certificate["spec"]["secretName"]
    assert "client auth" in bots_certificate["spec"]["usages"]
    # Both leaves come from the installation's CA, which the other side trusts (ca.crt of each Secret).
    for certificate in (server_certificate, bots_certificate):
        issuer = find(rendered, "Issuer", certificate["spec"]["issuerRef"]["name"])
        assert (
            issuer["spec"]["ca"]["secretName"]
            == find(rendered, "Certificate", "zythos-ca")["spec"]["secretName"]
        )
    assert env["ZYTHOS_BOT_CLIENT_CA"] == bots_env["ZYTHOS_TLS_CA"] == "/etc/zythos/tls/ca.crt"


def test_tls_opens_the_bot_port_to_the_bots_only(with_component: dict[str, list[Manifest]]) -> None:
    rendered = with_component["tls"]
    server = container(find(rendered, "Deployment", "zythos-server"))
    bot_port = next(p["containerPort"] for p in server["ports"] if p["name"] == "bots-grpc")
    assert int(env_of(server)["ZYTHOS_BOT_PORT"]) == bot_port
    assert env_of(container(find(rendered, "Deployment", "zythos-bots")))["ZYTHOS_BOT_SERVER"] == (
        f"dns:///zythos-server:{bot_port}"
    )
    service_ports = {
        p["name"]: p["port"] for p in find(rendered, "Service", "zythos-server")["spec"]["ports"]
    }
    assert service_ports["bots-grpc"] == bot_port
    ingress = find(rendered, "NetworkPolicy", "zythos-server")["spec"]["ingress"]
    [bots_only] = [rule for rule in ingress if {"port": "bots-grpc", "protocol": "TCP"} in rule["ports"]]
    [peer] = bots_only["from"]
    assert peer["podSelector"]["matchLabels"]["app.kubernetes.io/component"] == "bots"
    egress = find(rendered, "NetworkPolicy", "zythos-bots")["spec"]["egress"]
    assert any({"port": bot_port, "protocol": "TCP"} in rule["ports"] for rule in egress)
    # The kubelet's gRPC probes must speak TLS to a TLS port.
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert server[probe]["grpc"]["mode"] == "TLS", probe


def test_the_route_reaches_every_player_service_and_never_bot_service(
    with_component: dict[str, list[Manifest]],
) -> None:
    rendered = with_component["gateway"]
    route = find(rendered, "GRPCRoute", "zythos")
    [parent] = route["spec"]["parentRefs"]
    gateway = find(rendered, "Gateway", parent["name"])
    [listener] = [entry for entry in gateway["spec"]["listeners"] if entry["name"] == parent["sectionName"]]
    assert route["spec"]["hostnames"] == [listener["hostname"]]
    [secret] = listener["tls"]["certificateRefs"]
    certificate = find(rendered, "Certificate", "zythos-public-tls")
    assert certificate["spec"]["secretName"] == secret["name"]
    assert listener["hostname"] in certificate["spec"]["dnsNames"]
    services = {match["method"]["service"] for rule in route["spec"]["rules"] for match in rule["matches"]}
    protos = (REPO / "protos" / "zythos" / "v1").glob("*.proto")
    declared = {
        f"zythos.v1.{name}"
        for path in protos
        for name in re.findall(r"^service (\w+)", path.read_text(), re.M)
    }
    assert services == declared - {"zythos.v1.BotService"} | {"grpc.health.v1.Health"}
    for rule in route["spec"]["rules"]:
        for backend in rule["backendRefs"]:
            ports = {p["port"] for p in find(rendered, "Service", backend["name"])["spec"]["ports"]}
            assert backend["port"] in ports


@pytest.fixture(scope="module")
def sentinel(tmp_path_factory: pytest.TempPathFactory) -> list[Manifest]:
    return render_with([COMPONENTS / "redis-sentinel"], tmp_path_factory.mktemp("sentinel"))


def test_three_sentinels_with_a_majority_quorum_watch_redis_pod_0_first(sentinel: list[Manifest]) -> None:
    sentinels = find(sentinel, "StatefulSet", "zythos-redis-sentinel")
    script = sentinels["spec"]["template"]["spec"]["initContainers"][0]["args"][0]
    redis = find(sentinel, "StatefulSet", "zythos-redis")
    assert redis["spec"]["replicas"] == 3, "after a failover the new primary still has a replica"
    find_primary = find_config(sentinel, "zythos-redis-sentinel-scripts")["find-primary.sh"]
    assert find_primary.rstrip().endswith(f'echo "zythos-redis-0.{redis["spec"]["serviceName"]}"')
    assert "sh /scripts/find-primary.sh" in script
    monitor = next(line.split() for line in script.splitlines() if "sentinel monitor" in line)
    quorum, count = int(monitor[-1]), sentinels["spec"]["replicas"]
    assert count == 3 and count // 2 < quorum <= count
    service = find(sentinel, "Service", sentinels["spec"]["serviceName"])
    assert service["spec"]["clusterIP"] == "None" and service["spec"]["publishNotReadyAddresses"] is True
    assert f'.{service["metadata"]["name"]}" -p 26379' in find_primary
    assert find(sentinel, "PodDisruptionBudget", "zythos-redis-sentinel")["spec"]["maxUnavailable"] == 1
    assert find(sentinel, "PodDisruptionBudget", "zythos-redis")["spec"]["maxUnavailable"] == 1


def test_the_replica_follows_the_primary_the_sentinels_name(sentinel: list[Manifest]) -> None:
    redis = find(sentinel, "StatefulSet", "zythos-redis")
    spec = redis["spec"]["template"]["spec"]
    assert [c["name"] for c in spec["initContainers"]] == ["acl", "replication"]
    script = spec["initContainers"][1]["args"][0]
    assert "replicaof $primary 6379" in script and "min-replicas-to-write 1" in script
    assert container(redis, "redis")["command"][-2:] == ["--include", "/run/redis/replication.conf"]
    users = find_config(sentinel, "zythos-redis-config")
    assert "user replica on >${REDIS_REPLICA_PASSWORD} " in users["users-replication.acl"]
    assert "masteruser replica" in script


def test_the_servers_follow_the_primary_the_sentinels_name(sentinel: list[Manifest]) -> None:
    """The URL the store parses names every Sentinel pod and their service; moves wait for a replica."""
    server = container(find(sentinel, "Deployment", "zythos-server"))
    env = env_of(server)
    target = parse_sentinel_url(env["ZYTHOS_REDIS_URL"].replace("$(REDIS_PASSWORD)", "aa"))
    sentinels = find(sentinel, "StatefulSet", "zythos-redis-sentinel")
    names = sentinels["spec"]["serviceName"]
    expected = [(f"zythos-redis-sentinel-{i}.{names}", 26379) for i in range(sentinels["spec"]["replicas"])]
    assert target.sentinels == expected
    script = sentinels["spec"]["template"]["spec"]["initContainers"][0]["args"][0]
    assert f"sentinel monitor {target.service} $primary 6379" in script
    assert (target.username, target.password, target.sentinel_password) == ("zythos", "aa", "aa")
    assert "requirepass $REDISCLI_AUTH" in script, "the Sentinels ask for the servers' password"
    assert int(env["ZYTHOS_REDIS_WAIT_REPLICAS"]) == 1


def test_the_acl_init_refuses_to_start_without_the_sentinel_passwords(
    sentinel: list[Manifest], tmp_path: Path
) -> None:
    config = find_config(sentinel, "zythos-redis-config")
    etc, run = tmp_path / "etc", tmp_path / "run"
    etc.mkdir()
    run.mkdir()
    for name, text in config.items():
        (etc / name).write_text(text)
    [acl, _] = find(sentinel, "StatefulSet", "zythos-redis")["spec"]["template"]["spec"]["initContainers"]
    hexes = {"REDIS_PASSWORD": "aa", "REDIS_EXPORTER_PASSWORD": "bb"}
    refused = render_acl(acl["args"][0], etc, run, hexes)
    assert refused.returncode != 0 and "missing" in refused.stderr
    more = {"REDIS_REPLICA_PASSWORD": "cc", "REDIS_SENTINEL_PASSWORD": "dd"}
    done = render_acl(acl["args"][0], etc, run, hexes | more)
    assert done.returncode == 0, done.stderr
    users = (run / "users.acl").read_text().splitlines()
    assert {line.split()[1] for line in users} == {"default", "zythos", "exporter", "replica", "sentinel"}


def test_sentinels_are_reachable_by_servers_and_redis_only(sentinel: list[Manifest]) -> None:
    policy = find(sentinel, "NetworkPolicy", "zythos-redis-sentinel")
    [rule] = policy["spec"]["ingress"]
    components = {peer["podSelector"]["matchLabels"]["app.kubernetes.io/component"] for peer in rule["from"]}
    assert components == {"redis-sentinel", "server", "redis"}
    server_egress = find(sentinel, "NetworkPolicy", "zythos-server")["spec"]["egress"]
    assert any({"port": 26379, "protocol": "TCP"} in rule["ports"] for rule in server_egress)
    redis_ingress = find(sentinel, "NetworkPolicy", "zythos-redis")["spec"]["ingress"]
    assert any(
        peer["podSelector"]["matchLabels"]["app.kubernetes.io/component"] == "redis-sentinel"
        for rule in redis_ingress
        for peer in rule.get("from", [])
        if "podSelector" in peer
    )
