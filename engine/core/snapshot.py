"""Versioned, compact JSON snapshots shared by every engine's dump/load."""

from __future__ import annotations

import json
from typing import Any


def encode(game: str, version: int, body: Any) -> bytes:
    return json.dumps({"g": game, "v": version, "s": body}, separators=(",", ":")).encode()


def decode(game: str, supported: int, blob: bytes) -> Any:
    data = json.loads(blob)
    if data.get("g") != game:
        raise ValueError(f"snapshot is for game {data.get('g')!r}, not {game!r}")
    if data.get("v") != supported:
        raise ValueError(f"unsupported {game} snapshot version {data.get('v')!r} (expected {supported})")
    return data["s"]
