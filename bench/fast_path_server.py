"""EXPERIMENT, not the product: the zythos server with a proposed SubmitAction fast path.

    .venv/bin/python bench/fast_path_server.py [server flags...]   (same flags as python -m server)

This prototype exists to measure what the changes proposed in
docs/PERFORMANCE.md would gain before anyone changes server/. It runs the
real server (servicers, store, Lua commit) with ``FastPathSessions``, whose
``submit`` differs from ``Sessions.submit`` in three ways:

1. Replica cache: after a commit the replica keeps the game's record, live
   engine state and revision (LRU), and the next submission on that game
   starts from them instead of loading and decoding the blob. The Lua
   compare-and-set still decides: a conflict drops the entry and reloads.
2. The stored answer of a request id is looked up only when the action
   fails (a repeat finds its first answer there); on success the commit
   script already refuses a duplicate atomically.
3. Stale early exit: a pinned ``expected_version`` below the version this
   replica last committed cannot win (versions only grow), so it is answered
   STALE_VERSION before waiting on the game's lock or touching Redis.

A happy-path action then costs one Redis round trip (the commit) instead of
three (load, answer, commit).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.errors import IllegalAction
from engine.core.game import State
from server import config as config_module
from server import validation
from server.__main__ import _metrics
from server.app import build_server, mark_serving
from server.reasons import GameError, Reason
from server.records import GameRecord, GameStatus
from server.sessions import Sessions, Submitted, _answer_body, _decode_answer, _game, _seats, _submitted
from server.steps import Step
from server.store import RevisionConflict, open_store


@dataclass
class Entry:
    """What this replica last committed for a game."""

    record: GameRecord
    state: State
    revision: int


class FastPathSessions(Sessions):
    """``Sessions`` with the replica cache, late answer lookup and stale early exit."""

    def __init__(self, *args: Any, cache_size: int = 4096, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._cache: OrderedDict[str, Entry] = OrderedDict()
        self._cache_size = cache_size

    async def submit(
        self,
        game_id: str,
        token: str | None,
        *,
        expected_version: int = 0,
        request_id: str = "",
        action_id: str | None = None,
        action: Any = None,
    ) -> Submitted:
        validation.expected_version(expected_version)
        validation.request_id(request_id)
        if action_id is not None:
            validation.action_id(action_id)
        game_id = validation.game_id(game_id)
        if (known := self._stale(game_id, expected_version)) is not None:
            return await self._answer_stale(known, token, expected_version, request_id)
        async with self._locks.hold(game_id):
            if (known := self._stale(game_id, expected_version)) is None:
                return await self._apply(game_id, token, expected_version, request_id, action_id, action)
        # overtaken while queued on the lock: answer without holding it
        return await self._answer_stale(known, token, expected_version, request_id)

    def _stale(self, game_id: str, expected_version: int) -> GameRecord | None:
        """The record this replica committed, when a pinned version below it can never win."""
        known = self._cache.get(game_id)
        if known is not None and 0 < expected_version < known.record.version:
            return known.record
        return None

    async def _answer_stale(
        self, known: GameRecord, token: str | None, expected_version: int, request_id: str
    ) -> Submitted:
        """The first answer of a repeated request, else STALE_VERSION with the version known here."""
        seat = self._seat(known, self._required(token))
        key = f"{seat}:{request_id}"
        if request_id and (prior := await self.store.answer(known.game_id, key)) is not None:
            return _decode_answer(prior, seat)
        raise GameError(
            Reason.STALE_VERSION,
            f"the game is at version {known.version} or later, not {expected_version}",
            version=str(known.version),
        )

    async def _apply(
        self,
        game_id: str,
        token: str | None,
        expected_version: int,
        request_id: str,
        action_id: str | None,
        action: Any,
    ) -> Submitted:
        """``Sessions.submit``'s loop, starting from the cached state when there is one."""
        for attempt in range(self._retries + 1):
            entry = self._cache.pop(game_id, None)  # taken out: a failure below leaves nothing stale
            cached = entry is not None
            if entry is None:
                loaded = await self._load(game_id)
                state = _game(loaded.record.game_type).load(loaded.blob)
                entry = Entry(loaded.record, state, loaded.revision)
            seat = self._seat(entry.record, self._required(token))
            key = f"{seat}:{request_id}" if request_id else ""
            try:
                step = self._play_on(entry, seat, expected_version, action_id, action)
            except GameError:
                if key and (prior := await self.store.answer(game_id, key)) is not None:
                    return _decode_answer(prior, seat)
                if cached:
                    continue  # the cached copy may be behind another replica: decide on a fresh load
                raise
            record = step.finish_record()
            answer = _answer_body(record, step.events)
            blob = _game(record.game_type).dump(step.state)
            try:
                commit = await self.store.commit(entry.revision, record, blob, step.events, key, answer)
            except RevisionConflict:
                if expected_version:
                    self.observer.commit_conflicted(record.game_type, retrying=False)
                    raise GameError(
                        Reason.STALE_VERSION, "another action was applied first; reload the game"
                    ) from None
                self._conflicted(record.game_type, attempt)
                continue
            if commit.duplicate is not None:
                return _decode_answer(commit.duplicate, seat)
            self._remember(game_id, Entry(record, step.state, commit.revision))
            self.observer.committed(record, step.chance_kinds)
            self._maybe_ended(record)
            return _submitted(record, commit.event_ids, step.events, seat)
        raise GameError(Reason.CONFLICT, "the game kept changing; try again")

    def _remember(self, game_id: str, entry: Entry) -> None:
        if entry.record.status.is_over:
            return
        self._cache[game_id] = entry
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    @staticmethod
    def _play_on(entry: Entry, seat: int, expected_version: int, action_id: str | None, action: Any) -> Step:
        """``Sessions._play`` on a state already in memory (which it mutates)."""
        record, state = entry.record, entry.state
        if record.status is not GameStatus.ACTIVE:
            raise GameError(Reason.GAME_NOT_ACTIVE, f"game {record.game_id} is {record.status.value.lower()}")
        if expected_version and expected_version != record.version:
            raise GameError(
                Reason.STALE_VERSION,
                f"the game is at version {record.version}, not {expected_version}",
                version=str(record.version),
            )
        if record.seats[seat].resigned:
            raise GameError(Reason.NOT_YOUR_TURN, f"seat {seat} resigned")
        if seat not in state.actors():
            raise GameError(
                Reason.NOT_YOUR_TURN, f"seat {seat} may not act now", to_act=_seats(state.actors())
            )
        if action_id is not None:
            action = state.action_by_id(seat, action_id)
            if action is None:
                raise GameError(
                    Reason.ILLEGAL_ACTION, f"no legal action {action_id!r} at version {record.version}"
                )
        step = Step(record, state)
        try:
            step.note(state.apply(seat, action))
        except IllegalAction as exc:
            reason = Reason.NOT_YOUR_TURN if exc.reason == "NOT_YOUR_TURN" else Reason.ILLEGAL_ACTION
            raise GameError(reason, str(exc), engine_reason=exc.reason) from None
        step.resolve_chance()
        return step


async def serve(argv: Sequence[str]) -> None:
    config = config_module.parse(argv)
    interceptors, observer = _metrics(config)
    store = open_store(config.redis_url, config.expiry)
    sessions = FastPathSessions(store, commit_retries=config.commit_retries, observer=observer)
    server = build_server(config, interceptors=interceptors, sessions=sessions)
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set)
    await server.start()
    await mark_serving(server)
    await stop.wait()
    await server.stop(1.0)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(serve(sys.argv[1:]))
