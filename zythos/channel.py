"""Channels that balance over every server replica, with per-method timeouts and safe retries.

Give a target that resolves to every replica: ``dns:///zythos-server:50051``
(a headless Kubernetes Service answers with one address per ready pod) or a
list such as ``ipv4:10.0.0.1:50051,10.0.0.2:50051``. The channel keeps a
connection to each address and sends calls round-robin; the server closes
each connection after ``--max-connection-age``, so the client re-resolves and
spreads onto replicas added since. Reads are retried on ``UNAVAILABLE``
(the replica went away mid-call); writes are not, since a retried write may
already have been applied (repeat those yourself with a ``request_id``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import grpc

GAME_SERVICE = "zythos.v1.GameService"
# Calls that change nothing: safe to send again to another replica.
READS = ("ListGameTypes", "GetGame", "ListGames", "GetView", "ListLegalActions")
WRITES = ("CreateGame", "JoinGame", "SubmitAction", "LeaveGame")


def service_config(timeout_seconds: float = 10.0) -> dict[str, Any]:
    """round_robin, a deadline on every unary call, and retries on UNAVAILABLE for reads."""
    deadline = f"{timeout_seconds:g}s"
    return {
        "loadBalancingConfig": [{"round_robin": {}}],
        "methodConfig": [
            {
                "name": [{"service": GAME_SERVICE, "method": method} for method in READS],
                "timeout": deadline,
                "retryPolicy": {
                    "maxAttempts": 4,
                    "initialBackoff": "0.1s",
                    "maxBackoff": "2s",
                    "backoffMultiplier": 2,
                    "retryableStatusCodes": ["UNAVAILABLE"],
                },
            },
            {"name": [{"service": GAME_SERVICE, "method": method} for method in WRITES], "timeout": deadline},
        ],
    }


def channel_options(timeout_seconds: float = 10.0) -> list[tuple[str, Any]]:
    """The channel arguments: the service config, retries on, and keepalive the server permits."""
    return [
        ("grpc.service_config", json.dumps(service_config(timeout_seconds))),
        ("grpc.enable_retries", 1),
        ("grpc.keepalive_time_ms", 30_000),
        ("grpc.keepalive_timeout_ms", 10_000),
        ("grpc.keepalive_permit_without_calls", 1),
    ]


def balanced_channel(
    target: str,
    *,
    credentials: grpc.ChannelCredentials | None = None,
    options: Sequence[tuple[str, Any]] = (),
) -> grpc.aio.Channel:
    """An asyncio channel balanced round-robin over every address ``target`` resolves to."""
    merged = [*channel_options(), *options]  # later options win
    if credentials is not None:
        return grpc.aio.secure_channel(target, credentials, options=merged)
    return grpc.aio.insecure_channel(target, options=merged)


def tls_credentials(
    ca_file: str = "", cert_file: str = "", key_file: str = ""
) -> grpc.ChannelCredentials | None:
    """TLS for a channel: trust ``ca_file`` (else the system's roots); show ``cert_file``/``key_file``
    when the server wants a client certificate. ``None`` (plaintext) when given no file at all.
    """
    if not (ca_file or cert_file):
        return None
    roots = Path(ca_file).read_bytes() if ca_file else None
    key = Path(key_file).read_bytes() if key_file else None
    chain = Path(cert_file).read_bytes() if cert_file else None
    return grpc.ssl_channel_credentials(root_certificates=roots, private_key=key, certificate_chain=chain)


if __name__ == "__main__":  # the service config, for clients in other languages
    print(json.dumps(service_config(), indent=2))
