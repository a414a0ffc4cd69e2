"""Generate the Prometheus Operator's PrometheusRule from deploy/prometheus/zythos.rules.yml.

Usage: python scripts/gen_prometheus_rule.py [--check]
The rules file stays the one source (promtool checks and unit-tests it); the
PrometheusRule of the prometheus-operator kustomize component wraps its groups.
``--check`` fails when the committed file differs (tests/observability runs it).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "deploy" / "prometheus" / "zythos.rules.yml"
TARGET = ROOT / "deploy" / "k8s" / "components" / "prometheus-operator" / "prometheusrule.yaml"
HEADER = (
    "# Generated from deploy/prometheus/zythos.rules.yml by scripts/gen_prometheus_rule.py: edit that\n"
    "# file and run the script. tests/observability/test_prometheus_operator.py fails on drift.\n"
)


class _Dumper(yaml.SafeDumper):
    """Multi-line strings (PromQL) as literal blocks, as in the rules file."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def prometheus_rule() -> dict[str, Any]:
    groups = yaml.safe_load(RULES.read_text())["groups"]
    return {
        "apiVersion": "monitoring.coreos.com/v1",
        "kind": "PrometheusRule",
        "metadata": {"name": "zythos", "labels": {"app.kubernetes.io/name": "zythos"}},
        "spec": {"groups": groups},
    }


def render() -> str:
    return HEADER + yaml.dump(prometheus_rule(), Dumper=_Dumper, sort_keys=False, width=1000)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if TARGET.read_text() != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run python scripts/gen_prometheus_rule.py")
            return 1
        return 0
    TARGET.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
