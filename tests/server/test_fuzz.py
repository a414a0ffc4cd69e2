"""Fuzzing every method of GameService, PlayerService and MatchmakingService, on both stores.

Hypothesis builds request messages from the protobuf descriptors (any field,
any nesting, values mixed from real game, player and ticket ids, tokens and
action ids with junk), plus raw byte bodies. Whatever it sends: no ``UNKNOWN`` or
``INTERNAL``, every rejection carries an ErrorInfo reason and leaves every
stored game (revision and engine blob) exactly as it was, and the server
keeps answering.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
from google.protobuf import message_factory
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.harness import Served, seat_game, stored
from zythos.client import ZythosError
from zythos.matchmaking import MatchmakingClient
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import matchmaking_service_pb2 as mm_pb
from zythos.v1 import player_service_pb2 as player_pb

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
SERVICES = [
    SERVICE,
    *player_pb.DESCRIPTOR.services_by_name.values(),
    *mm_pb.DESCRIPTOR.services_by_name.values(),
]
METHODS = [method for service in SERVICES for method in service.methods]
BY_NAME = {method.name: method for method in METHODS}
FORBIDDEN = {grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL}
# How long a fuzzed StreamEvents call may wait for its first event before the test stops it.
STREAM_PEEK_SECONDS = 0.2
BUDGET = settings(
    max_examples=600,  # 400 when only GameService's 9 methods were fuzzed
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
_INT_RANGES = {
    FieldDescriptor.TYPE_INT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SFIXED32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SINT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1),
    FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
}


@dataclass
class Table:
    """The games the fuzzer aims at, and the strings that reach past the first checks."""

    served: Served
    game_ids: list[str]
    anchors: list[str] = field(default_factory=list)
    tokens: list[str] = field(default_factory=list)
    player_ids: list[str] = field(default_factory=list)
    ticket_ids: list[str] = field(default_factory=list)

    def favourites(self) -> dict[str, list[str]]:
        """Values most examples give the fields named so, to get past the first checks."""
        return {
            "game_id": self.game_ids,
            "game_type": ["tiny_dice", "tbbr", "tbbr_dice"],
            "display_name": ["Ann", "Bo"],
            "action_id": self.anchors,
            "player_id": self.player_ids,
            "ticket_id": self.ticket_ids,
            "bot_level": ["easy", "hard", ""],
        }


# Filled by the ``table`` fixture: the strategies are built inside each example from it.
FAVOURITES: dict[str, list[str]] = {}


@pytest.fixture
async def table(served: Served) -> Table:
    """An active game of each built-in type, with its ids, seat tokens and action ids as anchors."""
    table = Table(served, [])
    for game_type, players in (("tiny_dice", 2), ("tbbr", 2), ("tbbr_dice", 1)):
        game_id, clients, game = await seat_game(served, game_type, players)
        table.game_ids.append(game_id)
        table.tokens += [client.tokens[game_id] for client in clients]
        legal = await clients[game.to_act[0]].list_legal_actions(game_id)
        table.anchors += [game_id, game_type, *(action.id for action in legal.actions[:5])]
    matchmaker = MatchmakingClient(served.client())
    table.player_ids.append((await matchmaker.create_player("Ann")).player_id)
    assert matchmaker.games.player_token is not None
    ticket = await matchmaker.create_ticket("tiny_dice", 4, "Ann")
    table.ticket_ids.append(ticket.ticket_id)
    table.tokens += [matchmaker.games.player_token, matchmaker.ticket_tokens[ticket.ticket_id]]
    table.anchors += ["", "0" * 20, "ffffffffffffffffffff", "players", "seed"]
    FAVOURITES.clear()
    FAVOURITES.update(table.favourites())
    return table


def _scalar(descriptor: FieldDescriptor, anchors: list[str]) -> st.SearchStrategy[Any]:
    kind = descriptor.type
    if kind == FieldDescriptor.TYPE_STRING:
        junk = st.one_of(st.sampled_from(anchors), st.text(max_size=30))
        favourite = FAVOURITES.get(descriptor.name)
        return (
            junk if not favourite else st.one_of(st.sampled_from(favourite), st.sampled_from(favourite), junk)
        )
    if kind == FieldDescriptor.TYPE_BYTES:
        return st.binary(max_size=30)
    if kind == FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if kind in (FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT):
        return st.floats(width=32 if kind == FieldDescriptor.TYPE_FLOAT else 64)
    if kind == FieldDescriptor.TYPE_ENUM:
        known = [value.number for value in descriptor.enum_type.values]
        return st.one_of(st.sampled_from(known), st.integers(-3, 1000))
    low, high = _INT_RANGES[kind]
    return st.one_of(st.integers(-3, 40), st.sampled_from([low, high]), st.integers(low, high))


def _value(descriptor: FieldDescriptor, anchors: list[str], depth: int) -> st.SearchStrategy[Any] | None:
    if descriptor.message_type is None:
        return _scalar(descriptor, anchors)
    if depth >= 3:
        return None
    return messages(descriptor.message_type, anchors, depth + 1)


def _field(descriptor: FieldDescriptor, anchors: list[str], depth: int) -> st.SearchStrategy[Any] | None:
    entry = descriptor.message_type
    if entry is not None and entry.GetOptions().map_entry:
        keys = _scalar(entry.fields_by_name["key"], anchors)
        values = _value(entry.fields_by_name["value"], anchors, depth)
        return None if values is None else st.dictionaries(keys, values, max_size=3)
    value = _value(descriptor, anchors, depth)
    if value is None:
        return None
    if descriptor.is_repeated:
        return st.lists(value, max_size=3)
    return value


def messages(descriptor: Descriptor, anchors: list[str], depth: int = 0) -> st.SearchStrategy[Message]:
    """Any message of ``descriptor``'s type: a random subset of its fields set to fuzzed values."""
    cls = message_factory.GetMessageClass(descriptor)
    fields = {f.name: s for f in descriptor.fields if (s := _field(f, anchors, depth)) is not None}
    return st.fixed_dictionaries({}, optional=fields).map(lambda values: cls(**values))


