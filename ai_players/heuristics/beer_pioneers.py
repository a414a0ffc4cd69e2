"""Beer Pioneers: a greedy heuristic and a projection of the final scores.

The heuristic reads only what its seat may see (the public board and its own hand) and values each
decision by a rough VP equivalent: orders it can fill first, then what brings the next order closer
(brewing the beers its orders ask for, rotating the dial nearest to done, cards with reachable
orders), and the engine (brewmasters, rotation icons, coops its orders need) early in the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from ai_players.heuristics.linear_value import LinearValue, register_linear_value
from ai_players.policies import register_heuristic
from engine.beer_pioneers import data
from engine.beer_pioneers.brewery import NO_DIAL, NO_MASTER, Brewery
from engine.beer_pioneers.brewing import item_name
from engine.beer_pioneers.orders import order_choices
from engine.beer_pioneers.state import BeerPioneersState
from engine.core import State

VP_PER_COIN = 0.3


def _missing(have: dict[str, int], order: data.Order) -> dict[str, int]:
    """What ``have`` (cellar and dials on their coops) still lacks for ``order`` ("Beer" as any beer)."""
    missing: dict[str, int] = {}
    used = 0
    for item, count in _needs(order):
        short = count - have.get(item, 0)
        used += min(count, have.get(item, 0)) if item != data.BARREL else 0
        if short > 0:
            missing[item] = short
    beers = sum(n for item, n in have.items() if item != data.BARREL)
    anys = order.beers.count(data.ANY_BEER) - (beers - used)
    if anys > 0:
        missing["Alt"] = missing.get("Alt", 0) + anys
    return missing


@cache
def _needs(order: data.Order) -> tuple[tuple[str, int], ...]:
    need = Counter(b for b in order.beers if b != data.ANY_BEER)
    need[data.BARREL] += order.barrels
    return tuple((item, n) for item, n in need.items() if n)


def _targets(brewery: Brewery) -> list[tuple[float, dict[str, int]]]:
    """The orders in hand worth working on, best first: (VP per missing item, what is missing)."""
    have = Counter(brewery.cellar)
    have.update(brewery.brewing())
    targets = []
    for card_id in brewery.hand:
        order = data.cards()[card_id].order
        if order is None:
            continue
        missing = _missing(have, order)
        closed = sum(1 for b in missing if b in data.coops() and b not in brewery.open_coops)
        targets.append(((order.vp + 0.3 * order.coins) / (1 + sum(missing.values()) + 2 * closed), missing))
    return sorted(targets, key=lambda t: -t[0])


def _wanted(targets: list[tuple[float, dict[str, int]]]) -> Counter[str]:
    """The items the two best target orders still lack."""
    wanted: Counter[str] = Counter()
    for _, missing in targets[:2]:
        wanted.update(missing)
    return wanted


def card_value(card_id: int, brewery: Brewery) -> float:
    """A card's worth to this brewery: its order's VP if its beers are open, else its best other use."""
    card = data.cards()[card_id]
    value = 0.5
    if card.order is not None:
        reachable = all(b in brewery.open_coops or b == data.ANY_BEER for b in card.order.beers)
        value = max(value, card.order.vp * (0.6 if reachable else 0.25))
    if card.is_master and brewery.master == 0:
        value = max(value, 2.5)
    if card.beige is not None:
        beige = card.beige
        value = max(
            value, 0.8 * beige.rotations + 0.5 * beige.bulbs + 0.6 * beige.moves + 0.6 * beige.barrels + 0.4
        )
    return value


class _Seat:
    """The values of one seat's decisions in one position."""

    def __init__(self, state: BeerPioneersState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.brewery = state.breweries[seat]

    @cached_property
    def targets(self) -> list[tuple[float, dict[str, int]]]:
        return _targets(self.brewery)

    @cached_property
    def wanted(self) -> Counter[str]:
        return _wanted(self.targets)

    @cached_property
    def fillable(self) -> list[Any]:
        return [a for a in order_choices(self.brewery) if a.kind == "order"]

    def score(self, kind: str, arg: str) -> float:
        handler = _HANDLERS.get(kind)
        return handler(self, arg) if handler else 0.0

    def place(self, arg: str) -> float:
        worker_text, _, field = arg.partition(":")
        brewery = self.brewery
        xp = brewery.workers[int(worker_text)]
        value = self.fields[field]
        # Strong workers go where a bonus follows; the weak one takes what is left.
        return value + 0.1 * xp * (1 if value > 1.5 else -1)

    @cached_property
    def fields(self) -> dict[str, float]:
        """What a worker on each field is worth now (computed once per position)."""
        brewery, wanted = self.brewery, self.wanted
        brewing = brewery.brewing()
        wanted_dials = sum(1 for c in brewing if wanted[c])
        return {
            "brewhouse": 3.2 if any(wanted[c] for c in brewery.free_coops()) else 0.3,
            "cellar_hall": 2.6 if wanted_dials else 0.8 if brewing else 0.0,
            "truck_yard": 6.0
            if self.fillable
            else 0.4 * min(brewery.moves(), brewery.cellar.count("barrel")),
            "card_market": 3.0 if not self.targets or self.targets[0][0] < 1.0 else 1.0,
            "builder": self._build_want(),
            "school": max(self._train_want(), self._retire_want()),
            "town_hall": 1.1,
        }

    def _build_want(self) -> float:
        brewery = self.brewery
        closed = [c for c in self.wanted if c in data.coops() and c not in brewery.open_coops]
        if any(
            data.coops()[c].cost <= brewery.coins and brewery.progress >= data.coops()[c].blocked_until
            for c in closed
        ):
            return 3.0
        return 1.6 if brewery.coins >= 5 and len(brewery.extensions) < 4 else 0.1

    def _retire_want(self) -> float:
        """The farewell party's VP (2 + 2 per beer tile), less the beers the best orders still want."""
        actions = data.rules().actions
        if max(self.brewery.workers) < actions["retire_at"]:
            return 0.1
        beers = sum(i != data.BARREL for i in self.brewery.cellar)
        wanted = sum(i != data.BARREL and bool(self.wanted[i]) for i in self.brewery.cellar)
        return 0.5 * (actions["retire_vp"] + actions["retire_vp_per_beer"] * beers) - 1.2 * wanted

    def _train_want(self) -> float:
        """Training pays for the bonus at 4 and for the farewell party at 3 with beers in the cellar."""
        brewery = self.brewery
        if brewery.coins < data.rules().actions["train_cost"] or min(brewery.workers) >= 4:
            return 0.1
        beers = sum(i != data.BARREL for i in brewery.cellar)
        near = max(brewery.workers) == data.rules().actions["retire_at"] - 1
        return 1.0 + (0.25 * beers if near else 0.0) + (0.4 if brewery.coins >= 5 else 0.0)

    def brew(self, arg: str) -> float:
        return sum(0.2 + 1.5 * min(self.wanted[b], 1) for b in arg.split("+"))

    def rot(self, coop: str) -> float:
        left = self.brewery.dials[data.coop_names().index(coop)]
        return (2.0 if self.wanted[coop] else 0.5) - 0.1 * left

    def take(self, arg: str) -> float:
        if arg == "pile":
            return 1.0
        return card_value(self.state.display[int(arg)], self.brewery)

    def order(self, arg: str) -> float:
        card_id = int(arg.partition(":")[0])
        order = data.cards()[card_id].order
        assert order is not None
        return 10.0 + order.vp + VP_PER_COIN * order.coins

    def play(self, arg: str) -> float:
        card_text, _, section = arg.partition(":")
        card = data.cards()[int(card_text)]
        if section == "master":
            return 3.0 if self.brewery.master == 0 else -1.0
        if card.order is not None and sum(_missing(Counter(self.brewery.cellar), card.order).values()) <= 2:
            return -1.0  # keep an order card that is nearly filled
        if section == "beige" and card.beige is not None:
            return card_value(card.id, self.brewery) - 0.2
        return 0.8

    def open(self, coop: str) -> float:
        return 2.0 + self.wanted[coop] - 0.2 * data.coops()[coop].cost

    def build(self, extension: str) -> float:
        """Every extension is worth 2 VP with the bottle marker on the last space (2.8); the cellar vault
        also feeds the farewell party, the laboratory the progress track."""
        brewery = self.brewery
        vault = 1.5 + 0.2 * sum(i != data.BARREL for i in brewery.cellar)
        lab = 1.7 if brewery.progress < 2 else 0.9
        lines = sum(1 for c in brewery.hand if (o := data.cards()[c].order) and (o.truck_vp or o.truck_coins))
        return {"truck_fleet": 1.5 + 0.2 * lines, "office": 1.8, "cellar_vault": vault, "laboratory": lab}[
            extension
        ]

    def bonus(self, option: str) -> float:
        if option == "order":
            return 8.0 if self.fillable else -1.0
        return {"brew1": 2.2, "rot": 1.8, "card": 1.2, "coins": 0.8}[option] * (
            1.0 if option != "brew1" or not self.brewery.brewing() else 0.6
        )

    def clear(self, item: str) -> float:
        """Make room for a wanted arrival by clearing the least wanted item; else lose it (0)."""
        task = self.state.seat_task()
        arriving = item_name(task[2]) if task else ""
        return (1.0 if self.wanted[arriving] else -0.5) - 1.0 * min(self.wanted[item], 1)


_HANDLERS: dict[str, Callable[[_Seat, str], float]] = {
    "place": _Seat.place,
    "brew": _Seat.brew,
    "rot": _Seat.rot,
    "take": _Seat.take,
    "order": _Seat.order,
    "play": _Seat.play,
    "open": _Seat.open,
    "build": _Seat.build,
    "bonus": _Seat.bonus,
    "clear": _Seat.clear,
    "retire": lambda seat, _: seat._retire_want(),
    "ship": lambda _, arg: float(arg),
    "admin": lambda seat, arg: 1.5 if arg == "brew1" or seat.brewery.brewing() else 0.1,
    "train": lambda seat, _: seat._train_want() - 0.5,
    "skip": lambda _, __: 0.0,
    "stop": lambda _, __: -0.5,
    "lose": lambda _, __: 0.0,
}


def score_actions(state: State, seat: int, actions: Sequence[Any]) -> list[float]:
    """The greedy value of each legal action of ``seat``."""
    view = _Seat(state, seat)  # type: ignore[arg-type]
    return [view.score(action.kind, action.arg) for action in actions]


def projected_scores(state: State) -> list[float]:
    """VP so far, plus what the cellar, coins, brewing dials and fillable orders promise."""
    s: BeerPioneersState = state  # type: ignore[assignment]
    if s.is_terminal():
        return s.scores()
    projected = []
    for brewery in s.breweries:
        beers = sum(i != data.BARREL for i in brewery.cellar)
        fillable = max((data.cards()[c].order.vp for c in brewery.hand if data.cards()[c].order), default=0)  # type: ignore[union-attr]
        projected.append(
            brewery.vp + 0.6 * beers + brewery.coins / 3 + 0.3 * len(brewery.brewing()) + 0.3 * fillable
        )
    return projected


# -- the fitted leaf value ------------------------------------------------------------------------

FEATURES = (
    "vp", "coins", "beers", "barrels", "brewing", "rotations_left", "open_coops", "extensions",
    "level", "progress", "workers", "experience", "display", "rotation_icons", "master", "hand",
    "orders", "best_target", "missing", "fillable_vp",
)  # fmt: skip
VALUE_FILE = Path(__file__).with_name("beer_pioneers_value.json")
END_VP = 20  # the score that ends the game at the end of its round (docs/rules/beer_pioneers.md 2.8)


def features(state: State, seat: int) -> tuple[float, ...]:
    """What the fitted value reads of one seat's brewery, in the order of ``FEATURES``."""
    s: BeerPioneersState = state  # type: ignore[assignment]
    brewery = s.breweries[seat]
    targets = _targets(brewery)
    dials = [left for left in brewery.dials if left != NO_DIAL]
    fillable = [a for a in order_choices(brewery) if a.kind == "order"]
    orders = [data.cards()[c].order for c in brewery.hand]
    return (
        float(brewery.vp),
        float(brewery.coins),
        float(sum(i != data.BARREL for i in brewery.cellar)),
        float(brewery.cellar.count(data.BARREL)),
        float(len(dials)),
        float(sum(dials)),
        float(len(brewery.open_coops)),
        float(len(brewery.extensions)),
        float(brewery.level),
        float(brewery.progress),
        float(len(brewery.workers)),
        float(sum(brewery.workers)),
        float(len(brewery.display)),
        float(brewery.rotations()),
        float(brewery.master != NO_MASTER),
        float(len(brewery.hand)),
        float(sum(o is not None for o in orders)),
        targets[0][0] if targets else 0.0,
        float(sum(targets[0][1].values())) if targets else 0.0,
        float(max((data.cards()[int(a.arg.partition(":")[0])].order.vp for a in fillable), default=0)),  # type: ignore[union-attr]
    )


def value_stage(state: State) -> tuple[float, float]:
    """How near the end is (the leading score over the score that ends the game, at most 1), and 1
    once a seat has reached it (this round is the last)."""
    s: BeerPioneersState = state  # type: ignore[assignment]
    lead = max(b.vp for b in s.breweries)
    return min(lead / END_VP, 1.0), 1.0 if lead >= END_VP else 0.0


VALUE = LinearValue(
    game="beer_pioneers",
    features=FEATURES,
    read=features,
    stage=value_stage,
    base=projected_scores,
    path=VALUE_FILE,
)


register_heuristic("beer_pioneers", score_actions, projected_scores)
register_linear_value(VALUE)
