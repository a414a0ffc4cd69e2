from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TbbrDiceColour(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TBBR_DICE_COLOUR_UNSPECIFIED: _ClassVar[TbbrDiceColour]
    TBBR_DICE_COLOUR_RED: _ClassVar[TbbrDiceColour]
    TBBR_DICE_COLOUR_YELLOW: _ClassVar[TbbrDiceColour]
    TBBR_DICE_COLOUR_BLACK: _ClassVar[TbbrDiceColour]

class TbbrDiceDieStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TBBR_DICE_DIE_STATUS_UNSPECIFIED: _ClassVar[TbbrDiceDieStatus]
    TBBR_DICE_DIE_STATUS_AVAILABLE: _ClassVar[TbbrDiceDieStatus]
    TBBR_DICE_DIE_STATUS_USED: _ClassVar[TbbrDiceDieStatus]
    TBBR_DICE_DIE_STATUS_UNROLLED: _ClassVar[TbbrDiceDieStatus]

class TbbrDicePhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TBBR_DICE_PHASE_UNSPECIFIED: _ClassVar[TbbrDicePhase]
    TBBR_DICE_PHASE_PERSONAL: _ClassVar[TbbrDicePhase]
    TBBR_DICE_PHASE_CHOOSE: _ClassVar[TbbrDicePhase]
    TBBR_DICE_PHASE_PICK: _ClassVar[TbbrDicePhase]
    TBBR_DICE_PHASE_TRAVEL: _ClassVar[TbbrDicePhase]
    TBBR_DICE_PHASE_GOAL: _ClassVar[TbbrDicePhase]
    TBBR_DICE_PHASE_OVER: _ClassVar[TbbrDicePhase]

class TbbrDiceRollMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TBBR_DICE_ROLL_MODE_UNSPECIFIED: _ClassVar[TbbrDiceRollMode]
    TBBR_DICE_ROLL_MODE_ALL: _ClassVar[TbbrDiceRollMode]
    TBBR_DICE_ROLL_MODE_ALL_TAKE_THREE: _ClassVar[TbbrDiceRollMode]
    TBBR_DICE_ROLL_MODE_SPECIAL: _ClassVar[TbbrDiceRollMode]
    TBBR_DICE_ROLL_MODE_NO_X: _ClassVar[TbbrDiceRollMode]
    TBBR_DICE_ROLL_MODE_SOME: _ClassVar[TbbrDiceRollMode]
    TBBR_DICE_ROLL_MODE_THOMAS: _ClassVar[TbbrDiceRollMode]
TBBR_DICE_COLOUR_UNSPECIFIED: TbbrDiceColour
TBBR_DICE_COLOUR_RED: TbbrDiceColour
TBBR_DICE_COLOUR_YELLOW: TbbrDiceColour
TBBR_DICE_COLOUR_BLACK: TbbrDiceColour
TBBR_DICE_DIE_STATUS_UNSPECIFIED: TbbrDiceDieStatus
TBBR_DICE_DIE_STATUS_AVAILABLE: TbbrDiceDieStatus
TBBR_DICE_DIE_STATUS_USED: TbbrDiceDieStatus
TBBR_DICE_DIE_STATUS_UNROLLED: TbbrDiceDieStatus
TBBR_DICE_PHASE_UNSPECIFIED: TbbrDicePhase
TBBR_DICE_PHASE_PERSONAL: TbbrDicePhase
TBBR_DICE_PHASE_CHOOSE: TbbrDicePhase
TBBR_DICE_PHASE_PICK: TbbrDicePhase
TBBR_DICE_PHASE_TRAVEL: TbbrDicePhase
TBBR_DICE_PHASE_GOAL: TbbrDicePhase
TBBR_DICE_PHASE_OVER: TbbrDicePhase
TBBR_DICE_ROLL_MODE_UNSPECIFIED: TbbrDiceRollMode
TBBR_DICE_ROLL_MODE_ALL: TbbrDiceRollMode
TBBR_DICE_ROLL_MODE_ALL_TAKE_THREE: TbbrDiceRollMode
TBBR_DICE_ROLL_MODE_SPECIAL: TbbrDiceRollMode
TBBR_DICE_ROLL_MODE_NO_X: TbbrDiceRollMode
TBBR_DICE_ROLL_MODE_SOME: TbbrDiceRollMode
TBBR_DICE_ROLL_MODE_THOMAS: TbbrDiceRollMode

class TbbrDiceDie(_message.Message):
    __slots__ = ("colour", "value", "status", "owner", "doubled")
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    DOUBLED_FIELD_NUMBER: _ClassVar[int]
    colour: TbbrDiceColour
    value: int
    status: TbbrDiceDieStatus
    owner: int
    doubled: bool
    def __init__(self, colour: _Optional[_Union[TbbrDiceColour, str]] = ..., value: _Optional[int] = ..., status: _Optional[_Union[TbbrDiceDieStatus, str]] = ..., owner: _Optional[int] = ..., doubled: _Optional[bool] = ...) -> None: ...

class TbbrDiceHandDie(_message.Message):
    __slots__ = ("die", "colour", "value", "lowest")
    DIE_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    LOWEST_FIELD_NUMBER: _ClassVar[int]
    die: int
    colour: TbbrDiceColour
    value: int
    lowest: bool
    def __init__(self, die: _Optional[int] = ..., colour: _Optional[_Union[TbbrDiceColour, str]] = ..., value: _Optional[int] = ..., lowest: _Optional[bool] = ...) -> None: ...

class TbbrDiceGoalClaim(_message.Message):
    __slots__ = ("goal_id", "counted_as")
    GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    COUNTED_AS_FIELD_NUMBER: _ClassVar[int]
    goal_id: str
    counted_as: TbbrDiceColour
    def __init__(self, goal_id: _Optional[str] = ..., counted_as: _Optional[_Union[TbbrDiceColour, str]] = ...) -> None: ...

class TbbrDicePlayer(_message.Message):
    __slots__ = ("position_id", "visited_ids", "road_ids", "environment_ticks", "tastes", "buys", "cheese_slots_used", "cheese_ticks", "goals", "wild_goal_ready", "podium", "finished", "pending_dice_penalty", "choosing_personal", "has_personal", "personal_goal_id", "offer_ids", "discarded_personal_ids")
    POSITION_ID_FIELD_NUMBER: _ClassVar[int]
    VISITED_IDS_FIELD_NUMBER: _ClassVar[int]
    ROAD_IDS_FIELD_NUMBER: _ClassVar[int]
    ENVIRONMENT_TICKS_FIELD_NUMBER: _ClassVar[int]
    TASTES_FIELD_NUMBER: _ClassVar[int]
    BUYS_FIELD_NUMBER: _ClassVar[int]
    CHEESE_SLOTS_USED_FIELD_NUMBER: _ClassVar[int]
    CHEESE_TICKS_FIELD_NUMBER: _ClassVar[int]
    GOALS_FIELD_NUMBER: _ClassVar[int]
    WILD_GOAL_READY_FIELD_NUMBER: _ClassVar[int]
    PODIUM_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    PENDING_DICE_PENALTY_FIELD_NUMBER: _ClassVar[int]
    CHOOSING_PERSONAL_FIELD_NUMBER: _ClassVar[int]
    HAS_PERSONAL_FIELD_NUMBER: _ClassVar[int]
    PERSONAL_GOAL_ID_FIELD_NUMBER: _ClassVar[int]
    OFFER_IDS_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_PERSONAL_IDS_FIELD_NUMBER: _ClassVar[int]
    position_id: str
    visited_ids: _containers.RepeatedScalarFieldContainer[str]
    road_ids: _containers.RepeatedScalarFieldContainer[str]
    environment_ticks: int
    tastes: int
    buys: int
    cheese_slots_used: _containers.RepeatedScalarFieldContainer[int]
    cheese_ticks: int
    goals: _containers.RepeatedCompositeFieldContainer[TbbrDiceGoalClaim]
    wild_goal_ready: bool
    podium: int
    finished: bool
    pending_dice_penalty: int
    choosing_personal: bool
    has_personal: bool
    personal_goal_id: str
    offer_ids: _containers.RepeatedScalarFieldContainer[str]
    discarded_personal_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, position_id: _Optional[str] = ..., visited_ids: _Optional[_Iterable[str]] = ..., road_ids: _Optional[_Iterable[str]] = ..., environment_ticks: _Optional[int] = ..., tastes: _Optional[int] = ..., buys: _Optional[int] = ..., cheese_slots_used: _Optional[_Iterable[int]] = ..., cheese_ticks: _Optional[int] = ..., goals: _Optional[_Iterable[_Union[TbbrDiceGoalClaim, _Mapping]]] = ..., wild_goal_ready: _Optional[bool] = ..., podium: _Optional[int] = ..., finished: _Optional[bool] = ..., pending_dice_penalty: _Optional[int] = ..., choosing_personal: _Optional[bool] = ..., has_personal: _Optional[bool] = ..., personal_goal_id: _Optional[str] = ..., offer_ids: _Optional[_Iterable[str]] = ..., discarded_personal_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class TbbrDiceThomas(_message.Message):
    __slots__ = ("deck_size", "discard_ids", "revealed_ids", "dice", "ticks", "arrived", "turns_after_arrival", "bottle_row", "flipped_ids", "top_id")
    DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_IDS_FIELD_NUMBER: _ClassVar[int]
    REVEALED_IDS_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    TICKS_FIELD_NUMBER: _ClassVar[int]
    ARRIVED_FIELD_NUMBER: _ClassVar[int]
    TURNS_AFTER_ARRIVAL_FIELD_NUMBER: _ClassVar[int]
    BOTTLE_ROW_FIELD_NUMBER: _ClassVar[int]
    FLIPPED_IDS_FIELD_NUMBER: _ClassVar[int]
    TOP_ID_FIELD_NUMBER: _ClassVar[int]
    deck_size: int
    discard_ids: _containers.RepeatedScalarFieldContainer[str]
    revealed_ids: _containers.RepeatedScalarFieldContainer[str]
    dice: _containers.RepeatedScalarFieldContainer[int]
    ticks: int
    arrived: bool
    turns_after_arrival: int
    bottle_row: int
    flipped_ids: _containers.RepeatedScalarFieldContainer[str]
    top_id: str
    def __init__(self, deck_size: _Optional[int] = ..., discard_ids: _Optional[_Iterable[str]] = ..., revealed_ids: _Optional[_Iterable[str]] = ..., dice: _Optional[_Iterable[int]] = ..., ticks: _Optional[int] = ..., arrived: _Optional[bool] = ..., turns_after_arrival: _Optional[int] = ..., bottle_row: _Optional[int] = ..., flipped_ids: _Optional[_Iterable[str]] = ..., top_id: _Optional[str] = ...) -> None: ...

class TbbrDiceView(_message.Message):
    __slots__ = ("spectator", "seat", "num_players", "blocked_cheese", "mixed_goals", "toast", "phase", "current_seat", "round", "dice", "hand", "pick_target", "pick_from", "done_here", "claims", "claim_limit", "reuse_token", "pending_dice", "pending_mode", "display_ids", "pile_top_ids", "pile_sizes", "cheese_ids", "blocked_slot", "silver_left", "gold_left", "sprint_round", "players", "thomas", "victory", "title")
    SPECTATOR_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_CHEESE_FIELD_NUMBER: _ClassVar[int]
    MIXED_GOALS_FIELD_NUMBER: _ClassVar[int]
    TOAST_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CURRENT_SEAT_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DICE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PICK_TARGET_FIELD_NUMBER: _ClassVar[int]
    PICK_FROM_FIELD_NUMBER: _ClassVar[int]
    DONE_HERE_FIELD_NUMBER: _ClassVar[int]
    CLAIMS_FIELD_NUMBER: _ClassVar[int]
    CLAIM_LIMIT_FIELD_NUMBER: _ClassVar[int]
    REUSE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PENDING_DICE_FIELD_NUMBER: _ClassVar[int]
    PENDING_MODE_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_IDS_FIELD_NUMBER: _ClassVar[int]
    PILE_TOP_IDS_FIELD_NUMBER: _ClassVar[int]
    PILE_SIZES_FIELD_NUMBER: _ClassVar[int]
    CHEESE_IDS_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_SLOT_FIELD_NUMBER: _ClassVar[int]
    SILVER_LEFT_FIELD_NUMBER: _ClassVar[int]
    GOLD_LEFT_FIELD_NUMBER: _ClassVar[int]
    SPRINT_ROUND_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    THOMAS_FIELD_NUMBER: _ClassVar[int]
    VICTORY_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    spectator: bool
    seat: int
    num_players: int
    blocked_cheese: bool
    mixed_goals: bool
    toast: bool
    phase: TbbrDicePhase
    current_seat: int
    round: int
    dice: _containers.RepeatedCompositeFieldContainer[TbbrDiceDie]
    hand: _containers.RepeatedCompositeFieldContainer[TbbrDiceHandDie]
    pick_target: int
    pick_from: int
    done_here: _containers.RepeatedScalarFieldContainer[str]
    claims: int
    claim_limit: int
    reuse_token: bool
    pending_dice: _containers.RepeatedScalarFieldContainer[int]
    pending_mode: TbbrDiceRollMode
    display_ids: _containers.RepeatedScalarFieldContainer[str]
    pile_top_ids: _containers.RepeatedScalarFieldContainer[str]
    pile_sizes: _containers.RepeatedScalarFieldContainer[int]
    cheese_ids: _containers.RepeatedScalarFieldContainer[str]
    blocked_slot: int
    silver_left: int
    gold_left: int
    sprint_round: int
    players: _containers.RepeatedCompositeFieldContainer[TbbrDicePlayer]
    thomas: TbbrDiceThomas
    victory: bool
    title: str
    def __init__(self, spectator: _Optional[bool] = ..., seat: _Optional[int] = ..., num_players: _Optional[int] = ..., blocked_cheese: _Optional[bool] = ..., mixed_goals: _Optional[bool] = ..., toast: _Optional[bool] = ..., phase: _Optional[_Union[TbbrDicePhase, str]] = ..., current_seat: _Optional[int] = ..., round: _Optional[int] = ..., dice: _Optional[_Iterable[_Union[TbbrDiceDie, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[TbbrDiceHandDie, _Mapping]]] = ..., pick_target: _Optional[int] = ..., pick_from: _Optional[int] = ..., done_here: _Optional[_Iterable[str]] = ..., claims: _Optional[int] = ..., claim_limit: _Optional[int] = ..., reuse_token: _Optional[bool] = ..., pending_dice: _Optional[_Iterable[int]] = ..., pending_mode: _Optional[_Union[TbbrDiceRollMode, str]] = ..., display_ids: _Optional[_Iterable[str]] = ..., pile_top_ids: _Optional[_Iterable[str]] = ..., pile_sizes: _Optional[_Iterable[int]] = ..., cheese_ids: _Optional[_Iterable[str]] = ..., blocked_slot: _Optional[int] = ..., silver_left: _Optional[int] = ..., gold_left: _Optional[int] = ..., sprint_round: _Optional[int] = ..., players: _Optional[_Iterable[_Union[TbbrDicePlayer, _Mapping]]] = ..., thomas: _Optional[_Union[TbbrDiceThomas, _Mapping]] = ..., victory: _Optional[bool] = ..., title: _Optional[str] = ...) -> None: ...

class TbbrDiceDieFace(_message.Message):
    __slots__ = ("colour", "value")
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    colour: TbbrDiceColour
    value: int
    def __init__(self, colour: _Optional[_Union[TbbrDiceColour, str]] = ..., value: _Optional[int] = ...) -> None: ...

class TbbrDiceAction(_message.Message):
    __slots__ = ("choose_personal", "pick_die", "reroll_all", "take_all_and_roll", "skip_turn", "eat_cheese", "travel", "taste", "buy", "end_travel", "claim_goal", "end_turn")
    class ChoosePersonal(_message.Message):
        __slots__ = ("goal_id",)
        GOAL_ID_FIELD_NUMBER: _ClassVar[int]
        goal_id: str
        def __init__(self, goal_id: _Optional[str] = ...) -> None: ...
    class PickDie(_message.Message):
        __slots__ = ("die",)
        DIE_FIELD_NUMBER: _ClassVar[int]
        die: TbbrDiceDieFace
        def __init__(self, die: _Optional[_Union[TbbrDiceDieFace, _Mapping]] = ...) -> None: ...
    class RerollAll(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class TakeAllAndRoll(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class SkipTurn(_message.Message):
        __slots__ = ("replace_goal_ids",)
        REPLACE_GOAL_IDS_FIELD_NUMBER: _ClassVar[int]
        replace_goal_ids: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, replace_goal_ids: _Optional[_Iterable[str]] = ...) -> None: ...
    class EatCheese(_message.Message):
        __slots__ = ("slot", "cheese_id", "args")
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CHEESE_ID_FIELD_NUMBER: _ClassVar[int]
        ARGS_FIELD_NUMBER: _ClassVar[int]
        slot: int
        cheese_id: str
        args: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, slot: _Optional[int] = ..., cheese_id: _Optional[str] = ..., args: _Optional[_Iterable[str]] = ...) -> None: ...
    class Travel(_message.Message):
        __slots__ = ("destination_id", "colour", "values")
        DESTINATION_ID_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        VALUES_FIELD_NUMBER: _ClassVar[int]
        destination_id: str
        colour: TbbrDiceColour
        values: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, destination_id: _Optional[str] = ..., colour: _Optional[_Union[TbbrDiceColour, str]] = ..., values: _Optional[_Iterable[int]] = ...) -> None: ...
    class Taste(_message.Message):
        __slots__ = ("die",)
        DIE_FIELD_NUMBER: _ClassVar[int]
        die: TbbrDiceDieFace
        def __init__(self, die: _Optional[_Union[TbbrDiceDieFace, _Mapping]] = ...) -> None: ...
    class Buy(_message.Message):
        __slots__ = ("die",)
        DIE_FIELD_NUMBER: _ClassVar[int]
        die: TbbrDiceDieFace
        def __init__(self, die: _Optional[_Union[TbbrDiceDieFace, _Mapping]] = ...) -> None: ...
    class EndTravel(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    class ClaimGoal(_message.Message):
        __slots__ = ("goal_id", "as_colour")
        GOAL_ID_FIELD_NUMBER: _ClassVar[int]
        AS_COLOUR_FIELD_NUMBER: _ClassVar[int]
        goal_id: str
        as_colour: TbbrDiceColour
        def __init__(self, goal_id: _Optional[str] = ..., as_colour: _Optional[_Union[TbbrDiceColour, str]] = ...) -> None: ...
    class EndTurn(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    CHOOSE_PERSONAL_FIELD_NUMBER: _ClassVar[int]
    PICK_DIE_FIELD_NUMBER: _ClassVar[int]
    REROLL_ALL_FIELD_NUMBER: _ClassVar[int]
    TAKE_ALL_AND_ROLL_FIELD_NUMBER: _ClassVar[int]
    SKIP_TURN_FIELD_NUMBER: _ClassVar[int]
    EAT_CHEESE_FIELD_NUMBER: _ClassVar[int]
    TRAVEL_FIELD_NUMBER: _ClassVar[int]
    TASTE_FIELD_NUMBER: _ClassVar[int]
    BUY_FIELD_NUMBER: _ClassVar[int]
    END_TRAVEL_FIELD_NUMBER: _ClassVar[int]
    CLAIM_GOAL_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    choose_personal: TbbrDiceAction.ChoosePersonal
    pick_die: TbbrDiceAction.PickDie
    reroll_all: TbbrDiceAction.RerollAll
    take_all_and_roll: TbbrDiceAction.TakeAllAndRoll
    skip_turn: TbbrDiceAction.SkipTurn
    eat_cheese: TbbrDiceAction.EatCheese
    travel: TbbrDiceAction.Travel
    taste: TbbrDiceAction.Taste
    buy: TbbrDiceAction.Buy
    end_travel: TbbrDiceAction.EndTravel
    claim_goal: TbbrDiceAction.ClaimGoal
    end_turn: TbbrDiceAction.EndTurn
    def __init__(self, choose_personal: _Optional[_Union[TbbrDiceAction.ChoosePersonal, _Mapping]] = ..., pick_die: _Optional[_Union[TbbrDiceAction.PickDie, _Mapping]] = ..., reroll_all: _Optional[_Union[TbbrDiceAction.RerollAll, _Mapping]] = ..., take_all_and_roll: _Optional[_Union[TbbrDiceAction.TakeAllAndRoll, _Mapping]] = ..., skip_turn: _Optional[_Union[TbbrDiceAction.SkipTurn, _Mapping]] = ..., eat_cheese: _Optional[_Union[TbbrDiceAction.EatCheese, _Mapping]] = ..., travel: _Optional[_Union[TbbrDiceAction.Travel, _Mapping]] = ..., taste: _Optional[_Union[TbbrDiceAction.Taste, _Mapping]] = ..., buy: _Optional[_Union[TbbrDiceAction.Buy, _Mapping]] = ..., end_travel: _Optional[_Union[TbbrDiceAction.EndTravel, _Mapping]] = ..., claim_goal: _Optional[_Union[TbbrDiceAction.ClaimGoal, _Mapping]] = ..., end_turn: _Optional[_Union[TbbrDiceAction.EndTurn, _Mapping]] = ...) -> None: ...

class TbbrDiceEvent(_message.Message):
    __slots__ = ("seat", "dice_rolled", "dice_taken", "travelled", "hop_ticked", "cheese_eaten", "goal_claimed", "goals_replaced", "personal_dealt", "personal_chosen", "final_sprint", "podium", "toast", "thomas_dice", "goal_flipped", "game_over", "marker")
    class DiceRolled(_message.Message):
        __slots__ = ("dice", "values", "mode")
        DICE_FIELD_NUMBER: _ClassVar[int]
        VALUES_FIELD_NUMBER: _ClassVar[int]
        MODE_FIELD_NUMBER: _ClassVar[int]
        dice: _containers.RepeatedScalarFieldContainer[int]
        values: _containers.RepeatedScalarFieldContainer[int]
        mode: TbbrDiceRollMode
        def __init__(self, dice: _Optional[_Iterable[int]] = ..., values: _Optional[_Iterable[int]] = ..., mode: _Optional[_Union[TbbrDiceRollMode, str]] = ...) -> None: ...
    class DiceTaken(_message.Message):
        __slots__ = ("dice", "values")
        DICE_FIELD_NUMBER: _ClassVar[int]
        VALUES_FIELD_NUMBER: _ClassVar[int]
        dice: _containers.RepeatedScalarFieldContainer[int]
        values: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, dice: _Optional[_Iterable[int]] = ..., values: _Optional[_Iterable[int]] = ...) -> None: ...
    class Travelled(_message.Message):
        __slots__ = ("road_id", "destination_id", "colour", "values", "environment", "new_brewery")
        ROAD_ID_FIELD_NUMBER: _ClassVar[int]
        DESTINATION_ID_FIELD_NUMBER: _ClassVar[int]
        COLOUR_FIELD_NUMBER: _ClassVar[int]
        VALUES_FIELD_NUMBER: _ClassVar[int]
        ENVIRONMENT_FIELD_NUMBER: _ClassVar[int]
        NEW_BREWERY_FIELD_NUMBER: _ClassVar[int]
        road_id: str
        destination_id: str
        colour: TbbrDiceColour
        values: _containers.RepeatedScalarFieldContainer[int]
        environment: bool
        new_brewery: bool
        def __init__(self, road_id: _Optional[str] = ..., destination_id: _Optional[str] = ..., colour: _Optional[_Union[TbbrDiceColour, str]] = ..., values: _Optional[_Iterable[int]] = ..., environment: _Optional[bool] = ..., new_brewery: _Optional[bool] = ...) -> None: ...
    class HopTicked(_message.Message):
        __slots__ = ("brewery_id", "buy", "die")
        BREWERY_ID_FIELD_NUMBER: _ClassVar[int]
        BUY_FIELD_NUMBER: _ClassVar[int]
        DIE_FIELD_NUMBER: _ClassVar[int]
        brewery_id: str
        buy: bool
        die: TbbrDiceDieFace
        def __init__(self, brewery_id: _Optional[str] = ..., buy: _Optional[bool] = ..., die: _Optional[_Union[TbbrDiceDieFace, _Mapping]] = ...) -> None: ...
    class CheeseEaten(_message.Message):
        __slots__ = ("slot", "cheese_id", "args")
        SLOT_FIELD_NUMBER: _ClassVar[int]
        CHEESE_ID_FIELD_NUMBER: _ClassVar[int]
        ARGS_FIELD_NUMBER: _ClassVar[int]
        slot: int
        cheese_id: str
        args: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, slot: _Optional[int] = ..., cheese_id: _Optional[str] = ..., args: _Optional[_Iterable[str]] = ...) -> None: ...
    class GoalClaimed(_message.Message):
        __slots__ = ("goal_id", "counted_as", "points")
        GOAL_ID_FIELD_NUMBER: _ClassVar[int]
        COUNTED_AS_FIELD_NUMBER: _ClassVar[int]
        POINTS_FIELD_NUMBER: _ClassVar[int]
        goal_id: str
        counted_as: TbbrDiceColour
        points: int
        def __init__(self, goal_id: _Optional[str] = ..., counted_as: _Optional[_Union[TbbrDiceColour, str]] = ..., points: _Optional[int] = ...) -> None: ...
    class GoalsReplaced(_message.Message):
        __slots__ = ("goal_ids",)
        GOAL_IDS_FIELD_NUMBER: _ClassVar[int]
        goal_ids: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, goal_ids: _Optional[_Iterable[str]] = ...) -> None: ...
    class PersonalDealt(_message.Message):
        __slots__ = ("offer_ids",)
        OFFER_IDS_FIELD_NUMBER: _ClassVar[int]
        offer_ids: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, offer_ids: _Optional[_Iterable[str]] = ...) -> None: ...
    class PersonalChosen(_message.Message):
        __slots__ = ("goal_id",)
        GOAL_ID_FIELD_NUMBER: _ClassVar[int]
        goal_id: str
        def __init__(self, goal_id: _Optional[str] = ...) -> None: ...
    class FinalSprint(_message.Message):
        __slots__ = ("round",)
        ROUND_FIELD_NUMBER: _ClassVar[int]
        round: int
        def __init__(self, round: _Optional[int] = ...) -> None: ...
    class Podium(_message.Message):
        __slots__ = ("points",)
        POINTS_FIELD_NUMBER: _ClassVar[int]
        points: int
        def __init__(self, points: _Optional[int] = ...) -> None: ...
    class Toast(_message.Message):
        __slots__ = ("brewery_id", "seats")
        BREWERY_ID_FIELD_NUMBER: _ClassVar[int]
        SEATS_FIELD_NUMBER: _ClassVar[int]
        brewery_id: str
        seats: _containers.RepeatedScalarFieldContainer[int]
        def __init__(self, brewery_id: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...
    class ThomasDice(_message.Message):
        __slots__ = ("dice", "revealed_ids")
        DICE_FIELD_NUMBER: _ClassVar[int]
        REVEALED_IDS_FIELD_NUMBER: _ClassVar[int]
        dice: _containers.RepeatedScalarFieldContainer[int]
        revealed_ids: _containers.RepeatedScalarFieldContainer[str]
        def __init__(self, dice: _Optional[_Iterable[int]] = ..., revealed_ids: _Optional[_Iterable[str]] = ...) -> None: ...
    class GoalFlipped(_message.Message):
        __slots__ = ("goal_id", "row")
        GOAL_ID_FIELD_NUMBER: _ClassVar[int]
        ROW_FIELD_NUMBER: _ClassVar[int]
        goal_id: str
        row: int
        def __init__(self, goal_id: _Optional[str] = ..., row: _Optional[int] = ...) -> None: ...
    class GameOver(_message.Message):
        __slots__ = ("scores", "ranking", "title")
        SCORES_FIELD_NUMBER: _ClassVar[int]
        RANKING_FIELD_NUMBER: _ClassVar[int]
        TITLE_FIELD_NUMBER: _ClassVar[int]
        scores: _containers.RepeatedScalarFieldContainer[float]
        ranking: _containers.RepeatedScalarFieldContainer[int]
        title: str
        def __init__(self, scores: _Optional[_Iterable[float]] = ..., ranking: _Optional[_Iterable[int]] = ..., title: _Optional[str] = ...) -> None: ...
    class Marker(_message.Message):
        __slots__ = ()
        def __init__(self) -> None: ...
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DICE_ROLLED_FIELD_NUMBER: _ClassVar[int]
    DICE_TAKEN_FIELD_NUMBER: _ClassVar[int]
    TRAVELLED_FIELD_NUMBER: _ClassVar[int]
    HOP_TICKED_FIELD_NUMBER: _ClassVar[int]
    CHEESE_EATEN_FIELD_NUMBER: _ClassVar[int]
    GOAL_CLAIMED_FIELD_NUMBER: _ClassVar[int]
    GOALS_REPLACED_FIELD_NUMBER: _ClassVar[int]
    PERSONAL_DEALT_FIELD_NUMBER: _ClassVar[int]
    PERSONAL_CHOSEN_FIELD_NUMBER: _ClassVar[int]
    FINAL_SPRINT_FIELD_NUMBER: _ClassVar[int]
    PODIUM_FIELD_NUMBER: _ClassVar[int]
    TOAST_FIELD_NUMBER: _ClassVar[int]
    THOMAS_DICE_FIELD_NUMBER: _ClassVar[int]
    GOAL_FLIPPED_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    MARKER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    dice_rolled: TbbrDiceEvent.DiceRolled
    dice_taken: TbbrDiceEvent.DiceTaken
    travelled: TbbrDiceEvent.Travelled
    hop_ticked: TbbrDiceEvent.HopTicked
    cheese_eaten: TbbrDiceEvent.CheeseEaten
    goal_claimed: TbbrDiceEvent.GoalClaimed
    goals_replaced: TbbrDiceEvent.GoalsReplaced
    personal_dealt: TbbrDiceEvent.PersonalDealt
    personal_chosen: TbbrDiceEvent.PersonalChosen
    final_sprint: TbbrDiceEvent.FinalSprint
    podium: TbbrDiceEvent.Podium
    toast: TbbrDiceEvent.Toast
    thomas_dice: TbbrDiceEvent.ThomasDice
    goal_flipped: TbbrDiceEvent.GoalFlipped
    game_over: TbbrDiceEvent.GameOver
    marker: TbbrDiceEvent.Marker
    def __init__(self, seat: _Optional[int] = ..., dice_rolled: _Optional[_Union[TbbrDiceEvent.DiceRolled, _Mapping]] = ..., dice_taken: _Optional[_Union[TbbrDiceEvent.DiceTaken, _Mapping]] = ..., travelled: _Optional[_Union[TbbrDiceEvent.Travelled, _Mapping]] = ..., hop_ticked: _Optional[_Union[TbbrDiceEvent.HopTicked, _Mapping]] = ..., cheese_eaten: _Optional[_Union[TbbrDiceEvent.CheeseEaten, _Mapping]] = ..., goal_claimed: _Optional[_Union[TbbrDiceEvent.GoalClaimed, _Mapping]] = ..., goals_replaced: _Optional[_Union[TbbrDiceEvent.GoalsReplaced, _Mapping]] = ..., personal_dealt: _Optional[_Union[TbbrDiceEvent.PersonalDealt, _Mapping]] = ..., personal_chosen: _Optional[_Union[TbbrDiceEvent.PersonalChosen, _Mapping]] = ..., final_sprint: _Optional[_Union[TbbrDiceEvent.FinalSprint, _Mapping]] = ..., podium: _Optional[_Union[TbbrDiceEvent.Podium, _Mapping]] = ..., toast: _Optional[_Union[TbbrDiceEvent.Toast, _Mapping]] = ..., thomas_dice: _Optional[_Union[TbbrDiceEvent.ThomasDice, _Mapping]] = ..., goal_flipped: _Optional[_Union[TbbrDiceEvent.GoalFlipped, _Mapping]] = ..., game_over: _Optional[_Union[TbbrDiceEvent.GameOver, _Mapping]] = ..., marker: _Optional[_Union[TbbrDiceEvent.Marker, _Mapping]] = ...) -> None: ...
