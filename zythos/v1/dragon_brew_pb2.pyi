from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class DragonBrewView(_message.Message):
    __slots__ = ("seat", "num_players", "corrupt", "phase", "year", "order", "turn", "acted", "drafted", "cleared_draft", "cleared_offer", "closing", "tasks", "reaction", "pool_brewery", "pool_events", "offer_barrels", "offer_spices", "judges", "ogre", "bribes", "judge_at", "gnomes_left", "tokens_left", "brewery_discard", "event_discard", "barrel_discard", "spice_discard", "judges_used", "boxed_cards", "players", "brewery_deck_size", "event_deck_size", "barrel_deck_size", "spice_deck_size", "judge_deck_size")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NUM_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CORRUPT_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    YEAR_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTED_FIELD_NUMBER: _ClassVar[int]
    DRAFTED_FIELD_NUMBER: _ClassVar[int]
    CLEARED_DRAFT_FIELD_NUMBER: _ClassVar[int]
    CLEARED_OFFER_FIELD_NUMBER: _ClassVar[int]
    CLOSING_FIELD_NUMBER: _ClassVar[int]
    TASKS_FIELD_NUMBER: _ClassVar[int]
    REACTION_FIELD_NUMBER: _ClassVar[int]
    POOL_BREWERY_FIELD_NUMBER: _ClassVar[int]
    POOL_EVENTS_FIELD_NUMBER: _ClassVar[int]
    OFFER_BARRELS_FIELD_NUMBER: _ClassVar[int]
    OFFER_SPICES_FIELD_NUMBER: _ClassVar[int]
    JUDGES_FIELD_NUMBER: _ClassVar[int]
    OGRE_FIELD_NUMBER: _ClassVar[int]
    BRIBES_FIELD_NUMBER: _ClassVar[int]
    JUDGE_AT_FIELD_NUMBER: _ClassVar[int]
    GNOMES_LEFT_FIELD_NUMBER: _ClassVar[int]
    TOKENS_LEFT_FIELD_NUMBER: _ClassVar[int]
    BREWERY_DISCARD_FIELD_NUMBER: _ClassVar[int]
    EVENT_DISCARD_FIELD_NUMBER: _ClassVar[int]
    BARREL_DISCARD_FIELD_NUMBER: _ClassVar[int]
    SPICE_DISCARD_FIELD_NUMBER: _ClassVar[int]
    JUDGES_USED_FIELD_NUMBER: _ClassVar[int]
    BOXED_CARDS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    BREWERY_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    EVENT_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    BARREL_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    SPICE_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    JUDGE_DECK_SIZE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    num_players: int
    corrupt: bool
    phase: str
    year: int
    order: _containers.RepeatedScalarFieldContainer[int]
    turn: int
    acted: bool
    drafted: bool
    cleared_draft: bool
    cleared_offer: bool
    closing: bool
    tasks: _containers.RepeatedCompositeFieldContainer[DragonBrewTask]
    reaction: int
    pool_brewery: _containers.RepeatedScalarFieldContainer[str]
    pool_events: _containers.RepeatedScalarFieldContainer[str]
    offer_barrels: _containers.RepeatedScalarFieldContainer[str]
    offer_spices: _containers.RepeatedScalarFieldContainer[str]
    judges: _containers.RepeatedScalarFieldContainer[str]
    ogre: _containers.RepeatedScalarFieldContainer[int]
    bribes: _containers.RepeatedCompositeFieldContainer[DragonBrewBribe]
    judge_at: int
    gnomes_left: int
    tokens_left: int
    brewery_discard: _containers.RepeatedScalarFieldContainer[str]
    event_discard: _containers.RepeatedScalarFieldContainer[str]
    barrel_discard: _containers.RepeatedScalarFieldContainer[str]
    spice_discard: _containers.RepeatedScalarFieldContainer[str]
    judges_used: _containers.RepeatedScalarFieldContainer[str]
    boxed_cards: _containers.RepeatedScalarFieldContainer[str]
    players: _containers.RepeatedCompositeFieldContainer[DragonBrewPlayer]
    brewery_deck_size: int
    event_deck_size: int
    barrel_deck_size: int
    spice_deck_size: int
    judge_deck_size: int
    def __init__(self, seat: _Optional[int] = ..., num_players: _Optional[int] = ..., corrupt: _Optional[bool] = ..., phase: _Optional[str] = ..., year: _Optional[int] = ..., order: _Optional[_Iterable[int]] = ..., turn: _Optional[int] = ..., acted: _Optional[bool] = ..., drafted: _Optional[bool] = ..., cleared_draft: _Optional[bool] = ..., cleared_offer: _Optional[bool] = ..., closing: _Optional[bool] = ..., tasks: _Optional[_Iterable[_Union[DragonBrewTask, _Mapping]]] = ..., reaction: _Optional[int] = ..., pool_brewery: _Optional[_Iterable[str]] = ..., pool_events: _Optional[_Iterable[str]] = ..., offer_barrels: _Optional[_Iterable[str]] = ..., offer_spices: _Optional[_Iterable[str]] = ..., judges: _Optional[_Iterable[str]] = ..., ogre: _Optional[_Iterable[int]] = ..., bribes: _Optional[_Iterable[_Union[DragonBrewBribe, _Mapping]]] = ..., judge_at: _Optional[int] = ..., gnomes_left: _Optional[int] = ..., tokens_left: _Optional[int] = ..., brewery_discard: _Optional[_Iterable[str]] = ..., event_discard: _Optional[_Iterable[str]] = ..., barrel_discard: _Optional[_Iterable[str]] = ..., spice_discard: _Optional[_Iterable[str]] = ..., judges_used: _Optional[_Iterable[str]] = ..., boxed_cards: _Optional[_Iterable[str]] = ..., players: _Optional[_Iterable[_Union[DragonBrewPlayer, _Mapping]]] = ..., brewery_deck_size: _Optional[int] = ..., event_deck_size: _Optional[int] = ..., barrel_deck_size: _Optional[int] = ..., spice_deck_size: _Optional[int] = ..., judge_deck_size: _Optional[int] = ...) -> None: ...

