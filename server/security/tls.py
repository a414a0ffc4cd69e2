"""TLS for the gRPC ports: certificates read from files, and read again when they change.

cert-manager (or any rotation) replaces the files of a mounted Secret in
place; a server that read them once would serve an expired certificate
until it restarts. gRPC asks ``fetch`` before each new handshake, so a
rotated certificate is served from the next connection on, without a
restart and without dropping open connections.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import grpc

log = logging.getLogger(__name__)


@dataclass
class CertificateFiles:
    """A key pair (and, for mutual TLS, the CA that signs client certificates) on disk."""

    cert: Path
    key: Path
    client_ca: Path | None = None
    _seen: tuple[float, ...] = field(default=(), init=False)

    def _stamps(self) -> tuple[float, ...]:
        paths = [self.cert, self.key, *([self.client_ca] if self.client_ca else [])]
        return tuple(os.stat(path).st_mtime_ns for path in paths)

    def configuration(self) -> grpc.ServerCertificateConfiguration:
        """The files as they are now (and what ``changed`` compares against from now on)."""
        self._seen = self._stamps()
        pair = (self.key.read_bytes(), self.cert.read_bytes())
        roots = self.client_ca.read_bytes() if self.client_ca else None
        return grpc.ssl_server_certificate_configuration([pair], root_certificates=roots)

    def fetch(self) -> grpc.ServerCertificateConfiguration | None:
        """gRPC's per-handshake question: a new configuration if the files changed, else None.

        A rotation caught half-written (a key that does not match its
        certificate yet) fails the handshake it was read for; the next one
        reads the files again, because their stamps moved on.
        """
        try:
            if self._stamps() == self._seen:
                return None
            log.info("TLS certificate files changed: serving %s from the next connection", self.cert)
            return self.configuration()
        except OSError as exc:  # mid-rotation: keep serving what we have
            log.warning("cannot read the TLS certificate files (%s); keeping the current ones", exc)
            return None

    def credentials(self) -> grpc.ServerCredentials:
        """Credentials that follow the files; client certificates required when ``client_ca`` is set."""
        return grpc.dynamic_ssl_server_credentials(
            self.configuration(),
            self.fetch,  # type: ignore[arg-type]  # typeshed misses that None means "unchanged"
            require_client_authentication=self.client_ca is not None,
        )


def has_client_certificate(auth_context: Mapping[str, Iterable[bytes]]) -> bool:
    """True when the call came over a connection whose client showed a certificate gRPC verified."""
    return any(auth_context.get(key) for key in ("x509_common_name", "x509_subject_alternative_name"))
