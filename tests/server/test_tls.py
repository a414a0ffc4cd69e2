"""TLS on the gRPC port with certificates made here, rotated in place, and mutual TLS for bot workers."""

from __future__ import annotations

import socket
import ssl
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest

from bench.procs import Processes, free_port
from tests.replicas.support import play_seat, until
from zythos.channel import tls_credentials
from zythos.client import ZythosClient, ZythosError
from zythos.v1 import bot_service_pb2 as bot_pb
from zythos.v1 import bot_service_pb2_grpc as bot_grpc
from zythos.v1 import game_service_pb2 as pb

SECRET = "tls-test-bot-secret"
QUICK = ("--max-iterations", "4", "--processes", "1")
# openssl req arguments for a fresh P-256 key written unencrypted to the path that follows.
NEW_KEY = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout")


@dataclass(frozen=True)
class Pki:
    """A CA, a server key pair for 127.0.0.1 and a client key pair for a bot worker, as PEM files."""

    folder: Path

    def path(self, name: str) -> str:
        return str(self.folder / name)

    def issue(self, name: str, subject: str, extension: str = "") -> None:
        """``name.key``/``name.crt`` signed by the CA, with ``extension`` (an openssl -extfile line)."""
        openssl(
            "req",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-nodes",
            "-keyout",
            self.path(f"{name}.key"),
            "-subj",
            subject,
            "-out",
            self.path(f"{name}.csr"),
        )
        ext = self.folder / f"{name}.ext"
        ext.write_text(extension + "\n")
        openssl("x509", "-req", "-in", self.path(f"{name}.csr"), "-CA", self.path("ca.crt"), "-CAkey",
                self.path("ca.key"), "-CAcreateserial", "-days", "2", "-extfile", str(ext), "-out",
                self.path(f"{name}.crt"))  # fmt: skip


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=30)


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    pki = Pki(tmp_path_factory.mktemp("pki"))
    subject = ["-subj", "/CN=Zythos test CA", "-days", "2"]
    openssl("req", "-x509", *NEW_KEY, pki.path("ca.key"), *subject, "-out", pki.path("ca.crt"))
    pki.issue("server", "/CN=zythos-server", "subjectAltName=IP:127.0.0.1,DNS:localhost")
    pki.issue("bots", "/CN=zythos-bots", "extendedKeyUsage=clientAuth")
    return pki


@pytest.fixture
def procs() -> Iterator[Processes]:
    with Processes() as running:
        yield running


def served_serial(port: int, ca: str) -> int:
    """The serial number of the certificate a new connection to ``port`` is shown."""
    context = ssl.create_default_context(cafile=ca)
    context.set_alpn_protocols(["h2"])
    with (
        socket.create_connection(("127.0.0.1", port), timeout=5) as raw,
        context.wrap_socket(raw, server_hostname="localhost") as tls,
    ):
        return int(tls.getpeercert()["serialNumber"], 16)  # type: ignore[index, arg-type]


async def test_clients_need_the_ca_and_a_rotated_certificate_is_served_without_a_restart(
    pki: Pki, procs: Processes, tmp_path: Path
) -> None:
    cert, key = tmp_path / "tls.crt", tmp_path / "tls.key"
    cert.write_bytes(Path(pki.path("server.crt")).read_bytes())
    key.write_bytes(Path(pki.path("server.key")).read_bytes())
    server = procs.zythos("", extra=["--tls-cert", str(cert), "--tls-key", str(key)])
    async with ZythosClient(server.target, credentials=tls_credentials(pki.path("ca.crt"))) as client:
        assert {t.name for t in await client.list_game_types()} >= {"tiny_dice"}
        async with ZythosClient(server.target) as plaintext:
            with pytest.raises(ZythosError) as refused:
                await plaintext.list_game_types()
            assert refused.value.code == grpc.StatusCode.UNAVAILABLE
        first = served_serial(server.port, pki.path("ca.crt"))
        pki.issue("rotated", "/CN=zythos-server", "subjectAltName=IP:127.0.0.1,DNS:localhost")
        # As a Secret volume update does: new files renamed over the old ones.
        for source, target in ((pki.path("rotated.key"), key), (pki.path("rotated.crt"), cert)):
            staged = target.with_suffix(".new")
            staged.write_bytes(Path(source).read_bytes())
            staged.rename(target)
        await until(
            lambda: served_serial(server.port, pki.path("ca.crt")) != first, 10, "the rotated certificate"
        )
        assert await client.list_game_types()  # the open connection kept working


async def test_bot_workers_need_a_client_certificate_on_the_bot_port(pki: Pki, procs: Processes) -> None:
    bot_port = free_port()
    tls = ["--tls-cert", pki.path("server.crt"), "--tls-key", pki.path("server.key")]
    mutual = ["--bot-port", str(bot_port), "--bot-client-ca", pki.path("ca.crt"), "--bot-secret", SECRET]
    server = procs.zythos("", extra=[*tls, *mutual])
    ca = pki.path("ca.crt")
    worker_tls = ["--tls-ca", ca, "--tls-cert", pki.path("bots.crt"), "--tls-key", pki.path("bots.key")]
    procs.bots(server.target, SECRET, "--bot-server", f"127.0.0.1:{bot_port}", *worker_tls, *QUICK)
    async with ZythosClient(server.target, credentials=tls_credentials(ca)) as client:
        created = await client.create_game("tiny_dice", 2, "Ann", bots={1: "easy"})
        game_id = created.game.game_id

        async def started() -> bool:
            return (await client.get_game(game_id)).status != pb.GAME_STATUS_WAITING

        await until(started, 60, "a bot worker over mutual TLS took the seat")
        await play_seat(client, game_id, 0)
        assert (await client.get_game(game_id)).status == pb.GAME_STATUS_FINISHED
    request = bot_pb.WatchAssignmentsRequest(worker_name="intruder", capacity=1, worker_id="x" * 32)
    metadata = (("authorization", f"Bearer {SECRET}"),)
    # The right secret over the game port, which asks for no certificate: refused.
    async with grpc.aio.secure_channel(server.target, tls_credentials(ca)) as channel:  # type: ignore[arg-type]
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await anext(
                bot_grpc.BotServiceStub(channel).WatchAssignments(request, metadata=metadata).__aiter__()
            )
        assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED
    # The bot port without a client certificate: the handshake fails.
    async with grpc.aio.secure_channel(f"127.0.0.1:{bot_port}", tls_credentials(ca)) as channel:  # type: ignore[arg-type]
        with pytest.raises(grpc.aio.AioRpcError) as unverified:
            await anext(
                bot_grpc.BotServiceStub(channel)
                .WatchAssignments(request, metadata=metadata, timeout=5)
                .__aiter__()
            )
        assert unverified.value.code() == grpc.StatusCode.UNAVAILABLE