def _metadata(tokens: list[str]) -> st.SearchStrategy[tuple[tuple[str, str], ...]]:
    printable = st.text(alphabet=st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=20)
    bearer = st.one_of(st.sampled_from(tokens), printable).map(lambda t: ("authorization", f"Bearer {t}"))
    junk = st.text(alphabet="abcdef ", max_size=12).map(lambda t: ("authorization", t))
    real = st.sampled_from(tokens).map(lambda t: (("authorization", f"Bearer {t}"),))
    return st.one_of(real, real, st.just(()), bearer.map(lambda m: (m,)), junk.map(lambda m: (m,)))


async def _snapshot(table: Table) -> dict[str, tuple[int, bytes]]:
    result = {}
    for game_id in table.game_ids:
        _, blob, revision = await stored(table.served, game_id)
        result[game_id] = (revision, blob)
    return result


async def _call(
    channel: grpc.aio.Channel,
    method: str,
    body: bytes,
    metadata: tuple[tuple[str, str], ...],
    streaming: bool,
) -> None:
    """Send ``body`` to ``method``; a stream is read for its first event or until the peek ends."""
    path = f"/{BY_NAME[method].containing_service.full_name}/{method}"
    if not streaming:
        await channel.unary_unary(path)(body, metadata=metadata, timeout=10)
        return
    call = channel.unary_stream(path)(body, metadata=metadata, timeout=STREAM_PEEK_SECONDS)
    try:
        async for _ in call:
            break
    except grpc.aio.AioRpcError as error:
        if error.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
            raise
    finally:
        call.cancel()


async def _check(table: Table, method: str, body: bytes, metadata: tuple[tuple[str, str], ...]) -> None:
    streaming = BY_NAME[method].server_streaming
    before = await _snapshot(table)
    channel = table.served.client().channel
    try:
        await _call(channel, method, body, metadata, streaming)
    except grpc.aio.AioRpcError as raw:
        error = ZythosError.from_rpc_error(raw)
        assert error.code not in FORBIDDEN, f"{method}: {error}"
        assert error.reason, f"{method} answered without an ErrorInfo: {error}"
        assert await _snapshot(table) == before, f"a rejected {method} changed a stored game"


def _requests() -> Iterator[tuple[str, Descriptor]]:
    for method in METHODS:
        yield method.name, method.input_type


@BUDGET
@given(data=st.data())
async def test_fuzzed_messages(table: Table, data: st.DataObject) -> None:
    method, descriptor = data.draw(st.sampled_from(list(_requests())), label="method")
    request = data.draw(messages(descriptor, table.anchors), label="request")
    metadata = data.draw(_metadata(table.tokens), label="metadata")
    await _check(table, method, request.SerializeToString(), metadata)


@BUDGET
@given(data=st.data())
async def test_raw_bodies(table: Table, data: st.DataObject) -> None:
    method = data.draw(st.sampled_from([m.name for m in METHODS]), label="method")
    body = data.draw(st.binary(min_size=1, max_size=64), label="body")
    await _check(table, method, body, ())


async def test_malformed_body_names_the_message_and_field(table: Table) -> None:
    """A body that is not the request message: INVALID_ARGUMENT, MALFORMED_REQUEST, BadRequest on "body"."""
    channel = table.served.client().channel
    with pytest.raises(grpc.aio.AioRpcError) as raised:
        await channel.unary_unary(f"/{SERVICE.full_name}/SubmitAction")(b"\xff\xff\xff")
    error = ZythosError.from_rpc_error(raw := raised.value)
    assert (error.code, error.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST")
    assert "zythos.v1.SubmitActionRequest" in error.message
    assert set(error.field_violations) == {"body"}
    assert raw.details() == error.message
    assert await table.served.client().list_game_types()
