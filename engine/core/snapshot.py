"""Versioned, compact JSON snapshots shared by every engine's dump/load."""

from __future__ import annotations

from typing import Any

import orjson


def encode(game: str, version: int, body: Any) -> bytes:
    # orjson: about ten times faster than json.dumps here, and a snapshot is written on every commit.
    return orjson.dumps({"g": game, "v": version, "s": body}, option=orjson.OPT_NON_STR_KEYS)


def decode(game: str, supported: int, blob: bytes) -> Any:
    data = orjson.loads(blob)
    if data.get("g") != game:
        raise ValueError(f"snapshot is for game {data.get('g')!r}, not {game!r}")
    if data.get("v") != supported:
        raise ValueError(f"unsupported {game} snapshot version {data.get('v')!r} (expected {supported})")
    return data["s"]


def decode_versioned(game: str, supported: tuple[int, ...], blob: bytes) -> tuple[int, Any]:
    """The version and body of a snapshot in any ``supported`` version (a game reading its older ones)."""
    data = orjson.loads(blob)
    if data.get("g") != game:
        raise ValueError(f"snapshot is for game {data.get('g')!r}, not {game!r}")
    if data.get("v") not in supported:
        raise ValueError(
            f"unsupported {game} snapshot version {data.get('v')!r} (expected one of {supported})"
        )
    return data["v"], data["s"]
