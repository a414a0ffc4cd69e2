"""Game kit: a state field is declared once, with who may see it; the rest is derived.

A game's ``State`` subclasses ``DeclaredState`` and declares each field as a
class attribute: ``public(...)`` (everyone sees it), ``owned(...)`` (a
sequence with one item per seat, each seen by its seat only) or
``hidden(...)`` (nobody: a deck's order, the RNG). From the declarations,
at class creation (as ``dataclasses`` does, so nothing is looked up per
call), the kit derives:

- ``clone()``: a copy that shares nothing mutable, written out field by
  field (search clones on every iteration);
- ``dump_fields()`` / ``from_fields()``: the JSON body of a snapshot;
- ``observe(seat)``: an instance of the derived frozen ``Observation``
  dataclass holding the public fields, the observer's own item of each owned
  field (``None`` for a spectator), and nothing hidden;
- ``from_observation(observation)``: the skeleton of a determinization, a
  state with everything the observer knows; the game fills in the rest.

A declaration names how its value is copied (``copy``: ``"value"`` for
immutable values, ``"list"``, ``"nested"`` for lists of lists, or a
function) and, when it is not JSON as it is, how it is written and read
(``to_json`` / ``from_json``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, make_dataclass
from typing import Any, ClassVar, TypeVar

from engine.core.game import State
from engine.core.rng import Rng

Copy = Callable[[Any], Any]
Convert = Callable[[Any], Any]
S = TypeVar("S", bound="DeclaredState")


class Visibility(enum.Enum):
    """Who may see a field."""

    PUBLIC = "public"
    OWNER = "owner"  # item ``n`` of the sequence is seat ``n``'s
    HIDDEN = "hidden"


def _same(value: Any) -> Any:
    return value


_COPIES: dict[str, Copy] = {
    "value": _same,
    "list": list,
    "nested": lambda rows: [list(row) for row in rows],
}


@dataclass(frozen=True)
class Field:
    """One declared field: its visibility, default, copy and JSON conversions."""

    visibility: Visibility
    default: Callable[[], Any]
    copy: Copy
    to_json: Convert = _same
    from_json: Convert = _same
    name: str = ""


def _declare(
    visibility: Visibility,
    default: Callable[[], Any],
    copy: str | Copy,
    to_json: Convert,
    from_json: Convert,
) -> Any:
    copier = _COPIES[copy] if isinstance(copy, str) else copy
    return Field(visibility, default, copier, to_json, from_json)


def public(
    default: Callable[[], Any],
    *,
    copy: str | Copy = "value",
    to_json: Convert = _same,
    from_json: Convert = _same,
) -> Any:
    """A field everyone sees."""
    return _declare(Visibility.PUBLIC, default, copy, to_json, from_json)


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
) -> Any:
    """A field nobody sees (a deck's order, the RNG)."""
    return _declare(Visibility.HIDDEN, default, copy, to_json, from_json)


def hidden_rng() -> Any:
    """The state's own ``Rng``, hidden: copied by value, stored as its one word of state."""
    return hidden(
        lambda: Rng(0), copy=lambda rng: Rng(rng.state), to_json=lambda rng: rng.state, from_json=Rng
    )


class DeclaredState(State):
    """A ``State`` whose fields are declared once; ``num_players`` is always the first, public."""

    FIELDS: ClassVar[tuple[Field, ...]] = ()
    Observation: ClassVar[type[Any]]

    num_players: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = [
            Field(**{**value.__dict__, "name": name})
            for name, value in vars(cls).items()
            if isinstance(value, Field)
        ]
        if not declared:
            return
        for spec in declared:
            delattr(cls, spec.name)  # instances hold the values; the class keeps only FIELDS
        cls.FIELDS = (*cls.FIELDS, *declared)
        cls.Observation = _observation_class(cls.__name__, cls.FIELDS)
        cls.clone = _clone_method(cls)  # type: ignore[method-assign,assignment]

    @classmethod
    def fresh(cls: type[S], num_players: int, **values: Any) -> S:
        """A state with every field at its default, then ``values``."""
        state = cls.__new__(cls)
        state.num_players = num_players
        for spec in cls.FIELDS:
            setattr(state, spec.name, values.pop(spec.name) if spec.name in values else spec.default())
        if values:
            raise TypeError(f"{cls.__name__} declares no field {', '.join(sorted(values))}")
        return state

    def dump_fields(self) -> list[Any]:
        """The snapshot body: ``num_players`` then every field, in declaration order."""
        return [self.num_players, *(spec.to_json(getattr(self, spec.name)) for spec in self.FIELDS)]

    @classmethod
    def from_fields(cls: type[S], body: Sequence[Any]) -> S:
        players, *values = body
        if len(values) != len(cls.FIELDS):
            raise ValueError(f"{cls.__name__} snapshot has {len(values)} fields, not {len(cls.FIELDS)}")
        return cls.fresh(
            players, **{spec.name: spec.from_json(v) for spec, v in zip(cls.FIELDS, values, strict=True)}
        )

    def observe(self, seat: int | None) -> Any:
        """What ``seat`` may know (``None``: a spectator): public fields, its own items, nothing hidden."""
        values: dict[str, Any] = {"seat": seat, "num_players": self.num_players}
        for spec in self.FIELDS:
            value = getattr(self, spec.name)
            if spec.visibility is Visibility.PUBLIC:
                values[spec.name] = _frozen(value)
            elif spec.visibility is Visibility.OWNER:
                values[spec.name] = None if seat is None else _frozen(value[seat])
        return self.Observation(**values)

    @classmethod
    def from_observation(cls: type[S], observation: Any) -> S:
        """What the observer knows, as a state: public fields set, its own items in place.

        Owned items of other seats and hidden fields keep their defaults (an
        owned field: ``None`` per seat): the game's determinization samples them.
        """
        state = cls.fresh(observation.num_players)
        for spec in cls.FIELDS:
            if spec.visibility is Visibility.PUBLIC:
                setattr(state, spec.name, _thawed(getattr(observation, spec.name)))
            elif spec.visibility is Visibility.OWNER:
                items: list[Any] = [None] * observation.num_players
                if observation.seat is not None:
                    items[observation.seat] = _thawed(getattr(observation, spec.name))
                setattr(state, spec.name, items)
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
    visible = [(spec.name, Any) for spec in fields if spec.visibility is not Visibility.HIDDEN]
    name = state_name.removesuffix("State") + "Observation"
    return make_dataclass(name, [("seat", Any), ("num_players", int), *visible], frozen=True)


def _clone_method(cls: type[DeclaredState]) -> Callable[[DeclaredState], DeclaredState]:
    """``clone`` written out for this class's fields, so a call is one assignment per field."""
    lines = ["def clone(self):", "    new = cls.__new__(cls)", "    new.num_players = self.num_players"]
    scope: dict[str, Any] = {"cls": cls}
    for n, spec in enumerate(cls.FIELDS):
        if spec.copy is _same:
            lines.append(f"    new.{spec.name} = self.{spec.name}")
        else:
            scope[f"copy_{n}"] = spec.copy
            lines.append(f"    new.{spec.name} = copy_{n}(self.{spec.name})")
    lines.append("    return new")
    exec("\n".join(lines), scope)
    clone: Callable[[DeclaredState], DeclaredState] = scope["clone"]
    clone.__doc__ = "An independent copy (derived from the field declarations)."
    return clone