class DragonBrewTask(_message.Message):
    __slots__ = ("kind", "args")
    KIND_FIELD_NUMBER: _ClassVar[int]
    ARGS_FIELD_NUMBER: _ClassVar[int]
    kind: str
    args: _containers.RepeatedCompositeFieldContainer[DragonBrewTaskArg]
    def __init__(self, kind: _Optional[str] = ..., args: _Optional[_Iterable[_Union[DragonBrewTaskArg, _Mapping]]] = ...) -> None: ...

class DragonBrewTaskArg(_message.Message):
    __slots__ = ("text", "number")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    text: str
    number: int
    def __init__(self, text: _Optional[str] = ..., number: _Optional[int] = ...) -> None: ...

class DragonBrewBribe(_message.Message):
    __slots__ = ("seat", "gold")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    gold: int
    def __init__(self, seat: _Optional[int] = ..., gold: _Optional[int] = ...) -> None: ...

class DragonBrewEstateCard(_message.Message):
    __slots__ = ("card_id", "upgrade_ids", "own", "gnomes", "used")
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    UPGRADE_IDS_FIELD_NUMBER: _ClassVar[int]
    OWN_FIELD_NUMBER: _ClassVar[int]
    GNOMES_FIELD_NUMBER: _ClassVar[int]
    USED_FIELD_NUMBER: _ClassVar[int]
    card_id: str
    upgrade_ids: _containers.RepeatedScalarFieldContainer[str]
    own: int
    gnomes: int
    used: int
    def __init__(self, card_id: _Optional[str] = ..., upgrade_ids: _Optional[_Iterable[str]] = ..., own: _Optional[int] = ..., gnomes: _Optional[int] = ..., used: _Optional[int] = ...) -> None: ...

