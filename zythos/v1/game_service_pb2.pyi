import datetime

from google.protobuf import duration_pb2 as _duration_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from zythos.v1 import beer_pioneers_pb2 as _beer_pioneers_pb2
from zythos.v1 import dragon_brew_pb2 as _dragon_brew_pb2
from zythos.v1 import tbbr_pb2 as _tbbr_pb2
from zythos.v1 import tbbr_dice_pb2 as _tbbr_dice_pb2
from zythos.v1 import tiny_dice_pb2 as _tiny_dice_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_STATUS_UNSPECIFIED: _ClassVar[GameStatus]
    GAME_STATUS_WAITING: _ClassVar[GameStatus]
    GAME_STATUS_ACTIVE: _ClassVar[GameStatus]
    GAME_STATUS_FINISHED: _ClassVar[GameStatus]
    GAME_STATUS_ABANDONED: _ClassVar[GameStatus]

class SeatState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_STATE_UNSPECIFIED: _ClassVar[SeatState]
    SEAT_STATE_OPEN: _ClassVar[SeatState]
    SEAT_STATE_HUMAN: _ClassVar[SeatState]
    SEAT_STATE_BOT: _ClassVar[SeatState]
    SEAT_STATE_AWAY: _ClassVar[SeatState]
    SEAT_STATE_RESIGNED: _ClassVar[SeatState]
    SEAT_STATE_RESERVED: _ClassVar[SeatState]
GAME_STATUS_UNSPECIFIED: GameStatus
GAME_STATUS_WAITING: GameStatus
GAME_STATUS_ACTIVE: GameStatus
GAME_STATUS_FINISHED: GameStatus
GAME_STATUS_ABANDONED: GameStatus
SEAT_STATE_UNSPECIFIED: SeatState
SEAT_STATE_OPEN: SeatState
SEAT_STATE_HUMAN: SeatState
SEAT_STATE_BOT: SeatState
SEAT_STATE_AWAY: SeatState
SEAT_STATE_RESIGNED: SeatState
SEAT_STATE_RESERVED: SeatState

class TurnClock(_message.Message):
    __slots__ = ("per_turn", "reserve")
    PER_TURN_FIELD_NUMBER: _ClassVar[int]
    RESERVE_FIELD_NUMBER: _ClassVar[int]
    per_turn: _duration_pb2.Duration
    reserve: _duration_pb2.Duration
    def __init__(self, per_turn: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., reserve: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ...) -> None: ...

class GameOption(_message.Message):
    __slots__ = ("name", "description", "default_value", "allowed_values", "values")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    ALLOWED_VALUES_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    default_value: str
    allowed_values: _containers.RepeatedScalarFieldContainer[str]
    values: _containers.RepeatedCompositeFieldContainer[GameOptionValue]
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., default_value: _Optional[str] = ..., allowed_values: _Optional[_Iterable[str]] = ..., values: _Optional[_Iterable[_Union[GameOptionValue, _Mapping]]] = ...) -> None: ...

