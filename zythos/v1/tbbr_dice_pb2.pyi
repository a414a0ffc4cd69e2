from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Optional as _Optional

DESCRIPTOR: _descriptor.FileDescriptor

class TbbrDiceView(_message.Message):
    __slots__ = ("current_seat",)
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    current_seat: int
    def __init__(self, current_seat: _Optional[int] = ...) -> None: ...

class TbbrDiceAction(_message.Message):
    __slots__ = ("skip_turn",)
    SKIP_TURN_FIELD_NUMBER: _ClassVar[int]
    skip_turn: bool
    def __init__(self, skip_turn: _Optional[bool] = ...) -> None: ...

class TbbrDiceEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...
