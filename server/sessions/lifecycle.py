"""Lifecycle of a game: opening it, taking and leaving seats, and handing bot seats to workers.

Every change here is a compare-and-set commit under the game's lock
(``SessionContext.commit_retrying``), so several replicas can seat players
in one game; the cached copy is dropped first, since it is about to be behind.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.core.errors import InvalidOptions
from engine.core.events import Event
from engine.core.game import Game
from server.domain import validation
from server.domain.errors import GameError, Reason
from server.domain.records import GameRecord, GameStatus, SeatRecord
from server.security import seat_tokens
from server.sessions.context import SessionContext, game_of, not_active, required, seat_of
from server.sessions.model import SPECTATOR, Seated
from server.sessions.steps import Step, abandoned, joined, new_state, stored_json
from server.store import Loaded, NewEvent


class GameIds:
    """Game ids: 20 hex characters, milliseconds since the epoch then a random tail.

    Ids sort by creation time, which orders the game index. Within one process
    they also increase strictly: in the same millisecond the tail counts up
    from the previous id (as ULIDs do).
    """

    def __init__(self) -> None:
        self._last = (0, 0)

    def new(self, now: float) -> str:
        millis, tail = int(now * 1000), secrets.randbits(31)
        last_millis, last_tail = self._last
        if millis <= last_millis:
            millis, tail = last_millis, last_tail + 1
            if tail >= 1 << 32:
                millis, tail = millis + 1, 0
        self._last = (millis, tail)
        return f"{millis:012x}{tail:08x}"


@dataclass(frozen=True)
class Newcomer:
    """A person taking a seat: the name shown, and the player linked to the seat ("" if anonymous)."""

    name: str
    player_id: str = ""


def random_seed() -> int:
    return secrets.randbits(63)


class Lifecycle:
    """create, join, leave and assign_bot; ``seeds`` is injectable so tests can pin the secret seeds."""

    def __init__(self, context: SessionContext, seeds: Callable[[], int] = random_seed) -> None:
        self._ctx = context
        self._seeds = seeds
        self.ids = GameIds()

    async def create(
        self,
        game_type: str,
        players: int,
        options: Mapping[str, str],
        display_name: str,
        bots: Sequence[tuple[int, str]] = (),
        clock: tuple[float, float] = (0.0, 0.0),
        player_id: str = "",
    ) -> Seated:
        """Open a game; the creator takes the first seat that is not a bot seat.

        When every seat is a bot seat the creator gets no seat (``SPECTATOR``,
        no token) and watches the game like any spectator.

        ``bots`` lists (seat, level) pairs reserved for bots: the game starts
        once ``assign_bot`` has handed each of them to a bot worker. ``clock``
        is (seconds per turn, reserve seconds), already validated; (0, 0): none.
        """
        game = game_of(validation.game_type(game_type))
        name = validation.display_name(display_name)
        resolved = resolved_options(game, players, validation.options(dict(options)))
        bot_levels = validation.bot_seats(players, list(bots))
        seat = next((n for n in range(players) if n not in bot_levels), SPECTATOR)
        # an all-bot game: the creator watches as a spectator
        humans = {seat: Newcomer(name, player_id)} if seat != SPECTATOR else {}
        record, issued = await self._open(game, resolved, players, name, humans, bot_levels, clock=clock)
        return Seated(record, seat, issued.get(seat, ""))

    async def create_matched(
        self,
        game_type: str,
        options: Mapping[str, str],
        players: int,
        humans: Mapping[int, Newcomer],
        bots: Mapping[int, str],
        clock: tuple[float, float] = (0.0, 0.0),
    ) -> tuple[GameRecord, dict[int, str]]:
        """Open a game for matched tickets: every person at a seat chosen by the matcher, bots at the rest.

        ``options`` and ``clock`` were checked when the tickets were made. Returns the game and each
        person's seat token.
        The game's log says it was matched (``game_matched``, public), right after ``game_created``.
        """
        game = game_of(game_type)
        opener = humans[min(humans)].name if humans else "Matchmaking"
        matched = _matched(game, humans, bots)
        return await self._open(game, dict(options), players, opener, humans, bots, [matched], clock)

    async def _open(
        self,
        game: Game,
        options: dict[str, str],
        players: int,
        opener: str,
        humans: Mapping[int, Newcomer],
        bot_levels: Mapping[int, str],
        announced: Sequence[Event] = (),
        clock: tuple[float, float] = (0.0, 0.0),
    ) -> tuple[GameRecord, dict[int, str]]:
        """Store a new game with ``humans`` seated; the game and their seat seat_tokens."""
        record, issued = self._new_record(game, options, bot_levels, players, humans)
        record = replace(record, clock_turn=clock[0], clock_reserve=clock[1])
        step = _opening(game, record, options, opener, humans, announced)
        final = await self._ctx.clocked(step.finish_record())
        await self._ctx.store.create(final, game.dump(step.state), step.events)
        self._ctx.observer.game_created(final)
        return final, issued

    def _new_record(
        self,
        game: Game,
        options: dict[str, str],
        bot_levels: Mapping[int, str],
        players: int,
        humans: Mapping[int, Newcomer],
    ) -> tuple[GameRecord, dict[int, str]]:
        """The new game's record and the seat tokens of the people seated at creation."""
        now = self._ctx.clock()
        game_id = self.ids.new(now)
        seats = [bot_seat(bot_levels[n]) if n in bot_levels else SeatRecord() for n in range(players)]
        issued: dict[int, str] = {}
        for seat, newcomer in humans.items():
            issued[seat], token_hash = seat_tokens.issue(game_id, seat)
            seats[seat] = SeatRecord(newcomer.name, token_hash, player_id=newcomer.player_id)
        record = GameRecord(
            game_id=game_id,
            game_type=game.name,
            options=options,
            seats=tuple(seats),
            create_time=now,
            deal_seed=self._seeds(),
            chance_seed=self._seeds(),
        )
        return record, issued

    async def assign_bot(self, game_id: str, seat: int) -> tuple[GameRecord, str]:
        """Hand a bot seat to a bot worker: a fresh token for it (any earlier one stops working).

        The game starts when this was the last seat to fill.
        """

        async def change(loaded: Loaded) -> tuple[GameRecord, str]:
            step, token = _bot_assigned(loaded, seat)
            return await self._commit(loaded, step), token

        return await self._ctx.commit_retrying(game_id, change)

    async def join(self, game_id: str, display_name: str, player_id: str = "") -> Seated:
        """Take the first free seat of a waiting game; the game starts when it was the last."""
        newcomer = Newcomer(validation.display_name(display_name), player_id)

        async def change(loaded: Loaded) -> Seated:
            step, seat, token = _newcomer(loaded, newcomer)
            return Seated(await self._commit(loaded, step), seat, token)

        return await self._ctx.commit_retrying(game_id, change)

    async def leave(self, game_id: str, token: str | None) -> GameRecord:
        """Free the token's seat of a waiting game, or resign it in an active one (see ``_resigned``)."""

        async def change(loaded: Loaded) -> GameRecord:
            record = loaded.record
            seat = seat_of(record, required(token), away=True)
            if record.status is GameStatus.ACTIVE and record.seats[seat].resigned:
                return record  # resigned already: nothing to change
            updated, events = _left(record, seat)
            updated = await self._ctx.clocked(updated)
            if updated.seats[seat].resigned and updated.seats[seat].bot:
                self._ctx.observer.seat_taken_over(record.game_type, "left")
            self._ctx.cache.drop(record.game_id)
            await self._ctx.store.commit(loaded.revision, updated, loaded.blob, events)
            await self._ctx.maybe_ended(updated)
            return updated

        return await self._ctx.commit_retrying(game_id, change)

    async def _commit(self, loaded: Loaded, step: Step) -> GameRecord:
        return await self._ctx.commit_step(loaded, step)


