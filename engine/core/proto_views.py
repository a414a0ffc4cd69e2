"""Game kit: the view half of a game's wire module, derived by field name.

A game's view message mirrors its observation: each proto field whose name
is an observation field carries it (scalars, ``optional`` scalars for values
that may be ``None``, repeated scalars for sequences). ``build_view``,
``fill_view`` and ``read_view`` follow the message's descriptor, so a game
writes by hand only what differs on the wire: nested messages, enums, and
fields whose proto name differs from the observation's (``names`` maps proto
name to observation name, for a published proto that cannot be renamed). This
module imports no protobuf: it uses the message it is given.

Which fields a message has is read from its descriptor once per (message
type, ``names``, ``skip``), not per call: a server builds views on every
action, a bot reads one on every decision.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Collection, Mapping
from typing import Any

_NOT_PLAIN = (11, 14)  # FieldDescriptor.TYPE_MESSAGE, TYPE_ENUM: the game maps them
_NO_NAMES: Mapping[str, str] = {}

# A message type's plain fields, as functions written out for them (as the state kit writes clone):
# ``build(observation, extra)`` -> message and ``read(message)`` -> {observation name: value}.
_Plan = tuple[Callable[[Any, dict[str, Any]], Any], Callable[[Any], dict[str, Any]]]
# (message class, id(names), id(skip)) -> the plan, and names and skip kept alive so their ids stay theirs.
_PLANS: dict[tuple[Any, int, int], tuple[_Plan, Mapping[str, str], Collection[str]]] = {}


def _attribute(owner: str, name: str) -> str:
    return (
        f"{owner}.{name}"
        if name.isidentifier() and not keyword.iskeyword(name)
        else f"getattr({owner}, {name!r})"
    )


def _plan(message_class: type[Any], names: Mapping[str, str], skip: Collection[str]) -> _Plan:
    """The plain fields of a message the kit maps (scalars and repeated scalars, not messages or
    enums), as a builder and a reader written out for them, once per message type."""
    key = (message_class, id(names), id(skip))
    found = _PLANS.get(key)
    if found is None:
        found = _PLANS[key] = (_write_plan(message_class, names, skip), names, skip)
    return found[0]


def _write_plan(message_class: type[Any], names: Mapping[str, str], skip: Collection[str]) -> _Plan:
    fields = [
        (f.name, names.get(f.name, f.name), f.is_repeated, f.has_presence)
        for f in message_class.DESCRIPTOR.fields
        if f.type not in _NOT_PLAIN and f.name not in skip
    ]
    build = ["def build(obs, extra):"]
    build += [
        f"    extra[{proto!r}] = {_attribute('obs', name)}"
        for proto, name, _, presence in fields
        if not presence
    ]
    for proto, name, _, presence in fields:
        if presence:  # an optional field: None leaves it unset
            build += [
                f"    value = {_attribute('obs', name)}",
                f"    if value is not None: extra[{proto!r}] = value",
            ]
    build.append("    return cls(**extra)")
    read = ["def read(m):", "    return {"]
    for proto, name, repeated, presence in fields:
        value = _attribute("m", proto)
        if repeated:
            value = f"tuple({value})"
        elif presence:
            value = f"({value} if m.HasField({proto!r}) else None)"
        read.append(f"        {name!r}: {value},")
    read.append("    }")
    scope: dict[str, Any] = {"cls": message_class}
    exec("\n".join(build) + "\n\n" + "\n".join(read), scope)
    return scope["build"], scope["read"]


def build_view(
    message_class: type[Any],
    observation: Any,
    names: Mapping[str, str] = _NO_NAMES,
    skip: Collection[str] = (),
    **extra: Any,
) -> Any:
    """A new message: every plain field (but ``skip``) from the observation attribute of its name,
    plus the ``extra`` fields the game maps itself (one constructor call)."""
    return _plan(message_class, names, skip)[0](observation, extra)


def fill_view(
    message: Any, observation: Any, names: Mapping[str, str] = _NO_NAMES, skip: Collection[str] = ()
) -> Any:
    """Set every plain field of ``message`` (but ``skip``) from the observation attribute of its name."""
    message.MergeFrom(build_view(type(message), observation, names, skip))
    return message


def read_fields(
    message: Any, names: Mapping[str, str] = _NO_NAMES, skip: Collection[str] = ()
) -> dict[str, Any]:
    """The plain fields of ``message`` (but ``skip``), by observation name."""
    return _plan(type(message), names, skip)[1](message)


def read_view(
    message: Any,
    observation_class: type[Any],
    names: Mapping[str, str] = _NO_NAMES,
    skip: Collection[str] = (),
    **extra: Any,
) -> Any:
    """The observation carried by ``message``: its plain fields by name, plus ``extra`` ones."""
    return observation_class(**read_fields(message, names, skip), **extra)
