"""Game setup (rulebook "Game Setup", steps 1-10, and the Corrupt Judge variant's changes).

Races are chosen per seat, any race at any player count, or dealt at random, by default among
those the "Player Race Overview" suggests for this player count ("Not following these suggested
guidelines may slightly affect the player race balancing"); seat 0 is the first player (the
server seats players; "who most recently drank an entire beer" is not something it can ask).
"""

from __future__ import annotations

from engine.core.errors import InvalidOptions
from engine.core.rng import Rng
from engine.dragon_brew.components import (
    EXTRA_GOLD,
    INGREDIENTS,
    MIGRANT_GNOMES,
    POOL_SIZE,
    SPELL_TOKENS,
    card,
    components,
)
from engine.dragon_brew.decks import refill
from engine.dragon_brew.estate import add_upgrade
from engine.dragon_brew.player import Player
from engine.dragon_brew.table import DragonBrewState

CORRUPT_BOXED = 14  # variant step 8: "Remove the top fourteen cards from the Judge deck"
SHADOW_JUDGES = 3


def suggested_races(players: int) -> list[str]:
    """The races whose "Players" column in the "Player Race Overview" includes ``players``."""
    return [rid for rid, race in components().races.items() if race.min_players <= players]


def choose_races(players: int, wanted: list[str], suggested_only: bool, rng: Rng) -> list[str]:
    """Each seat's race: the one asked for, or a random one nobody else plays (``suggested_only``:
    among the races suggested for this player count)."""
    fixed = [r for r in wanted if r != "random"]
    if len(set(fixed)) != len(fixed):
        raise InvalidOptions("two seats cannot play the same race")
    dealt = suggested_races(players) if suggested_only else list(components().races)
    free = [r for r in dealt if r not in fixed]
    rng.shuffle(free)
    return [r if r != "random" else free.pop() for r in wanted]


def _player(race_id: str) -> Player:
    race = components().races[race_id]
    goods = [0] * len(INGREDIENTS)
    for name, n in race.grain:
        goods[INGREDIENTS.index(name)] = n
    player = Player.fresh(race=race_id, brewers=race.brewers, gold=race.gold, goods=goods)
    player.estate = [[cid, [], 0, 0, 0] for cid in race.estate if card(cid).kind != "upgrade"]
    ability = card(race.ability)
    if ability.kind == "upgrade":  # step 2: "Upgrade cards are placed under their associated actions"
        add_upgrade(player, ability)
    return player


def new_state(
    players: int, races: list[str], corrupt: bool, seed: int, *, suggested_only: bool = True
) -> DragonBrewState:
    rng = Rng(seed)
    comps = components()
    chosen = choose_races(players, races, suggested_only, rng)
    state = DragonBrewState.fresh(
        players, corrupt=corrupt, rng=rng, players=[_player(r) for r in chosen],
        gnomes_left=MIGRANT_GNOMES, tokens_left=SPELL_TOKENS, order=list(range(players)),
    )  # fmt: skip
    for deck, cards in (
        ("barrel_deck", comps.barrels),
        ("spice_deck", comps.spices),
        ("brewery_deck", comps.brewery_deck),
        ("event_deck", comps.event_deck),
    ):
        setattr(state, deck, list(cards))
        rng.shuffle(getattr(state, deck))
    for seat in state.order:  # step 5: the starting recipe books
        race = comps.races[state.players[seat].race]
        book = state.players[seat].book
        book += [state.barrel_deck.pop() for _ in range(race.barrel)]
        book += [state.spice_deck.pop() for _ in range(race.spice)]
    state.offer_barrels, state.offer_spices = [""] * POOL_SIZE, [""] * POOL_SIZE
    state.pool_brewery, state.pool_events = [""] * POOL_SIZE, [""] * POOL_SIZE
    for row in "BSbe":
        refill(state, row)
    _judges(state, rng)
    for position, seat in enumerate(state.order):  # steps 9 and 10
        state.players[seat].disk = players - position
        state.players[seat].gold += EXTRA_GOLD[position]
    return state


def _judges(state: DragonBrewState, rng: Rng) -> None:
    """Step 8 (and the variant's step 8); the Dark Elf's shadow judges after the shuffle."""
    judges = components().judges
    deck = [j for j, card_ in judges.items() if not card_.corrupt]
    rng.shuffle(deck)
    if state.corrupt:
        deck = deck[CORRUPT_BOXED:] + [j for j, card_ in judges.items() if card_.corrupt]
        rng.shuffle(deck)
    for player in state.players:
        if player.race == "dark_elves":
            player.shadow = [deck.pop() for _ in range(SHADOW_JUDGES)]
    state.judges = [deck.pop() for _ in range(state.num_players + 1)]
    state.judge_deck = deck
    state.ogre = [0] * len(state.judges)
    state.bribes = [[-1, 0] for _ in state.judges]
