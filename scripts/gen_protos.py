"""Generate the committed Python stubs (zythos/v1/*_pb2*.py) from protos/.

Usage: python scripts/gen_protos.py [OUT_DIR]   (default: the repository root)
tests/test_protos.py regenerates into a temporary directory and fails on drift.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"


def generate(out: Path) -> None:
    include = str(resources.files("grpc_tools") / "_proto")
    files = sorted(str(p.relative_to(PROTOS)) for p in PROTOS.rglob("*.proto"))
    out.mkdir(parents=True, exist_ok=True)
    args = [
        "protoc",
        f"-I{PROTOS}",
        f"-I{include}",
        f"--python_out={out}",
        f"--pyi_out={out}",
        f"--grpc_python_out={out}",
        *files,
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")


if __name__ == "__main__":
    generate(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)