class DragonBrewBeer(_message.Message):
    __slots__ = ("recipe_ids",)
    RECIPE_IDS_FIELD_NUMBER: _ClassVar[int]
    recipe_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, recipe_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class DragonBrewPlayer(_message.Message):
    __slots__ = ("race", "vp", "ribbons", "disk", "brewers", "gnomes", "housed", "away", "doomed", "estate", "brewed", "winter", "presented", "ribboned", "book_size", "shadow_count", "gold", "goods", "book", "brews", "shadow", "kept", "owed")
    RACE_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    RIBBONS_FIELD_NUMBER: _ClassVar[int]
    DISK_FIELD_NUMBER: _ClassVar[int]
    BREWERS_FIELD_NUMBER: _ClassVar[int]
    GNOMES_FIELD_NUMBER: _ClassVar[int]
    HOUSED_FIELD_NUMBER: _ClassVar[int]
    AWAY_FIELD_NUMBER: _ClassVar[int]
    DOOMED_FIELD_NUMBER: _ClassVar[int]
    ESTATE_FIELD_NUMBER: _ClassVar[int]
    BREWED_FIELD_NUMBER: _ClassVar[int]
    WINTER_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_FIELD_NUMBER: _ClassVar[int]
    RIBBONED_FIELD_NUMBER: _ClassVar[int]
    BOOK_SIZE_FIELD_NUMBER: _ClassVar[int]
    SHADOW_COUNT_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    GOODS_FIELD_NUMBER: _ClassVar[int]
    BOOK_FIELD_NUMBER: _ClassVar[int]
    BREWS_FIELD_NUMBER: _ClassVar[int]
    SHADOW_FIELD_NUMBER: _ClassVar[int]
    KEPT_FIELD_NUMBER: _ClassVar[int]
    OWED_FIELD_NUMBER: _ClassVar[int]
    race: str
    vp: int
    ribbons: int
    disk: int
    brewers: int
    gnomes: int
    housed: int
    away: int
    doomed: int
    estate: _containers.RepeatedCompositeFieldContainer[DragonBrewEstateCard]
    brewed: bool
    winter: str
    presented: _containers.RepeatedCompositeFieldContainer[DragonBrewBeer]
    ribboned: _containers.RepeatedScalarFieldContainer[int]
    book_size: int
    shadow_count: int
    gold: int
    goods: _containers.RepeatedScalarFieldContainer[int]
    book: _containers.RepeatedScalarFieldContainer[str]
    brews: _containers.RepeatedCompositeFieldContainer[DragonBrewBeer]
    shadow: _containers.RepeatedScalarFieldContainer[str]
    kept: _containers.RepeatedScalarFieldContainer[int]
    owed: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, race: _Optional[str] = ..., vp: _Optional[int] = ..., ribbons: _Optional[int] = ..., disk: _Optional[int] = ..., brewers: _Optional[int] = ..., gnomes: _Optional[int] = ..., housed: _Optional[int] = ..., away: _Optional[int] = ..., doomed: _Optional[int] = ..., estate: _Optional[_Iterable[_Union[DragonBrewEstateCard, _Mapping]]] = ..., brewed: _Optional[bool] = ..., winter: _Optional[str] = ..., presented: _Optional[_Iterable[_Union[DragonBrewBeer, _Mapping]]] = ..., ribboned: _Optional[_Iterable[int]] = ..., book_size: _Optional[int] = ..., shadow_count: _Optional[int] = ..., gold: _Optional[int] = ..., goods: _Optional[_Iterable[int]] = ..., book: _Optional[_Iterable[str]] = ..., brews: _Optional[_Iterable[_Union[DragonBrewBeer, _Mapping]]] = ..., shadow: _Optional[_Iterable[str]] = ..., kept: _Optional[_Iterable[int]] = ..., owed: _Optional[_Iterable[str]] = ...) -> None: ...

class DragonBrewAction(_message.Message):
    __slots__ = ("kind", "arg")
    KIND_FIELD_NUMBER: _ClassVar[int]
    ARG_FIELD_NUMBER: _ClassVar[int]
    kind: str
    arg: str
    def __init__(self, kind: _Optional[str] = ..., arg: _Optional[str] = ...) -> None: ...

class DragonBrewAmount(_message.Message):
    __slots__ = ("name", "amount")
    NAME_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    name: str
    amount: int
    def __init__(self, name: _Optional[str] = ..., amount: _Optional[int] = ...) -> None: ...