def resolved_options(game: Game, players: int, options: dict[str, str]) -> dict[str, str]:
    """The game's full options for ``players``, once the count and every option name are known."""
    if not game.min_players <= players <= game.max_players:
        raise GameError(
            Reason.INVALID_PLAYER_COUNT,
            f"{game.name} takes {game.min_players}-{game.max_players} players, not {players}",
        )
    known = {spec.name for spec in game.options}
    unknown = sorted(set(options) - known)
    if unknown:
        raise GameError(
            Reason.UNKNOWN_OPTION,
            f"unknown option {unknown[0]!r} for {game.name}; known: {', '.join(sorted(known)) or 'none'}",
            option=unknown[0],
        )
    try:
        return game.validate_options(players, options)
    except InvalidOptions as exc:
        raise GameError(Reason.INVALID_OPTION, str(exc)) from None


def _opening(
    game: Game,
    record: GameRecord,
    options: dict[str, str],
    opener: str,
    humans: Mapping[int, Newcomer],
    announced: Sequence[Event],
) -> Step:
    """The game's first step: created (and ``announced``), dealt, the people seated, and started when full."""
    state, dealt = new_state(game, record.players, options, record.deal_seed)
    step = Step(record, state)
    first = min(humans, default=SPECTATOR)
    step.note(
        [Event("game_created", f"{opener} opens a game of {game.title}", first), *announced], advance=False
    )
    step.note(dealt, advance=False)
    step.note([joined(newcomer.name, seat) for seat, newcomer in sorted(humans.items())], advance=False)
    if record.is_full():
        step.start()
    return step