class GameOptionValue(_message.Message):
    __slots__ = ("value", "label", "description")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    value: str
    label: str
    description: str
    def __init__(self, value: _Optional[str] = ..., label: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class GameType(_message.Message):
    __slots__ = ("name", "title", "min_players", "max_players", "options")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    name: str
    title: str
    min_players: int
    max_players: int
    options: _containers.RepeatedCompositeFieldContainer[GameOption]
    def __init__(self, name: _Optional[str] = ..., title: _Optional[str] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., options: _Optional[_Iterable[_Union[GameOption, _Mapping]]] = ...) -> None: ...

class Seat(_message.Message):
    __slots__ = ("seat", "display_name", "occupied", "bot", "bot_level", "resigned", "player_id", "state", "reserve_left", "turn_deadline")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    OCCUPIED_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    BOT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    RESIGNED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    RESERVE_LEFT_FIELD_NUMBER: _ClassVar[int]
    TURN_DEADLINE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    display_name: str
    occupied: bool
    bot: bool
    bot_level: str
    resigned: bool
    player_id: str
    state: SeatState
    reserve_left: _duration_pb2.Duration
    turn_deadline: _timestamp_pb2.Timestamp
    def __init__(self, seat: _Optional[int] = ..., display_name: _Optional[str] = ..., occupied: _Optional[bool] = ..., bot: _Optional[bool] = ..., bot_level: _Optional[str] = ..., resigned: _Optional[bool] = ..., player_id: _Optional[str] = ..., state: _Optional[_Union[SeatState, str]] = ..., reserve_left: _Optional[_Union[datetime.timedelta, _duration_pb2.Duration, _Mapping]] = ..., turn_deadline: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class Game(_message.Message):
    __slots__ = ("game_id", "game_type", "status", "version", "seats", "to_act", "scores", "ranking", "options", "create_time", "result", "waiting_reason", "clock", "rematch_of", "rematch_id")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    RANKING_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    WAITING_REASON_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    REMATCH_OF_FIELD_NUMBER: _ClassVar[int]
    REMATCH_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game_type: str
    status: GameStatus
    version: int
    seats: _containers.RepeatedCompositeFieldContainer[Seat]
    to_act: _containers.RepeatedScalarFieldContainer[int]
    scores: _containers.RepeatedScalarFieldContainer[float]
    ranking: _containers.RepeatedScalarFieldContainer[int]
    options: _containers.ScalarMap[str, str]
    create_time: _timestamp_pb2.Timestamp
    result: str
    waiting_reason: str
    clock: TurnClock
    rematch_of: str
    rematch_id: str
    def __init__(self, game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., version: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[Seat, _Mapping]]] = ..., to_act: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[float]] = ..., ranking: _Optional[_Iterable[int]] = ..., options: _Optional[_Mapping[str, str]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., result: _Optional[str] = ..., waiting_reason: _Optional[str] = ..., clock: _Optional[_Union[TurnClock, _Mapping]] = ..., rematch_of: _Optional[str] = ..., rematch_id: _Optional[str] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("tbbr_dice", "tbbr", "tiny_dice", "dragon_brew", "beer_pioneers")
    TBBR_DICE_FIELD_NUMBER: _ClassVar[int]
    TBBR_FIELD_NUMBER: _ClassVar[int]
    TINY_DICE_FIELD_NUMBER: _ClassVar[int]
    DRAGON_BREW_FIELD_NUMBER: _ClassVar[int]
    BEER_PIONEERS_FIELD_NUMBER: _ClassVar[int]
    tbbr_dice: _tbbr_dice_pb2.TbbrDiceAction
    tbbr: _tbbr_pb2.TbbrAction
    tiny_dice: _tiny_dice_pb2.TinyDiceAction
    dragon_brew: _dragon_brew_pb2.DragonBrewAction
    beer_pioneers: _beer_pioneers_pb2.BeerPioneersAction
    def __init__(self, tbbr_dice: _Optional[_Union[_tbbr_dice_pb2.TbbrDiceAction, _Mapping]] = ..., tbbr: _Optional[_Union[_tbbr_pb2.TbbrAction, _Mapping]] = ..., tiny_dice: _Optional[_Union[_tiny_dice_pb2.TinyDiceAction, _Mapping]] = ..., dragon_brew: _Optional[_Union[_dragon_brew_pb2.DragonBrewAction, _Mapping]] = ..., beer_pioneers: _Optional[_Union[_beer_pioneers_pb2.BeerPioneersAction, _Mapping]] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("id", "label", "action", "kind", "targets")
    ID_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    id: str
    label: str
    action: Action
    kind: str
    targets: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., label: _Optional[str] = ..., action: _Optional[_Union[Action, _Mapping]] = ..., kind: _Optional[str] = ..., targets: _Optional[_Iterable[str]] = ...) -> None: ...

class GameView(_message.Message):
    __slots__ = ("game", "your_seat", "tbbr_dice", "tbbr", "tiny_dice", "dragon_brew", "beer_pioneers")
    GAME_FIELD_NUMBER: _ClassVar[int]
    YOUR_SEAT_FIELD_NUMBER: _ClassVar[int]
    TBBR_DICE_FIELD_NUMBER: _ClassVar[int]
    TBBR_FIELD_NUMBER: _ClassVar[int]
    TINY_DICE_FIELD_NUMBER: _ClassVar[int]
    DRAGON_BREW_FIELD_NUMBER: _ClassVar[int]
    BEER_PIONEERS_FIELD_NUMBER: _ClassVar[int]
    game: Game
    your_seat: int
    tbbr_dice: _tbbr_dice_pb2.TbbrDiceView
    tbbr: _tbbr_pb2.TbbrView
    tiny_dice: _tiny_dice_pb2.TinyDiceView
    dragon_brew: _dragon_brew_pb2.DragonBrewView
    beer_pioneers: _beer_pioneers_pb2.BeerPioneersView
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., your_seat: _Optional[int] = ..., tbbr_dice: _Optional[_Union[_tbbr_dice_pb2.TbbrDiceView, _Mapping]] = ..., tbbr: _Optional[_Union[_tbbr_pb2.TbbrView, _Mapping]] = ..., tiny_dice: _Optional[_Union[_tiny_dice_pb2.TinyDiceView, _Mapping]] = ..., dragon_brew: _Optional[_Union[_dragon_brew_pb2.DragonBrewView, _Mapping]] = ..., beer_pioneers: _Optional[_Union[_beer_pioneers_pb2.BeerPioneersView, _Mapping]] = ...) -> None: ...

