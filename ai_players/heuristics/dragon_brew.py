"""The greedy heuristic of Dragon Brew, and its static evaluation.

It scores each legal move from the position alone (it is the rollout policy: no lookahead, no
cloning). Its plan is the one the rulebook's "Dan's Advice" gives: brew at least three beers a
year, so collect what the recipe book asks for (grain, worts mashed from it, magic ingredients);
put brewers on the Brewery when there are recipes for more beers; add every spice that can be
paid (each is profit); pay "any" costs with what the book needs least, keeping mana weed for what
it lacks; expand the estate early; keep the valuable ingredients over winter and discard the
weakest recipes.

It reads the engine's state directly, and only ever sees a determinization of the seat's
observation (in the search and in the arena), never the real game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ai_players.policies import register_heuristic
from engine.core import State
from engine.dragon_brew import economy
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import (
    FAMILIES,
    GRAINS,
    INGREDIENTS,
    MAGIC,
    MANA,
    MASH,
    WORTS,
    Card,
    card,
    event,
    recipe,
)
from engine.dragon_brew.decks import ROWS
from engine.dragon_brew.estate import max_beers, slot_card, store_limit
from engine.dragon_brew.fall import recipe_cost, unused
from engine.dragon_brew.player import Player
from engine.dragon_brew.table import WINTER, DragonBrewState

_VP = 1.5  # a VP against a gold, in a game scored in VP with gold as the last tie-break
_PRIZE = 1.5  # a beer's share of the judges' VP, in gold (a judge per player and one more)
_RARITY = {
    "mana": 4.0,
    "scale": 3.0,
    "toadstool": 3.0,
    "pixie": 3.0,
    "orange": 2.5,
    "green": 2.5,
    "purple": 2.5,
}
_SPECIAL = {
    "black_market": 2.5,
    "horse_guests": 2.0,
    "ogre_ruled": 1.0,
    "spell_book": 1.5,
    "dark_sacrifice": -2.0,
}


def _recipe_value(rid: str) -> float:
    r = recipe(rid)
    return r.gold + _VP * r.vp


class _Turn:
    """What one seat wants now: the ingredients its recipe book asks for beyond what it holds."""

    def __init__(self, state: DragonBrewState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.player = state.players[seat]
        wanted: Counter[str] = Counter(i for r in unused(self.player) for i in recipe(r).ingredients)
        for name, held in zip(INGREDIENTS, self.player.goods, strict=True):
            wanted[name] -= held
        for wort, grains in MASH.items():
            for grain in grains:
                wanted[grain] += max(wanted[wort], 0)
        self.wanted = wanted
        book = [recipe(r) for r in unused(self.player)]
        self.beers_in_book = min(sum(r.barrel for r in book), sum(not r.barrel for r in book))

    def score(self, move: Move) -> float:
        return _SCORES.get(move.kind, _neutral)(self, move)

    def need(self, ingredient: str) -> float:
        return 1.0 + 2 * max(self.wanted[ingredient], 0) + _RARITY.get(ingredient, 0.0) / 4

    def short(self, names: Sequence[str]) -> float:
        """How many of these ingredients the book still asks for."""
        return float(sum(max(self.wanted[n], 0) for n in names))

    def worth(self, name: str) -> float:
        """What one more of ``name`` is worth now (gold: what it buys later)."""
        if name == "gold":
            return 0.4
        if name.startswith("any_"):
            return min(self.worth(n) for n in FAMILIES[name[4:]])
        return 0.2 + (1.0 if self.wanted[name] > 0 else 0.0) + _RARITY.get(name, 0.0) / 8

    def trade(self, move: Move) -> float:
        """A free action or a spell of the seat's estate: what it gives less what it costs."""
        c = slot_card(self.player.estate[int(move.arg.partition(".")[0])])
        if c.special and not c.gain:
            return 0.5  # chaos, intelligence, servant, raise gnome: worth a try
        gained = sum(self.worth(n) * a for n, a in c.gain)
        gained += sum(max(self.worth(n) for n in FAMILIES[f]) * a for f, a in c.choose)
        if self.state.phase == WINTER:
            return self.winter_trade(c, gained)
        return gained - sum(self.worth(n) * a for n, a in c.pay)

    def winter_trade(self, c: Card, gained: float) -> float:
        """In winter what the stores cannot keep goes back: ingredients bought beyond their room are
        worth nothing, ingredients they could not keep cost nothing to pay."""
        room = store_limit(self.player) - sum(self.player.goods)
        goods_gained = sum(a for n, a in (*c.gain, *c.choose) if n != "gold")
        if goods_gained > max(room, 0):
            gained = sum(self.worth(n) * a for n, a in c.gain if n == "gold")
        paid = c.pay if room >= 0 else tuple((n, a) for n, a in c.pay if n == "gold")
        return gained - sum(self.worth(n) * a for n, a in paid)

    def spend(self, move: Move) -> float:
        """Paying with one ingredient: cheapest what the recipe book needs least; mana weed, the wild
        card, dearest while the book still lacks something it could stand in for."""
        name = move.arg
        if name == MANA:
            return -(2.0 + min(self.short(INGREDIENTS[:-1]), 3.0))
        needed = self.wanted[name] + 1  # the book's want of it were this one spent
        return -(_RARITY.get(name, 0.0) / 4 + (0.5 + 0.5 * min(needed, 3) if needed > 0 else 0.0))

    def mash(self, move: Move) -> float:
        return 3.0 + self.wanted[move.arg] if self.wanted[move.arg] > 0 else -0.5

    def assign(self, move: Move) -> float:
        c = slot_card(self.player.estate[int(move.arg.split(".")[0])])
        if c.special == "brewery":
            return 3.5 if self.beers_in_book > max_beers(self.player) else 0.3
        if c.role == "fields":
            return 1.5 + min(self.short(GRAINS), 5) * 0.5
        if c.role == "trader":
            return 0.5 + min(self.short((*MAGIC, MANA)), 2) * 1.5 if self.player.gold >= 2 else -0.5
        if c.role == "mash":
            return 0.5 + min(self.short(WORTS), 3) * 1.2
        if c.role == "study":
            return 2.0 + (1.5 if len(self.player.book) < 8 else 0)
        if c.special in _SPECIAL:
            return _SPECIAL[c.special]
        return 2.0 + sum(amount for _, amount in c.gain) * 0.5

    def draft(self, move: Move, free: bool = False) -> float:
        where, _, meeple = move.arg.partition(".")
        row, index = where[0], int(where[1:])
        cid: str = getattr(self.state, ROWS[row][0])[index]
        late = self.state.year - 1
        if row == "b":
            c = card(cid)
            worth = 3.0 - late if c.kind in ("upgrade", "action", "housing") else 1.5 - late * 0.5
            return worth - (0 if free else 0.3 * c.cost)
        e = event(cid)
        worth = _VP * e.vp + sum(a for _, a in e.gain) * 0.8 + sum(a for _, a in e.choose) * 0.8
        if e.type == "festival":
            worth = 0.8 * dict(e.gain).get("gold", 0)
        if e.gnome:
            worth = 2.5 - late
        brewer = 0.5 if meeple == "gnome" else 1.0  # a gnome is only this year's
        return worth - (0 if free else 0.35 * e.cost + (brewer if e.brewer else 0))

    def pick(self, move: Move) -> float:
        if move.arg.startswith("deck_"):
            return 1.0 + self.balance(move.arg == "deck_barrel")
        cid: str = getattr(self.state, ROWS[move.arg[0]][0])[int(move.arg[1:])]
        held = sum(self.player.good(i) > 0 for i in recipe(cid).ingredients)
        return 1.0 + _recipe_value(cid) * 0.5 + held * 0.5 + self.balance(recipe(cid).barrel)

    def balance(self, barrel: bool) -> float:
        """A beer is one barrel and one or more spices: take the kind the book has fewer of."""
        barrels = sum(recipe(r).barrel for r in self.player.book)
        spices = len(self.player.book) - barrels
        return 2.0 if (barrels < spices) == barrel else 0.0

    def brew(self, move: Move) -> float:
        """Every barrel that can be brewed, and a second spice only if no other beer needs it."""
        value = 2.0 + _recipe_value(move.arg)
        if move.kind == "barrel":
            return value
        beer = self.player.brews[-1]
        if len(beer) <= 2:  # "open" and the barrel: the beer's first spice
            return value
        book = [recipe(r) for r in unused(self.player)]
        beers_left = max_beers(self.player) - len(self.player.brews)
        barrels = min(sum(r.barrel for r in book), beers_left)
        return value if sum(not r.barrel for r in book) > barrels else 0.2

    def keep(self, move: Move) -> float:
        return 1.0 + _RARITY.get(move.arg, 0.5)

    def discard(self, move: Move) -> float:
        return -_recipe_value(move.arg)


