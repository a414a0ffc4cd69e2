"""Game kit: the view half of a game's wire module, derived by field name.

A game's view message mirrors its observation: each proto field whose name
is an observation field carries it (scalars, ``optional`` scalars for values
that may be ``None``, repeated scalars for sequences). ``fill_view`` and
``read_view`` walk the message's descriptor, so a game writes by hand only
what differs on the wire (nested messages, renamed fields). This module
imports no protobuf: it uses the message it is given.
"""

from __future__ import annotations

from typing import Any

_MESSAGE = 11  # FieldDescriptor.TYPE_MESSAGE


def _plain_fields(message: Any) -> list[Any]:
    """The fields of the message the kit maps: scalars and repeated scalars, not nested messages."""
    return [field for field in message.DESCRIPTOR.fields if field.type != _MESSAGE]


def fill_view(message: Any, observation: Any) -> Any:
    """Set every plain field of ``message`` from the observation attribute of the same name."""
    for field in _plain_fields(message):
        value = getattr(observation, field.name)
        if value is None:
            continue  # an optional field left unset
        if field.is_repeated:
            getattr(message, field.name).extend(value)
        else:
            setattr(message, field.name, value)
    return message


def read_view(message: Any, observation_class: type[Any], **extra: Any) -> Any:
    """The observation carried by ``message``: its plain fields by name, plus ``extra`` ones."""
    values = dict(extra)
    for field in _plain_fields(message):
        if field.is_repeated:
            values[field.name] = tuple(getattr(message, field.name))
        elif field.has_presence and not message.HasField(field.name):
            values[field.name] = None
        else:
            values[field.name] = getattr(message, field.name)
    return observation_class(**values)
