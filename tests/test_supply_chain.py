"""The supply chain as CI checks it: every dependency pinned with hashes, and installed only that way."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^ ;\\]+)")


def locked(name: str) -> dict[str, list[str]]:
    """Package → its versions pinned in ``requirements/<name>.lock`` (one per marker fork), hashes checked."""
    pins: dict[str, list[str]] = {}
    entries = re.split(r"\n(?=[A-Za-z0-9])", (ROOT / "requirements" / f"{name}.lock").read_text())
    for entry in entries:
        match = PIN.match(entry)
        if match:
            assert "--hash=sha256:" in entry, f"{match[1]} is pinned without a hash in {name}.lock"
            pins.setdefault(canonicalize_name(match[1]), []).append(match[2])
    return pins


def declared(extra: str | None) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    listed = project["optional-dependencies"][extra] if extra else project["dependencies"]
    return [Requirement(text) for text in listed]


@pytest.mark.parametrize(("lock", "extras"), [("runtime", [None]), ("dev", [None, "dev"])])
def test_every_declared_dependency_is_locked_within_its_range(lock: str, extras: list[str | None]) -> None:
    """A dependency added to pyproject.toml without re-locking fails: run scripts/lock_requirements.sh."""
    pins = locked(lock)
    for extra in extras:
        for requirement in declared(extra):
            versions = pins.get(canonicalize_name(requirement.name))
            assert versions, f"{requirement.name} is not in requirements/{lock}.lock"
            assert all(requirement.specifier.contains(v, prereleases=True) for v in versions), (
                f"{lock}.lock pins {requirement.name} {versions}, outside {requirement.specifier}"
            )


def test_installs_take_the_hashes() -> None:
    """make (and so CI) and the image install the locks in hash-checking mode, the project without deps."""
    makefile = (ROOT / "Makefile").read_text()
    assert "--require-hashes -r requirements/dev.lock" in makefile
    assert "install -q --no-deps -e ." in makefile
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "--require-hashes --wheel-dir /wheels -r requirements/runtime.lock" in dockerfile
    assert "--no-deps --wheel-dir /wheels ." in dockerfile


def test_the_api_is_checked_against_the_released_one() -> None:
    """make lint runs buf breaking against the committed image of the last released API."""
    assert (ROOT / "api" / "zythos-v1-released.binpb").stat().st_size > 10_000
    assert "buf breaking --against api/zythos-v1-released.binpb" in (ROOT / "Makefile").read_text()
