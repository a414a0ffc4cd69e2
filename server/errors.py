"""Domain errors as gRPC statuses carrying a ``google.rpc.ErrorInfo`` detail.

Clients switch on ``ErrorInfo.reason`` (domain ``zythos.v1``), never on the
message text; docs/API.md lists every reason with its status code.
"""

from __future__ import annotations

from typing import Any

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from server.reasons import GameError, Reason

DOMAIN = "zythos.v1"


def status_code(reason: Reason) -> grpc.StatusCode:
    code: grpc.StatusCode = grpc.StatusCode[reason.code_name]
    return code


def to_status(error: GameError) -> grpc.Status:
    """The status (code, message, ErrorInfo in the trailers) for a domain error."""
    info = error_details_pb2.ErrorInfo(reason=error.reason.value, domain=DOMAIN, metadata=error.metadata)
    detail = any_pb2.Any()
    detail.Pack(info)
    code = status_code(error.reason)
    status: grpc.Status = rpc_status.to_status(
        status_pb2.Status(code=code.value[0], message=error.message, details=[detail])
    )
    return status


async def abort(context: grpc.aio.ServicerContext[Any, Any], error: GameError) -> None:
    """End the RPC with ``error``; raises, like ``context.abort``."""
    await context.abort_with_status(to_status(error))
