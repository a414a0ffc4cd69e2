from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BeerPioneersBrewery(_message.Message):
    __slots__ = ("coins", "vp", "workers", "placed", "open_coops", "dials", "cellar", "display", "master", "extensions", "level", "progress", "admin_left", "hand_size", "hand", "known")
    COINS_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    WORKERS_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    OPEN_COOPS_FIELD_NUMBER: _ClassVar[int]
    DIALS_FIELD_NUMBER: _ClassVar[int]
    CELLAR_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    MASTER_FIELD_NUMBER: _ClassVar[int]
    EXTENSIONS_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    ADMIN_LEFT_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    KNOWN_FIELD_NUMBER: _ClassVar[int]
    coins: int
    vp: int
    workers: _containers.RepeatedScalarFieldContainer[int]
    placed: _containers.RepeatedScalarFieldContainer[bool]
    open_coops: _containers.RepeatedScalarFieldContainer[str]
    dials: _containers.RepeatedScalarFieldContainer[int]
    cellar: _containers.RepeatedScalarFieldContainer[str]
    display: _containers.RepeatedScalarFieldContainer[int]
    master: int
    extensions: _containers.RepeatedScalarFieldContainer[str]
    level: int
    progress: int
    admin_left: int
    hand_size: int
    hand: _containers.RepeatedScalarFieldContainer[int]
    known: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, coins: _Optional[int] = ..., vp: _Optional[int] = ..., workers: _Optional[_Iterable[int]] = ..., placed: _Optional[_Iterable[bool]] = ..., open_coops: _Optional[_Iterable[str]] = ..., dials: _Optional[_Iterable[int]] = ..., cellar: _Optional[_Iterable[str]] = ..., display: _Optional[_Iterable[int]] = ..., master: _Optional[int] = ..., extensions: _Optional[_Iterable[str]] = ..., level: _Optional[int] = ..., progress: _Optional[int] = ..., admin_left: _Optional[int] = ..., hand_size: _Optional[int] = ..., hand: _Optional[_Iterable[int]] = ..., known: _Optional[_Iterable[int]] = ...) -> None: ...

class BeerPioneersView(_message.Message):
    __slots__ = ("seat", "num_players", "phase", "round", "order", "current", "turn_order_holder", "placed_now", "played_now", "slots", "task_seats", "task_kinds", "task_counts", "display", "deck_size", "discard", "beer_supply", "barrel_supply", "final_vp", "players", "prompt")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    TURN_ORDER_HOLDER_FIELD_NUMBER: _ClassVar[int]
    PLACED_NOW_FIELD_NUMBER: _ClassVar[int]
    PLAYED_NOW_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    TASK_SEATS_FIELD_NUMBER: _ClassVar[int]
    TASK_KINDS_FIELD_NUMBER: _ClassVar[int]
    TASK_COUNTS_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    BEER_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    BARREL_SUPPLY_FIELD_NUMBER: _ClassVar[int]
    FINAL_VP_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    phase: str
    round: int
    order: _containers.RepeatedScalarFieldContainer[int]
    current: int
    turn_order_holder: int
    placed_now: bool
    played_now: bool
    slots: _containers.RepeatedScalarFieldContainer[int]
    task_seats: _containers.RepeatedScalarFieldContainer[int]
    task_kinds: _containers.RepeatedScalarFieldContainer[str]
    task_counts: _containers.RepeatedScalarFieldContainer[int]
    display: _containers.RepeatedScalarFieldContainer[int]
    deck_size: int
    discard: _containers.RepeatedScalarFieldContainer[int]
    beer_supply: _containers.RepeatedScalarFieldContainer[int]
    barrel_supply: int
    final_vp: _containers.RepeatedScalarFieldContainer[int]
    players: _containers.RepeatedCompositeFieldContainer[BeerPioneersBrewery]
    prompt: str
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., phase: _Optional[str] = ..., round: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ..., current: _Optional[int] = ..., turn_order_holder: _Optional[int] = ..., placed_now: _Optional[bool] = ..., played_now: _Optional[bool] = ..., slots: _Optional[_Iterable[int]] = ..., task_seats: _Optional[_Iterable[int]] = ..., task_kinds: _Optional[_Iterable[str]] = ..., task_counts: _Optional[_Iterable[int]] = ..., display: _Optional[_Iterable[int]] = ..., deck_size: _Optional[int] = ..., discard: _Optional[_Iterable[int]] = ..., beer_supply: _Optional[_Iterable[int]] = ..., barrel_supply: _Optional[int] = ..., final_vp: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[BeerPioneersBrewery, _Mapping]]] = ..., prompt: _Optional[str] = ...) -> None: ...

