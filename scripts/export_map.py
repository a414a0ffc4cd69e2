"""Write the Belgian Beers Race map the web client draws (clients/web/src/belgium.json).

Usage: python scripts/export_map.py [OUT_FILE]
The places come from engine/belgium/breweries.toml (real coordinates), the roads from the
board game's data; the client bundles the file, so it needs no call to draw the board.
tests/web/test_web_client.py fails when the committed file drifts from the engine's data.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from engine import belgium
from engine.tbbr import data

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "clients" / "web" / "src" / "belgium.json"


def belgian_map() -> dict[str, Any]:
    board = data.board()
    places = [
        {
            "id": fact.id,
            "number": board.places[fact.id].number,
            "name": fact.name,
            "town": fact.town,
            "lat": fact.lat,
            "lon": fact.lon,
            "colour": fact.colour,
            "brussels": fact.in_brussels,
        }
        for fact in belgium.places().values()
    ]
    # A road to "BXL" reaches any point of Brussels: drawn to the Grand Place.
    roads = [[data.GRAND_PLACE if end == data.BRUSSELS else end for end in (r.a, r.b)] for r in board.roads]
    return {"places": places, "roads": roads}


def text() -> str:
    return json.dumps(belgian_map(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text(), encoding="utf-8")