def _neutral(_: _Turn, __: Move) -> float:
    return 0.0  # end, stop, done, stored, keep_judges, award: the neutral choice


def _const(value: float) -> Callable[[_Turn, Move], float]:
    return lambda _, __: value


_SCORES: dict[str, Callable[[_Turn, Move], float]] = {
    "assign": _Turn.assign,
    "draft": _Turn.draft,
    "take_card": lambda turn, move: turn.draft(move, free=True),
    "take": lambda turn, move: turn.need(move.arg),
    "pay": _Turn.spend,
    "mash": _Turn.mash,
    "again": _const(2.0),
    "pick": _Turn.pick,
    "barrel": _Turn.brew,
    "spice": _Turn.brew,
    "close": _const(0.5),
    "keep": _Turn.keep,
    "discard": _Turn.discard,
    "free": _Turn.trade,
    "spell": _Turn.trade,
    "house": _const(0.6),
    "pass": _const(-1.0),
    "clear_draft": _const(-0.5),
    "clear_offer": _const(-0.5),
    "clear": _const(0.1),
    "use": _const(1.0),
    "cast_any": _const(1.0),
    "rule": lambda turn, move: 0.5 * turn.state.ogre[int(move.arg)] + 1.0,
    "raise": _const(1.0),
    "guild": lambda turn, move: 1.0 if (move.arg == "hire") == (turn.player.gold >= 6) else 0.0,
    "bribe": _const(-0.2),
    "raise_bribe": _const(-0.4),  # one more gold on the card; placing the bribe is the neutral choice
    "draw": lambda turn, move: 1.0,
}


