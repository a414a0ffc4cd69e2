"""Game kit: a state field is declared once, with who may see it; the rest is derived.

A game's ``State`` subclasses ``DeclaredState`` and declares each field as a
class attribute: ``public(...)`` (everyone sees it), ``owned(...)`` (a
sequence with one item per seat, each seen by its seat only),
``hidden(...)`` (nobody: a deck's order, the RNG), ``per_seat(Record)`` (one
``DeclaredRecord`` per seat, such as a player's sheet, whose ``private``
fields only that seat sees) or ``derived(...)`` (a value the observation
shows, computed from the state, never stored). From the declarations, at
class creation (as ``dataclasses`` does, so nothing is looked up per call),
the kit derives:

- ``clone()``: a copy that shares nothing mutable, written out field by
  field (search clones on every iteration);
- ``dump_fields()`` / ``from_fields()``: the JSON body of a snapshot;
- ``observe(seat)``: an instance of the derived frozen ``Observation``
  dataclass holding the public fields, the observer's own item of each owned
  field (``None`` for a spectator), each seat's record view, and nothing
  hidden;
- ``from_observation(observation)``: the skeleton of a determinization, a
  state with everything the observer knows; the game fills in the rest.

A declaration names how its value is copied (``copy``: ``"value"`` for
immutable values, ``"list"``, ``"set"`` (shown and stored sorted), ``"nested"``
for lists of lists, ``"clone"`` for an object with its own ``clone()``, or a
function) and, when it is not JSON as it is, how it is written and read
(``to_json`` / ``from_json``).

What a field shows may differ from what it holds: ``shows`` maps observation
field names to functions of the value (a hidden deck showing its size, a pile
showing its top card, a private card showing that it exists), and
``restore`` rebuilds a public value from the observation when it is not
shown as it is.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, make_dataclass
from typing import Any, ClassVar, TypeVar

from engine.core.game import State
from engine.core.rng import Rng

Copy = Callable[[Any], Any]
Convert = Callable[[Any], Any]
Shows = Mapping[str, Convert]
S = TypeVar("S", bound="DeclaredState")
R = TypeVar("R", bound="DeclaredRecord")


class Visibility(enum.Enum):
    """Who may see a field."""

    PUBLIC = "public"
    OWNER = "owner"  # item ``n`` of the sequence is seat ``n``'s
    HIDDEN = "hidden"
    PRIVATE = "private"  # a record's field seen by the record's seat only
    SEATS = "seats"  # one record per seat, each shown through its own view
    DERIVED = "derived"  # computed from the state for the observation; not stored


def _same(value: Any) -> Any:
    return value


def _clone(value: Any) -> Any:
    return value.clone()


def _nested(rows: Any) -> Any:
    return [list(row) for row in rows]


_COPIES: dict[str, Copy] = {"value": _same, "list": list, "set": set, "nested": _nested, "clone": _clone}


@dataclass(frozen=True)
class Field:
    """One declared field: its visibility, default, copy, JSON conversions and what it shows."""

    visibility: Visibility
    default: Callable[..., Any]
    copy: Copy
    to_json: Convert = _same
    from_json: Convert = _same
    name: str = ""
    shows: tuple[tuple[str, Convert], ...] | None = None  # None: the field itself, frozen
    restore: Callable[[Any], Any] | None = None  # observation -> value, when shown otherwise
    record: Any = None  # per_seat: the DeclaredRecord class

    def observed(self) -> tuple[tuple[str, Convert], ...]:
        """The (observation name, value -> shown value) pairs of a public, private or hidden field."""
        if self.shows is not None:
            return self.shows
        if self.visibility is Visibility.HIDDEN:
            return ()
        return ((self.name, _frozen),)


def _declare(
    visibility: Visibility,
    default: Callable[..., Any],
    copy: str | Copy,
    to_json: Convert = _same,
    from_json: Convert = _same,
    shows: Shows | None = None,
    restore: Callable[[Any], Any] | None = None,
    record: Any = None,
) -> Any:
    copier = _COPIES[copy] if isinstance(copy, str) else copy
    if copier is set:  # JSON has no sets: a set is stored sorted
        to_json = sorted if to_json is _same else to_json
        from_json = set if from_json is _same else from_json
    shown = None if shows is None else tuple(shows.items())
    return Field(visibility, default, copier, to_json, from_json, "", shown, restore, record)


def public(
    default: Callable[[], Any],
    *,
    copy: str | Copy = "value",
    to_json: Convert = _same,
    from_json: Convert = _same,
    shows: Shows | None = None,
    restore: Callable[[Any], Any] | None = None,
) -> Any:
    """A field everyone sees (as it is, or through ``shows``; then ``restore`` reads it back)."""
    if shows is not None and restore is None:
        raise TypeError("a public field shown otherwise than as it is needs restore")
    return _declare(Visibility.PUBLIC, default, copy, to_json, from_json, shows, restore)


def owned(
    default: Callable[[], Any],
    *,
    copy: str | Copy = "list",
    to_json: Convert = _same,
    from_json: Convert = _same,
) -> Any:
    """A per-seat sequence: each seat sees its own item only."""
    return _declare(Visibility.OWNER, default, copy, to_json, from_json)


def hidden(
    default: Callable[[], Any],
    *,
    copy: str | Copy = "list",
    to_json: Convert = _same,
    from_json: Convert = _same,
    shows: Shows | None = None,
) -> Any:
    """A field nobody sees (a deck's order, the RNG); ``shows`` what everyone may know of it (its size)."""
    return _declare(Visibility.HIDDEN, default, copy, to_json, from_json, shows)


def hidden_rng() -> Any:
    """The state's own ``Rng``, hidden: copied by value, stored as its one word of state."""
    return hidden(
        lambda: Rng(0), copy=lambda rng: Rng(rng.state), to_json=lambda rng: rng.state, from_json=Rng
    )


def private(
    default: Callable[[], Any],
    *,
    copy: str | Copy = "value",
    to_json: Convert = _same,
    from_json: Convert = _same,
    shows: Shows | None = None,
) -> Any:
    """A record's field only the record's seat sees (others see the default); ``shows`` what all see of it."""
    return _declare(Visibility.PRIVATE, default, copy, to_json, from_json, shows)


def per_seat(record: type[DeclaredRecord], *, shown_as: str | None = None) -> Any:
    """One ``record`` per seat; the observation holds each seat's view (``shown_as``: its name there)."""
    spec = _declare(
        Visibility.SEATS,
        lambda players: [record.fresh() for _ in range(players)],
        lambda records: [r.clone() for r in records],
        lambda records: [r.dump() for r in records],
        lambda bodies: [record.load(b) for b in bodies],
        record=record,
    )
    if shown_as is not None:
        spec = Field(**{**spec.__dict__, "shows": ((shown_as, _same),)})
    return spec


def derived(compute: Callable[[Any], Any]) -> Any:
    """A value the observation shows, computed from the state (a title, a countdown); never stored."""
    return Field(Visibility.DERIVED, compute, _same)


def _collect(cls: type[Any]) -> list[Field]:
    declared = [
        Field(**{**value.__dict__, "name": name})
        for name, value in vars(cls).items()
        if isinstance(value, Field)
    ]
    for spec in declared:
        delattr(cls, spec.name)  # instances hold the values; the class keeps only FIELDS
    return declared


def _stored(fields: Sequence[Field]) -> tuple[Field, ...]:
    return tuple(spec for spec in fields if spec.visibility is not Visibility.DERIVED)


class DeclaredRecord:
    """A record inside a state, one per seat (a player's sheet): ``public`` and ``private`` fields.

    The kit derives ``clone()``, ``dump()`` / ``load()``, ``view(mine)``, an instance of the
    derived frozen ``View`` dataclass (the public fields and what private ones ``show``, then the
    private fields, at their defaults unless ``mine``) and ``from_view()``.
    """

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    View: ClassVar[type[Any]]

    def __init_subclass__(cls, view_name: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = _collect(cls)
        if not declared:
            return
        cls.FIELDS = (*cls.FIELDS, *declared)
        cls.View = make_dataclass(
            view_name or cls.__name__ + "View", [(n, Any) for n, _ in _view_parts(cls.FIELDS)], frozen=True
        )
        cls.clone = _clone_method(cls, cls.FIELDS)  # type: ignore[method-assign,assignment]
        cls.view = _view_method(cls)  # type: ignore[method-assign,assignment]
        cls.from_view = classmethod(_restore_function(cls, "view", "record"))  # type: ignore[assignment]
        cls.dump = _dump_method(cls.FIELDS, ())  # type: ignore[method-assign]
        cls.load = classmethod(_load_function(cls, cls.FIELDS, ()))  # type: ignore[assignment]

    def __init__(self, **values: Any) -> None:
        """Every field at its default, then ``values``."""
        for spec in self.FIELDS:
            setattr(self, spec.name, values.pop(spec.name) if spec.name in values else spec.default())
        if values:
            raise TypeError(f"{type(self).__name__} declares no field {', '.join(sorted(values))}")

    @classmethod
    def fresh(cls: type[R], **values: Any) -> R:
        """A record with every field at its default, then ``values``."""
        return cls(**values)

    # The methods below are written for each class from its declarations (``__init_subclass__``);
    # these bodies only name them for type checkers and stand for a class that declares no field.

    def clone(self: R) -> R:
        raise _undeclared(type(self), "clone")

    def view(self, mine: bool) -> Any:
        """What a seat sees of this record (derived from the field declarations)."""
        raise _undeclared(type(self), "view")

    @classmethod
    def from_view(cls: type[R], view: Any) -> R:
        """What a view tells, as a record: private fields as shown (the defaults, unless it was mine)."""
        raise _undeclared(cls, "from_view")

    def dump(self) -> list[Any]:
        """Every field, in declaration order, as JSON."""
        raise _undeclared(type(self), "dump")

    @classmethod
    def load(cls: type[R], body: Sequence[Any]) -> R:
        raise _undeclared(cls, "load")


class DeclaredState(State):
    """A ``State`` whose fields are declared once; ``num_players`` is always the first, public."""

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    Observation: ClassVar[type[Any]]

    num_players: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Writes the methods; again for a subclass (the game's State over its declared position),
        so that its clone, observation and loads are of the subclass."""
        super().__init_subclass__(**kwargs)
        declared = _collect(cls)
        if not declared and not cls.FIELDS:
            return
        cls.FIELDS = (*cls.FIELDS, *declared)
        cls.Observation = _observation_class(cls.__name__, cls.FIELDS)
        cls.clone = _clone_method(cls, _stored(cls.FIELDS))  # type: ignore[method-assign,assignment]
        cls.observe = _observe_method(cls)  # type: ignore[method-assign,assignment]
        cls.from_observation = classmethod(  # type: ignore[assignment]
            _restore_function(cls, "observation", "state")
        )
        cls.dump_fields = _dump_method(_stored(cls.FIELDS), ("num_players",))  # type: ignore[method-assign]
        cls.from_fields = classmethod(  # type: ignore[assignment]
            _load_function(cls, _stored(cls.FIELDS), ("num_players",))
        )

    @classmethod
    def fresh(cls: type[S], num_players: int, **values: Any) -> S:
        """A state with every field at its default, then ``values``."""
        state = cls.__new__(cls)
        state.num_players = num_players
        for spec in _stored(cls.FIELDS):
            value = values.pop(spec.name) if spec.name in values else _default(spec, num_players)
            setattr(state, spec.name, value)
        if values:
            raise TypeError(f"{cls.__name__} declares no field {', '.join(sorted(values))}")
        return state

    # Written for each class from its declarations (``__init_subclass__``), like DeclaredRecord's.

    def dump_fields(self) -> list[Any]:
        """The snapshot body: ``num_players`` then every stored field, in declaration order."""
        raise _undeclared(type(self), "dump_fields")

    @classmethod
    def from_fields(cls: type[S], body: Sequence[Any]) -> S:
        raise _undeclared(cls, "from_fields")

    def observe(self, seat: int | None) -> Any:
        """What ``seat`` may know (``None``: a spectator): public fields, its own items, nothing hidden."""
        raise _undeclared(type(self), "observe")

    @classmethod
    def from_observation(cls: type[S], observation: Any) -> S:
        """What the observer knows, as a state: public fields set, its own items in place.

        Owned items of other seats and hidden fields keep their defaults (an
        owned field: ``None`` per seat; a record's private fields: as the
        observer saw them): the game's determinization samples them.
        """
        raise _undeclared(cls, "from_observation")


def _undeclared(cls: type[Any], method: str) -> TypeError:
    """The error of a kit method on a class that declared no field to write it from."""
    return TypeError(f"{cls.__name__} declares no field: the kit writes {method}() from the declarations")


def _frozen(value: Any) -> Any:
    """An immutable copy for an observation: lists become tuples, all the way down."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thawed(item) for item in value]
    return value


# Generated code. The copy a field declares says how deep its mutability goes (a shallow
# "list" copy suffices only when the items are immutable), so it also says how to freeze the
# value for an observation and how to thaw it back: written out per field, as dataclasses
# writes __init__, since search observes and determinizes on every decision.


def _frozen_expr(spec: Field, value: str, scope: dict[str, Any]) -> str:
    if spec.copy is _same:
        return value
    if spec.copy is list:
        return f"tuple({value})"
    if spec.copy is set:
        return f"tuple(sorted({value}))"
    if spec.copy is _nested:
        return f"tuple(map(tuple, {value}))"
    scope["frozen"] = _frozen
    return f"frozen({value})"


def _item_frozen_expr(spec: Field, value: str, scope: dict[str, Any]) -> str:
    """An owned field's item: one level less mutable than the field."""
    if spec.copy is list or spec.copy is _same:
        return value
    if spec.copy is _nested:
        return f"tuple({value})"
    scope["frozen"] = _frozen
    return f"frozen({value})"


def _thawed_expr(spec: Field, value: str, scope: dict[str, Any]) -> str:
    if spec.copy is _same:
        return value
    if spec.copy is list:
        return f"list({value})"
    if spec.copy is set:
        return f"set({value})"
    if spec.copy is _nested:
        return f"[list(row) for row in {value}]"
    scope["thawed"] = _thawed
    return f"thawed({value})"


def _shown_name(spec: Field) -> str:
    return spec.shows[0][0] if spec.visibility is Visibility.SEATS and spec.shows else spec.name


def _view_parts(fields: Sequence[Field]) -> list[tuple[str, Field | None]]:
    """A record view's fields: public ones, what private ones show (no Field), then private ones."""
    parts: list[tuple[str, Field | None]] = [
        (spec.name, spec) for spec in fields if spec.visibility is Visibility.PUBLIC
    ]
    parts += [
        (name, None)
        for spec in fields
        if spec.visibility is Visibility.PRIVATE
        for name, _ in spec.shows or ()
    ]
    return parts + [(spec.name, spec) for spec in fields if spec.visibility is Visibility.PRIVATE]


def _compiled(source: str, name: str, scope: dict[str, Any], doc: str) -> Callable[..., Any]:
    exec(source, scope)
    function: Callable[..., Any] = scope[name]
    function.__doc__ = doc
    return function


def _view_method(cls: type[DeclaredRecord]) -> Callable[[DeclaredRecord, bool], Any]:
    """``view`` written out for this record's fields."""
    scope: dict[str, Any] = {"View": cls.View}
    args = []
    for spec in cls.FIELDS:
        if spec.visibility is Visibility.PUBLIC:
            args.append(_frozen_expr(spec, f"self.{spec.name}", scope))
    for n, spec in enumerate(cls.FIELDS):
        if spec.visibility is Visibility.PRIVATE:
            for k, (_, show) in enumerate(spec.shows or ()):
                scope[f"show_{n}_{k}"] = show
                args.append(f"show_{n}_{k}(self.{spec.name})")
    for n, spec in enumerate(cls.FIELDS):
        if spec.visibility is Visibility.PRIVATE:
            scope[f"unseen_{n}"] = _frozen(spec.default())
            args.append(f"({_frozen_expr(spec, f'self.{spec.name}', scope)} if mine else unseen_{n})")
    source = f"def view(self, mine):\n    return View({', '.join(args)})"
    return _compiled(
        source, "view", scope, "What a seat sees of this record (derived from the declarations)."
    )


def _observe_method(cls: type[DeclaredState]) -> Callable[[DeclaredState, int | None], Any]:
    """``observe`` written out for this state's fields, in the observation's field order."""
    scope: dict[str, Any] = {"Observation": cls.Observation}
    args = ["seat", "self.num_players"]
    for n, spec in enumerate(cls.FIELDS):
        value = f"self.{spec.name}"
        if spec.visibility is Visibility.DERIVED:
            scope[f"derive_{n}"] = spec.default
            args.append(f"derive_{n}(self)")
        elif spec.visibility is Visibility.OWNER:
            args.append(f"(None if seat is None else {_item_frozen_expr(spec, value + '[seat]', scope)})")
        elif spec.visibility is Visibility.SEATS:
            args.append(f"tuple([record.view(n == seat) for n, record in enumerate({value})])")
        elif spec.shows is not None:
            for k, (_, show) in enumerate(spec.shows):
                scope[f"show_{n}_{k}"] = show
                args.append(f"show_{n}_{k}({value})")
        elif spec.visibility is Visibility.PUBLIC:
            args.append(_frozen_expr(spec, value, scope))
    source = f"def observe(self, seat):\n    return Observation({', '.join(args)})"
    doc = "What ``seat`` may know (``None``: a spectator), derived from the declarations."
    return _compiled(source, "observe", scope, doc)


def _restore_function(cls: type[Any], source_name: str, target: str) -> Callable[..., Any]:
    """``from_observation`` / ``from_view``: what an observer knows, as a state or record.

    Public and (in a record) private fields are read back from what was shown; owned fields
    hold the observer's item only (``None`` for the other seats); hidden fields keep their
    defaults, for the game's determinization to sample.
    """
    scope: dict[str, Any] = {}
    lines = [f"def restore(cls, {source_name}):", f"    {target} = cls.__new__(cls)"]
    if target == "state":
        lines.append(f"    state.num_players = {source_name}.num_players")
    for n, spec in enumerate(cls.FIELDS):
        shown = f"{source_name}.{spec.name}"
        set_ = f"    {target}.{spec.name} = "
        if spec.visibility is Visibility.DERIVED:
            continue
        if spec.visibility in (Visibility.PUBLIC, Visibility.PRIVATE):
            if spec.restore is not None:
                scope[f"restore_{n}"] = spec.restore
                lines.append(f"{set_}restore_{n}({source_name})")
            else:
                lines.append(set_ + _thawed_expr(spec, shown, scope))
        elif spec.visibility is Visibility.OWNER:
            scope["thawed"] = _thawed
            lines += [
                f"{set_}[None] * {source_name}.num_players",
                f"    if {source_name}.seat is not None:",
                f"        {target}.{spec.name}[{source_name}.seat] = thawed({shown})",
            ]
        elif spec.visibility is Visibility.SEATS:
            scope[f"record_{n}"] = spec.record
            lines.append(f"{set_}[record_{n}.from_view(v) for v in {source_name}.{_shown_name(spec)}]")
        else:
            scope[f"default_{n}"] = spec.default
            lines.append(f"{set_}default_{n}()")
    lines.append(f"    return {target}")
    doc = f"What a {source_name} tells, as a {target} (derived from the declarations)."
    return _compiled("\n".join(lines), "restore", scope, doc)


def _observation_class(state_name: str, fields: Sequence[Field]) -> type[Any]:
    """The frozen dataclass of what a seat may see: ``seat``, ``num_players``, then the visible fields."""
    visible: list[tuple[str, Any]] = []
    for spec in fields:
        if spec.visibility in (Visibility.OWNER, Visibility.DERIVED, Visibility.SEATS):
            visible.append((_shown_name(spec), Any))
        else:
            visible += [(name, Any) for name, _ in spec.observed()]
    name = state_name.removesuffix("State") + "Observation"
    return make_dataclass(name, [("seat", Any), ("num_players", int), *visible], frozen=True)


def _clone_method(cls: type[Any], fields: Sequence[Field]) -> Callable[[Any], Any]:
    """``clone`` written out for these fields.

    The instance's ``__dict__`` is copied whole (one C call), then only the fields that are not
    immutable values get their own copy: search clones on every iteration.
    """
    lines = ["def clone(self):", "    new = cls.__new__(cls)", "    new.__dict__ = self.__dict__.copy()"]
    scope: dict[str, Any] = {"cls": cls}
    for n, spec in enumerate(fields):
        if spec.copy is list or spec.copy is set:
            lines.append(f"    new.{spec.name} = self.{spec.name}.copy()")
        elif spec.copy is _clone:
            lines.append(f"    new.{spec.name} = self.{spec.name}.clone()")
        elif spec.copy is not _same:
            scope[f"copy_{n}"] = spec.copy
            lines.append(f"    new.{spec.name} = copy_{n}(self.{spec.name})")
    lines.append("    return new")
    return _compiled("\n".join(lines), "clone", scope, "An independent copy (derived from the declarations).")


def _dump_method(fields: Sequence[Field], first: tuple[str, ...]) -> Callable[..., Any]:
    """``dump`` / ``dump_fields`` written out: ``first`` then every field, in declaration order, as JSON."""
    scope: dict[str, Any] = {}
    items = [f"self.{name}" for name in first]
    for n, spec in enumerate(fields):
        if spec.to_json is _same:
            items.append(f"self.{spec.name}")
        else:
            scope[f"to_json_{n}"] = spec.to_json
            items.append(f"to_json_{n}(self.{spec.name})")
    source = f"def dump(self):\n    return [{', '.join(items)}]"
    return _compiled(source, "dump", scope, "The snapshot body: every field as JSON, in declaration order.")


def _padding(fields: Sequence[Field], first: tuple[str, ...]) -> Callable[[Sequence[Any]], list[Any]]:
    """A snapshot written before the last fields were declared, completed with their defaults.

    Fields are appended at the end of a declaration, so an older body is a prefix
    of a newer one: adding a stored field needs no schema version of its own.
    """

    def pad(body: Sequence[Any]) -> list[Any]:
        missing = fields[len(body) - len(first) :]
        players = body[0] if first else 0
        return [*body, *(spec.to_json(_default(spec, players)) for spec in missing)]

    return pad


def _default(spec: Field, num_players: int) -> Any:
    return spec.default(num_players) if spec.visibility is Visibility.SEATS else spec.default()


def _load_function(cls: type[Any], fields: Sequence[Field], first: tuple[str, ...]) -> Callable[..., Any]:
    """``load`` / ``from_fields`` written out: the inverse of ``_dump_method``'s body."""
    scope: dict[str, Any] = {"ValueError": ValueError, "pad": _padding(fields, first)}
    names = [*first, *(f"v_{n}" for n in range(len(fields)))]
    size = len(names)
    lines = [
        "def load(cls, body):",
        f"    if not {len(first)} < len(body) <= {size}:",
        f"        raise ValueError(f'{cls.__name__} snapshot has {{len(body)}} values, not {size}')",
        f"    if len(body) < {size}:",
        "        body = pad(body)",
        f"    {', '.join(names)}, = body",
        "    new = cls.__new__(cls)",
    ]
    lines += [f"    new.{name} = {name}" for name in first]
    for n, spec in enumerate(fields):
        if spec.from_json is _same:
            lines.append(f"    new.{spec.name} = v_{n}")
        else:
            scope[f"from_json_{n}"] = spec.from_json
            lines.append(f"    new.{spec.name} = from_json_{n}(v_{n})")
    lines.append("    return new")
    return _compiled(
        "\n".join(lines), "load", scope, "The value a snapshot body holds (derived from the declarations)."
    )
