"""CI check: the base, every overlay and every component render and every object is valid.

``kubectl kustomize`` renders deploy/k8s, each deploy/overlays/* and each
deploy/k8s/components/* (on the base). Built-in kinds are validated with
``kubernetes-validate --strict`` against Kubernetes ``KUBERNETES_VERSION``:
an unknown or misspelt field fails. The custom resources of the optional
components (Prometheus Operator, cert-manager, Gateway API) have no schema
there; ``CRD_SCHEMAS`` below checks the fields they must have and the types
of the ones used here. That is a minimal check of our own, not the CRDs'
full OpenAPI schemas: a misspelt optional field of a custom resource passes.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import jsonschema
import kubernetes_validate
import pytest

from ai_players.worker import WorkerConfig
from server.config import Config
from tests.observability.support import COMPONENTS, K8S, REPO, Manifest, find_config, render, render_with
from zythos.settings import env_name

KUBERNETES_VERSION = "1.37.0"
_REFERENCE = re.compile(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)")
OVERLAYS = sorted(path.parent for path in (REPO / "deploy" / "overlays").glob("*/kustomization.yaml"))
COMPONENT_DIRS = sorted(path.parent for path in COMPONENTS.glob("*/kustomization.yaml"))

_NAME = {"type": "string", "minLength": 1}
_STRINGS = {"type": "array", "items": _NAME, "minItems": 1}
_SELECTOR = {
    "type": "object",
    "properties": {"matchLabels": {"type": "object"}, "matchExpressions": {"type": "array"}},
    "minProperties": 1,
}
_ISSUER_REF = {
    "type": "object",
    "required": ["name"],
    "properties": {"name": _NAME, "kind": {"enum": ["Issuer", "ClusterIssuer"]}},
}
_RELABELINGS = {
    "type": "array",
    "items": {"type": "object", "properties": {"targetLabel": _NAME, "sourceLabels": _STRINGS}},
}


def _spec(required: list[str], one_of: bool = False, **properties: Any) -> dict[str, Any]:
    """A custom resource with metadata.name and a spec holding ``required``; ``one_of``: one field only."""
    spec = {"type": "object", "required": required, "properties": properties}
    if one_of:
        spec |= {"minProperties": 1, "maxProperties": 1}
    return {
        "type": "object",
        "required": ["apiVersion", "kind", "metadata", "spec"],
        "properties": {
            "metadata": {"type": "object", "required": ["name"], "properties": {"name": _NAME}},
            "spec": spec,
        },
    }


def _monitor(endpoints: str) -> dict[str, Any]:
    """A ServiceMonitor or PodMonitor: a selector and, under ``endpoints``, ports to scrape."""
    items = {"type": "object", "required": ["port"], "properties": {"relabelings": _RELABELINGS}}
    return _spec(
        ["selector", endpoints],
        selector=_SELECTOR,
        **{endpoints: {"type": "array", "minItems": 1, "items": items}},
    )


CRD_SCHEMAS: dict[tuple[str, str], dict[str, Any]] = {
    ("monitoring.coreos.com/v1", "ServiceMonitor"): _monitor("endpoints"),
    ("monitoring.coreos.com/v1", "PodMonitor"): _monitor("podMetricsEndpoints"),
    ("monitoring.coreos.com/v1", "PrometheusRule"): _spec(
        ["groups"],
        groups={
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["name", "rules"],
                "properties": {
                    "rules": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["expr"],
                            "oneOf": [{"required": ["record"]}, {"required": ["alert"]}],
                            "properties": {"expr": _NAME, "for": {"type": "string"}},
                        },
                    }
                },
            },
        },
    ),
    ("cert-manager.io/v1", "Issuer"): _spec(
        [],
        one_of=True,
        selfSigned={"type": "object"},
        ca={"type": "object", "required": ["secretName"]},
    ),
    ("cert-manager.io/v1", "Certificate"): _spec(
        ["secretName", "issuerRef"],
        secretName=_NAME,
        issuerRef=_ISSUER_REF,
        dnsNames=_STRINGS,
        usages=_STRINGS,
        isCA={"type": "boolean"},
    ),
    ("gateway.networking.k8s.io/v1", "Gateway"): _spec(
        ["gatewayClassName", "listeners"],
        gatewayClassName=_NAME,
        listeners={
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["name", "port", "protocol"],
                "properties": {"port": {"type": "integer"}, "protocol": {"enum": ["HTTP", "HTTPS"]}},
            },
        },
    ),
    ("gateway.networking.k8s.io/v1", "GRPCRoute"): _spec(
        ["parentRefs", "rules"],
        parentRefs={"type": "array", "minItems": 1, "items": {"type": "object", "required": ["name"]}},
        rules={
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["backendRefs"],
                "properties": {
                    "backendRefs": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                            "type": "object",
                            "required": ["name", "port"],
                            "properties": {"port": {"type": "integer"}},
                        },
                    }
                },
            },
        },
    ),
}


def problems(manifest: Manifest) -> list[str]:
    """Why ``manifest`` is invalid: its schema's complaints, or none."""
    key = (manifest["apiVersion"], manifest["kind"])
    if key in CRD_SCHEMAS:
        validator = jsonschema.Draft202012Validator(CRD_SCHEMAS[key])
        return [f"{list(error.absolute_path)}: {error.message}" for error in validator.iter_errors(manifest)]
    try:
        kubernetes_validate.validate(manifest, KUBERNETES_VERSION, strict=True)
    except kubernetes_validate.ValidationError as error:
        return [f"{list(error.absolute_path)}: {error.message}"]
    except kubernetes_validate.SchemaNotFoundError:
        return [f"no schema for {key} in Kubernetes {KUBERNETES_VERSION}, and no check of ours"]
    return []


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Manifest]]:
    """What the base, each overlay and each component (on the base) render, by their path."""
    rendered = {"deploy/k8s": render(K8S)}
    for overlay in OVERLAYS:
        rendered[str(overlay.relative_to(REPO))] = render(overlay)
    for component in COMPONENT_DIRS:
        workdir = tmp_path_factory.mktemp(component.name)
        rendered[str(component.relative_to(REPO))] = render_with([component], workdir)
    return rendered