def score_actions(state: State, seat: int, actions: Sequence[Any]) -> list[float]:
    """The greedy value of each move for ``seat``: roughly the gold it is worth (a VP is 1.5 gold)."""
    turn = _Turn(state, seat)  # type: ignore[arg-type]
    return [turn.score(action) for action in actions]


def _brewable(player: Player) -> float:
    """The profit of the beers the seat could brew from what it holds now (barrels best first)."""
    rest, value, beers = player.clone(), 0.0, 0
    barrels = sorted((r for r in unused(player) if recipe(r).barrel), key=_recipe_value, reverse=True)
    spices = [r for r in unused(player) if not recipe(r).barrel]
    for barrel in barrels:
        if beers >= max_beers(player) or not economy.can_pay(rest, recipe_cost(barrel), wild=True):
            continue
        economy.pay(rest, recipe_cost(barrel), wild=True)
        payable = [s for s in spices if economy.can_pay(rest, recipe_cost(s), wild=True)]
        if not payable:
            break
        spice = max(payable, key=_recipe_value)
        economy.pay(rest, recipe_cost(spice), wild=True)
        spices.remove(spice)
        value += _recipe_value(barrel) + _recipe_value(spice) + _PRIZE
        beers += 1
    return value


def projected_scores(state: State) -> list[float]:
    """VP so far, plus this fall's beers the seat can already brew (their profit, in VP, and a share of
    the judges' prizes), gold at a third of a VP, and the years left after this one."""
    s: DragonBrewState = state  # type: ignore[assignment]
    brewing = s.phase in ("spring", "brew")
    years_after = 3 - s.year
    return [
        p.vp
        + p.gold / (3 * _VP)
        + (_brewable(p) / _VP if brewing else 0.0)
        + years_after * 1.2 * min(max_beers(p), len(p.book) // 2)
        for p in s.players
    ]


register_heuristic("dragon_brew", score_actions, projected_scores)
