"""Read the ``google.rpc`` details of a failed call with protobuf alone.

The server puts a ``google.rpc.Status`` in the ``grpc-status-details-bin``
trailer, with an ``ErrorInfo`` (the reason a client switches on) and, for bad
input, a ``BadRequest``. The three messages are declared here in a private
descriptor pool rather than imported from googleapis-common-protos, so the
client package depends on grpcio and protobuf only; a private pool also never
clashes with the real ``google/rpc`` files when both are loaded in one process.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from google.protobuf import any_pb2, descriptor_pb2, descriptor_pool, message_factory

STATUS_DETAILS_KEY = "grpc-status-details-bin"

# The fields of google/rpc/status.proto and error_details.proto this client reads, with their numbers.
# A map is read as its wire form, a repeated key/value entry, so every message here is flat.
_SCHEMA = """
Status: int32 code = 1; string message = 2; repeated .google.protobuf.Any details = 3
ErrorInfo: string reason = 1; string domain = 2; repeated MetadataEntry metadata = 3
MetadataEntry: string key = 1; string value = 2
BadRequest: repeated FieldViolation field_violations = 1
FieldViolation: string field = 1; string description = 2
"""
_FIELD = descriptor_pb2.FieldDescriptorProto


def _declare(line: str) -> descriptor_pb2.DescriptorProto:
    name, _, fields = line.partition(": ")
    message = descriptor_pb2.DescriptorProto(name=name)
    for declared in fields.split("; "):
        *modifiers, kind, field_name, _, number = declared.split()
        repeated = modifiers == ["repeated"]
        added = message.field.add(name=field_name, number=int(number))
        added.label = _FIELD.LABEL_REPEATED if repeated else _FIELD.LABEL_OPTIONAL
        if kind in ("int32", "string"):
            added.type = _FIELD.TYPE_INT32 if kind == "int32" else _FIELD.TYPE_STRING
        else:
            added.type, added.type_name = _FIELD.TYPE_MESSAGE, kind
    return message


def _classes() -> dict[str, Any]:
    """The schema's message classes, from a descriptor pool of their own."""
    pool = descriptor_pool.DescriptorPool()
    any_file = descriptor_pb2.FileDescriptorProto()
    any_pb2.DESCRIPTOR.CopyToProto(any_file)
    pool.Add(any_file)
    lines = _SCHEMA.strip().splitlines()
    pool.Add(
        descriptor_pb2.FileDescriptorProto(
            name="zythos/google_rpc_subset.proto",
            package="google.rpc",
            syntax="proto3",
            dependency=[any_file.name],
            message_type=[_declare(line) for line in lines],
        )
    )
    names = [line.partition(":")[0] for line in lines]
    return {n: message_factory.GetMessageClass(pool.FindMessageTypeByName(f"google.rpc.{n}")) for n in names}


_MESSAGES = _classes()


@dataclass
class StatusDetails:
    """What the details of one failed call say: the ErrorInfo and the BadRequest violations."""

    reason: str = ""
    metadata: dict[str, str] = field(default_factory=dict)
    field_violations: dict[str, str] = field(default_factory=dict)


def parse_status_details(trailer: bytes) -> StatusDetails:
    """Decode a ``grpc-status-details-bin`` trailer; unknown detail types are skipped."""
    found = StatusDetails()
    for detail in _MESSAGES["Status"].FromString(trailer).details:
        kind = detail.type_url.rpartition("/")[2]
        if kind == "google.rpc.ErrorInfo":
            info = _MESSAGES["ErrorInfo"].FromString(detail.value)
            found.reason = info.reason
            found.metadata = {entry.key: entry.value for entry in info.metadata}
        elif kind == "google.rpc.BadRequest":
            bad = _MESSAGES["BadRequest"].FromString(detail.value)
            found.field_violations.update((v.field, v.description) for v in bad.field_violations)
    return found
