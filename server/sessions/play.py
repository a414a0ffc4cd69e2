"""Play: one action for a seat, with the dice it triggers, committed; and repeats of it answered.

A submission starts from this replica's cached copy of the game (the fast
path: one store call, the commit) and falls back to the store's copy when the
cached one proves stale. A pinned ``expected_version`` below the cached
version is refused before the lock, since it can never win. A request id
repeated by a client gets the first answer again (``server.sessions.answers``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.game import State
from server.domain import validation
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord, GameStatus
from server.sessions.answers import Answer
from server.sessions.cache import Cached
from server.sessions.context import SessionContext, cached, game_of, not_active, required, seat_of, served
from server.sessions.model import ServedEvent, Submitted, TypedAction
from server.sessions.steps import Step
from server.store import RevisionConflict, before_revision, event_ids


class Play:
    """submit, over the replica's cache of last committed games."""

    def __init__(self, context: SessionContext) -> None:
        self._ctx = context

    async def submit(
        self,
        game_id: str,
        token: str | None,
        *,
        expected_version: int = 0,
        request_id: str = "",
        action_id: str | None = None,
        action: TypedAction | None = None,
    ) -> Submitted:
        """Apply one action for the token's seat, resolve the dice it triggers, and commit.

        Exactly one of ``action_id`` and ``action`` (a decoded typed action) is given.
        """
        validation.expected_version(expected_version)
        validation.request_id(request_id)
        if action_id is not None:
            validation.action_id(action_id)
        game_id = validation.game_id(game_id)
        if (known := self._overtaken(game_id, expected_version, token)) is None:
            async with self._ctx.locks.hold(game_id):
                if (known := self._overtaken(game_id, expected_version, token)) is None:
                    return await self._submit_locked(
                        game_id, token, expected_version, request_id, action_id, action
                    )
        # refused without queueing on the lock or touching the store
        return await self._refuse_overtaken(*known, expected_version, request_id)

    def _overtaken(self, game_id: str, expected_version: int, token: str | None) -> tuple[Cached, int] | None:
        """The cached game and the caller's seat when a pinned version is below the cached version.

        Such a request cannot win: the cache is never ahead of the store and
        versions only grow, so this never refuses a request that could have
        been applied. A token the cached record does not know (it may have been
        issued since, on another replica) is left to the store's copy.
        """
        entry = self._ctx.cache.peek(game_id)
        if entry is None or not 0 < expected_version < entry.record.version or token is None:
            return None
        try:
            return entry, seat_of(entry.record, token)
        except GameError:
            return None

    async def _refuse_overtaken(
        self, entry: Cached, seat: int, expected_version: int, request_id: str
    ) -> Submitted:
        """The first answer of a repeated request, else why a pinned version lost."""
        record = entry.record
        if request_id and (prior := entry.answers.find(seat, request_id)) is not None:
            return await self._repeat(record, prior, seat)
        if record.status is not GameStatus.ACTIVE:
            raise not_active(record)
        raise GameError(
            Reason.STALE_VERSION,
            f"the game is at version {record.version} or later, not {expected_version}",
            version=str(record.version),
        )

    async def _submit_locked(
        self,
        game_id: str,
        token: str | None,
        expected_version: int,
        request_id: str,
        action_id: str | None,
        action: TypedAction | None,
    ) -> Submitted:
        """Apply and commit, starting from the cached game; reload when the cache proves stale."""
        attempt, use_cache = 0, True
        while True:
            entry = self._ctx.cache.take(game_id) if use_cache else None
            from_cache = entry is not None
            entry = entry or cached(await self._ctx.load(game_id))
            try:
                seat = seat_of(entry.record, required(token))
                if request_id and (prior := entry.answers.find(seat, request_id)) is not None:
                    self._ctx.cache.put(game_id, entry)
                    return await self._repeat(entry.record, prior, seat)
                state = entry.state()
                engine_action = _checked(entry.record, state, seat, expected_version, action_id, action)
            except GameError:
                if from_cache:  # the cached copy may be behind another replica: decide on the store's
                    use_cache = False
                    continue
                self._ctx.cache.put(game_id, entry)
                raise
            try:
                return await self._commit(entry, state, seat, engine_action, request_id)
            except RevisionConflict:
                self._ctx.conflicted(entry.record.game_type, attempt)
                attempt, use_cache = attempt + 1, False

    async def _commit(
        self, entry: Cached, state: State, seat: int, action: Any, request_id: str
    ) -> Submitted:
        """Apply a checked action to ``state`` (the entry's, decoded), commit it with its answer, and
        keep the result in the cache.

        The entry was taken out of the cache and ``state`` is this call's own, changed in place, so
        a commit that loses its race leaves nothing stale behind.
        """
        step = _apply(entry.record, state, seat, action)  # ``state`` is now the step's
        record = step.finish_record()
        if record.clock_turn:  # the hot path of an unclocked game skips the call
            record = await self._ctx.clocked(record, seat)
        revision = entry.revision + 1
        answers, stored_answers = entry.answers, None  # None: the stored answers stay as they are
        if request_id:
            answers = answers.with_answer(seat, request_id, Answer.of(record, revision, len(step.events)))
            stored_answers = answers.encode()
        blob = game_of(record.game_type).dump(step.state)
        await self._ctx.store.commit(entry.revision, record, blob, step.events, stored_answers)
        self._ctx.cache.put(record.game_id, Cached(record, blob, revision, answers))
        self._ctx.observer.committed(record, step.chance_kinds)
        await self._ctx.maybe_ended(record)
        return _submitted(record, event_ids(revision, len(step.events)), step, seat)

    async def _repeat(self, current: GameRecord, prior: Answer, seat: int) -> Submitted:
        """The first answer to a repeated request: its summary and its events, read back from the log.

        Sent only once the store confirms the answer is as durable as a first answer would be.
        """
        await self._ctx.store.confirm(current.game_id)
        stored = []
        if prior.event_count:
            after = before_revision(prior.revision)
            stored = await self._ctx.store.events_after(current.game_id, after, limit=prior.event_count)
        events = (served(e) for e in stored)
        return Submitted(prior.record(current), tuple(e for e in events if e.event.visible_for(seat)))