class BeerPioneersAction(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    def __init__(self, id: _Optional[str] = ...) -> None: ...

class BeerPioneersEvent(_message.Message):
    __slots__ = ("dealt", "brewed", "rotated", "beer_finished", "beer_lost", "cellared", "item_lost", "cellar_cleared", "order_completed", "shipped", "card_taken", "card_seen", "display_refilled", "card_played", "master_returned", "worker_placed", "bonus_taken", "admin_used", "coop_opened", "extension_built", "trained", "retired", "progress", "passed", "round_end", "round_start", "game_over")
    DEALT_FIELD_NUMBER: _ClassVar[int]
    BREWED_FIELD_NUMBER: _ClassVar[int]
    ROTATED_FIELD_NUMBER: _ClassVar[int]
    BEER_FINISHED_FIELD_NUMBER: _ClassVar[int]
    BEER_LOST_FIELD_NUMBER: _ClassVar[int]
    CELLARED_FIELD_NUMBER: _ClassVar[int]
    ITEM_LOST_FIELD_NUMBER: _ClassVar[int]
    CELLAR_CLEARED_FIELD_NUMBER: _ClassVar[int]
    ORDER_COMPLETED_FIELD_NUMBER: _ClassVar[int]
    SHIPPED_FIELD_NUMBER: _ClassVar[int]
    CARD_TAKEN_FIELD_NUMBER: _ClassVar[int]
    CARD_SEEN_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_REFILLED_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    MASTER_RETURNED_FIELD_NUMBER: _ClassVar[int]
    WORKER_PLACED_FIELD_NUMBER: _ClassVar[int]
    BONUS_TAKEN_FIELD_NUMBER: _ClassVar[int]
    ADMIN_USED_FIELD_NUMBER: _ClassVar[int]
    COOP_OPENED_FIELD_NUMBER: _ClassVar[int]
    EXTENSION_BUILT_FIELD_NUMBER: _ClassVar[int]
    TRAINED_FIELD_NUMBER: _ClassVar[int]
    RETIRED_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    ROUND_START_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    dealt: BeerPioneersDealt
    brewed: BeerPioneersBrewed
    rotated: BeerPioneersRotated
    beer_finished: BeerPioneersBeerFinished
    beer_lost: BeerPioneersBeerLost
    cellared: BeerPioneersCellared
    item_lost: BeerPioneersItemLost
    cellar_cleared: BeerPioneersCellarCleared
    order_completed: BeerPioneersOrderCompleted
    shipped: BeerPioneersShipped
    card_taken: BeerPioneersCardTaken
    card_seen: BeerPioneersCardSeen
    display_refilled: BeerPioneersDisplayRefilled
    card_played: BeerPioneersCardPlayed
    master_returned: BeerPioneersMasterReturned
    worker_placed: BeerPioneersWorkerPlaced
    bonus_taken: BeerPioneersBonusTaken
    admin_used: BeerPioneersAdminUsed
    coop_opened: BeerPioneersCoopOpened
    extension_built: BeerPioneersExtensionBuilt
    trained: BeerPioneersTrained
    retired: BeerPioneersRetired
    progress: BeerPioneersProgress
    passed: BeerPioneersPassed
    round_end: BeerPioneersRoundEnd
    round_start: BeerPioneersRoundStart
    game_over: BeerPioneersGameOver
    def __init__(self, dealt: _Optional[_Union[BeerPioneersDealt, _Mapping]] = ..., brewed: _Optional[_Union[BeerPioneersBrewed, _Mapping]] = ..., rotated: _Optional[_Union[BeerPioneersRotated, _Mapping]] = ..., beer_finished: _Optional[_Union[BeerPioneersBeerFinished, _Mapping]] = ..., beer_lost: _Optional[_Union[BeerPioneersBeerLost, _Mapping]] = ..., cellared: _Optional[_Union[BeerPioneersCellared, _Mapping]] = ..., item_lost: _Optional[_Union[BeerPioneersItemLost, _Mapping]] = ..., cellar_cleared: _Optional[_Union[BeerPioneersCellarCleared, _Mapping]] = ..., order_completed: _Optional[_Union[BeerPioneersOrderCompleted, _Mapping]] = ..., shipped: _Optional[_Union[BeerPioneersShipped, _Mapping]] = ..., card_taken: _Optional[_Union[BeerPioneersCardTaken, _Mapping]] = ..., card_seen: _Optional[_Union[BeerPioneersCardSeen, _Mapping]] = ..., display_refilled: _Optional[_Union[BeerPioneersDisplayRefilled, _Mapping]] = ..., card_played: _Optional[_Union[BeerPioneersCardPlayed, _Mapping]] = ..., master_returned: _Optional[_Union[BeerPioneersMasterReturned, _Mapping]] = ..., worker_placed: _Optional[_Union[BeerPioneersWorkerPlaced, _Mapping]] = ..., bonus_taken: _Optional[_Union[BeerPioneersBonusTaken, _Mapping]] = ..., admin_used: _Optional[_Union[BeerPioneersAdminUsed, _Mapping]] = ..., coop_opened: _Optional[_Union[BeerPioneersCoopOpened, _Mapping]] = ..., extension_built: _Optional[_Union[BeerPioneersExtensionBuilt, _Mapping]] = ..., trained: _Optional[_Union[BeerPioneersTrained, _Mapping]] = ..., retired: _Optional[_Union[BeerPioneersRetired, _Mapping]] = ..., progress: _Optional[_Union[BeerPioneersProgress, _Mapping]] = ..., passed: _Optional[_Union[BeerPioneersPassed, _Mapping]] = ..., round_end: _Optional[_Union[BeerPioneersRoundEnd, _Mapping]] = ..., round_start: _Optional[_Union[BeerPioneersRoundStart, _Mapping]] = ..., game_over: _Optional[_Union[BeerPioneersGameOver, _Mapping]] = ...) -> None: ...

class BeerPioneersDealt(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cards: _Optional[_Iterable[int]] = ...) -> None: ...

class BeerPioneersBrewed(_message.Message):
    __slots__ = ("coop", "time")
    COOP_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    coop: str
    time: int
    def __init__(self, coop: _Optional[str] = ..., time: _Optional[int] = ...) -> None: ...

class BeerPioneersRotated(_message.Message):
    __slots__ = ("coop", "left")
    COOP_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    coop: str
    left: int
    def __init__(self, coop: _Optional[str] = ..., left: _Optional[int] = ...) -> None: ...

class BeerPioneersBeerFinished(_message.Message):
    __slots__ = ("coop",)
    COOP_FIELD_NUMBER: _ClassVar[int]
    coop: str
    def __init__(self, coop: _Optional[str] = ...) -> None: ...

class BeerPioneersBeerLost(_message.Message):
    __slots__ = ("item",)
    ITEM_FIELD_NUMBER: _ClassVar[int]
    item: str
    def __init__(self, item: _Optional[str] = ...) -> None: ...

class BeerPioneersCellared(_message.Message):
    __slots__ = ("item",)
    ITEM_FIELD_NUMBER: _ClassVar[int]
    item: str
    def __init__(self, item: _Optional[str] = ...) -> None: ...

class BeerPioneersItemLost(_message.Message):
    __slots__ = ("item",)
    ITEM_FIELD_NUMBER: _ClassVar[int]
    item: str
    def __init__(self, item: _Optional[str] = ...) -> None: ...

class BeerPioneersCellarCleared(_message.Message):
    __slots__ = ("item", "arriving")
    ITEM_FIELD_NUMBER: _ClassVar[int]
    ARRIVING_FIELD_NUMBER: _ClassVar[int]
    item: str
    arriving: str
    def __init__(self, item: _Optional[str] = ..., arriving: _Optional[str] = ...) -> None: ...

class BeerPioneersOrderCompleted(_message.Message):
    __slots__ = ("card", "delivered", "vp", "coins", "level")
    CARD_FIELD_NUMBER: _ClassVar[int]
    DELIVERED_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    card: int
    delivered: _containers.RepeatedScalarFieldContainer[str]
    vp: int
    coins: int
    level: int
    def __init__(self, card: _Optional[int] = ..., delivered: _Optional[_Iterable[str]] = ..., vp: _Optional[int] = ..., coins: _Optional[int] = ..., level: _Optional[int] = ...) -> None: ...

class BeerPioneersShipped(_message.Message):
    __slots__ = ("count",)
    COUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    def __init__(self, count: _Optional[int] = ...) -> None: ...

class BeerPioneersCardTaken(_message.Message):
    __slots__ = ("card", "space")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SPACE_FIELD_NUMBER: _ClassVar[int]
    card: int
    space: int
    def __init__(self, card: _Optional[int] = ..., space: _Optional[int] = ...) -> None: ...

class BeerPioneersCardSeen(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BeerPioneersDisplayRefilled(_message.Message):
    __slots__ = ("display",)
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    display: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, display: _Optional[_Iterable[int]] = ...) -> None: ...

class BeerPioneersCardPlayed(_message.Message):
    __slots__ = ("card", "section")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SECTION_FIELD_NUMBER: _ClassVar[int]
    card: int
    section: str
    def __init__(self, card: _Optional[int] = ..., section: _Optional[str] = ...) -> None: ...

class BeerPioneersMasterReturned(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class BeerPioneersWorkerPlaced(_message.Message):
    __slots__ = ("worker", "field", "value", "bonus")
    WORKER_FIELD_NUMBER: _ClassVar[int]
    FIELD_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    worker: int
    field: str
    value: int
    bonus: bool
    def __init__(self, worker: _Optional[int] = ..., field: _Optional[str] = ..., value: _Optional[int] = ..., bonus: _Optional[bool] = ...) -> None: ...

class BeerPioneersBonusTaken(_message.Message):
    __slots__ = ("option",)
    OPTION_FIELD_NUMBER: _ClassVar[int]
    option: str
    def __init__(self, option: _Optional[str] = ...) -> None: ...

class BeerPioneersAdminUsed(_message.Message):
    __slots__ = ("option",)
    OPTION_FIELD_NUMBER: _ClassVar[int]
    option: str
    def __init__(self, option: _Optional[str] = ...) -> None: ...

class BeerPioneersCoopOpened(_message.Message):
    __slots__ = ("coop",)
    COOP_FIELD_NUMBER: _ClassVar[int]
    coop: str
    def __init__(self, coop: _Optional[str] = ...) -> None: ...

class BeerPioneersExtensionBuilt(_message.Message):
    __slots__ = ("extension",)
    EXTENSION_FIELD_NUMBER: _ClassVar[int]
    extension: str
    def __init__(self, extension: _Optional[str] = ...) -> None: ...

class BeerPioneersTrained(_message.Message):
    __slots__ = ("worker", "xp")
    WORKER_FIELD_NUMBER: _ClassVar[int]
    XP_FIELD_NUMBER: _ClassVar[int]
    worker: int
    xp: int
    def __init__(self, worker: _Optional[int] = ..., xp: _Optional[int] = ...) -> None: ...

class BeerPioneersRetired(_message.Message):
    __slots__ = ("worker", "vp")
    WORKER_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    worker: int
    vp: int
    def __init__(self, worker: _Optional[int] = ..., vp: _Optional[int] = ...) -> None: ...

class BeerPioneersProgress(_message.Message):
    __slots__ = ("space",)
    SPACE_FIELD_NUMBER: _ClassVar[int]
    space: int
    def __init__(self, space: _Optional[int] = ...) -> None: ...

class BeerPioneersPassed(_message.Message):
    __slots__ = ("task",)
    TASK_FIELD_NUMBER: _ClassVar[int]
    task: str
    def __init__(self, task: _Optional[str] = ...) -> None: ...

class BeerPioneersRoundEnd(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class BeerPioneersRoundStart(_message.Message):
    __slots__ = ("round",)
    ROUND_FIELD_NUMBER: _ClassVar[int]
    round: int
    def __init__(self, round: _Optional[int] = ...) -> None: ...

class BeerPioneersGameOver(_message.Message):
    __slots__ = ("final_vp", "totals")
    FINAL_VP_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    final_vp: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, final_vp: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...
