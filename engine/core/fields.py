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
immutable values, ``"list"``, ``"nested"`` for lists of lists, ``"clone"``
for an object with its own ``clone()``, or a function) and, when it is not
JSON as it is, how it is written and read (``to_json`` / ``from_json``).

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


_COPIES: dict[str, Copy] = {"value": _same, "list": list, "nested": _nested, "clone": _clone}


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

    def thawed(self, value: Any) -> Any:
        """A shown (frozen) value as the field holds it: the copy applied to the tuples."""
        if self.copy is _same or self.copy is list or self.copy is _nested:
            return self.copy(value)
        return _thawed(value)


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

    The kit derives ``clone()``, ``dump()`` / ``load()`` and ``view(mine)``, an instance of the
    derived frozen ``View`` dataclass: the public fields (and what private ones ``show``), then
    the private fields, at their defaults unless ``mine``.
    """

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    View: ClassVar[type[Any]]

    def __init_subclass__(cls, view_name: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = _collect(cls)
        if not declared:
            return
        cls.FIELDS = (*cls.FIELDS, *declared)
        public_views = [
            (name, fn)
            for spec in cls.FIELDS
            if spec.visibility is Visibility.PRIVATE
            for name, fn in (spec.shows or ())
        ]
        names = [spec.name for spec in cls.FIELDS if spec.visibility is Visibility.PUBLIC]
        names += [name for name, _ in public_views]
        names += [spec.name for spec in cls.FIELDS if spec.visibility is Visibility.PRIVATE]
        cls.View = make_dataclass(view_name or cls.__name__ + "View", [(n, Any) for n in names], frozen=True)
        cls.clone = _clone_method(cls, cls.FIELDS)  # type: ignore[method-assign,assignment]
        cls.view = _view_method(cls)  # type: ignore[method-assign,assignment]

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

    def clone(self: R) -> R:  # replaced per class
        raise NotImplementedError

    def view(self, mine: bool) -> Any:  # replaced per class
        raise NotImplementedError

    def dump(self) -> list[Any]:
        """Every field, in declaration order, as JSON."""
        return [spec.to_json(getattr(self, spec.name)) for spec in self.FIELDS]

    @classmethod
    def load(cls: type[R], body: Sequence[Any]) -> R:
        if len(body) != len(cls.FIELDS):
            raise ValueError(f"{cls.__name__} snapshot has {len(body)} fields, not {len(cls.FIELDS)}")
        return cls.fresh(**{spec.name: spec.from_json(v) for spec, v in zip(cls.FIELDS, body, strict=True)})

    @classmethod
    def from_view(cls: type[R], view: Any) -> R:
        """What a view tells, as a record: private fields as shown (the defaults, unless it was mine)."""
        record = cls.__new__(cls)
        for spec in cls.FIELDS:
            setattr(record, spec.name, spec.thawed(getattr(view, spec.name)))
        return record


def _view_method(cls: type[DeclaredRecord]) -> Callable[[DeclaredRecord, bool], Any]:
    """``view`` written out for this record's fields."""
    scope: dict[str, Any] = {"View": cls.View, "frozen": _frozen}
    public_parts, shown_parts, private_parts = [], [], []
    for n, spec in enumerate(cls.FIELDS):
        if spec.visibility is Visibility.PUBLIC:
            public_parts.append(f"{spec.name}=frozen(self.{spec.name})")
        else:
            scope[f"hidden_{n}"] = _frozen(spec.default())
            private_parts.append(f"{spec.name}=frozen(self.{spec.name}) if mine else hidden_{n}")
            for k, (name, fn) in enumerate(spec.shows or ()):
                scope[f"show_{n}_{k}"] = fn
                shown_parts.append(f"{name}=show_{n}_{k}(self.{spec.name})")
    body = ", ".join(public_parts + shown_parts + private_parts)
    exec(f"def view(self, mine):\n    return View({body})", scope)
    view: Callable[[DeclaredRecord, bool], Any] = scope["view"]
    view.__doc__ = "What a seat sees of this record (derived from the field declarations)."
    return view


