from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TbbrBeerColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TBBR_BEER_COLOUR_UNSPECIFIED: _ClassVar[TbbrBeerColour]
    TBBR_BEER_COLOUR_YELLOW: _ClassVar[TbbrBeerColour]
    TBBR_BEER_COLOUR_BROWN: _ClassVar[TbbrBeerColour]
    TBBR_BEER_COLOUR_RED: _ClassVar[TbbrBeerColour]
    TBBR_BEER_COLOUR_BLACK: _ClassVar[TbbrBeerColour]

class TbbrTransport(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TBBR_TRANSPORT_UNSPECIFIED: _ClassVar[TbbrTransport]
    TBBR_TRANSPORT_BICYCLE: _ClassVar[TbbrTransport]
    TBBR_TRANSPORT_PUBLIC_TRANSPORT: _ClassVar[TbbrTransport]
    TBBR_TRANSPORT_HITCHHIKING: _ClassVar[TbbrTransport]

class TbbrStep(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TBBR_STEP_UNSPECIFIED: _ClassVar[TbbrStep]
    TBBR_STEP_START: _ClassVar[TbbrStep]
    TBBR_STEP_ROLL: _ClassVar[TbbrStep]
    TBBR_STEP_PAY: _ClassVar[TbbrStep]
    TBBR_STEP_ONBOARD: _ClassVar[TbbrStep]
    TBBR_STEP_GIFT: _ClassVar[TbbrStep]
    TBBR_STEP_OFFER: _ClassVar[TbbrStep]
    TBBR_STEP_PICK: _ClassVar[TbbrStep]
    TBBR_STEP_REDEEM: _ClassVar[TbbrStep]
    TBBR_STEP_CAMP: _ClassVar[TbbrStep]
    TBBR_STEP_BOTTLE: _ClassVar[TbbrStep]
    TBBR_STEP_CLAIM: _ClassVar[TbbrStep]
    TBBR_STEP_NIGHT: _ClassVar[TbbrStep]
TBBR_BEER_COLOUR_UNSPECIFIED: TbbrBeerColour
TBBR_BEER_COLOUR_YELLOW: TbbrBeerColour
TBBR_BEER_COLOUR_BROWN: TbbrBeerColour
TBBR_BEER_COLOUR_RED: TbbrBeerColour
TBBR_BEER_COLOUR_BLACK: TbbrBeerColour
TBBR_TRANSPORT_UNSPECIFIED: TbbrTransport
TBBR_TRANSPORT_BICYCLE: TbbrTransport
TBBR_TRANSPORT_PUBLIC_TRANSPORT: TbbrTransport
TBBR_TRANSPORT_HITCHHIKING: TbbrTransport
TBBR_STEP_UNSPECIFIED: TbbrStep
TBBR_STEP_START: TbbrStep
TBBR_STEP_ROLL: TbbrStep
TBBR_STEP_PAY: TbbrStep
TBBR_STEP_ONBOARD: TbbrStep
TBBR_STEP_GIFT: TbbrStep
TBBR_STEP_OFFER: TbbrStep
TBBR_STEP_PICK: TbbrStep
TBBR_STEP_REDEEM: TbbrStep
TBBR_STEP_CAMP: TbbrStep
TBBR_STEP_BOTTLE: TbbrStep
TBBR_STEP_CLAIM: TbbrStep
TBBR_STEP_NIGHT: TbbrStep

class TbbrBackpack(_message.Message):
    __slots__ = ("yellow", "brown", "red", "black")
    YELLOW_FIELD_NUMBER: _ClassVar[int]
    BROWN_FIELD_NUMBER: _ClassVar[int]
    RED_FIELD_NUMBER: _ClassVar[int]
    BLACK_FIELD_NUMBER: _ClassVar[int]
    yellow: int
    brown: int
    red: int
    black: int
    def __init__(self, yellow: _Optional[int] = ..., brown: _Optional[int] = ..., red: _Optional[int] = ..., black: _Optional[int] = ...) -> None: ...

class TbbrBonusTracks(_message.Message):
    __slots__ = ("positioning", "designer", "cardinal", "trappist")
    POSITIONING_FIELD_NUMBER: _ClassVar[int]
    DESIGNER_FIELD_NUMBER: _ClassVar[int]
    CARDINAL_FIELD_NUMBER: _ClassVar[int]
    TRAPPIST_FIELD_NUMBER: _ClassVar[int]
    positioning: int
    designer: int
    cardinal: int
    trappist: int
    def __init__(self, positioning: _Optional[int] = ..., designer: _Optional[int] = ..., cardinal: _Optional[int] = ..., trappist: _Optional[int] = ...) -> None: ...

class TbbrPlayer(_message.Message):
    __slots__ = ("location", "time", "stack", "done", "asleep", "camped", "tasted", "breathalyzer", "cheers", "cheese", "cheese_tokens", "backpack", "visited", "first_visitor_discs", "coasters", "bonus", "objectives", "score", "penalty", "bought_here", "tasted_here", "bicycle_streak", "hitchhiking_destination", "hitchhiking_extra_dice", "grand_place_arrival")
    LOCATION_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    ASLEEP_FIELD_NUMBER: _ClassVar[int]
    CAMPED_FIELD_NUMBER: _ClassVar[int]
    TASTED_FIELD_NUMBER: _ClassVar[int]
    BREATHALYZER_FIELD_NUMBER: _ClassVar[int]
    CHEERS_FIELD_NUMBER: _ClassVar[int]
    CHEESE_FIELD_NUMBER: _ClassVar[int]
    CHEESE_TOKENS_FIELD_NUMBER: _ClassVar[int]
    BACKPACK_FIELD_NUMBER: _ClassVar[int]
    VISITED_FIELD_NUMBER: _ClassVar[int]
    FIRST_VISITOR_DISCS_FIELD_NUMBER: _ClassVar[int]
    COASTERS_FIELD_NUMBER: _ClassVar[int]
    BONUS_FIELD_NUMBER: _ClassVar[int]
    OBJECTIVES_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    PENALTY_FIELD_NUMBER: _ClassVar[int]
    BOUGHT_HERE_FIELD_NUMBER: _ClassVar[int]
    TASTED_HERE_FIELD_NUMBER: _ClassVar[int]
    BICYCLE_STREAK_FIELD_NUMBER: _ClassVar[int]
    HITCHHIKING_DESTINATION_FIELD_NUMBER: _ClassVar[int]
    HITCHHIKING_EXTRA_DICE_FIELD_NUMBER: _ClassVar[int]
    GRAND_PLACE_ARRIVAL_FIELD_NUMBER: _ClassVar[int]
    location: str
    time: int
    stack: int
    done: bool
    asleep: bool
    camped: bool
    tasted: int
    breathalyzer: int
    cheers: int
    cheese: int
    cheese_tokens: int
    backpack: TbbrBackpack
    visited: _containers.RepeatedScalarFieldContainer[str]
    first_visitor_discs: int
    coasters: int
    bonus: TbbrBonusTracks
    objectives: _containers.RepeatedScalarFieldContainer[str]
    score: int
    penalty: int
    bought_here: bool
    tasted_here: bool
    bicycle_streak: int
    hitchhiking_destination: str
    hitchhiking_extra_dice: int
    grand_place_arrival: int
    def __init__(self, location: _Optional[str] = ..., time: _Optional[int] = ..., stack: _Optional[int] = ..., done: _Optional[bool] = ..., asleep: _Optional[bool] = ..., camped: _Optional[bool] = ..., tasted: _Optional[int] = ..., breathalyzer: _Optional[int] = ..., cheers: _Optional[int] = ..., cheese: _Optional[int] = ..., cheese_tokens: _Optional[int] = ..., backpack: _Optional[_Union[TbbrBackpack, _Mapping]] = ..., visited: _Optional[_Iterable[str]] = ..., first_visitor_discs: _Optional[int] = ..., coasters: _Optional[int] = ..., bonus: _Optional[_Union[TbbrBonusTracks, _Mapping]] = ..., objectives: _Optional[_Iterable[str]] = ..., score: _Optional[int] = ..., penalty: _Optional[int] = ..., bought_here: _Optional[bool] = ..., tasted_here: _Optional[bool] = ..., bicycle_streak: _Optional[int] = ..., hitchhiking_destination: _Optional[str] = ..., hitchhiking_extra_dice: _Optional[int] = ..., grand_place_arrival: _Optional[int] = ...) -> None: ...

class TbbrCoasterPile(_message.Message):
    __slots__ = ("place", "count")
    PLACE_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    place: str
    count: int
    def __init__(self, place: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class TbbrBottlingMachine(_message.Message):
    __slots__ = ("accessible", "inaccessible", "deck_size", "removed", "level2_added")
    ACCESSIBLE_FIELD_NUMBER: _ClassVar[int]
    INACCESSIBLE_FIELD_NUMBER: _ClassVar[int]
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    REMOVED_FIELD_NUMBER: _ClassVar[int]
    LEVEL2_ADDED_FIELD_NUMBER: _ClassVar[int]
    accessible: _containers.RepeatedScalarFieldContainer[str]
    inaccessible: _containers.RepeatedScalarFieldContainer[str]
    deck_size: int
    removed: _containers.RepeatedScalarFieldContainer[str]
    level2_added: bool
    def __init__(self, accessible: _Optional[_Iterable[str]] = ..., inaccessible: _Optional[_Iterable[str]] = ..., deck_size: _Optional[int] = ..., removed: _Optional[_Iterable[str]] = ..., level2_added: _Optional[bool] = ...) -> None: ...

class TbbrTasting(_message.Message):
    __slots__ = ("seat", "colour")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    seat: int
    colour: TbbrBeerColour
    def __init__(self, seat: _Optional[int] = ..., colour: _Optional[_Union[TbbrBeerColour, str]] = ...) -> None: ...

class TbbrBottleCrossing(_message.Message):
    __slots__ = ("seat", "bottle")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOTTLE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    bottle: int
    def __init__(self, seat: _Optional[int] = ..., bottle: _Optional[int] = ...) -> None: ...

class TbbrPending(_message.Message):
    __slots__ = ("step", "seat", "owner", "mode", "destination", "count", "tu", "others", "gifts", "offers", "queue")
    STEP_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    TU_FIELD_NUMBER: _ClassVar[int]
    OTHERS_FIELD_NUMBER: _ClassVar[int]
    GIFTS_FIELD_NUMBER: _ClassVar[int]
    OFFERS_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    step: TbbrStep
    seat: int
    owner: int
    mode: TbbrTransport
    destination: str
    count: int
    tu: int
    others: _containers.RepeatedScalarFieldContainer[int]
    gifts: _containers.RepeatedScalarFieldContainer[TbbrBeerColour]
    offers: _containers.RepeatedScalarFieldContainer[TbbrBeerColour]
    queue: _containers.RepeatedCompositeFieldContainer[TbbrTasting]
    def __init__(self, step: _Optional[_Union[TbbrStep, str]] = ..., seat: _Optional[int] = ..., owner: _Optional[int] = ..., mode: _Optional[_Union[TbbrTransport, str]] = ..., destination: _Optional[str] = ..., count: _Optional[int] = ..., tu: _Optional[int] = ..., others: _Optional[_Iterable[int]] = ..., gifts: _Optional[_Iterable[_Union[TbbrBeerColour, str]]] = ..., offers: _Optional[_Iterable[_Union[TbbrBeerColour, str]]] = ..., queue: _Optional[_Iterable[_Union[TbbrTasting, _Mapping]]] = ...) -> None: ...

class TbbrView(_message.Message):
    __slots__ = ("viewer_seat", "num_players", "shorter", "day", "day_lengths", "players", "coasters", "first_visitor_discs", "machine", "level3", "bottles_broken", "active_seat", "claims_this_turn", "turn_log", "pending", "bottle_queue", "stack_counter", "finish_order", "grand_place_arrivals", "finished", "tokens_left")
    VIEWER_SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SHORTER_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    DAY_LENGTHS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    COASTERS_FIELD_NUMBER: _ClassVar[int]
    FIRST_VISITOR_DISCS_FIELD_NUMBER: _ClassVar[int]
    MACHINE_FIELD_NUMBER: _ClassVar[int]
    LEVEL3_FIELD_NUMBER: _ClassVar[int]
    BOTTLES_BROKEN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SEAT_FIELD_NUMBER: _ClassVar[int]
    CLAIMS_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    TURN_LOG_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    BOTTLE_QUEUE_FIELD_NUMBER: _ClassVar[int]
    STACK_COUNTER_FIELD_NUMBER: _ClassVar[int]
    FINISH_ORDER_FIELD_NUMBER: _ClassVar[int]
    GRAND_PLACE_ARRIVALS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    TOKENS_LEFT_FIELD_NUMBER: _ClassVar[int]
    viewer_seat: int
    num_players: int
    shorter: bool
    day: int
    day_lengths: _containers.RepeatedScalarFieldContainer[int]
    players: _containers.RepeatedCompositeFieldContainer[TbbrPlayer]
    coasters: _containers.RepeatedCompositeFieldContainer[TbbrCoasterPile]
    first_visitor_discs: _containers.RepeatedScalarFieldContainer[str]
    machine: TbbrBottlingMachine
    level3: _containers.RepeatedScalarFieldContainer[str]
    bottles_broken: _containers.RepeatedScalarFieldContainer[bool]
    active_seat: int
    claims_this_turn: int
    turn_log: _containers.RepeatedScalarFieldContainer[str]
    pending: TbbrPending
    bottle_queue: _containers.RepeatedCompositeFieldContainer[TbbrBottleCrossing]
    stack_counter: int
    finish_order: _containers.RepeatedScalarFieldContainer[int]
    grand_place_arrivals: int
    finished: bool
    tokens_left: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, viewer_seat: _Optional[int] = ..., num_players: _Optional[int] = ..., shorter: _Optional[bool] = ..., day: _Optional[int] = ..., day_lengths: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[TbbrPlayer, _Mapping]]] = ..., coasters: _Optional[_Iterable[_Union[TbbrCoasterPile, _Mapping]]] = ..., first_visitor_discs: _Optional[_Iterable[str]] = ..., machine: _Optional[_Union[TbbrBottlingMachine, _Mapping]] = ..., level3: _Optional[_Iterable[str]] = ..., bottles_broken: _Optional[_Iterable[bool]] = ..., active_seat: _Optional[int] = ..., claims_this_turn: _Optional[int] = ..., turn_log: _Optional[_Iterable[str]] = ..., pending: _Optional[_Union[TbbrPending, _Mapping]] = ..., bottle_queue: _Optional[_Iterable[_Union[TbbrBottleCrossing, _Mapping]]] = ..., stack_counter: _Optional[int] = ..., finish_order: _Optional[_Iterable[int]] = ..., grand_place_arrivals: _Optional[int] = ..., finished: _Optional[bool] = ..., tokens_left: _Optional[_Iterable[int]] = ...) -> None: ...

