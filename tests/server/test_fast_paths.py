"""The per-action shortcuts of the server give the same results as the plain code they replace."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable
from dataclasses import asdict, replace

import orjson
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from server.api import messages
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord, GameStatus, SeatRecord
from server.sessions.answers import Answer, Answers
from server.sessions.facade import Sessions
from server.sessions.locks import GameLocks
from server.store import MemoryStore
from zythos.v1 import game_service_pb2 as pb


def _record() -> GameRecord:
    bot = SeatRecord("Easy bot", "", bot=True, bot_level="easy", resigned=True)
    seats = (SeatRecord("Ann", "ab" * 32), bot)
    return GameRecord(
        "0123456789abcdef0123", "tbbr_dice", {"toast": "true"}, seats, 1.7e9, 11, 12,
        GameStatus.FINISHED, 40, 9, (), (12.0, 7.5), (1, 2), "Ann wins with 12 points", {"note": [1, 2]},
    )  # fmt: skip


def test_evolve_is_replace() -> None:
    record = _record()
    assert record.evolve(version=41, to_act=(1,)) == replace(record, version=41, to_act=(1,))
    assert record.version == 40  # the original is untouched
    with pytest.raises(TypeError, match="no field 'verison'"):
        record.evolve(verison=41)


def test_record_json_is_the_plain_encoding_and_reads_back() -> None:
    record = _record()
    plain = asdict(record)
    plain["status"] = record.status.value
    assert record.to_json() == json.dumps(plain, separators=(",", ":"), sort_keys=True)
    assert GameRecord.from_json(record.to_json()) == record
    assert GameRecord.from_json(record.evolve(version=41).to_json()).version == 41


def test_record_json_from_before_a_field_existed_reads_with_its_default() -> None:
    written = orjson.loads(_record().to_json())
    del written["rematch_id"], written["seats"][0]["turn_version"], written["extra"]
    record = GameRecord.from_json(orjson.dumps(written))
    assert (record.rematch_id, record.seats[0].turn_version, record.extra) == ("", 0, {})
    assert record.extra is not GameRecord.from_json(orjson.dumps(written)).extra  # a dict per record
    with pytest.raises(TypeError, match="no field 'colour'"):
        GameRecord.from_json(orjson.dumps({**written, "colour": "red"}))
    del written["game_id"]
    with pytest.raises(TypeError, match="lacks the field 'game_id'"):
        GameRecord.from_json(orjson.dumps(written))


def test_answers_encoding_is_the_plain_json_as_they_change() -> None:
    record = _record()
    answers = Answers.empty()
    for n in range(11):
        seat = n % 3
        answers = answers.with_answer(seat, f"r{n}", Answer.of(record.evolve(version=n), n + 1, n % 2))
        encoded = answers.encode()  # memoised per seat: only the acting seat's part is new
        plain = {str(s): [[rid, a.to_list()] for rid, a in pairs] for s, pairs in answers.by_seat.items()}
        assert encoded == json.dumps(plain, separators=(",", ":")).encode()
        assert Answers.decode(encoded) == answers
        assert Answers.decode(encoded).encode() == encoded


async def test_a_lock_waiter_cancelled_leaves_no_lock_behind() -> None:
    locks = GameLocks()
    async with locks.hold("g"):
        waiter = asyncio.create_task(locks.hold("g").__aenter__())
        await asyncio.sleep(0)
        assert len(locks) == 1
        waiter.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiter
    assert len(locks) == 0
    async with locks.hold("g"):  # and the lock is free again
        assert len(locks) == 1


def _plain_summary(record: GameRecord) -> pb.Game:
    """The summary built field by field, as ``messages.game`` did before it kept the fixed part."""
    create_time = Timestamp()
    create_time.FromNanoseconds(int(record.create_time * 1e9))
    seats = [
        pb.Seat(
            seat=i, display_name=s.display_name, occupied=s.occupied, bot=s.bot, bot_level=s.bot_level,
            resigned=s.resigned, state=messages.SEAT_STATE[s.state],
        )
        for i, s in enumerate(record.seats)
    ]  # fmt: skip
    return pb.Game(
        game_id=record.game_id, game_type=record.game_type, status=messages.STATUS[record.status],
        version=record.version, seats=seats, to_act=record.to_act, scores=record.scores,
        ranking=record.ranking, options=record.options, create_time=create_time, result=record.result,
        waiting_reason=messages.waiting_reason(record), rematch_id=record.rematch_id,
    )  # fmt: skip


def test_game_summary_follows_every_change_of_the_record() -> None:
    record = _record().evolve(status=GameStatus.ACTIVE, scores=(), ranking=(), result="", to_act=(0,))
    changes = [
        record,
        record.evolve(version=41, to_act=(1,)),  # a move: the fixed part is reused
        record.with_seat(1, SeatRecord("Bo", "cd" * 32)),  # a seat changes
        record.evolve(options={"toast": "false"}),
        record.evolve(
            status=GameStatus.WAITING, seats=(SeatRecord(), SeatRecord(bot=True, bot_level="easy"))
        ),
        record.evolve(status=GameStatus.FINISHED, scores=(3.0, 4.0), ranking=(2, 1), result="Bo wins"),
        record.evolve(status=GameStatus.FINISHED, rematch_id="0123456789abcdef0124"),  # a rematch asked
    ]
    for changed in [*changes, *changes]:  # the second round finds every game's part already built
        assert messages.game(changed) == _plain_summary(changed)


def test_game_summary_keeps_a_bounded_number_of_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(messages, "_fixed", {})
    for n in range(6):
        messages.game(_record().evolve(game_id=f"{n:020x}"))
    monkeypatch.setattr(messages, "FIXED_PARTS", 3)
    record = _record().evolve(game_id=f"{9:020x}")
    assert messages.game(record) == _plain_summary(record)
    assert list(messages._fixed) == [f"{n:020x}" for n in (4, 5, 9)]  # the newest three are kept


async def _refused(call: Awaitable[object]) -> None:
    with pytest.raises(GameError) as refused:
        await call
    assert refused.value.reason is Reason.UNAUTHENTICATED


async def test_a_token_checked_a_moment_ago_is_refused_once_rotated_or_revoked() -> None:
    """Recent tokens' parse and hash are kept, never their verdict: the seat's hash decides each call."""
    sessions = Sessions(MemoryStore())
    created = await sessions.create("tbbr_dice", 3, {}, "Ann", bots=[(2, "easy")])
    game_id = created.record.game_id
    _, old_bot = await sessions.assign_bot(game_id, 2)
    await sessions.view(game_id, old_bot)  # known now
    _, new_bot = await sessions.assign_bot(game_id, 2)  # handed to another worker: rotated
    await _refused(sessions.view(game_id, old_bot))
    assert (await sessions.view(game_id, new_bot)).seat == 2
    bo = await sessions.join(game_id, "Bo")  # the game starts
    assert (await sessions.view(game_id, bo.token)).seat == bo.seat
    await sessions.leave(game_id, bo.token)  # Bo resigns, a bot takes the seat: Bo's token is revoked
    await _refused(sessions.view(game_id, bo.token))
    await _refused(sessions.legal_actions(game_id, bo.token))
    assert (await sessions.view(game_id, created.token)).seat == 0


def test_stored_event_json_reads_back_as_the_plain_encoding_did() -> None:
    from engine.core.events import Event
    from server.sessions.steps import stored_json

    event = Event("scored", "Zoë scores", 1, {2: "brewery", "hops": [1, 2]})
    plain = json.dumps({"k": "scored", "l": "Zoë scores", "s": 1, "p": {2: "brewery", "hops": [1, 2]}})
    assert json.loads(stored_json(event)) == json.loads(plain)  # int keys become strings, as before
    started = Event("game_started", "The game starts")
    assert "p" not in json.loads(stored_json(started))  # an empty payload is left out
    assert Event.from_json(json.loads(stored_json(started))) == started
