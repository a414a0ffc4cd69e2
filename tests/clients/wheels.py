"""Wheels of already-installed distributions, so a test can fill an empty virtualenv without a network."""

from __future__ import annotations

import base64
import csv
import hashlib
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def wheel_of_installed(name: str, out: Path) -> Path:
    """Zip the files an installed distribution's RECORD lists back into the wheel they came from."""
    dist = metadata.distribution(name)
    info = Path(str(dist.locate_file(""))).resolve()
    wheel_tags = (dist.read_text("WHEEL") or "").splitlines()
    tag = next(line.split(": ")[1] for line in wheel_tags if line.startswith("Tag: "))
    path = out / f"{dist.metadata['Name'].replace('-', '_')}-{dist.version}-{tag}.whl"
    record_name = next(str(f) for f in dist.files or () if str(f).endswith(".dist-info/RECORD"))
    rows = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        for row in csv.reader((info / record_name).read_text().splitlines()):
            relative = row[0]
            if relative == record_name or relative.startswith("..") or "__pycache__" in relative:
                continue
            data = (info / relative).read_bytes()
            archive.writestr(relative, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append(f"{relative},sha256={digest},{len(data)}")
        archive.writestr(record_name, "\n".join([*rows, f"{record_name},,"]) + "\n")
    return path


def requirement_closure(*names: str) -> set[str]:
    """The installed distributions ``names`` need, themselves included (extras and markers skipped)."""
    needed: set[str] = set()
    todo = list(names)
    while todo:
        name = canonicalize_name(todo.pop())
        if name not in needed:
            needed.add(name)
            for text in metadata.requires(name) or ():
                requirement = Requirement(text)
                if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                    todo.append(requirement.name)
    return needed


def build_client_wheel(out: Path) -> Path:
    """The zythos-client wheel, built from clients/python with the setuptools already installed.

    setuptools builds in the source tree; its build/ is removed first, so no module deleted
    from zythos/ since an earlier build can end up in the wheel.
    """
    shutil.rmtree(ROOT / "clients" / "python" / "build", ignore_errors=True)
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "-w", str(out), str(ROOT / "clients" / "python")], check=True)
    (wheel,) = out.glob("zythos_client-*.whl")
    return wheel
