"""deploy/prometheus: promtool accepts the rules, their unit tests pass, and they read real series."""

from __future__ import annotations

import subprocess

import yaml

from tests.observability.support import (
    PROMETHEUS_DIR,
    RULES_FILE,
    exported_series,
    recording_rules,
    series_in,
)


def run(promtool: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([promtool, *args], cwd=PROMETHEUS_DIR, capture_output=True, text=True)


def test_promtool_checks_the_rules(promtool: str) -> None:
    result = run(promtool, "check", "rules", RULES_FILE.name)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS: 12 rules found" in result.stdout


def test_promtool_rule_unit_tests_pass(promtool: str) -> None:
    result = run(promtool, "test", "rules", "zythos.rules.test.yml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def test_the_four_required_alerts_exist() -> None:
    groups = yaml.safe_load(RULES_FILE.read_text())["groups"]
    alerts = {rule["alert"] for group in groups for rule in group["rules"] if "alert" in rule}
    assert alerts == {
        "ZythosHighErrorRatio",
        "ZythosHighLatencyP99",
        "ZythosCommitConflictsHigh",
        "ZythosNoBotCapacity",
    }


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
