"""How ``RedisStore`` packs what it keeps: the state fast, the event log small.

Two kinds of value, two trade-offs:

- The state (record, engine blob, request answers) is rewritten on every
  action and read back only when a replica's cache misses. It is packed with
  LZ4: about 3 µs for a 2.5 KB blob where deflate took 16 µs in a loop and, in
  the server, about 12% of all the CPU an action costs (measured A/B; likely
  because deflate sets up its tables for every value and hands the GIL to
  gRPC's polling thread while it works). LZ4 stores about 0.8 KB more per game
  than deflate did.
- A commit's events are written once and kept for the whole game: they are
  most of a game's memory. They are deflated against a preset dictionary of
  the game type's own event text (``dictionaries/<game type>-<n>.zdict``,
  built by ``scripts/build_event_dictionaries.py``), which shrinks a commit's
  few hundred bytes of JSON to a third of what deflate alone makes of them.
  The stream entry's field name names the dictionary, so a stored entry stays
  readable when a later dictionary replaces it; ``z`` is plain deflate.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path

import lz4.block  # type: ignore[import-untyped]  # lz4 ships no types and no stub package exists

from server.store.base import NewEvent

DICTIONARIES = Path(__file__).parent / "dictionaries"
# The field of an entry deflated without a dictionary (game types that have none).
PLAIN_FIELD = b"z"
# A dictionary's name, ``<game type>-<n>``: the only field names read as file names.
_DICTIONARY_NAME = re.compile(rb"[a-z0-9_]+-[0-9]+")
EVENT_LEVEL = 6
# Raw deflate (no zlib header and checksum): 6 bytes less per entry, which adds up over a
# game's many small entries; Redis already guards the bytes it stores. Packing uses a small
# window and hash table (the entries are 0.1-3 KB; zlib's default 256 KiB of tables cost 3-4x
# the compression itself to set up); inflating with the largest window reads any of them.
_RAW_DEFLATE = -15
PACK_WINDOW = -12
PACK_MEMORY = 5


def pack_state(data: bytes | str) -> bytes:
    """A state value (record JSON, engine blob, answers) in LZ4 block format, size-prefixed."""
    packed: bytes = lz4.block.compress(data.encode() if isinstance(data, str) else data)
    return packed


def unpack_state(data: bytes) -> bytes:
    unpacked: bytes = lz4.block.decompress(data)
    return unpacked


@cache
def _packers() -> dict[str, tuple[bytes, zlib._Compress]]:
    """Game type -> (field name, a packer primed with its newest dictionary).

    Each commit packs with a copy of the primed packer: copying its tables
    costs about half of setting them up and hashing the dictionary again.
    """
    newest: dict[str, tuple[int, Path]] = {}
    for path in DICTIONARIES.glob("*.zdict"):
        game_type, _, number = path.stem.rpartition("-")
        if int(number) > newest.get(game_type, (-1, path))[0]:
            newest[game_type] = (int(number), path)
    return {kind: (path.stem.encode(), event_packer(path.read_bytes())) for kind, (_, path) in newest.items()}


def event_packer(zdict: bytes = b"") -> zlib._Compress:
    """A fresh packer for events, primed with ``zdict`` if given (the builder script sizes with it)."""
    if zdict:
        return zlib.compressobj(EVENT_LEVEL, zlib.DEFLATED, PACK_WINDOW, PACK_MEMORY, zdict=zdict)
    return zlib.compressobj(EVENT_LEVEL, zlib.DEFLATED, PACK_WINDOW, PACK_MEMORY)


_PLAIN = (PLAIN_FIELD, event_packer())


@cache
def _dictionary(field: bytes) -> bytes:
    """The preset dictionary an entry's field names (any version ever shipped)."""
    path = DICTIONARIES / f"{field.decode()}.zdict"
    if not _DICTIONARY_NAME.fullmatch(field) or not path.is_file():
        raise ValueError(f"no event dictionary {field.decode()!r} (written by a newer server?)")
    return path.read_bytes()


def pack_events(game_type: str, events: Sequence[NewEvent]) -> tuple[bytes, bytes]:
    """A commit's events as one stream entry ``(field, value)``: deflated ``<version>\\t<json>`` lines.

    One entry per commit instead of one per event, compressed together, takes
    about 40% of the memory; event JSON never holds a raw newline or tab.
    ``(b"", b"")`` when there are none.
    """
    if not events:
        return b"", b""
    text = "\n".join(f"{e.version}\t{e.data}" for e in events).encode()
    field, primed = _packers().get(game_type, _PLAIN)
    packer = primed.copy()
    return field, packer.compress(text) + packer.flush()


def unpack_events(field: bytes, value: bytes) -> list[tuple[int, str]]:
    """The ``(version, json)`` lines of one stream entry."""
    if field == PLAIN_FIELD:
        text = zlib.decompress(value, _RAW_DEFLATE)
    else:
        unpacker = zlib.decompressobj(_RAW_DEFLATE, zdict=_dictionary(field))
        text = unpacker.decompress(value) + unpacker.flush()
    lines = []
    for line in text.decode().split("\n"):
        version, _, data = line.partition("\t")
        lines.append((int(version), data))
    return lines
