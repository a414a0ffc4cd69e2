"""Idempotent answers: the last few requests of each seat and what they were answered.

A client that lost a response repeats its request with the same request id;
it must get the first answer, not a second move. The answers are kept in the
game's stored state under the same revision as the record and the blob, so
the compare-and-set that commits a move also commits its answer, and a
request that lost the race to its own twin finds the twin's answer when it
reloads.

Only a window is kept: the last ``WINDOW`` request ids of each seat. A client
repeats a request before it sends the next one, so a short window is enough,
and it keeps a game's memory flat however long it runs. An answer is small:
the commit's revision and event count (the events themselves are in the
event log under ids the revision fixes) and the record fields a move
changes; the rest (seats, options) is taken from the game as it is when the
request is repeated.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from server.domain.records import GameRecord, GameStatus

# Request ids remembered per seat; an older id is treated as new.
WINDOW = 4


@dataclass(frozen=True)
class Answer:
    """What a committed request was answered: its commit and the game summary after it."""

    revision: int
    event_count: int
    version: int
    chance_counter: int
    status: GameStatus
    to_act: tuple[int, ...]
    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    result: str

    @staticmethod
    def of(record: GameRecord, revision: int, event_count: int) -> Answer:
        return Answer(
            revision, event_count, record.version, record.chance_counter, record.status, record.to_act,
            record.scores, record.ranking, record.result,
        )  # fmt: skip

    def record(self, current: GameRecord) -> GameRecord:
        """The game summary as first answered, on the record as it is now (seats, options, seeds)."""
        return replace(
            current,
            version=self.version,
            chance_counter=self.chance_counter,
            status=self.status,
            to_act=self.to_act,
            scores=self.scores,
            ranking=self.ranking,
            result=self.result,
        )

    def to_list(self) -> list[Any]:
        return [
            self.revision, self.event_count, self.version, self.chance_counter, self.status.value,
            self.to_act, self.scores, self.ranking, self.result,
        ]  # fmt: skip

    @staticmethod
    def from_list(data: list[Any]) -> Answer:
        revision, count, version, chance_counter, status, to_act, scores, ranking, result = data
        return Answer(
            revision, count, version, chance_counter, GameStatus(status), tuple(to_act), tuple(scores),
            tuple(ranking), result,
        )  # fmt: skip


@dataclass(frozen=True)
class Answers:
    """Per seat, the last ``WINDOW`` (request id, answer) pairs, oldest first; immutable.

    ``_encoded`` memoises each pair's JSON, per seat in the same order: every commit with a
    request id writes all answers, but only one pair is new, so only that one is encoded.
    """

    by_seat: dict[int, tuple[tuple[str, Answer], ...]]
    _encoded: dict[int, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    @staticmethod
    def empty() -> Answers:
        return Answers({})

    def find(self, seat: int, request_id: str) -> Answer | None:
        """The answer to ``request_id`` from ``seat``, if it is still in the window."""
        return next((a for rid, a in self.by_seat.get(seat, ()) if rid == request_id), None)

    def with_answer(self, seat: int, request_id: str, answer: Answer) -> Answers:
        """These answers plus one, dropping the seat's oldest beyond the window."""
        kept = (*self.by_seat.get(seat, ()), (request_id, answer))[-WINDOW:]
        encoded = dict(self._encoded)
        if seat in encoded:
            encoded[seat] = (*encoded[seat], _pair_json(request_id, answer))[-WINDOW:]
        return Answers({**self.by_seat, seat: kept}, encoded)

    def __len__(self) -> int:
        return sum(len(pairs) for pairs in self.by_seat.values())

    def encode(self) -> bytes:
        """Compact JSON ``{"<seat>": [[request id, answer list], ...], ...}``, seats in insertion order."""
        return ("{" + ",".join(self._seat_json(seat) for seat in self.by_seat) + "}").encode()

    def _seat_json(self, seat: int) -> str:
        pairs = self._encoded.get(seat)
        if pairs is None:
            pairs = self._encoded[seat] = tuple(_pair_json(rid, a) for rid, a in self.by_seat[seat])
        return f'"{seat}":[' + ",".join(pairs) + "]"

    @staticmethod
    def decode(data: bytes) -> Answers:
        if not data:
            return Answers.empty()
        raw = orjson.loads(data)
        return Answers(
            {int(seat): tuple((rid, Answer.from_list(a)) for rid, a in pairs) for seat, pairs in raw.items()}
        )


def _pair_json(request_id: str, answer: Answer) -> str:
    """One ``[request id, answer list]`` as ``encode`` writes it (compact JSON)."""
    return orjson.dumps([request_id, answer.to_list()]).decode()
