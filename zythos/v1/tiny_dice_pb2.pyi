from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TinyDiceMove(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TINY_DICE_MOVE_UNSPECIFIED: _ClassVar[TinyDiceMove]
    TINY_DICE_MOVE_ROLL: _ClassVar[TinyDiceMove]
    TINY_DICE_MOVE_HOLD: _ClassVar[TinyDiceMove]
TINY_DICE_MOVE_UNSPECIFIED: TinyDiceMove
TINY_DICE_MOVE_ROLL: TinyDiceMove
TINY_DICE_MOVE_HOLD: TinyDiceMove

class TinyDiceView(_message.Message):
    __slots__ = ("seat", "num_players", "target", "banked", "turn_points", "current", "rolling", "lucky")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    BANKED_FIELD_NUMBER: _ClassVar[int]
    TURN_POINTS_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    ROLLING_FIELD_NUMBER: _ClassVar[int]
    LUCKY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    target: int
    banked: _containers.RepeatedScalarFieldContainer[int]
    turn_points: int
    current: int
    rolling: bool
    lucky: int
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., target: _Optional[int] = ..., banked: _Optional[_Iterable[int]] = ..., turn_points: _Optional[int] = ..., current: _Optional[int] = ..., rolling: _Optional[bool] = ..., lucky: _Optional[int] = ...) -> None: ...

class TinyDiceAction(_message.Message):
    __slots__ = ("move",)
    MOVE_FIELD_NUMBER: _ClassVar[int]
    move: TinyDiceMove
    def __init__(self, move: _Optional[_Union[TinyDiceMove, str]] = ...) -> None: ...

class TinyDiceEvent(_message.Message):
    __slots__ = ("die_rolled", "holds", "lucky")
    DIE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    HOLDS_FIELD_NUMBER: _ClassVar[int]
    LUCKY_FIELD_NUMBER: _ClassVar[int]
    die_rolled: TinyDiceDieRolled
    holds: TinyDiceHolds
    lucky: TinyDiceLucky
    def __init__(self, die_rolled: _Optional[_Union[TinyDiceDieRolled, _Mapping]] = ..., holds: _Optional[_Union[TinyDiceHolds, _Mapping]] = ..., lucky: _Optional[_Union[TinyDiceLucky, _Mapping]] = ...) -> None: ...

class TinyDiceDieRolled(_message.Message):
    __slots__ = ("face",)
    FACE_FIELD_NUMBER: _ClassVar[int]
    face: int
    def __init__(self, face: _Optional[int] = ...) -> None: ...

class TinyDiceHolds(_message.Message):
    __slots__ = ("points",)
    POINTS_FIELD_NUMBER: _ClassVar[int]
    points: int
    def __init__(self, points: _Optional[int] = ...) -> None: ...

class TinyDiceLucky(_message.Message):
    __slots__ = ("lucky",)
    LUCKY_FIELD_NUMBER: _ClassVar[int]
    lucky: int
    def __init__(self, lucky: _Optional[int] = ...) -> None: ...
