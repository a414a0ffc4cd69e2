"""deploy/prometheus: promtool accepts the rules, their unit tests pass, and they read real series."""

from __future__ import annotations

import subprocess
from typing import Any

import yaml

from tests.observability.support import (
    PROMETHEUS_DIR,
    REPO,
    RULES_FILE,
    exported_series,
    recording_rules,
    series_in,
    unscoped,
)

RUNBOOKS = "docs/RUNBOOK.md#"


def run(promtool: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([promtool, *args], cwd=PROMETHEUS_DIR, capture_output=True, text=True)


def test_promtool_checks_the_rules(promtool: str) -> None:
    result = run(promtool, "check", "rules", RULES_FILE.name)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS: 26 rules found" in result.stdout


def test_promtool_rule_unit_tests_pass(promtool: str) -> None:
    result = run(promtool, "test", "rules", "zythos.rules.test.yml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def alerts() -> list[dict[str, Any]]:
    groups = yaml.safe_load(RULES_FILE.read_text())["groups"]
    return [rule for group in groups for rule in group["rules"] if "alert" in rule]


def test_the_required_alerts_exist() -> None:
    assert {rule["alert"] for rule in alerts()} == {
        "ZythosServerDown",
        "ZythosNoServerUp",
        "ZythosHighErrorRatio",
        "ZythosHighLatencyP99",
        "ZythosCommitConflictsHigh",
        "ZythosNoBotCapacity",
        "ZythosRedisDown",
        "ZythosRedisMemoryHigh",
        "ZythosRedisReplicationLinkDown",
        "ZythosRedisPrimaryWithoutReplica",
        "ZythosRedisReplicationLag",
        "ZythosRedisNotOnePrimary",
        "ZythosSentinelQuorumLost",
        "ZythosRedisClusterUnhealthy",
        "ZythosRedisPersistenceFailing",
        "ZythosRedisDiskFilling",
        "ZythosPodRestarting",
        "ZythosPodCrashLooping",
    }


def test_every_alert_links_to_its_runbook_section() -> None:
    """runbook_url is the section of docs/RUNBOOK.md named after the alert, and it exists."""
    doc = (REPO / "docs" / "RUNBOOK.md").read_text()
    for rule in alerts():
        assert rule["annotations"]["runbook_url"] == RUNBOOKS + rule["alert"].lower()
        section = doc.split(f"\n### {rule['alert']}\n", 1)
        assert len(section) == 2, f"docs/RUNBOOK.md has no section ### {rule['alert']}"
        body = section[1].split("\n#", 1)[0]
        assert len(body.split()) > 30, f"the runbook of {rule['alert']} says too little"


def test_rules_count_only_zythos_jobs_and_zythos_grpc_services() -> None:
    """Other jobs and other gRPC services in the same Prometheus never enter a figure."""
    groups = yaml.safe_load(RULES_FILE.read_text())["groups"]
    for group in groups:
        for rule in group["rules"]:
            assert unscoped(rule["expr"]) == [], rule.get("record") or rule.get("alert")


def test_rules_read_only_series_that_are_exported_or_recorded() -> None:
    known = exported_series() | recording_rules()
    groups = yaml.safe_load(RULES_FILE.read_text())["groups"]
    for group in groups:
        for rule in group["rules"]:
            unknown = series_in(rule["expr"]) - known
            assert not unknown, f"{rule.get('record') or rule.get('alert')} reads unknown series {unknown}"


def test_every_rule_is_unit_tested() -> None:
    tests = (PROMETHEUS_DIR / "zythos.rules.test.yml").read_text()
    groups = yaml.safe_load(RULES_FILE.read_text())["groups"]
    untested = [
        rule["alert"]
        for group in groups
        for rule in group["rules"]
        if "alert" in rule and rule["alert"] not in tests
    ]
    assert untested == []