class DragonBrewEvent(_message.Message):
    __slots__ = ("card_used", "card_burned", "drafted", "took", "mashed", "cleared", "recipe_taken", "recipe_drawn", "recipe_seen", "ogre_ruled", "bribed", "brewing", "brewed", "judge_swapped", "presented", "awarded", "judge_discarded", "profit", "kept", "spring", "paid")
    CARD_USED_FIELD_NUMBER: _ClassVar[int]
    CARD_BURNED_FIELD_NUMBER: _ClassVar[int]
    DRAFTED_FIELD_NUMBER: _ClassVar[int]
    TOOK_FIELD_NUMBER: _ClassVar[int]
    MASHED_FIELD_NUMBER: _ClassVar[int]
    CLEARED_FIELD_NUMBER: _ClassVar[int]
    RECIPE_TAKEN_FIELD_NUMBER: _ClassVar[int]
    RECIPE_DRAWN_FIELD_NUMBER: _ClassVar[int]
    RECIPE_SEEN_FIELD_NUMBER: _ClassVar[int]
    OGRE_RULED_FIELD_NUMBER: _ClassVar[int]
    BRIBED_FIELD_NUMBER: _ClassVar[int]
    BREWING_FIELD_NUMBER: _ClassVar[int]
    BREWED_FIELD_NUMBER: _ClassVar[int]
    JUDGE_SWAPPED_FIELD_NUMBER: _ClassVar[int]
    PRESENTED_FIELD_NUMBER: _ClassVar[int]
    AWARDED_FIELD_NUMBER: _ClassVar[int]
    JUDGE_DISCARDED_FIELD_NUMBER: _ClassVar[int]
    PROFIT_FIELD_NUMBER: _ClassVar[int]
    KEPT_FIELD_NUMBER: _ClassVar[int]
    SPRING_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    card_used: DragonBrewCardUsed
    card_burned: DragonBrewCard
    drafted: DragonBrewDrafted
    took: DragonBrewIngredient
    mashed: DragonBrewIngredient
    cleared: DragonBrewCard
    recipe_taken: DragonBrewRecipe
    recipe_drawn: DragonBrewDeck
    recipe_seen: DragonBrewRecipe
    ogre_ruled: DragonBrewJudgeSlot
    bribed: DragonBrewBribed
    brewing: DragonBrewRecipe
    brewed: DragonBrewBeer
    judge_swapped: DragonBrewJudgeSwapped
    presented: DragonBrewPresented
    awarded: DragonBrewAwarded
    judge_discarded: DragonBrewJudge
    profit: DragonBrewProfit
    kept: DragonBrewIngredient
    spring: DragonBrewSpring
    paid: DragonBrewIngredient
    def __init__(self, card_used: _Optional[_Union[DragonBrewCardUsed, _Mapping]] = ..., card_burned: _Optional[_Union[DragonBrewCard, _Mapping]] = ..., drafted: _Optional[_Union[DragonBrewDrafted, _Mapping]] = ..., took: _Optional[_Union[DragonBrewIngredient, _Mapping]] = ..., mashed: _Optional[_Union[DragonBrewIngredient, _Mapping]] = ..., cleared: _Optional[_Union[DragonBrewCard, _Mapping]] = ..., recipe_taken: _Optional[_Union[DragonBrewRecipe, _Mapping]] = ..., recipe_drawn: _Optional[_Union[DragonBrewDeck, _Mapping]] = ..., recipe_seen: _Optional[_Union[DragonBrewRecipe, _Mapping]] = ..., ogre_ruled: _Optional[_Union[DragonBrewJudgeSlot, _Mapping]] = ..., bribed: _Optional[_Union[DragonBrewBribed, _Mapping]] = ..., brewing: _Optional[_Union[DragonBrewRecipe, _Mapping]] = ..., brewed: _Optional[_Union[DragonBrewBeer, _Mapping]] = ..., judge_swapped: _Optional[_Union[DragonBrewJudgeSwapped, _Mapping]] = ..., presented: _Optional[_Union[DragonBrewPresented, _Mapping]] = ..., awarded: _Optional[_Union[DragonBrewAwarded, _Mapping]] = ..., judge_discarded: _Optional[_Union[DragonBrewJudge, _Mapping]] = ..., profit: _Optional[_Union[DragonBrewProfit, _Mapping]] = ..., kept: _Optional[_Union[DragonBrewIngredient, _Mapping]] = ..., spring: _Optional[_Union[DragonBrewSpring, _Mapping]] = ..., paid: _Optional[_Union[DragonBrewIngredient, _Mapping]] = ...) -> None: ...