def _matched(game: Game, humans: Mapping[int, Newcomer], bots: Mapping[int, str]) -> Event:
    """The public event that says matchmaking made the game, and with whom."""
    people = ", ".join(humans[seat].name for seat in sorted(humans))
    levels = sorted(bots.values())
    with_bots = (
        f" and {len(levels)} bot{'s' if len(levels) > 1 else ''} ({', '.join(levels)})" if levels else ""
    )
    return Event("game_matched", f"Matchmaking seats {people}{with_bots} at a game of {game.title}")


def bot_seat(level: str) -> SeatRecord:
    return SeatRecord(f"{level.capitalize()} bot", bot=True, bot_level=level)


def _bot_assigned(loaded: Loaded, seat: int) -> tuple[Step, str]:
    """The step that gives bot seat ``seat`` a fresh token, and the token."""
    record = loaded.record
    if not 0 <= seat < record.players or not record.seats[seat].bot:
        raise validation.invalid("seat", f"seat {seat} of game {record.game_id} is not a bot seat")
    if record.status.is_over:
        raise not_active(record)
    token, token_hash = seat_tokens.issue(record.game_id, seat)
    bot = record.seats[seat]
    state = game_of(record.game_type).load(loaded.blob)
    step = Step(record.with_seat(seat, replace(bot, token_hash=token_hash)), state)
    if record.status is GameStatus.WAITING and not bot.occupied:  # a takeover says so itself
        step.note([joined(bot.display_name, seat)], advance=False)
    if record.status is GameStatus.WAITING and step.record.is_full():
        step.start()
    return step, token


def _newcomer(loaded: Loaded, newcomer: Newcomer) -> tuple[Step, int, str]:
    """The step that seats ``newcomer`` in the first free seat, with that seat and its token."""
    record = loaded.record
    seat = record.free_seat()
    if record.status.is_over:
        raise not_active(record)
    if record.status is GameStatus.ACTIVE or seat is None:
        raise GameError(Reason.GAME_FULL, f"game {record.game_id} has no free seat")
    token, token_hash = seat_tokens.issue(record.game_id, seat)
    state = game_of(record.game_type).load(loaded.blob)
    step = Step(
        record.with_seat(seat, SeatRecord(newcomer.name, token_hash, player_id=newcomer.player_id)), state
    )
    step.note([joined(newcomer.name, seat)], advance=False)
    if step.record.is_full():
        step.start()
    return step, seat, token


def _left(record: GameRecord, seat: int) -> tuple[GameRecord, list[NewEvent]]:
    """The game after ``seat`` leaves it, and the events to log (the engine state is unchanged)."""
    name = record.seats[seat].display_name
    if record.status is GameStatus.WAITING:
        updated = record.with_seat(seat, SeatRecord())
        event = Event("player_left", f"{name} leaves seat {seat}", seat)
    elif record.status is GameStatus.ACTIVE:
        updated, event = _resigned(record, seat, name)
    else:
        raise not_active(record)
    events = [NewEvent(record.version, stored_json(event))]
    if updated.status is GameStatus.ABANDONED:
        events.append(NewEvent(record.version, stored_json(abandoned())))
    return updated, events


def _resigned(record: GameRecord, seat: int, name: str) -> tuple[GameRecord, Event]:
    """The game after ``seat`` resigns from an ACTIVE game, and the event that says so.

    While another human plays on, a bot takes the seat over so the game can
    finish, and the resigned player's token stops working (the bot gets its
    own). The last human to leave abandons the game instead, keeping read
    access to it.
    """
    others = [s for n, s in enumerate(record.seats) if n != seat and (not s.bot or s.is_away)]
    current = record.seats[seat]
    if not others:
        updated = record.with_seat(seat, replace(current, resigned=True))
        return replace(updated, status=GameStatus.ABANDONED, to_act=()), Event(
            "player_resigned", f"{name} resigns", seat
        )
    # An away seat's bot plays on with its own token; the player's hash stays, to answer SEAT_RESIGNED.
    takeover = replace(
        current,
        resigned=True,
        bot=True,
        bot_level=current.bot_level or validation.DEFAULT_BOT_LEVEL,
        token_hash=current.token_hash if current.bot else "",
        owner_hash=current.owner_hash or current.token_hash,
    )
    return record.with_seat(seat, takeover), Event(
        "player_resigned", f"{name} resigns; a bot takes the seat over", seat
    )
