"""Game kit: the view half of a game's wire module, derived by field name.

A game's view message mirrors its observation: each proto field whose name
is an observation field carries it (scalars, ``optional`` scalars for values
that may be ``None``, repeated scalars for sequences). ``fill_view`` and
``read_view`` walk the message's descriptor, so a game writes by hand only
what differs on the wire: nested messages, enums, and fields whose proto name
differs from the observation's (``names`` maps proto name to observation name,
for a published proto that cannot be renamed). This module imports no
protobuf: it uses the message it is given.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

_NOT_PLAIN = (11, 14)  # FieldDescriptor.TYPE_MESSAGE, TYPE_ENUM: the game maps them
_NO_NAMES: Mapping[str, str] = {}


def _plain_fields(message: Any, skip: Collection[str] = ()) -> list[Any]:
    """The fields of the message the kit maps: scalars and repeated scalars, not messages or enums."""
    return [f for f in message.DESCRIPTOR.fields if f.type not in _NOT_PLAIN and f.name not in skip]


def fill_view(
    message: Any, observation: Any, names: Mapping[str, str] = _NO_NAMES, skip: Collection[str] = ()
) -> Any:
    """Set every plain field of ``message`` (but ``skip``) from the observation attribute of its name."""
    for field in _plain_fields(message, skip):
        value = getattr(observation, names.get(field.name, field.name))
        if value is None:
            continue  # an optional field left unset
        if field.is_repeated:
            getattr(message, field.name).extend(value)
        else:
            setattr(message, field.name, value)
    return message


def read_fields(
    message: Any, names: Mapping[str, str] = _NO_NAMES, skip: Collection[str] = ()
) -> dict[str, Any]:
    """The plain fields of ``message`` (but ``skip``), by observation name."""
    values = {}
    for field in _plain_fields(message, skip):
        if field.is_repeated:
            value: Any = tuple(getattr(message, field.name))
        elif field.has_presence and not message.HasField(field.name):
            value = None
        else:
            value = getattr(message, field.name)
        values[names.get(field.name, field.name)] = value
    return values


def read_view(
    message: Any,
    observation_class: type[Any],
    names: Mapping[str, str] = _NO_NAMES,
    skip: Collection[str] = (),
    **extra: Any,
) -> Any:
    """The observation carried by ``message``: its plain fields by name, plus ``extra`` ones."""
    return observation_class(**read_fields(message, names, skip), **extra)