class DragonBrewCardUsed(_message.Message):
    __slots__ = ("card_id", "owner", "gain")
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    GAIN_FIELD_NUMBER: _ClassVar[int]
    card_id: str
    owner: int
    gain: _containers.RepeatedCompositeFieldContainer[DragonBrewAmount]
    def __init__(self, card_id: _Optional[str] = ..., owner: _Optional[int] = ..., gain: _Optional[_Iterable[_Union[DragonBrewAmount, _Mapping]]] = ...) -> None: ...

class DragonBrewCard(_message.Message):
    __slots__ = ("card_id",)
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    card_id: str
    def __init__(self, card_id: _Optional[str] = ...) -> None: ...

class DragonBrewDrafted(_message.Message):
    __slots__ = ("card_id", "deck", "free", "vp")
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    FREE_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    card_id: str
    deck: str
    free: bool
    vp: int
    def __init__(self, card_id: _Optional[str] = ..., deck: _Optional[str] = ..., free: _Optional[bool] = ..., vp: _Optional[int] = ...) -> None: ...

class DragonBrewIngredient(_message.Message):
    __slots__ = ("ingredient",)
    INGREDIENT_FIELD_NUMBER: _ClassVar[int]
    ingredient: str
    def __init__(self, ingredient: _Optional[str] = ...) -> None: ...

class DragonBrewRecipe(_message.Message):
    __slots__ = ("recipe_id",)
    RECIPE_ID_FIELD_NUMBER: _ClassVar[int]
    recipe_id: str
    def __init__(self, recipe_id: _Optional[str] = ...) -> None: ...

class DragonBrewDeck(_message.Message):
    __slots__ = ("deck",)
    DECK_FIELD_NUMBER: _ClassVar[int]
    deck: str
    def __init__(self, deck: _Optional[str] = ...) -> None: ...

class DragonBrewJudgeSlot(_message.Message):
    __slots__ = ("slot",)
    SLOT_FIELD_NUMBER: _ClassVar[int]
    slot: int
    def __init__(self, slot: _Optional[int] = ...) -> None: ...

class DragonBrewBribed(_message.Message):
    __slots__ = ("slot", "gold")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    GOLD_FIELD_NUMBER: _ClassVar[int]
    slot: int
    gold: int
    def __init__(self, slot: _Optional[int] = ..., gold: _Optional[int] = ...) -> None: ...

class DragonBrewJudgeSwapped(_message.Message):
    __slots__ = ("slot", "judge_id")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    JUDGE_ID_FIELD_NUMBER: _ClassVar[int]
    slot: int
    judge_id: str
    def __init__(self, slot: _Optional[int] = ..., judge_id: _Optional[str] = ...) -> None: ...

class DragonBrewPresented(_message.Message):
    __slots__ = ("recipe_ids", "colour", "strength", "bitterness")
    RECIPE_IDS_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    BITTERNESS_FIELD_NUMBER: _ClassVar[int]
    recipe_ids: _containers.RepeatedScalarFieldContainer[str]
    colour: int
    strength: int
    bitterness: int
    def __init__(self, recipe_ids: _Optional[_Iterable[str]] = ..., colour: _Optional[int] = ..., strength: _Optional[int] = ..., bitterness: _Optional[int] = ...) -> None: ...

class DragonBrewAwarded(_message.Message):
    __slots__ = ("judge_id", "vp", "beer")
    JUDGE_ID_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    BEER_FIELD_NUMBER: _ClassVar[int]
    judge_id: str
    vp: int
    beer: int
    def __init__(self, judge_id: _Optional[str] = ..., vp: _Optional[int] = ..., beer: _Optional[int] = ...) -> None: ...

class DragonBrewJudge(_message.Message):
    __slots__ = ("judge_id",)
    JUDGE_ID_FIELD_NUMBER: _ClassVar[int]
    judge_id: str
    def __init__(self, judge_id: _Optional[str] = ...) -> None: ...

class DragonBrewProfit(_message.Message):
    __slots__ = ("gold", "vp")
    GOLD_FIELD_NUMBER: _ClassVar[int]
    VP_FIELD_NUMBER: _ClassVar[int]
    gold: int
    vp: int
    def __init__(self, gold: _Optional[int] = ..., vp: _Optional[int] = ...) -> None: ...

class DragonBrewSpring(_message.Message):
    __slots__ = ("order",)
    ORDER_FIELD_NUMBER: _ClassVar[int]
    order: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, order: _Optional[_Iterable[int]] = ...) -> None: ...
