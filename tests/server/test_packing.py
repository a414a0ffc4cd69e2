"""How the Redis store packs values: state round trips, event dictionaries old and new."""

from __future__ import annotations

import asyncio
import sys
import zlib
from pathlib import Path

import pytest

from engine.core import registry
from engine.core.rng import Rng
from server.store import NewEvent, packing

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import build_event_dictionaries


def test_state_values_round_trip() -> None:
    for value in (b"", b"x", b'{"board": [' + b"0, " * 2000 + b"0]}", bytes(range(256)) * 20):
        assert packing.unpack_state(packing.pack_state(value)) == value
    assert packing.unpack_state(packing.pack_state("é")) == "é".encode()


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda g: g.name)
def test_every_built_in_game_has_an_event_dictionary(game: object) -> None:
    """A game without one still works (plain deflate), at about three times the memory."""
    name = game.name  # type: ignore[attr-defined]
    assert list(packing.DICTIONARIES.glob(f"{name}-*.zdict")), (
        f"no event dictionary for {name}: run python scripts/build_event_dictionaries.py"
    )


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda g: g.name)
def test_the_newest_shipped_dictionary_is_what_the_builder_makes(game: object) -> None:
    """The builder is deterministic: a shipped dictionary can be rebuilt, and a change to the events
    shows here (then build a new numbered one: stored entries still name the old)."""
    name = game.name  # type: ignore[attr-defined]
    newest = max(packing.DICTIONARIES.glob(f"{name}-*.zdict"), key=lambda p: int(p.stem.rpartition("-")[2]))
    assert asyncio.run(build_event_dictionaries.build(name)) == newest.read_bytes()


@pytest.mark.parametrize("game", registry.all_games(), ids=lambda g: g.name)
def test_the_dictionary_shrinks_events_of_games_it_was_not_built_from(game: object) -> None:
    name = game.name  # type: ignore[attr-defined]
    # seed 77: not the builder's (1000 and its held-out 1001-1005)
    commits = asyncio.run(build_event_dictionaries.commit_texts(name, 4, 1, Rng(77)))
    events = [
        [NewEvent(int(v), data) for v, _, data in (line.partition("\t") for line in c.decode().split("\n"))]
        for c in commits
    ]
    field, _ = packing.pack_events(name, events[0])
    assert field.startswith(name.encode())
    with_dict = sum(len(packing.pack_events(name, e)[1]) for e in events)
    plain = sum(len(packing.pack_events("no-such-game", e)[1]) for e in events)
    assert with_dict < 0.6 * plain
    for commit in events:
        lines = [(e.version, e.data) for e in commit]
        assert packing.unpack_events(*packing.pack_events(name, commit)) == lines


def test_entries_packed_with_an_older_dictionary_still_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = tmp_path / "dictionaries"
    shipped.mkdir()
    (shipped / "g-1.zdict").write_bytes(b'{"k":"rolled","p":{"dice":[' * 20)
    (shipped / "g-2.zdict").write_bytes(b'{"k":"moved","p":{"to":' * 20)
    (tmp_path / "g-1.zdict").write_bytes(b"outside")
    monkeypatch.setattr(packing, "DICTIONARIES", shipped)
    packing._packers.cache_clear()
    packing._dictionary.cache_clear()
    try:
        events = [NewEvent(3, '{"k":"rolled","p":{"dice":[1,2]}}'), NewEvent(4, '{"k":"moved","p":{"to":5}}')]
        field, value = packing.pack_events("g", events)
        assert field == b"g-2"  # the newest
        old = zlib.compressobj(6, zlib.DEFLATED, -12, 5, zdict=(shipped / "g-1.zdict").read_bytes())
        old_value = old.compress(b'3\t{"k":"rolled","p":{"dice":[1,2]}}') + old.flush()
        assert packing.unpack_events(b"g-1", old_value) == [(3, '{"k":"rolled","p":{"dice":[1,2]}}')]
        assert packing.unpack_events(field, value) == [(e.version, e.data) for e in events]
        with pytest.raises(ValueError, match="no event dictionary 'g-3'"):
            packing.unpack_events(b"g-3", value)
        with pytest.raises(ValueError, match="no event dictionary"):
            packing.unpack_events(b"../g-1", value)  # never a path outside the dictionaries
    finally:
        packing._packers.cache_clear()
        packing._dictionary.cache_clear()


def test_no_events_pack_to_nothing() -> None:
    assert packing.pack_events("tbbr_dice", []) == (b"", b"")
