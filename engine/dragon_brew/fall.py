"""The fall: secret brewing, the Dark Elf's shadow judge, presenting.

Rulebook "1. Brew Beers": "Players simultaneously brew their beers behind their player
screens." Here each seat brews in turn order while the others wait; what it brews stays in its
private ``brews`` until every seat has finished, so nobody learns another's beers early. A beer
is one barrel recipe and one or more spice recipes, its ingredients paid as each recipe joins
it, so a beer is never misbrewed (docs/rules/dragon_brew.md, "Brewing"); what pays for a recipe
(the ingredient itself or mana weed) is the seat's choice, kept in its private ``owed``.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew import economy
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import CHARACTERISTICS, judge, recipe
from engine.dragon_brew.effects import free_moves, use_free
from engine.dragon_brew.estate import max_beers
from engine.dragon_brew.judging import beer_name, characteristic, judge_all
from engine.dragon_brew.player import Player
from engine.dragon_brew.table import JUDGE, SHADOW, DragonBrewState

OPEN = "open"  # the first item of the beer being put together


def recipe_cost(rid: str) -> tuple[tuple[str, int], ...]:
    """The ingredients a recipe card asks for, one of each icon (mana weed may stand in)."""
    return tuple((i, 1) for i in recipe(rid).ingredients)


def _open(player: Player) -> list[str] | None:
    return player.brews[-1] if player.brews and player.brews[-1][0] == OPEN else None


def unused(player: Player) -> list[str]:
    """The recipes of the book not yet in a beer: a recipe stays in the book (and the book's size,
    which everyone may count, stays put) until its beer is presented."""
    used = [r for beer in player.brews for r in beer]
    return [r for r in player.book if r not in used]


def _spices_after(player: Player) -> list[tuple[str, ...]]:
    """The spices of the book, by their ingredients: one must stay payable once a barrel is paid."""
    return [recipe(r).ingredients for r in unused(player) if not recipe(r).barrel]


def _spice_after(player: Player, barrel: str) -> bool:
    """Whether ``barrel`` and then some spice of the book can be paid: a started beer can be finished."""
    return economy.fits(player.goods, recipe(barrel).ingredients, True, _spices_after(player))


def _after(player: Player) -> list[tuple[str, ...]]:
    """What must stay payable while the recipe just added is paid: a spice after a beer's barrel."""
    beer = _open(player)
    return _spices_after(player) if beer is not None and len(beer) == 2 else list(economy.NOTHING_AFTER)


def legal(state: DragonBrewState, seat: int) -> list[Move]:
    player = state.players[seat]
    if player.owed:
        return [
            Move("pay", n, f"Pay 1 {n} for {player.owed[0]}")
            for n in economy.options(player.goods, player.owed, True, _after(player))
        ]
    beer = _open(player)
    if beer is not None:
        moves = [
            Move("spice", r, f"Add {recipe(r).name} to the beer")
            for r in unused(player)
            if not recipe(r).barrel and economy.can_pay(player, recipe_cost(r), wild=True)
        ]
        return moves + ([Move("close", "", "This beer is done")] if len(beer) > 2 else [])
    moves = []
    if len(player.brews) < max_beers(player):
        moves = [
            Move("barrel", r, f"Start a beer on the {recipe(r).name} barrel")
            for r in unused(player)
            if recipe(r).barrel and _spice_after(player, r)
        ]
    return [*moves, *free_moves(player), Move("done", "", "Finish brewing")]


def apply(state: DragonBrewState, seat: int, move: Move) -> list[Event]:
    player = state.players[seat]
    secret = frozenset({seat})
    if move.kind == "free":
        return use_free(state, seat, move.arg)
    if move.kind == "pay":
        return _pay(player, seat, move.arg)
    if move.kind in ("barrel", "spice"):
        if move.kind == "barrel":
            player.brews.append([OPEN, move.arg])
        else:
            player.brews[-1].append(move.arg)
        player.owed = economy.settle(player, list(recipe(move.arg).ingredients), True, _after(player))
        text = f"You add {recipe(move.arg).name} to a beer"
        return [Event("brewing", text, seat, {"recipe": move.arg}, secret)]
    if move.kind == "close":
        beer = player.brews[-1]
        beer.pop(0)
        return [Event("brewed", f"You brew {beer_name(beer)}", seat, {"beer": list(beer)}, secret)]
    player.brewed = True
    events = [Event("done_brewing", f"Seat {seat} has finished brewing", seat)]
    if state.turn + 1 < state.num_players:
        state.turn += 1
        return events
    return events + after_brewing(state)


def _pay(player: Player, seat: int, name: str) -> list[Event]:
    """A recipe's ingredient paid with the chosen one (itself or mana weed); the rest if no choice is left.
    Private: which recipes are being brewed must not show."""
    player.add(name, -1)
    player.owed = economy.settle(player, player.owed[1:], True, _after(player))
    return [Event("paid", f"You pay 1 {name}", seat, {"ingredient": name}, frozenset({seat}))]


def dark_elf(state: DragonBrewState) -> int:
    """The seat playing the Dark Elves with shadow judges in hand, or -1."""
    for seat, player in enumerate(state.players):
        if player.race == "dark_elves" and player.shadow:
            return seat
    return -1


def after_brewing(state: DragonBrewState) -> list[Event]:
    """Every seat has brewed: the Dark Elf may swap a judge before the screens lift."""
    if dark_elf(state) >= 0 and any(j and not state.ogre[i] for i, j in enumerate(state.judges)):
        state.phase = SHADOW
        return [Event("shadow", "The Dark Elf considers the judges", dark_elf(state))]
    return present(state)


def shadow_legal(state: DragonBrewState, seat: int) -> list[Move]:
    """Rulebook "Shadow Judge": any face-up judge not Ogre-Ruled, for any shadow judge."""
    player = state.players[seat]
    moves = [Move("keep_judges", "", "Leave the judges as they are")]
    for j, jid in enumerate(state.judges):
        if jid and not state.ogre[j]:
            for k, shadow in enumerate(player.shadow):
                text = f"Replace {judge(jid).name} with {judge(shadow).name}"
                moves.append(Move("shadow", f"{j}.{k}", text))
    return moves


def shadow_apply(state: DragonBrewState, seat: int, move: Move) -> list[Event]:
    events = []
    if move.kind == "shadow":
        j, k = map(int, move.arg.split("."))
        player = state.players[seat]
        old, new = state.judges[j], player.shadow[k]
        player.shadow[k], state.judges[j] = old, new
        briber, gold = state.bribes[j]
        if briber >= 0:  # "Player Ability Interactions": the bribe goes back when swapped
            state.players[briber].gold += gold
            state.bribes[j] = [-1, 0]
        text = f"Seat {seat} replaces {judge(old).name} with the shadow judge {judge(new).name}"
        events.append(Event("judge_swapped", text, seat, {"slot": j, "judge": new}))
    return events + present(state)


def present(state: DragonBrewState) -> list[Event]:
    """Rulebook "2. Present Beers": the screens lift, beers are shown in turn order."""
    events = []
    for seat in state.order:
        player = state.players[seat]
        player.presented, player.brews = player.brews, []
        for recipe_id in (r for beer in player.presented for r in beer):
            player.book.remove(recipe_id)
        for beer in player.presented:
            values = {c: characteristic(beer, c) for c in CHARACTERISTICS}
            text = f"Seat {seat} presents {beer_name(beer)}"
            events.append(Event("presented", text, seat, {"beer": list(beer), **values}))
    state.phase, state.judge_at = JUDGE, 0
    return events + judge_all(state)