class GameEvent(_message.Message):
    __slots__ = ("event_id", "version", "seat", "kind", "label", "tbbr_dice", "tbbr", "tiny_dice", "dragon_brew", "beer_pioneers")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    TBBR_DICE_FIELD_NUMBER: _ClassVar[int]
    TBBR_FIELD_NUMBER: _ClassVar[int]
    TINY_DICE_FIELD_NUMBER: _ClassVar[int]
    DRAGON_BREW_FIELD_NUMBER: _ClassVar[int]
    BEER_PIONEERS_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    version: int
    seat: int
    kind: str
    label: str
    tbbr_dice: _tbbr_dice_pb2.TbbrDiceEvent
    tbbr: _tbbr_pb2.TbbrEvent
    tiny_dice: _tiny_dice_pb2.TinyDiceEvent
    dragon_brew: _dragon_brew_pb2.DragonBrewEvent
    beer_pioneers: _beer_pioneers_pb2.BeerPioneersEvent
    def __init__(self, event_id: _Optional[str] = ..., version: _Optional[int] = ..., seat: _Optional[int] = ..., kind: _Optional[str] = ..., label: _Optional[str] = ..., tbbr_dice: _Optional[_Union[_tbbr_dice_pb2.TbbrDiceEvent, _Mapping]] = ..., tbbr: _Optional[_Union[_tbbr_pb2.TbbrEvent, _Mapping]] = ..., tiny_dice: _Optional[_Union[_tiny_dice_pb2.TinyDiceEvent, _Mapping]] = ..., dragon_brew: _Optional[_Union[_dragon_brew_pb2.DragonBrewEvent, _Mapping]] = ..., beer_pioneers: _Optional[_Union[_beer_pioneers_pb2.BeerPioneersEvent, _Mapping]] = ...) -> None: ...

class ListGameTypesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGameTypesResponse(_message.Message):
    __slots__ = ("game_types",)
    GAME_TYPES_FIELD_NUMBER: _ClassVar[int]
    game_types: _containers.RepeatedCompositeFieldContainer[GameType]
    def __init__(self, game_types: _Optional[_Iterable[_Union[GameType, _Mapping]]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("game_type", "players", "options", "display_name", "bots", "clock")
    class OptionsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    CLOCK_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    players: int
    options: _containers.ScalarMap[str, str]
    display_name: str
    bots: _containers.RepeatedCompositeFieldContainer[BotSeat]
    clock: TurnClock
    def __init__(self, game_type: _Optional[str] = ..., players: _Optional[int] = ..., options: _Optional[_Mapping[str, str]] = ..., display_name: _Optional[str] = ..., bots: _Optional[_Iterable[_Union[BotSeat, _Mapping]]] = ..., clock: _Optional[_Union[TurnClock, _Mapping]] = ...) -> None: ...

class BotSeat(_message.Message):
    __slots__ = ("seat", "level")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    level: str
    def __init__(self, seat: _Optional[int] = ..., level: _Optional[str] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("game", "seat", "seat_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: Game
    seat: int
    seat_token: str
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ...) -> None: ...

class JoinGameRequest(_message.Message):
    __slots__ = ("game_id", "display_name")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    display_name: str
    def __init__(self, game_id: _Optional[str] = ..., display_name: _Optional[str] = ...) -> None: ...

class JoinGameResponse(_message.Message):
    __slots__ = ("game", "seat", "seat_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: Game
    seat: int
    seat_token: str
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ...) -> None: ...

class GetGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class GetGameResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: Game
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ("game_type", "status", "page_size", "page_token")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    status: GameStatus
    page_size: int
    page_token: str
    def __init__(self, game_type: _Optional[str] = ..., status: _Optional[_Union[GameStatus, str]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[Game]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[Game, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetViewRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class GetViewResponse(_message.Message):
    __slots__ = ("view",)
    VIEW_FIELD_NUMBER: _ClassVar[int]
    view: GameView
    def __init__(self, view: _Optional[_Union[GameView, _Mapping]] = ...) -> None: ...

class ListLegalActionsRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ListLegalActionsResponse(_message.Message):
    __slots__ = ("version", "actions")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    version: int
    actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    def __init__(self, version: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ...) -> None: ...

class SubmitActionRequest(_message.Message):
    __slots__ = ("game_id", "expected_version", "request_id", "action_id", "action")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    expected_version: int
    request_id: str
    action_id: str
    action: Action
    def __init__(self, game_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., request_id: _Optional[str] = ..., action_id: _Optional[str] = ..., action: _Optional[_Union[Action, _Mapping]] = ...) -> None: ...

class SubmitActionResponse(_message.Message):
    __slots__ = ("game", "events")
    GAME_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    game: Game
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ...) -> None: ...

class StreamEventsRequest(_message.Message):
    __slots__ = ("game_id", "after_event_id")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    after_event_id: str
    def __init__(self, game_id: _Optional[str] = ..., after_event_id: _Optional[str] = ...) -> None: ...

class StreamEventsResponse(_message.Message):
    __slots__ = ("event",)
    EVENT_FIELD_NUMBER: _ClassVar[int]
    event: GameEvent
    def __init__(self, event: _Optional[_Union[GameEvent, _Mapping]] = ...) -> None: ...

class LeaveGameRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class LeaveGameResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: Game
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ...) -> None: ...

class ReclaimSeatRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class ReclaimSeatResponse(_message.Message):
    __slots__ = ("game",)
    GAME_FIELD_NUMBER: _ClassVar[int]
    game: Game
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ...) -> None: ...

class RematchRequest(_message.Message):
    __slots__ = ("game_id",)
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    def __init__(self, game_id: _Optional[str] = ...) -> None: ...

class RematchResponse(_message.Message):
    __slots__ = ("game", "seat", "seat_token")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    game: Game
    seat: int
    seat_token: str
    def __init__(self, game: _Optional[_Union[Game, _Mapping]] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ...) -> None: ...
