import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Rating(_message.Message):
    __slots__ = ("game_type", "mu", "sigma", "ordinal", "games")
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    game_type: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    def __init__(self, game_type: _Optional[str] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., ordinal: _Optional[float] = ..., games: _Optional[int] = ...) -> None: ...

class Player(_message.Message):
    __slots__ = ("player_id", "display_name", "ratings", "create_time")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    RATINGS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    display_name: str
    ratings: _containers.RepeatedCompositeFieldContainer[Rating]
    create_time: _timestamp_pb2.Timestamp
    def __init__(self, player_id: _Optional[str] = ..., display_name: _Optional[str] = ..., ratings: _Optional[_Iterable[_Union[Rating, _Mapping]]] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class CreatePlayerRequest(_message.Message):
    __slots__ = ("display_name",)
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    display_name: str
    def __init__(self, display_name: _Optional[str] = ...) -> None: ...

class CreatePlayerResponse(_message.Message):
    __slots__ = ("player", "player_token")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    player: Player
    player_token: str
    def __init__(self, player: _Optional[_Union[Player, _Mapping]] = ..., player_token: _Optional[str] = ...) -> None: ...

class GetPlayerRequest(_message.Message):
    __slots__ = ("player_id",)
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    def __init__(self, player_id: _Optional[str] = ...) -> None: ...

class GetPlayerResponse(_message.Message):
    __slots__ = ("player",)
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    player: Player
    def __init__(self, player: _Optional[_Union[Player, _Mapping]] = ...) -> None: ...

class GetCurrentPlayerRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetCurrentPlayerResponse(_message.Message):
    __slots__ = ("player",)
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    player: Player
    def __init__(self, player: _Optional[_Union[Player, _Mapping]] = ...) -> None: ...
