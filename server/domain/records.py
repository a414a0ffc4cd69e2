"""What the server keeps about a game besides the engine blob.

A ``GameRecord`` is plain data (no grpc, no engine state): the store persists
it as JSON next to the engine blob, and the domain layer turns it into the
public ``Game`` summary. The two chance seeds are secrets: they never leave
the server.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, TypeVar

import orjson

T = TypeVar("T")


class GameStatus(enum.StrEnum):
    """Life cycle of a game (mirrors zythos.v1.GameStatus)."""

    WAITING = "WAITING"
    ACTIVE = "ACTIVE"
    FINISHED = "FINISHED"
    ABANDONED = "ABANDONED"

    @property
    def is_over(self) -> bool:
        return self in (GameStatus.FINISHED, GameStatus.ABANDONED)


class SeatState(enum.StrEnum):
    """Who plays a seat now (mirrors zythos.v1.SeatState)."""

    OPEN = "OPEN"
    HUMAN = "HUMAN"
    BOT = "BOT"
    AWAY = "AWAY"
    RESIGNED = "RESIGNED"
    RESERVED = "RESERVED"


@dataclass(frozen=True)
class SeatRecord:
    """One seat; ``token_hash`` is the hex sha256 of the seat token (empty when free).

    A bot seat is reserved for a bot from creation and occupied once a bot
    worker has been handed its token. ``owner_hash`` is the hash of the token
    of the person a bot replaced (away or resigned): it lets them reclaim an
    away seat, and be told why a resigned one stays the bot's. ``reserved``
    keeps a rematch seat for a player of the previous game. The clock fields
    count only in games with a clock (``GameRecord.clock_turn``).
    """

    display_name: str = ""
    token_hash: str = ""
    bot: bool = False
    bot_level: str = ""
    resigned: bool = False
    player_id: str = ""  # the player (server.players.accounts) who took the seat with a player token
    owner_hash: str = ""
    reserved: bool = False
    reserve_used: float = 0.0  # seconds of the game's reserve time this seat has spent
    turn_start: float = 0.0  # Unix seconds the seat's current decision began; 0: not on turn
    turn_version: int = 0  # the game version at which that decision began (names its deadline)

    @property
    def occupied(self) -> bool:
        return bool(self.token_hash)

    @property
    def state(self) -> SeatState:
        if self.resigned:
            return SeatState.RESIGNED
        if self.bot:
            return SeatState.AWAY if self.owner_hash else SeatState.BOT
        if self.occupied:
            return SeatState.HUMAN
        return SeatState.RESERVED if self.reserved else SeatState.OPEN

    @property
    def is_away(self) -> bool:
        return self.state is SeatState.AWAY

    def reserve_left(self, reserve: float) -> float:
        """Seconds left of a game's ``reserve`` to this seat."""
        return max(0.0, reserve - self.reserve_used)


@dataclass(frozen=True)
class GameRecord:
    """Metadata of one game; immutable, so every change is an explicit new record."""

    game_id: str
    game_type: str
    options: dict[str, str]
    seats: tuple[SeatRecord, ...]
    create_time: float  # Unix seconds
    deal_seed: int  # secret: seeds the engine's hidden shuffles
    chance_seed: int  # secret: with chance_counter, seeds each server-side dice roll
    status: GameStatus = GameStatus.WAITING
    version: int = 0  # applied engine steps (actions and chance outcomes)
    chance_counter: int = 0
    to_act: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    ranking: tuple[int, ...] = ()
    result: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    clock_turn: float = 0.0  # seconds per decision of a human seat; 0: no clock
    clock_reserve: float = 0.0  # reserve seconds each human seat starts with
    rematch_of: str = ""  # the finished game this one replays
    rematch_id: str = ""  # the rematch of this game, once a player asked for it

    @property
    def players(self) -> int:
        return len(self.seats)

    def free_seat(self) -> int | None:
        """The first seat a player may take, or ``None`` when none is left."""
        return next((i for i, seat in enumerate(self.seats) if seat.state is SeatState.OPEN), None)

    def is_full(self) -> bool:
        """Every seat is held, by a player or by an assigned bot: the game can start."""
        return all(seat.occupied for seat in self.seats)

    def evolve(self, **changes: Any) -> GameRecord:
        """``dataclasses.replace`` for the hot path: a copy with ``changes``, several per action.

        ``replace`` walks the fields and runs ``__init__`` (6-10 µs here); this copies the
        instance dict (about 1.3 µs). Records have no ``__post_init__`` to skip, and an unknown
        name is refused as ``replace`` refuses it.
        """
        if not changes.keys() <= _RECORD_FIELDS.names:
            raise TypeError(f"GameRecord has no field {sorted(changes.keys() - _RECORD_FIELDS.names)[0]!r}")
        copy = object.__new__(GameRecord)
        copy.__dict__.update(self.__dict__, **changes)
        return copy

    def with_seat(self, index: int, seat: SeatRecord) -> GameRecord:
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats))

    def to_json(self) -> str:
        """Compact JSON; written once per commit, so built from the instance dicts (``asdict`` deep-copies).

        A frozen dataclass's ``__dict__`` holds exactly its fields (``evolve`` copies it whole).
        """
        data = dict(self.__dict__)
        data["seats"] = [seat.__dict__ for seat in self.seats]
        data["status"] = self.status.value
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode()

    @staticmethod
    def from_json(text: str | bytes) -> GameRecord:
        """The record ``to_json`` wrote; a field it lacks (written before the field was) takes its default.

        Built as ``evolve`` builds, by filling the instance dicts: every read of a stored game
        decodes its record (a cache miss, GetGame, a view; a page of ListGames decodes each game
        on it), and ``__init__`` with keywords took twice as long (27 against 14 µs for four
        seats). An unknown field is refused, and a missing one without a default, as ``__init__``
        refuses them.
        """
        data = orjson.loads(text)
        data["seats"] = tuple(_built(SeatRecord, _SEAT_FIELDS, seat) for seat in data["seats"])
        data["status"] = GameStatus(data["status"])
        for key in ("to_act", "scores", "ranking"):
            data[key] = tuple(data[key])
        return _built(GameRecord, _RECORD_FIELDS, data)


@dataclass(frozen=True)
class _Fields:
    """A record class's field names, its plain defaults and its default factories.

    Looked up once: ``dataclasses.fields`` per call showed in the per-action profile.
    """

    names: frozenset[str]
    defaults: dict[str, Any]
    factories: dict[str, Callable[[], Any]]  # called per record: each gets its own value

    @staticmethod
    def of(cls: type[Any]) -> _Fields:
        defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
        factories = {f.name: f.default_factory for f in fields(cls) if f.default_factory is not MISSING}
        return _Fields(frozenset(f.name for f in fields(cls)), defaults, factories)


_SEAT_FIELDS = _Fields.of(SeatRecord)
_RECORD_FIELDS = _Fields.of(GameRecord)


def _built(cls: type[T], known: _Fields, data: dict[str, Any]) -> T:
    """The frozen dataclass ``cls`` holding ``data`` over its defaults, built without ``__init__``."""
    if not data.keys() <= known.names:
        raise TypeError(f"{cls.__name__} has no field {sorted(data.keys() - known.names)[0]!r}")
    instance: T = object.__new__(cls)
    values = instance.__dict__
    values.update(known.defaults)
    values.update(data)
    for name, make in known.factories.items():
        if name not in values:
            values[name] = make()
    if len(values) != len(known.names):  # only known names went in: one without a default is missing
        raise TypeError(f"{cls.__name__} lacks the field {sorted(known.names - values.keys())[0]!r}")
    return instance