def test_there_are_overlays_and_components_to_check() -> None:
    assert OVERLAYS and len(COMPONENT_DIRS) >= 4, (OVERLAYS, COMPONENT_DIRS)


def test_every_rendered_object_is_valid(sources: dict[str, list[Manifest]]) -> None:
    invalid = [
        f"{source}: {manifest['kind']}/{manifest['metadata']['name']}: {problem}"
        for source, manifests in sources.items()
        for manifest in manifests
        for problem in problems(manifest)
    ]
    assert not invalid, "\n".join(invalid)


def test_env_references_name_earlier_variables(sources: dict[str, list[Manifest]]) -> None:
    """Kubernetes expands $(VAR) only from variables listed before: a patch that reorders env breaks it."""
    broken = []
    for source, manifests in sources.items():
        for manifest in (m for m in manifests if m["kind"] in ("Deployment", "StatefulSet")):
            spec = manifest["spec"]["template"]["spec"]
            for c in spec["containers"] + spec.get("initContainers", []):
                seen: set[str] = set()
                for variable in c.get("env", []):
                    missing = set(_REFERENCE.findall(variable.get("value", ""))) - seen
                    broken += [
                        f"{source}: {c['name']}: {variable['name']} uses $({name})" for name in missing
                    ]
                    seen.add(variable["name"])
    assert not broken, "\n".join(broken)


# The variables each process reads: a ZYTHOS_* name outside them would be ignored silently.
SETTINGS = {
    "zythos-server": {env_name(spec) for spec in dataclasses.fields(Config)},
    "zythos-bots": {env_name(spec) for spec in dataclasses.fields(WorkerConfig)},
}


def test_every_zythos_variable_is_a_setting_of_its_process(sources: dict[str, list[Manifest]]) -> None:
    unknown = []
    for source, manifests in sources.items():
        for name, known in SETTINGS.items():
            [deployment] = [
                m for m in manifests if m["kind"] == "Deployment" and m["metadata"]["name"] == name
            ]
            [c] = deployment["spec"]["template"]["spec"]["containers"]
            names = {variable["name"] for variable in c.get("env", [])}
            names |= set(find_config(manifests, f"{name}-config"))
            stray = sorted(v for v in names if v.startswith("ZYTHOS_") and v not in known)
            unknown += [f"{source}: {name}: {variable}" for variable in stray]
    assert not unknown, "\n".join(unknown)


@pytest.mark.parametrize(
    ("manifest", "complaint"),
    [
        (
            {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "s"}, "spec": {"prots": []}},
            "'prots' was unexpected",
        ),
        (
            {
                "apiVersion": "monitoring.coreos.com/v1",
                "kind": "ServiceMonitor",
                "metadata": {"name": "m"},
                "spec": {"selector": {"matchLabels": {"a": "b"}}, "endpoints": [{"path": "/metrics"}]},
            },
            "'port' is a required property",
        ),
        (
            {
                "apiVersion": "cert-manager.io/v1",
                "kind": "Certificate",
                "metadata": {"name": "c"},
                "spec": {"secretName": "s", "issuerRef": {"name": "i", "kind": "Isuer"}},
            },
            "'Isuer' is not one of",
        ),
        (
            {"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w"}, "spec": {}},
            "no schema",
        ),
    ],
)
def test_the_checks_catch_what_they_are_for(manifest: Manifest, complaint: str) -> None:
    assert any(complaint in problem for problem in problems(manifest)), problems(manifest)
