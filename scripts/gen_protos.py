"""Generate the committed Python stubs (zythos/v1/*_pb2*.py, *_connect.py) from protos/.

The ``*_connect.py`` files are connectrpc's (protoc-gen-connectrpc) over the same google.protobuf
messages (``protobuf=google``): the HTTP port's services and the Python SDK's Connect clients.

Usage: python scripts/gen_protos.py [OUT_DIR]   (default: the repository root)
tests/test_protos.py regenerates into a temporary directory and fails on drift.
"""

from __future__ import annotations

import shutil
import sys
from importlib import resources
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"


def _connect_plugin() -> str:
    """protoc-gen-connectrpc beside this interpreter (the venv's), else on PATH."""
    beside = Path(sys.executable).parent / "protoc-gen-connectrpc"
    found = str(beside) if beside.exists() else shutil.which("protoc-gen-connectrpc")
    if not found:
        raise SystemExit("protoc-gen-connectrpc is not installed (make .venv/.installed)")
    return found


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
        f"--plugin=protoc-gen-connectrpc={_connect_plugin()}",
        f"--connectrpc_out={out}",
        "--connectrpc_opt=protobuf=google",
        *files,
    ]
    if protoc.main(args) != 0:
        raise SystemExit("protoc failed")


if __name__ == "__main__":
    generate(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT)
