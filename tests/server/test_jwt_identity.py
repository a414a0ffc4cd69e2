"""Bring-your-own identity: a trusted issuer's JWT is a player credential (docs/API.md).

The keys are generated here, the issuer's JWK set is served over real HTTP, and
every call goes through a live server: the same subject is one player on two
"devices", and each kind of bad token is refused with its own reason.
"""

from __future__ import annotations

import hashlib
import hmac
import http.server
import json
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from server.security.jwt_identity import load_issuers, player_id
from server.sessions.facade import Sessions
from server.store import MemoryStore
from tests.server.harness import Served, start_server
from zythos.client import ZythosError
from zythos.v1 import player_service_pb2 as player_pb
from zythos.v1 import player_service_pb2_grpc as player_grpc

ISSUER = "https://id.example-studio.test/"
AUDIENCE = "zythos-test"


@dataclass
class KeySet:
    """The issuer's signing keys, served as a JWK set; ``fetches`` counts the server's reads."""

    rsa_key: rsa.RSAPrivateKey
    ec_key: ec.EllipticCurvePrivateKey
    url: str
    fetches: list[str]


def _jwk(key: Any, kid: str, alg: str) -> dict[str, Any]:
    public = key.public_key()
    algorithm = jwt.algorithms.RSAAlgorithm if alg == "RS256" else jwt.algorithms.ECAlgorithm
    jwk: dict[str, Any] = json.loads(algorithm.to_jwk(public))
    return {**jwk, "kid": kid, "alg": alg, "use": "sig"}


@pytest.fixture(scope="module")
def key_set() -> Iterator[KeySet]:
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    ec_key = ec.generate_private_key(ec.SECP256R1())
    body = json.dumps({"keys": [_jwk(rsa_key, "rsa-1", "RS256"), _jwk(ec_key, "ec-1", "ES256")]}).encode()
    fetches: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            fetches.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield KeySet(rsa_key, ec_key, f"http://127.0.0.1:{httpd.server_port}/jwks.json", fetches)
    httpd.shutdown()


@pytest.fixture
async def served(key_set: KeySet, tmp_path: Path) -> AsyncIterator[Served]:
    issuers = tmp_path / "issuers.toml"
    issuers.write_text(
        f'[[issuer]]\nissuer = "{ISSUER}"\naudience = "{AUDIENCE}"\njwks = "{key_set.url}"\n'
        'algorithms = ["RS256", "ES256"]\n'
    )
    running = await start_server(Sessions(MemoryStore()), "memory", jwt_issuers=str(issuers))
    yield running
    await running.close()


def token(key: Any, *, kid: str = "rsa-1", alg: str = "RS256", **claims: Any) -> str:
    now = int(time.time())
    body = {"iss": ISSUER, "aud": AUDIENCE, "sub": "alice-42", "name": "Alice", "iat": now, "exp": now + 300}
    return jwt.encode({**body, **claims}, key, algorithm=alg, headers={"kid": kid})


async def current_player(served: Served, credential: str) -> player_pb.Player:
    async with grpc.aio.insecure_channel(served.target) as channel:
        stub = player_grpc.PlayerServiceStub(channel)
        try:
            response = await stub.GetCurrentPlayer(
                player_pb.GetCurrentPlayerRequest(), metadata=(("authorization", f"Bearer {credential}"),)
            )
        except grpc.aio.AioRpcError as error:
            raise ZythosError.from_rpc_error(error) from None
    return response.player


async def refused(served: Served, credential: str) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(ZythosError) as caught:
        await current_player(served, credential)
    return caught.value.code, caught.value.reason


async def test_the_same_subject_is_the_same_player_on_every_device(served: Served, key_set: KeySet) -> None:
    phone = token(key_set.rsa_key)
    laptop = token(key_set.ec_key, kid="ec-1", alg="ES256", iat=int(time.time()) - 5)
    assert phone != laptop

    first = await current_player(served, phone)
    again = await current_player(served, laptop)

    assert first.player_id == again.player_id == player_id(ISSUER, "alice-42")
    assert first.display_name == "Alice"
    # The JWT takes seats like a player token: both devices' games are the one player's.
    seats = []
    for credential in (phone, laptop):
        client = served.client()
        client.player_token = credential
        created = await client.create_game("tiny_dice", players=2, display_name="Alice")
        seats.append(created.game.seats[0].player_id)
    assert seats == [first.player_id, first.player_id]


