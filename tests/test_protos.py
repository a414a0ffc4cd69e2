"""The committed generated code must be exactly what protos/ generates: the Python stubs in
zythos/v1 (scripts/gen_protos.py) and the TypeScript client's messages in clients/ts/src/gen
(buf.gen.yaml). `make protos` regenerates both."""

from __future__ import annotations

import filecmp
import importlib.util
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUF = ROOT / "tools" / "node_modules" / ".bin" / "buf"
TS_GEN = Path("clients") / "ts" / "src" / "gen"


def _load_generator():
    spec = importlib.util.spec_from_file_location("gen_protos", ROOT / "scripts" / "gen_protos.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _assert_same(fresh_root: Path, fresh: list[Path], committed: list[Path]) -> None:
    assert fresh == committed, "generated files differ: run `make protos` and commit"
    for rel in fresh:
        assert filecmp.cmp(fresh_root / rel, ROOT / rel, shallow=False), (
            f"{rel} drifted from protos/: run `make protos` and commit"
        )


def test_committed_stubs_match_protos(tmp_path: Path) -> None:
    _load_generator().generate(tmp_path)
    fresh = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.py*"))
    committed = sorted(p.relative_to(ROOT) for p in (ROOT / "zythos").rglob("*_pb2*.py*"))
    committed += sorted(p.relative_to(ROOT) for p in (ROOT / "zythos").rglob("*_connect.py"))
    committed.sort()
    _assert_same(tmp_path, fresh, committed)


def test_committed_typescript_matches_protos(tmp_path: Path) -> None:
    """buf and protoc-gen-es come from tools/ (`make lint` installs them, as `make test` does)."""
    subprocess.run([BUF, "generate", "--output", tmp_path], cwd=ROOT, check=True)
    fresh = sorted(p.relative_to(tmp_path) for p in (tmp_path / TS_GEN).rglob("*") if p.is_file())
    committed = sorted(p.relative_to(ROOT) for p in (ROOT / TS_GEN).rglob("*") if p.is_file())
    _assert_same(tmp_path, fresh, committed)
