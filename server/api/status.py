"""Domain errors as gRPC statuses carrying a ``google.rpc.ErrorInfo`` detail.

Clients switch on ``ErrorInfo.reason`` (domain ``zythos.v1``), never on the
message text; docs/API.md lists every reason with its status code. An
``INVALID_ARGUMENT`` also carries a ``google.rpc.BadRequest`` naming the
offending request field, so generic client tooling can point at it.
"""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from server.domain.errors import GameError, Reason

DOMAIN = "zythos.v1"

# The request field an INVALID_ARGUMENT reason is about when the error names none.
_FIELDS: dict[Reason, str] = {
    Reason.UNKNOWN_GAME_TYPE: "game_type",
    Reason.INVALID_PLAYER_COUNT: "players",
    Reason.UNKNOWN_OPTION: "options",
    Reason.INVALID_OPTION: "options",
    Reason.UNKNOWN_ACTION: "action",
    Reason.MALFORMED_REQUEST: "body",
}


def status_code(reason: Reason) -> grpc.StatusCode:
    code: grpc.StatusCode = grpc.StatusCode[reason.code_name]
    return code


def _packed(message: Any) -> any_pb2.Any:
    detail = any_pb2.Any()
    detail.Pack(message)
    return detail


def bad_request(error: GameError) -> error_details_pb2.BadRequest:
    """The field violation of an INVALID_ARGUMENT error."""
    field = error.metadata.get("field") or _FIELDS.get(error.reason, "request")
    violation = error_details_pb2.BadRequest.FieldViolation(field=field, description=error.message)
    return error_details_pb2.BadRequest(field_violations=[violation])


def to_status(error: GameError) -> grpc.Status:
    """The status (code, message, ErrorInfo and, for a bad argument, BadRequest) for a domain error."""
    info = error_details_pb2.ErrorInfo(reason=error.reason.value, domain=DOMAIN, metadata=error.metadata)
    code = status_code(error.reason)
    details = [_packed(info)]
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        details.append(_packed(bad_request(error)))
    status: grpc.Status = rpc_status.to_status(
        status_pb2.Status(code=code.value[0], message=error.message, details=details)
    )
    return status


async def abort(context: grpc.aio.ServicerContext[Any, Any], error: GameError) -> None:
    """End the RPC with ``error``; raises, like ``context.abort``."""
    await context.abort_with_status(to_status(error))
