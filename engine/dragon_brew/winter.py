"""Winter (rulebook "Winter Game Phase") and the turn order of the next spring.

Performed "simultaneously by all players", modelled as the brewing is: the seats with a choice
to make (their free actions first, then which ingredients go to the Winter Stores, which recipes
to discard down to the Brewer's Study's limit) decide one after another in turn order, behind the
screen, so no seat sees another's choice before making its own. One at a time, a free action's
open choices (the Farmer's Market's grain, the Sea Port's payment and wort) are always the
deciding seat's own, and no seat's move takes another's turn away. After year 3 the game ends.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import INGREDIENTS, YEARS, recipe
from engine.dragon_brew.decks import ROWS, discard_slot, refill
from engine.dragon_brew.effects import free_moves, use_free
from engine.dragon_brew.estate import book_limit, role_slot, slot_card, store_limit
from engine.dragon_brew.player import GNOMES, OWN, USED, Player
from engine.dragon_brew.table import OVER, SPRING, WINTER, DragonBrewState


def begin_winter(state: DragonBrewState) -> list[Event]:
    """Advance the year marker; after the last year, straight to the end game scoring."""
    state.tasks = []
    if state.year >= YEARS:
        state.phase = OVER
        return [Event("game_over", "The third year is over", -1)]
    state.year += 1
    books = [e for seat, player in enumerate(state.players) for e in _reset(state, seat, player)]
    state.phase = WINTER
    events = [Event("winter", f"Winter: year {state.year} is coming", -1), *books]
    if not any(p.winter for p in state.players):
        events += _refresh(state)
    return events


def _reset(state: DragonBrewState, seat: int, player: Player) -> list[Event]:
    """Step 2: brewers home, migrant gnomes back to the box, spell tokens off, recipes back (and
    without a Brewer's Study, the whole recipe book discarded)."""
    state.gnomes_left += player.gnomes
    player.gnomes = 0
    for slot in player.estate:
        player.brewers += slot[OWN]
        state.gnomes_left += slot[GNOMES]
        if slot[USED] and slot_card(slot).kind == "spell":
            state.tokens_left += 1
        slot[OWN] = slot[GNOMES] = slot[USED] = 0
    player.brewers += player.away - player.doomed  # the Chaos Wytch sacrificed is gone for good
    player.away = player.doomed = 0
    player.book += [r for beer in player.presented for r in beer]
    player.presented, player.ribboned = [], []
    events = _discard_book(state, seat, player) if role_slot(player, "study") < 0 else []
    player.winter = "discard" if len(player.book) > book_limit(player) else ""
    if sum(player.goods) > store_limit(player) and not store_limit(player):
        player.goods = [0] * len(INGREDIENTS)
    elif sum(player.goods) > store_limit(player) or _free_now(player):
        player.winter = "store"
    return events


def _discard_book(state: DragonBrewState, seat: int, player: Player) -> list[Event]:
    """A Chaos Wytch who burned her Brewer's Study has no card listing a recipe book maximum: it is
    0, as no Brewery card leaves no beer ("you will not be able to produce any beers"), and every
    recipe goes at once, since there is nothing to choose (docs/rules/dragon_brew.md)."""
    if not player.book:
        return []
    for rid in player.book:
        _to_discard(state, rid)
    count, player.book = len(player.book), []
    return [Event("book_discarded", f"Seat {seat} discards all {count} recipes: no Brewer's Study", seat)]


def _to_discard(state: DragonBrewState, rid: str) -> None:
    (state.barrel_discard if recipe(rid).barrel else state.spice_discard).append(rid)


def _free_now(player: Player) -> list[Move]:
    """The free actions a seat may take in winter, before it sets anything aside: all of them
    ("free actions are permitted during the fall and winter phases")."""
    return [] if any(player.kept) else free_moves(player)


def legal(state: DragonBrewState, seat: int) -> list[Move]:
    player = state.players[seat]
    if player.winter == "store":
        room = store_limit(player) - sum(player.kept) if sum(player.goods) > store_limit(player) else 0
        keep = [
            Move("keep", name, f"Keep 1 {name} in the Winter Stores")
            for i, name in enumerate(INGREDIENTS)
            if room > 0 and player.kept[i] < player.goods[i]
        ]
        return [*_free_now(player), *keep, Move("stored", "", "Return the rest of the ingredients")]
    return [Move("discard", r, f"Discard {recipe(r).name}") for r in sorted(set(player.book))]


def apply(state: DragonBrewState, seat: int, move: Move) -> list[Event]:
    player = state.players[seat]
    secret = frozenset({seat})
    if move.kind == "keep":
        player.kept[INGREDIENTS.index(move.arg)] += 1
        return [Event("kept", f"You keep 1 {move.arg}", seat, {"ingredient": move.arg}, secret)]
    if move.kind == "free":  # "free actions are permitted during the fall and winter phases"
        return use_free(state, seat, move.arg)
    if move.kind == "stored":
        if sum(player.goods) > store_limit(player):  # else all of it fits in the stores
            player.goods = player.kept
        player.kept = [0] * len(INGREDIENTS)
        player.winter = "discard" if len(player.book) > book_limit(player) else ""
        events = [Event("stored", f"Seat {seat} fills the Winter Stores", seat)]
    else:
        player.book.remove(move.arg)
        _to_discard(state, move.arg)
        if len(player.book) <= book_limit(player):
            player.winter = ""
        events = [Event("discarded", f"Seat {seat} discards a recipe", seat)]
    if not any(p.winter for p in state.players):
        events += _refresh(state)
    return events


def _refresh(state: DragonBrewState) -> list[Event]:
    """Step 3: a fresh drafting pool, recipe offering and judges; then the next spring."""
    for row, (row_name, _) in ROWS.items():
        for i, cid in enumerate(getattr(state, row_name)):
            if cid:
                discard_slot(state, row, i)
        refill(state, row)
    state.judges_used += [j for j in state.judges if j]
    state.judges = [state.judge_deck.pop() for _ in range(state.num_players + 1) if state.judge_deck]
    state.ogre = [0] * len(state.judges)
    state.bribes = [[-1, 0] for _ in state.judges]
    return start_spring(state)


def turn_order(state: DragonBrewState) -> list[int]:
    """Rulebook "Player Turn Order": lowest VP first (a tie: the disk on top), then clockwise."""
    first = min(range(state.num_players), key=lambda s: (state.players[s].vp, -state.players[s].disk))
    return [(first + k) % state.num_players for k in range(state.num_players)]


def start_spring(state: DragonBrewState) -> list[Event]:
    state.order = turn_order(state)
    state.turn, state.phase = 0, SPRING
    order = ", ".join(map(str, state.order))
    return [
        Event("spring", f"Year {state.year}: spring; turn order {order}", -1, {"order": list(state.order)})
    ]
