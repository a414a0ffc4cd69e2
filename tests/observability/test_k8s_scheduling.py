"""deploy/k8s: what the scheduler and the autoscalers are told, in the base and with every component.

A Deployment an HPA scales carries no ``replicas`` (an apply would reset the
autoscaler's choice); Redis and Sentinel pods may never share a node
(required anti-affinity, not a preference); bot workers have a disruption
budget and spread over nodes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.observability.support import COMPONENTS, K8S, REPO, Manifest, find, render, render_with

OVERLAYS = sorted(path.parent for path in (REPO / "deploy" / "overlays").glob("*/kustomization.yaml"))


@pytest.fixture(scope="module")
def everything(tmp_path_factory: pytest.TempPathFactory) -> list[Manifest]:
    """The base with every component, as the fullest installation renders it."""
    components = sorted(path.parent for path in COMPONENTS.glob("*/kustomization.yaml"))
    return render_with(components, tmp_path_factory.mktemp("all"))


@pytest.mark.parametrize("directory", [K8S, *OVERLAYS], ids=lambda p: Path(p).name)
def test_deployments_an_hpa_scales_leave_replicas_to_it(directory: Path) -> None:
    manifests = render(directory)
    scaled = {
        m["spec"]["scaleTargetRef"]["name"] for m in manifests if m["kind"] == "HorizontalPodAutoscaler"
    }
    assert scaled >= {"zythos-server", "zythos-bots"}
    for name in scaled:
        assert "replicas" not in find(manifests, "Deployment", name)["spec"], name


def required_anti_affinity(workload: Manifest) -> list[Manifest]:
    spec = workload["spec"]["template"]["spec"]
    terms: list[Manifest] = (
        spec.get("affinity", {})
        .get("podAntiAffinity", {})
        .get("requiredDuringSchedulingIgnoredDuringExecution", [])
    )
    return terms


@pytest.mark.parametrize("name", ["zythos-redis", "zythos-redis-sentinel"])
def test_redis_and_sentinel_pods_never_share_a_node(everything: list[Manifest], name: str) -> None:
    workload = find(everything, "StatefulSet", name)
    labels = workload["spec"]["template"]["metadata"]["labels"]
    terms = required_anti_affinity(workload)
    assert [term["topologyKey"] for term in terms] == ["kubernetes.io/hostname"]
    assert terms[0]["labelSelector"]["matchLabels"] == labels, "the rule must select the workload's own pods"
    spreads = workload["spec"]["template"]["spec"].get("topologySpreadConstraints", [])
    assert all(s["topologyKey"] != "kubernetes.io/hostname" for s in spreads), (
        "no soft rule beside the hard one"
    )


def test_bot_workers_have_a_disruption_budget_and_spread_over_nodes() -> None:
    manifests = render(K8S)
    bots = find(manifests, "Deployment", "zythos-bots")
    labels = bots["spec"]["template"]["metadata"]["labels"]
    budget = find(manifests, "PodDisruptionBudget", "zythos-bots")
    assert budget["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert budget["spec"]["maxUnavailable"] == 1
    spreads = {s["topologyKey"]: s for s in bots["spec"]["template"]["spec"]["topologySpreadConstraints"]}
    assert spreads["kubernetes.io/hostname"]["whenUnsatisfiable"] == "DoNotSchedule"
    assert spreads["topology.kubernetes.io/zone"]["whenUnsatisfiable"] == "ScheduleAnyway"
    for spread in spreads.values():
        assert spread["labelSelector"]["matchLabels"] == labels
