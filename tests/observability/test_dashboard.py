"""deploy/grafana: the dashboard parses, its PromQL is valid, and it reads only series that exist."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.observability.support import REPO, exported_series, recording_rules, series_in, unscoped

DASHBOARD = REPO / "deploy" / "grafana" / "zythos-dashboard.json"
# Grafana variables, replaced by what Grafana would substitute, so promtool can parse the queries.
GRAFANA_VARIABLES = {"$__rate_interval": "1m", "$job": ".*", "$namespace": ".*"}


@pytest.fixture(scope="module")
def dashboard() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DASHBOARD.read_text())
    return loaded


def queries(dashboard: dict[str, Any]) -> list[tuple[str, str]]:
    """(panel title, PromQL) for every query of every panel."""
    return [
        (panel["title"], target["expr"])
        for panel in dashboard["panels"]
        for target in panel.get("targets", [])
    ]


def test_panels_are_laid_out_with_unique_ids(dashboard: dict[str, Any]) -> None:
    ids = [panel["id"] for panel in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    for panel in dashboard["panels"]:
        grid = panel["gridPos"]
        assert grid["x"] + grid["w"] <= 24, panel["title"]
    cells = {
        (panel["gridPos"]["x"] + dx, panel["gridPos"]["y"] + dy)
        for panel in dashboard["panels"]
        for dx in range(panel["gridPos"]["w"])
        for dy in range(panel["gridPos"]["h"])
    }
    area = sum(panel["gridPos"]["w"] * panel["gridPos"]["h"] for panel in dashboard["panels"])
    assert len(cells) == area, "panels overlap"


def test_every_query_uses_the_datasource_variable(dashboard: dict[str, Any]) -> None:
    assert any(var["name"] == "datasource" for var in dashboard["templating"]["list"])
    for panel in dashboard["panels"]:
        for target in panel.get("targets", []):
            assert target["datasource"]["uid"] == "${datasource}", panel["title"]


def test_dashboard_reads_only_series_that_are_exported_or_recorded(dashboard: dict[str, Any]) -> None:
    known = exported_series() | recording_rules()
    read: set[str] = set()
    for title, expr in queries(dashboard):
        unknown = series_in(expr) - known
        assert not unknown, f"panel {title!r} reads unknown series {unknown}"
        read |= series_in(expr)
    # The signals the alerts are about are all on the dashboard.
    assert {
        "zythos:grpc_server_errors:ratio_rate5m",
        "grpc_server_handling_seconds_bucket",
        "zythos:commit_conflicts:ratio_rate5m",
        "zythos:bot_free_seats",
    } <= read


def test_every_query_is_scoped_to_the_zythos_jobs_and_the_chosen_namespace(dashboard: dict[str, Any]) -> None:
    for title, expr in queries(dashboard):
        assert unscoped(expr, 'namespace=~"$namespace"') == [], title
        if "zythos:" in expr or "process_" in expr:
            assert 'namespace=~"$namespace"' in expr, title


def test_every_query_is_valid_promql(dashboard: dict[str, Any], promtool: str, tmp_path: Path) -> None:
    """promtool parses each query as the expression of a recording rule."""
    rules = []
    for index, (_title, expr) in enumerate(queries(dashboard)):
        for variable, value in GRAFANA_VARIABLES.items():
            expr = expr.replace(variable, value)
        rules.append({"record": f"dashboard:query_{index}", "expr": expr})
    rule_file = tmp_path / "dashboard.rules.yml"
    rule_file.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    result = subprocess.run([promtool, "check", "rules", str(rule_file)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"SUCCESS: {len(rules)} rules found" in result.stdout
