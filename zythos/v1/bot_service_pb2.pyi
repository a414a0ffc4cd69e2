from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WatchAssignmentsRequest(_message.Message):
    __slots__ = ("worker_name", "game_types", "levels", "capacity", "worker_id", "held")
    WORKER_NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPES_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    CAPACITY_FIELD_NUMBER: _ClassVar[int]
    WORKER_ID_FIELD_NUMBER: _ClassVar[int]
    HELD_FIELD_NUMBER: _ClassVar[int]
    worker_name: str
    game_types: _containers.RepeatedScalarFieldContainer[str]
    levels: _containers.RepeatedScalarFieldContainer[str]
    capacity: int
    worker_id: str
    held: _containers.RepeatedCompositeFieldContainer[HeldSeat]
    def __init__(self, worker_name: _Optional[str] = ..., game_types: _Optional[_Iterable[str]] = ..., levels: _Optional[_Iterable[str]] = ..., capacity: _Optional[int] = ..., worker_id: _Optional[str] = ..., held: _Optional[_Iterable[_Union[HeldSeat, _Mapping]]] = ...) -> None: ...

class HeldSeat(_message.Message):
    __slots__ = ("game_id", "seat")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    seat: int
    def __init__(self, game_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class WatchAssignmentsResponse(_message.Message):
    __slots__ = ("assignment",)
    ASSIGNMENT_FIELD_NUMBER: _ClassVar[int]
    assignment: BotAssignment
    def __init__(self, assignment: _Optional[_Union[BotAssignment, _Mapping]] = ...) -> None: ...

class BotAssignment(_message.Message):
    __slots__ = ("game_id", "game_type", "seat", "seat_token", "level")
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_TYPE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    game_id: str
    game_type: str
    seat: int
    seat_token: str
    level: str
    def __init__(self, game_id: _Optional[str] = ..., game_type: _Optional[str] = ..., seat: _Optional[int] = ..., seat_token: _Optional[str] = ..., level: _Optional[str] = ...) -> None: ...