async def test_another_subject_is_another_player(served: Served, key_set: KeySet) -> None:
    alice = await current_player(served, token(key_set.rsa_key))
    bob = await current_player(served, token(key_set.rsa_key, sub="bob-7", name="Bob"))
    assert (alice.player_id != bob.player_id, bob.display_name) == (True, "Bob")


async def test_each_bad_token_is_refused_with_its_reason(served: Served, key_set: KeySet) -> None:
    stranger = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public_pem = key_set.rsa_key.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    now = int(time.time())
    unauthenticated = grpc.StatusCode.UNAUTHENTICATED
    cases = {
        "expired": (token(key_set.rsa_key, iat=now - 900, exp=now - 600), "JWT_EXPIRED"),
        "signed by another key": (token(stranger), "JWT_BAD_SIGNATURE"),
        "for another audience": (token(key_set.rsa_key, aud="another-service"), "JWT_WRONG_AUDIENCE"),
        "alg none": (token(None, alg="none"), "JWT_ALGORITHM_REFUSED"),
        # Algorithm confusion: an HMAC keyed with the issuer's public key.
        "HS256 with the public key": (_hs256(public_pem), "JWT_ALGORITHM_REFUSED"),
        "an untrusted issuer": (token(key_set.rsa_key, iss="https://evil.test/"), "JWT_UNTRUSTED_ISSUER"),
        "no expiry": (_without_exp(key_set.rsa_key), "JWT_MALFORMED"),
        "not a JWT at all": ("eyJub3QiOiJqc29u.bad.token", "JWT_MALFORMED"),
        "an unknown key id": (token(key_set.rsa_key, kid="rsa-9"), "JWT_BAD_SIGNATURE"),
    }
    answers = {case: await refused(served, credential) for case, (credential, _) in cases.items()}
    assert answers == {case: (unauthenticated, reason) for case, (_, reason) in cases.items()}


def _hs256(secret: bytes) -> str:
    now = int(time.time())
    claims = {"iss": ISSUER, "aud": AUDIENCE, "sub": "alice-42", "exp": now + 300}
    # PyJWT itself refuses a PEM as an HMAC secret, so the token is assembled by hand.
    header = jwt.utils.base64url_encode(json.dumps({"alg": "HS256", "kid": "rsa-1"}).encode())
    payload = jwt.utils.base64url_encode(json.dumps(claims).encode())
    signature = hmac.new(secret, header + b"." + payload, hashlib.sha256).digest()
    return b".".join([header, payload, jwt.utils.base64url_encode(signature)]).decode()


def _without_exp(key: Any) -> str:
    claims = {"iss": ISSUER, "aud": AUDIENCE, "sub": "alice-42"}
    return jwt.encode(claims, key, algorithm="RS256", headers={"kid": "rsa-1"})


async def test_unknown_key_ids_do_not_make_the_server_hammer_the_issuer(
    served: Served, key_set: KeySet
) -> None:
    before = len(key_set.fetches)
    for n in range(20):
        assert await refused(served, token(key_set.rsa_key, kid=f"made-up-{n}")) == (
            grpc.StatusCode.UNAUTHENTICATED,
            "JWT_BAD_SIGNATURE",
        )
    assert len(key_set.fetches) - before <= 1


async def test_a_server_that_trusts_no_issuer_says_so(key_set: KeySet) -> None:
    running = await start_server(Sessions(MemoryStore()), "memory")
    try:
        assert await refused(running, token(key_set.rsa_key)) == (
            grpc.StatusCode.UNAUTHENTICATED,
            "JWT_UNTRUSTED_ISSUER",
        )
    finally:
        await running.close()


def test_only_public_key_algorithms_can_be_trusted(tmp_path: Path) -> None:
    issuers = tmp_path / "issuers.toml"
    issuers.write_text(
        f'[[issuer]]\nissuer = "{ISSUER}"\naudience = "a"\njwks = "k.json"\nalgorithms = ["HS256"]\n'
    )
    with pytest.raises(ValueError, match="only public-key algorithms"):
        load_issuers(str(issuers))