class TbbrChooseStart(_message.Message):
    __slots__ = ("place",)
    PLACE_FIELD_NUMBER: _ClassVar[int]
    place: str
    def __init__(self, place: _Optional[str] = ...) -> None: ...

class TbbrMove(_message.Message):
    __slots__ = ("mode", "destination")
    MODE_FIELD_NUMBER: _ClassVar[int]
    DESTINATION_FIELD_NUMBER: _ClassVar[int]
    mode: TbbrTransport
    destination: str
    def __init__(self, mode: _Optional[_Union[TbbrTransport, str]] = ..., destination: _Optional[str] = ...) -> None: ...

class TbbrPayDriver(_message.Message):
    __slots__ = ("destination",)
    DESTINATION_FIELD_NUMBER: _ClassVar[int]
    destination: str
    def __init__(self, destination: _Optional[str] = ...) -> None: ...

class TbbrBuy(_message.Message):
    __slots__ = ("beers", "cheese")
    BEERS_FIELD_NUMBER: _ClassVar[int]
    CHEESE_FIELD_NUMBER: _ClassVar[int]
    beers: bool
    cheese: bool
    def __init__(self, beers: _Optional[bool] = ..., cheese: _Optional[bool] = ...) -> None: ...

class TbbrTaste(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TbbrEatCheese(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TbbrCamp(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TbbrFinishRace(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TbbrClaim(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class TbbrEndTurn(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TbbrChooseBeer(_message.Message):
    __slots__ = ("colour",)
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    colour: TbbrBeerColour
    def __init__(self, colour: _Optional[_Union[TbbrBeerColour, str]] = ...) -> None: ...

class TbbrStop(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TbbrBreakBottle(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class TbbrKeepBottle(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TbbrRedeem(_message.Message):
    __slots__ = ("eat_cheese",)
    EAT_CHEESE_FIELD_NUMBER: _ClassVar[int]
    eat_cheese: bool
    def __init__(self, eat_cheese: _Optional[bool] = ...) -> None: ...

class TbbrAction(_message.Message):
    __slots__ = ("choose_start", "move", "pay_driver", "buy", "taste", "eat_cheese", "camp", "finish_race", "claim", "end_turn", "beer", "stop", "break_bottle", "keep_bottle", "redeem")
    CHOOSE_START_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    PAY_DRIVER_FIELD_NUMBER: _ClassVar[int]
    BUY_FIELD_NUMBER: _ClassVar[int]
    TASTE_FIELD_NUMBER: _ClassVar[int]
    EAT_CHEESE_FIELD_NUMBER: _ClassVar[int]
    CAMP_FIELD_NUMBER: _ClassVar[int]
    FINISH_RACE_FIELD_NUMBER: _ClassVar[int]
    CLAIM_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    BEER_FIELD_NUMBER: _ClassVar[int]
    STOP_FIELD_NUMBER: _ClassVar[int]
    BREAK_BOTTLE_FIELD_NUMBER: _ClassVar[int]
    KEEP_BOTTLE_FIELD_NUMBER: _ClassVar[int]
    REDEEM_FIELD_NUMBER: _ClassVar[int]
    choose_start: TbbrChooseStart
    move: TbbrMove
    pay_driver: TbbrPayDriver
    buy: TbbrBuy
    taste: TbbrTaste
    eat_cheese: TbbrEatCheese
    camp: TbbrCamp
    finish_race: TbbrFinishRace
    claim: TbbrClaim
    end_turn: TbbrEndTurn
    beer: TbbrChooseBeer
    stop: TbbrStop
    break_bottle: TbbrBreakBottle
    keep_bottle: TbbrKeepBottle
    redeem: TbbrRedeem
    def __init__(self, choose_start: _Optional[_Union[TbbrChooseStart, _Mapping]] = ..., move: _Optional[_Union[TbbrMove, _Mapping]] = ..., pay_driver: _Optional[_Union[TbbrPayDriver, _Mapping]] = ..., buy: _Optional[_Union[TbbrBuy, _Mapping]] = ..., taste: _Optional[_Union[TbbrTaste, _Mapping]] = ..., eat_cheese: _Optional[_Union[TbbrEatCheese, _Mapping]] = ..., camp: _Optional[_Union[TbbrCamp, _Mapping]] = ..., finish_race: _Optional[_Union[TbbrFinishRace, _Mapping]] = ..., claim: _Optional[_Union[TbbrClaim, _Mapping]] = ..., end_turn: _Optional[_Union[TbbrEndTurn, _Mapping]] = ..., beer: _Optional[_Union[TbbrChooseBeer, _Mapping]] = ..., stop: _Optional[_Union[TbbrStop, _Mapping]] = ..., break_bottle: _Optional[_Union[TbbrBreakBottle, _Mapping]] = ..., keep_bottle: _Optional[_Union[TbbrKeepBottle, _Mapping]] = ..., redeem: _Optional[_Union[TbbrRedeem, _Mapping]] = ...) -> None: ...

class TbbrEvent(_message.Message):
    __slots__ = ("moved", "dice_rolled", "late", "waited", "at_place", "bought", "cheese", "tasted", "toasted", "card_event", "woke_up_late", "scores_event", "place", "mode", "tu", "dice", "colour", "card", "amount", "seats", "gifts", "offers", "scores")
    class Moved(_message.Message):
        __slots__ = ("place", "mode", "tu")
        PLACE_FIELD_NUMBER: _ClassVar[int]
        MODE_FIELD_NUMBER: _ClassVar[int]
        TU_FIELD_NUMBER: _ClassVar[int]
        place: str
        mode: TbbrTransport
        tu: int
        def __init__(self, place: _Optional[str] = ..., mode: _Optional[_Union[TbbrTransport, str]] = ..., tu: _Optional[int] = ...) -> None: ...
    class DiceRolled(_message.Message):
        __slots__ = ("dice", "mode")
        DICE_FIELD_NUMBER: _ClassVar[int]
        MODE_FIELD_NUMBER: _ClassVar[int]
        dice: _containers.RepeatedScalarFieldContainer[int]
        mode: TbbrTransport
        def __init__(self, dice: _Optional[_Iterable[int]] = ..., mode: _Optional[_Union[TbbrTransport, str]] = ...) -> None: ...
    class Late(_message.Message):
        __slots__ = ("mode", "tu", "amount")
        MODE_FIELD_NUMBER: _ClassVar[int]
        TU_FIELD_NUMBER: _ClassVar[int]
        AMOUNT_FIELD_NUMBER: _ClassVar[int]
        mode: TbbrTransport
        tu: int
        amount: int
        def __init__(self, mode: _Optional[_Union[TbbrTransport, str]] = ..., tu: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...
    class Waited(_message.Message):
        __slots__ = ("place", "tu")
        PLACE_FIELD_NUMBER: _ClassVar[int]
        TU_FIELD_NUMBER: _ClassVar[int]
        place: str
        tu: int
        def __init__(self, place: _Optional[str] = ..., tu: _Optional[int] = ...) -> None: ...
    class AtPlace(_message.Message):
        __slots__ = ("place",)
        PLACE_FIELD_NUMBER: _ClassVar[int]
        place: str
        def __init__(self, place: _Optional[str] = ...) -> None: ...
    class Bought(_message.Message):
        __slots__ = ("place", "colour", "amount")
        PLACE_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        AMOUNT_FIELD_NUMBER: _ClassVar[int]
        place: str
        colour: TbbrBeerColour
        amount: int
        def __init__(self, place: _Optional[str] = ..., colour: _Optional[_Union[TbbrBeerColour, str]] = ..., amount: _Optional[int] = ...) -> None: ...
    class Cheese(_message.Message):
        __slots__ = ("amount",)
        AMOUNT_FIELD_NUMBER: _ClassVar[int]
        amount: int
        def __init__(self, amount: _Optional[int] = ...) -> None: ...
    class Tasted(_message.Message):
        __slots__ = ("place", "colour")
        PLACE_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        place: str
        colour: TbbrBeerColour
        def __init__(self, place: _Optional[str] = ..., colour: _Optional[_Union[TbbrBeerColour, str]] = ...) -> None: ...
    class Toasted(_message.Message):
        __slots__ = ("seats", "gifts", "offers")
        SEATS_FIELD_NUMBER: _ClassVar[int]
        GIFTS_FIELD_NUMBER: _ClassVar[int]
        OFFERS_FIELD_NUMBER: _ClassVar[int]
        seats: _containers.RepeatedScalarFieldContainer[int]
        gifts: _containers.RepeatedScalarFieldContainer[TbbrBeerColour]
        offers: _containers.RepeatedScalarFieldContainer[TbbrBeerColour]
        def __init__(self, seats: _Optional[_Iterable[int]] = ..., gifts: _Optional[_Iterable[_Union[TbbrBeerColour, str]]] = ..., offers: _Optional[_Iterable[_Union[TbbrBeerColour, str]]] = ...) -> None: ...
    class Card(_message.Message):
        __slots__ = ("card", "tu")
        CARD_FIELD_NUMBER: _ClassVar[int]
        TU_FIELD_NUMBER: _ClassVar[int]
        card: str
        tu: int
        def __init__(self, card: _Optional[str] = ..., tu: _Optional[int] = ...) -> None: ...
    class WokeUpLate(_message.Message):
        __slots__ = ("tu",)
        TU_FIELD_NUMBER: _ClassVar[int]
        tu: int
        def __init__(self, tu: _Optional[int] = ...) -> None: ...
    class Scores(_message.Message):
        __slots__ = ("scores",)
        SCORES_FIELD_NUMBER: _ClassVar[int]
        scores: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, scores: _Optional[_Iterable[int]] = ...) -> None: ...
    MOVED_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    LATE_FIELD_NUMBER: _ClassVar[int]
    WAITED_FIELD_NUMBER: _ClassVar[int]
    AT_PLACE_FIELD_NUMBER: _ClassVar[int]
    BOUGHT_FIELD_NUMBER: _ClassVar[int]
    CHEESE_FIELD_NUMBER: _ClassVar[int]
    TASTED_FIELD_NUMBER: _ClassVar[int]
    TOASTED_FIELD_NUMBER: _ClassVar[int]
    CARD_EVENT_FIELD_NUMBER: _ClassVar[int]
    WOKE_UP_LATE_FIELD_NUMBER: _ClassVar[int]
    SCORES_EVENT_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    TU_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    GIFTS_FIELD_NUMBER: _ClassVar[int]
    OFFERS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    moved: TbbrEvent.Moved
    dice_rolled: TbbrEvent.DiceRolled
    late: TbbrEvent.Late
    waited: TbbrEvent.Waited
    at_place: TbbrEvent.AtPlace
    bought: TbbrEvent.Bought
    cheese: TbbrEvent.Cheese
    tasted: TbbrEvent.Tasted
    toasted: TbbrEvent.Toasted
    card_event: TbbrEvent.Card
    woke_up_late: TbbrEvent.WokeUpLate
    scores_event: TbbrEvent.Scores
    place: str
    mode: TbbrTransport
    tu: int
    dice: _containers.RepeatedScalarFieldContainer[int]
    colour: TbbrBeerColour
    card: str
    amount: int
    seats: _containers.RepeatedScalarFieldContainer[int]
    gifts: _containers.RepeatedScalarFieldContainer[TbbrBeerColour]
    offers: _containers.RepeatedScalarFieldContainer[TbbrBeerColour]
    scores: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, moved: _Optional[_Union[TbbrEvent.Moved, _Mapping]] = ..., dice_rolled: _Optional[_Union[TbbrEvent.DiceRolled, _Mapping]] = ..., late: _Optional[_Union[TbbrEvent.Late, _Mapping]] = ..., waited: _Optional[_Union[TbbrEvent.Waited, _Mapping]] = ..., at_place: _Optional[_Union[TbbrEvent.AtPlace, _Mapping]] = ..., bought: _Optional[_Union[TbbrEvent.Bought, _Mapping]] = ..., cheese: _Optional[_Union[TbbrEvent.Cheese, _Mapping]] = ..., tasted: _Optional[_Union[TbbrEvent.Tasted, _Mapping]] = ..., toasted: _Optional[_Union[TbbrEvent.Toasted, _Mapping]] = ..., card_event: _Optional[_Union[TbbrEvent.Card, _Mapping]] = ..., woke_up_late: _Optional[_Union[TbbrEvent.WokeUpLate, _Mapping]] = ..., scores_event: _Optional[_Union[TbbrEvent.Scores, _Mapping]] = ..., place: _Optional[str] = ..., mode: _Optional[_Union[TbbrTransport, str]] = ..., tu: _Optional[int] = ..., dice: _Optional[_Iterable[int]] = ..., colour: _Optional[_Union[TbbrBeerColour, str]] = ..., card: _Optional[str] = ..., amount: _Optional[int] = ..., seats: _Optional[_Iterable[int]] = ..., gifts: _Optional[_Iterable[_Union[TbbrBeerColour, str]]] = ..., offers: _Optional[_Iterable[_Union[TbbrBeerColour, str]]] = ..., scores: _Optional[_Iterable[int]] = ...) -> None: ...