class DeclaredState(State):
    """A ``State`` whose fields are declared once; ``num_players`` is always the first, public."""

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    Observation: ClassVar[type[Any]]

    num_players: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = _collect(cls)
        if not declared:
            return
        cls.FIELDS = (*cls.FIELDS, *declared)
        cls.Observation = _observation_class(cls.__name__, cls.FIELDS)
        cls.clone = _clone_method(cls, _stored(cls.FIELDS))  # type: ignore[method-assign,assignment]

    @classmethod
    def fresh(cls: type[S], num_players: int, **values: Any) -> S:
        """A state with every field at its default, then ``values``."""
        state = cls.__new__(cls)
        state.num_players = num_players
        for spec in _stored(cls.FIELDS):
            if spec.name in values:
                value = values.pop(spec.name)
            elif spec.visibility is Visibility.SEATS:
                value = spec.default(num_players)
            else:
                value = spec.default()
            setattr(state, spec.name, value)
        if values:
            raise TypeError(f"{cls.__name__} declares no field {', '.join(sorted(values))}")
        return state

    def dump_fields(self) -> list[Any]:
        """The snapshot body: ``num_players`` then every stored field, in declaration order."""
        return [self.num_players, *(spec.to_json(getattr(self, spec.name)) for spec in _stored(self.FIELDS))]

    @classmethod
    def from_fields(cls: type[S], body: Sequence[Any]) -> S:
        players, *values = body
        stored = _stored(cls.FIELDS)
        if len(values) != len(stored):
            raise ValueError(f"{cls.__name__} snapshot has {len(values)} fields, not {len(stored)}")
        return cls.fresh(
            players, **{spec.name: spec.from_json(v) for spec, v in zip(stored, values, strict=True)}
        )

    def observe(self, seat: int | None) -> Any:
        """What ``seat`` may know (``None``: a spectator): public fields, its own items, nothing hidden."""
        values: dict[str, Any] = {"seat": seat, "num_players": self.num_players}
        for spec in self.FIELDS:
            visibility = spec.visibility
            if visibility is Visibility.DERIVED:
                values[spec.name] = spec.default(self)
                continue
            value = getattr(self, spec.name)
            if visibility is Visibility.OWNER:
                values[spec.name] = None if seat is None else _frozen(value[seat])
            elif visibility is Visibility.SEATS:
                shown = tuple(record.view(n == seat) for n, record in enumerate(value))
                values[spec.shows[0][0] if spec.shows else spec.name] = shown
            else:
                for name, show in spec.observed():
                    values[name] = show(value)
        return self.Observation(**values)

    @classmethod
    def from_observation(cls: type[S], observation: Any) -> S:
        """What the observer knows, as a state: public fields set, its own items in place.

        Owned items of other seats and hidden fields keep their defaults (an
        owned field: ``None`` per seat; a record's private fields: as the
        observer saw them): the game's determinization samples them.
        """
        state = cls.fresh(observation.num_players)
        for spec in cls.FIELDS:
            visibility = spec.visibility
            if visibility is Visibility.PUBLIC:
                if spec.restore is not None:
                    value = spec.restore(observation)
                else:
                    value = spec.thawed(getattr(observation, spec.name))
                setattr(state, spec.name, value)
            elif visibility is Visibility.OWNER:
                items: list[Any] = [None] * observation.num_players
                if observation.seat is not None:
                    items[observation.seat] = _thawed(getattr(observation, spec.name))
                setattr(state, spec.name, items)
            elif visibility is Visibility.SEATS:
                views = getattr(observation, spec.shows[0][0] if spec.shows else spec.name)
                setattr(state, spec.name, [spec.record.from_view(view) for view in views])
        return state


def _frozen(value: Any) -> Any:
    """An immutable copy for an observation: lists become tuples, all the way down."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thawed(item) for item in value]
    return value


def _observation_class(state_name: str, fields: Sequence[Field]) -> type[Any]:
    """The frozen dataclass of what a seat may see: ``seat``, ``num_players``, then the visible fields."""
    visible: list[tuple[str, Any]] = []
    for spec in fields:
        if spec.visibility in (Visibility.OWNER, Visibility.DERIVED):
            visible.append((spec.name, Any))
        elif spec.visibility is Visibility.SEATS:
            visible.append((spec.shows[0][0] if spec.shows else spec.name, Any))
        else:
            visible += [(name, Any) for name, _ in spec.observed()]
    name = state_name.removesuffix("State") + "Observation"
    return make_dataclass(name, [("seat", Any), ("num_players", int), *visible], frozen=True)


def _clone_method(cls: type[Any], fields: Sequence[Field]) -> Callable[[Any], Any]:
    """``clone`` written out for these fields.

    An instance with a ``__dict__`` is copied whole first (one C call), then only the fields that
    are not immutable values get their own copy: search clones on every iteration.
    """
    lines = ["def clone(self):", "    new = cls.__new__(cls)", "    new.__dict__.update(self.__dict__)"]
    scope: dict[str, Any] = {"cls": cls}
    for n, spec in enumerate(fields):
        if spec.copy is list:
            lines.append(f"    new.{spec.name} = self.{spec.name}.copy()")
        elif spec.copy is _clone:
            lines.append(f"    new.{spec.name} = self.{spec.name}.clone()")
        elif spec.copy is not _same:
            scope[f"copy_{n}"] = spec.copy
            lines.append(f"    new.{spec.name} = copy_{n}(self.{spec.name})")
    lines.append("    return new")
    exec("\n".join(lines), scope)
    clone: Callable[[Any], Any] = scope["clone"]
    clone.__doc__ = "An independent copy (derived from the field declarations)."
    return clone
