"""deploy/k8s/components/prometheus-operator: the monitors find the metrics ports under the job names
the rules read, and the PrometheusRule is the rules file, generated from it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
import yaml

from tests.observability.support import (
    COMPONENTS,
    REPO,
    RULES_FILE,
    Manifest,
    find,
    render_with,
)

COMPONENT = COMPONENTS / "prometheus-operator"


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> list[Manifest]:
    return render_with([COMPONENT], tmp_path_factory.mktemp("overlay"))


def jobs_the_rules_read() -> set[str]:
    return set(re.findall(r'job="([^"]+)"', RULES_FILE.read_text()))


def test_the_prometheus_rule_is_generated_from_the_rules_file(rendered: list[Manifest]) -> None:
    check = [sys.executable, str(REPO / "scripts" / "gen_prometheus_rule.py"), "--check"]
    result = subprocess.run(check, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    rule = find(rendered, "PrometheusRule", "zythos")
    assert rule["spec"]["groups"] == yaml.safe_load(RULES_FILE.read_text())["groups"]


def test_the_service_monitor_scrapes_the_servers_as_the_rules_job(rendered: list[Manifest]) -> None:
    monitor = find(rendered, "ServiceMonitor", "zythos-server")
    selector = monitor["spec"]["selector"]["matchLabels"]
    services = [
        m
        for m in rendered
        if m["kind"] == "Service" and selector.items() <= m["metadata"].get("labels", {}).items()
    ]
    [endpoint] = monitor["spec"]["endpoints"]
    scraped = [s for s in services if endpoint["port"] in {p["name"] for p in s["spec"]["ports"]}]
    assert [s["metadata"]["name"] for s in scraped] == ["zythos-server-metrics"]
    [relabel] = endpoint["relabelings"]
    assert (relabel["targetLabel"], relabel["replacement"]) == ("job", "zythos-server")
    assert "zythos-server" in jobs_the_rules_read()


def test_the_pod_monitor_scrapes_bots_and_redis_as_the_rules_jobs(rendered: list[Manifest]) -> None:
    monitor = find(rendered, "PodMonitor", "zythos")
    [components] = monitor["spec"]["selector"]["matchExpressions"]
    [endpoint] = monitor["spec"]["podMetricsEndpoints"]
    [relabel] = endpoint["relabelings"]
    assert relabel["sourceLabels"] == ["__meta_kubernetes_pod_label_app_kubernetes_io_component"]
    jobs = {relabel["replacement"].replace("$1", component) for component in components["values"]}
    assert jobs == {"zythos-bots", "zythos-redis"} <= jobs_the_rules_read()
    for kind, name in (("Deployment", "zythos-bots"), ("StatefulSet", "zythos-redis")):
        workload = find(rendered, kind, name)
        labels = workload["spec"]["template"]["metadata"]["labels"]
        assert labels["app.kubernetes.io/component"] in components["values"]
        ports = {
            p["name"] for c in workload["spec"]["template"]["spec"]["containers"] for p in c.get("ports", [])
        }
        assert endpoint["port"] in ports, name
    # The server's pods also name a port "metrics": the ServiceMonitor has them, not this.
    assert "server" not in components["values"]


def test_annotation_scraping_is_turned_off_where_the_monitors_scrape(rendered: list[Manifest]) -> None:
    for name in ("zythos-server-metrics", "zythos-bots-metrics", "zythos-redis-metrics"):
        assert find(rendered, "Service", name)["metadata"]["annotations"]["prometheus.io/scrape"] == "false"


def test_the_component_is_documented() -> None:
    text = (REPO / "docs" / "OBSERVABILITY.md").read_text()
    assert f"`{COMPONENT.relative_to(REPO)}`" in text
