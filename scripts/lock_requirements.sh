#!/usr/bin/env bash
# Regenerate the hash-pinned lock files from pyproject.toml (uv, universal markers, Python 3.11+).
#   requirements/runtime.lock  what the image installs (deploy/Dockerfile)
#   requirements/dev.lock      what `make` installs for tests, lint and benches (and so CI)
# Run after changing a dependency in pyproject.toml; tests/test_supply_chain.py fails until you do.
set -euo pipefail
cd "$(dirname "$0")/.."
UV=${UV:-.venv/bin/uv}
common=(--generate-hashes --universal --python-version 3.11 --quiet)
"$UV" pip compile pyproject.toml "${common[@]}" -o requirements/runtime.lock
"$UV" pip compile pyproject.toml --extra dev "${common[@]}" -o requirements/dev.lock
