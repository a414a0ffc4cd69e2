"""The committed stubs in zythos/v1 must be exactly what protos/ generates."""

from __future__ import annotations

import filecmp
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_generator():
    spec = importlib.util.spec_from_file_location("gen_protos", ROOT / "scripts" / "gen_protos.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_stubs_match_protos(tmp_path: Path) -> None:
    _load_generator().generate(tmp_path)
    fresh = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.py*"))
    committed = sorted(p.relative_to(ROOT) for p in (ROOT / "zythos").rglob("*_pb2*.py*"))
    assert fresh == committed, "stub files differ: run `make protos` and commit"
    for rel in fresh:
        assert filecmp.cmp(tmp_path / rel, ROOT / rel, shallow=False), (
            f"{rel} drifted from protos/: run `make protos` and commit"
        )