def _checked(
    record: GameRecord,
    state: State,
    seat: int,
    expected_version: int,
    action_id: str | None,
    action: TypedAction | None,
) -> Any:
    """The engine action to apply, once the request passed every check (nothing is changed)."""
    if action is not None and action.game_type != record.game_type:
        raise GameError(
            Reason.UNKNOWN_ACTION,
            f"a {record.game_type} game takes action_id or a typed {record.game_type} action",
        )
    if record.status is not GameStatus.ACTIVE:
        raise not_active(record)
    if expected_version and expected_version != record.version:
        raise GameError(
            Reason.STALE_VERSION,
            f"the game is at version {record.version}, not {expected_version}",
            version=str(record.version),
        )
    if seat not in state.actors():
        raise GameError(Reason.NOT_YOUR_TURN, f"seat {seat} may not act now", to_act=_seats(state.actors()))
    if action_id is not None:
        found = state.action_by_id(seat, action_id)
        if found is None:
            raise GameError(
                Reason.ILLEGAL_ACTION, f"no legal action {action_id!r} at version {record.version}"
            )
        return found
    if action is None:
        raise GameError(Reason.INVALID_ARGUMENT, "set action_id or action")
    if action.action not in state.legal_actions(seat):  # never hand the engine a move it did not offer
        raise GameError(
            Reason.ILLEGAL_ACTION,
            f"{validation.quoted(action.action)} is not legal at version {record.version}",
        )
    return action.action


def _apply(record: GameRecord, state: State, seat: int, action: Any) -> Step:
    """Apply a checked action and the dice it triggers to ``state`` (in memory only)."""
    step = Step(record, state)
    try:
        # ``_checked`` matched the action against this state's legal list (or found it by id):
        # the unchecked path skips recomputing that list, a large part of the rules' cost.
        step.note(state.apply_legal(seat, action))
    except IllegalAction as exc:
        reason = Reason.NOT_YOUR_TURN if exc.reason == "NOT_YOUR_TURN" else Reason.ILLEGAL_ACTION
        raise GameError(reason, str(exc), engine_reason=exc.reason) from None
    step.resolve_chance()
    return step


def _seats(seats: Sequence[int]) -> str:
    return ",".join(str(s) for s in seats)


def _submitted(record: GameRecord, ids: Sequence[str], step: Step, seat: int) -> Submitted:
    """A fresh answer, from the step's events in hand (no JSON decode)."""
    versions = (e.version for e in step.events)
    events = (ServedEvent(i, v, e) for i, v, e in zip(ids, versions, step.engine_events, strict=True))
    return Submitted(record, tuple(e for e in events if e.event.visible_for(seat)))
