"""The import graph of the first-party packages: no new cycle, and the layering of docs/ARCHITECTURE.md.

The graph is read statically with ``ast`` from engine/, server/, ai_players/ and zythos/, so a
module that is never imported at run time is checked too. What counts as an edge:

- every ``import`` and ``from ... import`` statement, at module level or inside a function or
  method (a deferred import still couples the modules; it only hides the cycle from Python);
- the imports under ``if TYPE_CHECKING:`` too: they never run, but they are the same coupling
  (the module cannot be understood or moved without the other) and the refactor's "no import
  cycle" is about structure, so a type-only cycle is listed like any other (marked as such);
- an edge goes to the module named (``from pkg import mod`` to ``pkg.mod`` when that is a module,
  else to ``pkg``), not to the parent packages Python initialises on the way: every package's
  ``__init__`` re-exports its own modules, so those implicit edges would put each package in a
  cycle with all its modules and hide the real ones;
- ``importlib.import_module`` with a computed name (the registry loading games and wire modules)
  is invisible here, by design: that indirection is what keeps the core free of its games.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from engine.core import registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "server", "ai_players", "zythos", "zythos_play")
NO_CYCLES_IN = ("engine", "server", "ai_players", "zythos_play")

# The cycles that exist today, each written from its smallest module. The game-kit refactor
# removes them: when one disappears, delete it here, so the list only ever shrinks. Never add one.
ALLOWED_CYCLES: frozenset[tuple[str, ...]] = frozenset(
    {
        # automa and cheeses name TbbrDiceState under TYPE_CHECKING only.
        ("engine.tbbr_dice.automa", "engine.tbbr_dice.state"),
        ("engine.tbbr_dice.cheeses", "engine.tbbr_dice.state"),
    }
)

# Layering (docs/ARCHITECTURE.md, "Allowed imports"): importer package -> packages it never imports.
FORBIDDEN = {
    "engine": ("server", "ai_players", "bench", "loadtest"),
    "ai_players": ("server", "bench", "loadtest"),
    "server": ("ai_players", "bench", "loadtest"),
    # The terminal client is a client: the API and the map's data files, never the server or the bots.
    "zythos_play": ("server", "ai_players", "bench", "loadtest"),
}
PROTOBUF = ("zythos", "google.protobuf", "grpc")

# server/'s subpackages from the ground up (docs/ARCHITECTURE.md, "The server by concern"): a
# package imports only packages on its own floor or below, and the few modules at the top of
# server/ (the process: flags, assembly, supervisor) stand above every package.
SERVER_FLOORS: tuple[tuple[str, ...], ...] = (
    ("domain", "security"),
    ("store",),
    ("players",),
    ("streams",),
    ("sessions",),
    ("bots",),
    ("matchmaking", "clocks"),
    ("observability",),
    ("api",),
)
MAX_TOP_LEVEL_SERVER_MODULES = 10  # what only a game's wire module may import in engine/


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def _files() -> dict[str, Path]:
    """Every first-party module by dotted name."""
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _imported(module: str, node: ast.Import | ast.ImportFrom, known: dict[str, Path]) -> set[str]:
    """The modules one statement imports (absolute names; known submodules resolved)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    base = node.module or ""
    if node.level:
        package = module if known[module].name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    return {f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names}


@cache
def import_graph() -> dict[str, frozenset[str]]:
    """Module -> every module it imports (first-party or not)."""
    known = _files()
    graph = {}
    for module, path in known.items():
        tree = ast.parse(path.read_text(), str(path))
        graph[module] = frozenset(
            name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom)
            for name in _imported(module, node, known)
        )
    return graph


def _in(module: str, packages: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def cycles(graph: dict[str, frozenset[str]]) -> set[tuple[str, ...]]:
    """Every elementary cycle among first-party modules, each rotated to start at its smallest module.

    A search from each module finds the cycles whose other modules all sort after it, so each
    cycle is found once; the graph is small enough for the plain search.
    """
    edges = {m: sorted(t for t in targets if t in graph) for m, targets in graph.items()}
    found: set[tuple[str, ...]] = set()

    def walk(start: str, path: list[str]) -> None:
        for nxt in edges[path[-1]]:
            if nxt == start:
                found.add(tuple(path))
            elif nxt > start and nxt not in path:
                walk(start, [*path, nxt])

    for start in sorted(edges):
        walk(start, [start])
    return found


def test_no_import_cycle_beyond_the_allowed_ones() -> None:
    found = {c for c in cycles(import_graph()) if any(_in(m, NO_CYCLES_IN) for m in c)}
    new = sorted(found - ALLOWED_CYCLES)
    gone = sorted(ALLOWED_CYCLES - found)
    assert not new, "new import cycles:\n" + "\n".join(" -> ".join([*c, c[0]]) for c in new)
    assert not gone, "cycles no longer there: remove them from ALLOWED_CYCLES:\n" + "\n".join(map(str, gone))


def test_layering() -> None:
    """engine imports no server/bots/bench/loadtest; bots never import the server, nor it them."""
    bad = [
        f"{module} imports {target}"
        for module, targets in sorted(import_graph().items())
        for importer, banned in FORBIDDEN.items()
        if _in(module, (importer,))
        for target in sorted(targets)
        if _in(target, banned)
    ]
    assert not bad, "\n".join(bad)


def test_only_wire_modules_import_protobuf() -> None:
    """The rules stay protobuf-free: in engine/, only each game's ``wire_module`` speaks ``zythos.v1``."""
    wire = {game.wire_module for game in registry.all_games()}
    bad = [
        f"{module} imports {target}"
        for module, targets in sorted(import_graph().items())
        if _in(module, ("engine",)) and module not in wire
        for target in sorted(targets)
        if _in(target, PROTOBUF)
    ]
    assert not bad, "\n".join(bad)
    assert all(any(_in(t, ("zythos.v1",)) for t in import_graph()[m]) for m in wire), "wire modules found"


def test_the_graph_sees_every_kind_of_import() -> None:
    """Guards the reader itself: deferred, type-only and ``from pkg import module`` imports are edges."""
    graph = import_graph()
    assert "engine.core.errors" in graph["engine.core.game"]  # inside a method
    assert "engine.tbbr.objectives" in graph["engine.tbbr.position"]  # from engine.tbbr import objectives
    assert "engine.tbbr_dice.state" in graph["engine.tbbr_dice.automa"]  # under TYPE_CHECKING


def _server_floor(module: str) -> int | None:
    """The floor of a ``server`` module's package; ``None`` for the modules at the top of server/."""
    parts = module.split(".")
    if parts[0] != "server" or len(parts) < 2:
        return None
    return next((i for i, floor in enumerate(SERVER_FLOORS) if parts[1] in floor), None)


def test_server_packages_never_import_upwards() -> None:
    """Each of server/'s subpackages imports only its own floor and those below (SERVER_FLOORS)."""
    bad = [
        f"{module} imports {target}"
        for module, targets in sorted(import_graph().items())
        if (floor := _server_floor(module)) is not None
        for target in sorted(targets)
        if target.startswith("server.") and ((above := _server_floor(target)) is None or above > floor)
    ]
    assert not bad, "\n".join(bad)


def test_server_is_laid_out_by_concern() -> None:
    """Every module of server/ lives in a package named on a floor, but for a few at the top."""
    server = ROOT / "server"
    packages = {p.name for p in server.iterdir() if (p / "__init__.py").exists()}
    assert packages == {name for floor in SERVER_FLOORS for name in floor}
    top = sorted(p.name for p in server.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL_SERVER_MODULES, top
