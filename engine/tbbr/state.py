"""The rules of The Belgian Beers Race (board game) as one State.

A position is the players' boards, the board (coasters, first-visitor discs),
the Bottling Machine and the time track, plus the one step the game waits for
(``pending``: a decision of one seat, or dice). Everything is public except
the order of the objective deck and the RNG that shuffles it.

Turn order follows the time track: the disc farthest behind (top of its stack
first) acts, and keeps acting until it has overtaken every other disc.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any

from engine.core.chance import ChanceStep
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.fields import DeclaredState, hidden, hidden_rng, per_seat, public
from engine.core.rng import Rng
from engine.tbbr import objectives
from engine.tbbr.actions import (
    Beer,
    Bottle,
    Buy,
    Camp,
    ChooseStart,
    Claim,
    EatCheese,
    EndTurn,
    FinishRace,
    KeepBottle,
    Move,
    PayDriver,
    Redeem,
    Stop,
    Taste,
    TbbrAction,
)
from engine.tbbr.data import COLOURS, GRAND_PLACE, MODES, board, cards, tracks
from engine.tbbr.pending import Pending
from engine.tbbr.player import Player
from engine.tbbr.scoring import score_parts, tasted_vp

T = tracks()
B = board()
CARDS = cards()
DIE = tuple(range(1, 7))
_DICE_OUTCOMES = {
    n: tuple((faces, 1.0 / 6**n) for faces in product(DIE, repeat=n)) for n in range(1, T.hitch_max_dice + 1)
}
_DIE_OUTCOMES = tuple((face, 1.0 / 6) for face in DIE)
# Actions are immutable values: build each one once. A move inside Brussels has no die to replace,
# so no driver to pay.
_MOVES = {
    place: tuple(
        (
            tu,
            fixed,
            Move("bicycle", dest),
            Move("transport", dest),
            Move("hitchhiking", dest),
            PayDriver(dest) if tu[2] > 0 and not fixed else None,
        )
        for dest, tu in B.neighbours(place)
        for fixed in (B.within_brussels(place, dest),)
    )
    for place in B.places
}
_TRAVEL_WORDS = {
    "bicycle": "cycles to",
    "transport": "takes public transport to",
    "hitchhiking": "is picked up to",
}
_BUY, _BUY_CHEESE, _CHEESE_ONLY = Buy(), Buy(cheese=True), Buy(beers=False, cheese=True)
_TASTE, _CAMP, _FINISH, _EAT = Taste(), Camp(), FinishRace(), EatCheese()


def _pending_from_json(data: dict[str, Any] | None) -> Pending | None:
    return None if data is None else Pending.from_json(data)


def _shown_coasters(coasters: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """Breweries still holding coasters, with how many, sorted."""
    return tuple(sorted((place, n) for place, n in coasters.items() if n > 0))


class TbbrState(DeclaredState):
    """One position of The Belgian Beers Race: each field declared once with who sees it.

    The kit (engine/core/fields.py) derives clone, the snapshot body, the observation
    (``TbbrState.Observation``) and the known part of a determinization.
    """

    shorter: bool = public(bool)
    days: tuple[int, ...] = public(lambda: T.days_normal, from_json=tuple)  # each day's length in TU
    day: int = public(int)
    players: list[Player] = per_seat(Player)
    coasters: dict[str, int] = public(
        dict, copy=dict, shows={"coasters": _shown_coasters}, restore=lambda obs: dict(obs.coasters)
    )
    first_visitor: set[str] = public(lambda: set(B.breweries), copy="set")  # breweries with their disc
    accessible: list[str] = public(lambda: [""] * T.accessible, copy="list")  # "" is an empty slot
    inaccessible: list[str] = public(list, copy="list")  # the deck's top is the last one
    deck: list[str] = hidden(list, shows={"deck_size": len})  # deck[0] is revealed next
    removed: list[str] = public(list, copy="list")  # cards removed with a broken bottle
    level3: list[str] = public(list, copy="list")
    level2_added: bool = public(bool)
    bottles: list[bool] = public(lambda: [False] * len(T.bottles), copy="list")  # flipped to Broken today
    active: int = public(lambda: -1)
    claims: int = public(int)  # objectives claimed this turn
    log: list[str] = public(list, copy="list")  # what the active player did this turn, for lightning cards
    pending: Pending | None = public(
        lambda: None, to_json=lambda p: None if p is None else p.to_json(), from_json=_pending_from_json
    )
    # (seat, bottle index) crossings to decide
    bottle_queue: list[tuple[int, int]] = public(
        list, copy="list", from_json=lambda crossings: [(int(s), int(i)) for s, i in crossings]
    )
    seq: int = public(int)  # stack counter: a disc that moves lands on top
    finish: list[int] = public(list, copy="list")  # seats in the order they reached the end of today
    terminal: bool = public(bool)
    rng: Rng = hidden_rng()

    _events: list[Event]  # what the step being applied emitted (set by each entry point)

    # ------------------------------------------------------------------ contract

    def actors(self) -> Sequence[int]:
        if self.terminal or (self.pending is not None and self.pending.kind == "roll"):
            return []
        if self.pending is not None:
            return [self.pending.seat]
        return [self.active] if self.active >= 0 else []

    def chance(self) -> ChanceStep | None:
        p = self.pending
        if p is None or p.kind != "roll":
            return None
        if p.mode == "transport":
            return ChanceStep(
                kind="transport_die",
                sampler=lambda rng: rng.randrange(6) + 1,
                validate=lambda o: o in DIE,
                outcomes=_DIE_OUTCOMES,
                description="public transport: a 6 means 2 TU late",
            )
        n = p.count
        return ChanceStep(
            kind="hitchhiking_dice",
            sampler=lambda rng: tuple(rng.randrange(6) + 1 for _ in range(n)),
            validate=lambda o: isinstance(o, tuple) and len(o) == n and all(x in DIE for x in o),
            outcomes=_DICE_OUTCOMES[n],
            description=f"hitchhiking with {n} dice: one odd die and you are picked up",
        )

    def resolve_chance(self, outcome: Any) -> list[Event]:
        step = self.chance()
        if step is None:
            raise IllegalAction("no dice to roll now", "ILLEGAL_ACTION")
        if isinstance(outcome, list):
            outcome = tuple(outcome)
        if not step.validate(outcome):
            raise IllegalAction(f"{outcome!r} is not a possible outcome of {step.kind}")
        p = self.pending
        assert p is not None
        self.pending = None
        self._events = []
        if p.mode == "transport":
            self._ride(p, int(outcome))
        else:
            self._hitchhike(p, tuple(outcome))
        self.settle()
        return self._events

    def legal_actions(self, seat: int) -> list[Any]:
        if self.terminal or seat not in self.actors():
            return []
        p = self.pending
        if p is None:
            return self._free_actions(seat) + self._extra_actions(seat)
        # The redeeming cheese is itself the cheese decision of a "redeem" step.
        return self._decisions(p) + (self._snack(seat) if p.kind != "redeem" else [])

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.terminal:
            raise IllegalAction("the race is over", "GAME_OVER")
        if self.chance() is not None:
            raise IllegalAction("dice must be rolled first", "CHANCE_PENDING")
        if seat not in self.actors():
            raise IllegalAction(f"seat {seat} may not act now", "NOT_YOUR_TURN")
        if action not in self.legal_actions(seat):
            malformed = self._malformed(action)
            if malformed:  # its label would name a place, card or colour that does not exist
                raise IllegalAction(f"not an action of this game: {action!r} ({malformed})")
            raise IllegalAction(f"not allowed now: {action.label} ({self._why_not(seat, action)})")
        return self.apply_legal(seat, action)

    def apply_legal(self, seat: int, action: Any) -> list[Event]:
        self._events = []
        if isinstance(action, EatCheese):  # "at any time": whatever step is pending stays pending
            self._eat(seat)
        elif self.pending is None:
            self._act(seat, action)
        else:
            pending = self.pending
            self.pending = None
            self._decide(pending, action)
        if not self._events:  # every step tells the table what happened (all tbbr actions are public)
            self._emit("action", f"seat {seat}: {action.label}", seat)
        self.settle()
        return self._events

    def is_terminal(self) -> bool:
        return self.terminal

    def scores(self) -> list[float]:
        return [float(sum(score_parts(self, seat).values())) for seat in range(self.num_players)]

    def ranking(self) -> list[int]:
        """Highest score first; ties broken by the order of arrival on the Grand Place."""
        keys = [(-s, self._arrival_key(seat)) for seat, s in enumerate(self.scores())]
        return [1 + sum(other < key for other in keys) for key in keys]

    def _arrival_key(self, seat: int) -> int:
        pl = self.players[seat]
        on_time = self.terminal and pl.gp_arrival >= 0 and pl.penalty == 0
        return pl.gp_arrival if on_time else 1 << 30

    # ------------------------------------------------------------------ derived facts

    @property
    def day_length(self) -> int:
        return self.days[self.day]

    @property
    def last_day(self) -> bool:
        return self.day == len(self.days) - 1

    def remaining(self, seat: int) -> int:
        return self.day_length - self.players[seat].time

    def move_cost(self, seat: int, mode: str, dest: str) -> int:
        """TU the move takes without delay: 1 inside Brussels whatever the mode ("All transport in
        Brussels = 1 TU"); elsewhere the road's value, public transport doubled from its threshold."""
        pl = self.players[seat]
        if B.within_brussels(pl.location, dest):
            return T.brussels_tu
        tu = B.road_between(pl.location, dest)
        assert tu is not None
        cost = tu[MODES.index(mode)]
        if mode == "transport" and pl.breath >= T.doubled:
            cost *= 2
        return cost

    def claimable(self, seat: int) -> list[str]:
        if seat != self.active or self.claims >= T.claims_per_turn:
            return []
        pl = self.players[seat]
        return [c for c in self.accessible if c and objectives.condition_met(CARDS[c], pl, self.log)]

    # ------------------------------------------------------------------ legal actions

    def _free_actions(self, seat: int) -> list[Any]:
        """What the active player may spend time on (the actions that may end a turn)."""
        pl = self.players[seat]
        if pl.done:
            return []
        out: list[Any] = []
        left = self.day_length - pl.time
        bike_ok = pl.breath < T.bicycle_banned
        pt_factor = 2 if pl.breath >= T.doubled else 1
        carried = sum(pl.beers)
        for tu, fixed, by_bike, by_transport, by_thumb, paid in _MOVES[pl.location]:
            if bike_ok and tu[0] <= left:
                out.append(by_bike)
            if tu[1] * (1 if fixed else pt_factor) <= left:
                out.append(by_transport)
            if tu[2] <= left:
                out.append(by_thumb)
                if paid is not None and carried >= T.hitch_beers_per_tu * tu[2]:
                    out.append(paid)
        place = B.places[pl.location]
        if place.is_brewery:
            if place.can_buy and not pl.bought_here:
                cheese_ok = place.has_cheese and pl.cheese < len(T.cheese) - 1
                if carried < T.backpack:
                    out.append(_BUY)
                    if cheese_ok:
                        out.append(_BUY_CHEESE)
                elif cheese_ok:
                    out.append(_CHEESE_ONLY)
            if place.can_taste and not pl.tasted_here:
                out.append(_TASTE)
            if not self.last_day:
                out.append(_CAMP)
        if self.last_day and pl.location == GRAND_PLACE:
            out.append(_FINISH)
        return out

    def _extra_actions(self, seat: int) -> list[Any]:
        """Actions that take no time: eating a cheese, claiming objectives."""
        return [*(Claim(c) for c in self.claimable(seat)), *self._snack(seat)]

    def _snack(self, seat: int) -> list[Any]:
        """Cheese "can be eaten at any time", so in every decision of its owner (no TU)."""
        return [_EAT] if self.players[seat].cheese > 0 else []

    def _decisions(self, p: Pending) -> list[Any]:
        pl = self.players[p.seat]
        carried = [Beer(c) for c in range(len(COLOURS)) if pl.beers[c] > 0]
        if p.kind == "start":
            taken = {q.location for i, q in enumerate(self.players) if i < p.seat}
            return [ChooseStart(b) for b in B.breweries if not B.places[b].bonuses and b not in taken]
        if p.kind in ("pay", "gift", "offer"):
            return carried
        if p.kind in ("onboard", "camp"):
            return [*carried, Stop()]
        if p.kind == "pick":
            return [Beer(c) for c in sorted(set(p.offers))]
        if p.kind == "redeem":
            return [Redeem(True), Redeem(False)]
        if p.kind == "bottle":
            return [*(Bottle(c) for c in self.accessible if c), KeepBottle()]
        if p.kind == "claim":
            return [*(Claim(c) for c in self.claimable(p.seat)), EndTurn()]
        if p.kind == "night":
            return [Stop()]  # eating is offered with every decision
        return []

    @staticmethod
    def _malformed(action: Any) -> str:
        """Why ``action`` is no action of this game at all; "" when it is well formed."""
        if not isinstance(action, TbbrAction):
            return "unknown kind of action"
        if isinstance(action, Move) and action.mode not in MODES:
            return f"unknown means of transport {action.mode!r}"
        place = getattr(action, "dest", getattr(action, "place", None))
        if place is not None and (not isinstance(place, str) or place not in B.places):
            return f"no place {place!r} on the board"
        card = getattr(action, "card", None)
        if card is not None and (not isinstance(card, str) or card not in CARDS):
            return f"no objective card {card!r}"
        if isinstance(action, Beer) and action.colour not in range(len(COLOURS)):
            return f"unknown beer colour {action.colour!r}"
        return ""

    def _why_not(self, seat: int, action: Any) -> str:
        pl = self.players[seat]
        if isinstance(action, Move):
            tu = B.road_between(pl.location, action.dest)
            if tu is None:
                return "no road leads there from here"
            if action.mode == "bicycle" and pl.breath >= T.bicycle_banned:
                return "the Breathalyzer forbids the bicycle"
            return "you must be able to finish your move before the end of the day"
        if isinstance(action, (Buy, Taste)):
            return "each action only once between two moves, where the brewery offers it"
        if isinstance(action, Camp):
            return "camping is impossible on the last day and on the Grand Place"
        if isinstance(action, Claim):
            return "its condition is not met, it is not accessible, or 4 were claimed this turn"
        return "see the rulebook"

    # ------------------------------------------------------------------ free actions

    def _act(self, seat: int, action: Any) -> None:
        pl = self.players[seat]
        if isinstance(action, Claim):
            self._claim(seat, action.card)
            return
        same_try = isinstance(action, Move) and action.mode == "hitchhiking" and action.dest == pl.hitch_dest
        if not same_try:
            pl.hitch_dest, pl.hitch_extra = "", 0
        if isinstance(action, Move):
            self._start_move(seat, action)
        elif isinstance(action, PayDriver):
            tu = B.road_between(pl.location, action.dest)
            assert tu is not None
            self.pending = Pending(
                "pay",
                seat,
                owner=seat,
                mode="hitchhiking",
                dest=action.dest,
                count=T.hitch_beers_per_tu * tu[2],
                tu=tu[2],
            )
        elif isinstance(action, Buy):
            self._buy(seat, action)
        elif isinstance(action, Taste):
            self._taste_here(seat)
        elif isinstance(action, Camp):
            pl.bike_streak = 0
            self._emit("camp", f"seat {seat} camps at {self._name(pl.location)}", seat, place=pl.location)
            self.pending = Pending("camp", seat, owner=seat)
        elif isinstance(action, FinishRace):
            self._emit("finish", f"seat {seat} waits on the Grand Place", seat)
            self._end_players_day(seat)

    def _start_move(self, seat: int, move: Move) -> None:
        pl = self.players[seat]
        cost = self.move_cost(seat, move.mode, move.dest)
        if move.mode == "bicycle" or B.within_brussels(pl.location, move.dest):
            self._travel(seat, move.mode, move.dest, cost)
        elif move.mode == "transport":
            self.pending = Pending(
                "roll", seat, owner=seat, mode="transport", dest=move.dest, count=1, tu=cost
            )
        else:
            dice = 1 + (pl.hitch_extra if pl.hitch_dest == move.dest else 0)
            self.pending = Pending(
                "roll", seat, owner=seat, mode="hitchhiking", dest=move.dest, count=dice, tu=cost
            )

    def _travel(self, seat: int, mode: str, dest: str, tu: int, verb: str = "") -> None:
        """A move that reaches its destination in ``tu`` TU: arrive, then toast."""
        self._reach(seat, mode, dest, tu, verb)
        self._start_toast(seat)

    def _reach(self, seat: int, mode: str, dest: str, tu: int, verb: str = "") -> None:
        """Spend the move's ``tu`` and arrive (public transport may taste on board before the toast)."""
        self._emit(
            "move",
            f"seat {seat} {verb or _TRAVEL_WORDS[mode]} {self._name(dest)} ({tu} TU)",
            seat,
            place=dest,
            mode=mode,
            tu=tu,
        )
        self._advance(seat, tu, bicycle=mode == "bicycle")
        self._arrive(seat, dest)
        self.log.append(f"move:{mode}:{tu}")

    def _ride(self, p: Pending, die: int) -> None:
        """Public transport: a 6 adds 2 TU; if that cannot fit today, only the 2 TU are spent."""
        seat, pl = p.seat, self.players[p.seat]
        late = die == T.late_face
        total = p.tu + (T.late_penalty if late else 0)
        self._emit(
            "dice", f"seat {seat} rolls {die} for public transport", seat, dice=[die], mode="transport"
        )
        before = pl.time
        if total <= self.remaining(seat):
            self._reach(seat, "transport", p.dest, total)
            arrived = p.dest
        else:
            self._emit(
                "late",
                f"seat {seat}'s transport is late: the day ends before arriving",
                seat,
                mode="transport",
                tu=T.late_penalty,
            )
            self._advance(seat, T.late_penalty)
            arrived = ""
        tastes = (pl.time - before) // T.onboard_tu_per_beer
        if tastes > 0 and pl.backpack > 0 and not pl.asleep:
            self.pending = Pending("onboard", seat, owner=seat, dest=arrived, count=tastes)
        elif arrived:
            self._start_toast(seat)

    def _hitchhike(self, p: Pending, dice: tuple[int, ...]) -> None:
        """Hitchhiking: one odd die is a lift; else wait 2 TU (4 from the threshold) and persist."""
        seat, pl = p.seat, self.players[p.seat]
        self._emit(
            "dice", f"seat {seat} rolls {list(dice)} hitchhiking", seat, dice=list(dice), mode="hitchhiking"
        )
        if any(d % 2 for d in dice):
            pl.hitch_dest, pl.hitch_extra = "", 0
            self._travel(seat, "hitchhiking", p.dest, p.tu)
            return
        wait = T.hitch_wait_doubled if pl.breath >= T.doubled else T.hitch_wait
        pl.hitch_dest, pl.hitch_extra = p.dest, min(len(dice), T.hitch_max_dice - 1)
        self._emit("wait", f"seat {seat} waits {wait} TU by the road", seat, tu=wait, place=p.dest)
        self._advance(seat, wait)

    def _buy(self, seat: int, buy: Buy) -> None:
        pl = self.players[seat]
        place = B.places[pl.location]
        self._advance(seat, 1)
        pl.bike_streak = 0
        pl.bought_here = True
        if buy.beers:
            n = min(T.pack, T.backpack - pl.backpack)
            pl.beers[place.colour] += n
            self.log.append(f"buy:{place.colour}")
            self._emit(
                "buy",
                f"seat {seat} buys {n} {COLOURS[place.colour]} beers",
                seat,
                colour=place.colour,
                amount=n,
                place=pl.location,
            )
        if buy.cheese:
            pl.cheese += 1
            self.log.append("cheese")
            self._emit("cheese", f"seat {seat} buys a cheese", seat, amount=pl.cheese)
            if pl.cheese == len(T.cheese) - 1 and pl.tokens_left:
                pl.cheese_tokens += 1
                self._emit("cheese_token", f"seat {seat}'s cheese track is full: a token for 5 VP", seat)

    def _taste_here(self, seat: int) -> None:
        pl = self.players[seat]
        colour = B.places[pl.location].colour
        self._advance(seat, 1)
        pl.bike_streak = 0
        pl.tasted_here = True
        self._emit(
            "taste", f"seat {seat} tastes a {COLOURS[colour]} beer", seat, colour=colour, place=pl.location
        )
        self._drink(seat, colour)

    def _eat(self, seat: int) -> None:
        pl = self.players[seat]
        pl.cheese -= 1
        pl.breath = max(0, pl.breath - 1)
        self._emit("eat", f"seat {seat} eats a cheese", seat, amount=pl.cheese)

    def _claim(self, seat: int, card: str) -> None:
        self.accessible[self.accessible.index(card)] = ""
        self.players[seat].objectives.append(card)
        self.claims += 1
        self._emit("claim", f"seat {seat} claims objective {card}", seat, card=card)

    # ------------------------------------------------------------------ decisions

    def _decide(self, p: Pending, action: Any) -> None:
        seat, pl = p.seat, self.players[p.seat]
        if isinstance(action, ChooseStart):
            self._choose_start(seat, action.place)
        elif p.kind == "pay":
            assert isinstance(action, Beer)
            pl.beers[action.colour] -= 1
            if p.count > 1:
                self.pending = Pending(
                    "pay", seat, owner=seat, mode=p.mode, dest=p.dest, count=p.count - 1, tu=p.tu
                )
                return
            self.log.append("pay")
            self._travel(seat, "hitchhiking", p.dest, p.tu, verb="pays the driver and rides to")
        elif p.kind == "onboard":
            if isinstance(action, Beer):
                pl.beers[action.colour] -= 1
                self._emit(
                    "taste",
                    f"seat {seat} tastes a carried {COLOURS[action.colour]} beer on board",
                    seat,
                    colour=action.colour,
                )
                self._drink(seat, action.colour)
                if p.count > 1 and not pl.asleep:
                    self.pending = Pending("onboard", seat, owner=seat, dest=p.dest, count=p.count - 1)
                    return
            if p.dest and not pl.asleep:
                self._start_toast(seat)
        elif p.kind == "camp":
            if isinstance(action, Beer):
                pl.beers[action.colour] -= 1
                self._advance(seat, 1)
                self._emit(
                    "convert",
                    f"seat {seat} drinks a carried {COLOURS[action.colour]} beer at camp",
                    seat,
                    colour=action.colour,
                )
                self._drink(seat, action.colour)
                if not pl.done:
                    self.pending = Pending("camp", seat, owner=seat)
                    return
            if not pl.done:
                self._end_players_day(seat)
            pl.camped = not pl.asleep
        elif p.kind == "gift":
            assert isinstance(action, Beer)
            pl.beers[action.colour] -= 1
            gifts = (*p.gifts, action.colour)
            if len(gifts) < len(p.others):
                self.pending = Pending("gift", seat, owner=seat, others=p.others, gifts=gifts)
            else:
                self.pending = Pending("offer", p.others[0], owner=seat, others=p.others, gifts=gifts)
        elif p.kind == "offer":
            assert isinstance(action, Beer)
            pl.beers[action.colour] -= 1
            offers = (*p.offers, action.colour)
            if len(offers) < len(p.others):
                self.pending = Pending(
                    "offer",
                    p.others[len(offers)],
                    owner=p.owner,
                    others=p.others,
                    gifts=p.gifts,
                    offers=offers,
                )
            else:
                self._toast(p.owner, p.others, p.gifts, offers)
        elif p.kind == "pick":
            assert isinstance(action, Beer)
            rest = list(p.offers)
            rest.remove(action.colour)
            self._tastings(p.owner, ((p.owner, action.colour),), tuple(rest))
        elif p.kind == "redeem":
            assert isinstance(action, Redeem)
            taster, colour = p.queue[0]
            if action.eat:
                pl.cheese -= 1
                self._emit("redeem", f"seat {seat} eats the redeeming cheese", seat)
            self._toast_taste(taster, colour, redeemed=action.eat)
            self._tastings(p.owner, p.queue[1:], p.offers)
        elif p.kind == "bottle":
            if isinstance(action, Bottle):
                self.accessible[self.accessible.index(action.card)] = ""
                self.removed.append(action.card)
                self.bottles[p.count] = True
                self._emit(
                    "bottle",
                    f"seat {seat} breaks the bottle at TU {T.bottles[p.count]} and removes "
                    f"objective {action.card}",
                    seat,
                    card=action.card,
                    tu=T.bottles[p.count],
                )
        elif p.kind == "night":
            self._bedtime(p.count + 1)
        elif p.kind == "claim":
            if isinstance(action, Claim):
                self._claim(seat, action.card)
                self.pending = Pending("claim", seat, owner=seat)
            else:
                self._end_turn()

    def _choose_start(self, seat: int, place: str) -> None:
        pl = self.players[seat]
        pl.location = place
        self.first_visitor.discard(place)
        pl.discs += 1
        pl.visited.add(place)
        self._emit("start", f"seat {seat} starts at {self._name(place)}", seat, place=place)
        if seat + 1 < self.num_players:
            self.pending = Pending("start", seat + 1)

    # ------------------------------------------------------------------ arriving and drinking

    def _arrive(self, seat: int, dest: str) -> None:
        """Arriving: first-visitor disc, else a coaster; a first visit scores the bonus tracks."""
        pl = self.players[seat]
        pl.location = dest
        pl.bought_here = pl.tasted_here = False
        pl.gp_arrival = -1
        self.log.append(f"arrive:{dest}")
        place = B.places[dest]
        if not place.is_brewery:
            if self.last_day:
                self._land_on_grand_place(seat)
            return
        if dest in self.first_visitor:
            self.first_visitor.discard(dest)
            pl.discs += 1
            self._emit("disc", f"seat {seat} takes the first visitor disc of {place.name}", seat, place=dest)
        else:
            self._take_coaster(seat, dest)
        if dest not in pl.visited:
            if not pl.tokens_left:
                self._emit(
                    "no_token",
                    f"seat {seat} has no Visited Brewery Token left for {place.name}",
                    seat,
                    place=dest,
                )
                return
            pl.visited.add(dest)
            self.log.append(f"new:{dest}")
            for track in place.bonuses:
                i = ("positioning", "designer", "cardinal", "trappist").index(track)
                pl.bonus[i] = min(pl.bonus[i] + 1, len(T.bonus[track]) - 1)
            self._emit("visit", f"seat {seat} visits {place.name} for the first time", seat, place=dest)

    def _land_on_grand_place(self, seat: int) -> None:
        """Arrival is a place on the time track, not the order turns were played in: the key is
        (space + 1) x players + the order of landing on that space; 0..players-1 are the players
        who woke up there. The others who landed on the same space are renumbered 0, 1, ... so
        that the key stays below the next space's."""
        n = self.num_players
        base = (self.players[seat].time + 1) * n
        same = sorted(
            (q for q in self.players if base <= q.gp_arrival < base + n), key=lambda q: q.gp_arrival
        )
        for k, q in enumerate(same):
            q.gp_arrival = base + k
        self.players[seat].gp_arrival = base + len(same)

    def _take_coaster(self, seat: int, place: str) -> None:
        if self.coasters.get(place, 0) > 0:
            self.coasters[place] -= 1
            self.players[seat].coasters += 1
            self._emit("coaster", f"seat {seat} takes a coaster at {self._name(place)}", seat, place=place)

    def _drink(self, seat: int, colour: int) -> None:
        """One tasted beer: the Tasted Beers track (capped) and the Breathalyzer."""
        pl = self.players[seat]
        pl.tasted = min(pl.tasted + 1, T.tasted_max)
        pl.breath += 1
        if seat == self.active:
            self.log.append(f"taste:{colour}")
        if pl.breath >= T.asleep:
            self._fall_asleep(seat)

    def _fall_asleep(self, seat: int) -> None:
        pl = self.players[seat]
        pl.breath = T.asleep
        if not pl.asleep:
            pl.asleep = True
            self._emit("asleep", f"seat {seat} falls asleep", seat)
            self._end_players_day(seat)

    # ------------------------------------------------------------------ toasting

    def _start_toast(self, seat: int) -> None:
        """Mandatory on arrival with every opponent present who can still toast."""
        pl = self.players[seat]
        if pl.done or pl.location == GRAND_PLACE:
            return
        others = tuple(
            o
            for o, q in enumerate(self.players)
            if o != seat and q.location == pl.location and not q.done and q.backpack > 0
        )
        if not others:
            return
        if pl.backpack < len(others):
            self._emit("no_toast", f"seat {seat} has too few beers to toast", seat)
            return
        self.pending = Pending("gift", seat, owner=seat, others=others)

    def _toast(
        self, owner: int, others: tuple[int, ...], gifts: tuple[int, ...], offers: tuple[int, ...]
    ) -> None:
        self._emit(
            "toast",
            f"seat {owner} toasts with seats {list(others)}",
            owner,
            seats=list(others),
            gifts=list(gifts),
            offers=list(offers),
        )
        self.log.append(f"toast:{len(others)}")
        for seat in (owner, *others):
            self.players[seat].bike_streak = 0
            self._advance(seat, 1)
        self._tastings(owner, tuple(zip(others, gifts, strict=True)), offers)

    def _tastings(self, owner: int, queue: tuple[tuple[int, int], ...], offers: tuple[int, ...]) -> None:
        """Apply toast tastings in order, pausing for a redeeming-cheese decision when one is due."""
        for i, (seat, colour) in enumerate(queue):
            pl = self.players[seat]
            if pl.asleep:
                continue
            if pl.breath + 1 >= T.asleep and pl.cheese > 0:
                self.pending = Pending("redeem", seat, owner=owner, queue=queue[i:], offers=offers)
                return
            self._toast_taste(seat, colour, redeemed=False)
        pl = self.players[owner]
        if not offers or pl.asleep:
            return
        if pl.breath + len(offers) < T.asleep:
            self._tastings(owner, tuple((owner, c) for c in offers), ())
        elif len(set(offers)) == 1:
            self._tastings(owner, ((owner, offers[0]),), offers[1:])
        else:
            self.pending = Pending("pick", owner, owner=owner, offers=offers)

    def _toast_taste(self, seat: int, colour: int, redeemed: bool) -> None:
        pl = self.players[seat]
        if pl.cheers < len(T.cheers) - 1:  # the cube never moves past the last level
            pl.cheers += 1
            if pl.cheers_tokens:
                self._emit("cheers_token", f"seat {seat} adds a token beside the Cheers track", seat)
        if redeemed:
            pl.tasted = min(pl.tasted + 1, T.tasted_max)
            if seat == self.active:
                self.log.append(f"taste:{colour}")
        else:
            self._drink(seat, colour)

    # ------------------------------------------------------------------ the time track

    def _advance(self, seat: int, tu: int, bicycle: bool = False) -> None:
        """Move a disc ``tu`` spaces (to the end of the day at most), on top of its new stack."""
        pl = self.players[seat]
        old, new = pl.time, min(pl.time + tu, self.day_length)
        if bicycle:
            pl.bike_streak += new - old
            steps, pl.bike_streak = divmod(pl.bike_streak, T.bicycle_tu_per_step)
            pl.breath = max(0, pl.breath - steps)
        else:
            pl.bike_streak = 0
        self._move_disc(seat, new)
        if new == self.day_length:
            self._end_players_day(seat)

    def _move_disc(self, seat: int, new: int) -> None:
        """Put the disc on space ``new`` (on top of its stack), noting every bottle token it crosses:
        a disc that jumps to the end of the day crosses them too."""
        pl = self.players[seat]
        if new == pl.time:
            return
        for i, mark in enumerate(T.bottles):
            if pl.time <= mark < new:
                self.bottle_queue.append((seat, i))
        pl.time = new
        pl.stack = self._next_seq()

    def _end_players_day(self, seat: int) -> None:
        pl = self.players[seat]
        if pl.done:
            return
        self._move_disc(seat, self.day_length)
        pl.done = True
        self.finish.append(seat)
        self._emit("day_over", f"seat {seat}'s day is over", seat)

    def _next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def _time_order(self) -> list[int]:
        """Seats from the disc farthest behind; on a shared space, the top of the stack first."""
        return sorted(range(self.num_players), key=lambda s: (self.players[s].time, -self.players[s].stack))

    def _next_actor(self) -> int:
        return next((s for s in self._time_order() if not self.players[s].done), -1)

    def _turn_over(self, seat: int) -> bool:
        pl = self.players[seat]
        return pl.done or pl.time > max(q.time for s, q in enumerate(self.players) if s != seat)

    def settle(self) -> None:
        """Run automatic steps until the game waits for a seat or for dice."""
        while not self.terminal:
            if self.pending is not None:
                if self._auto_step(self.pending):
                    continue
                return
            if self.bottle_queue:
                seat, i = self.bottle_queue.pop(0)
                if any(self.accessible) and (not self.bottles[i] or self.num_players == 2):
                    self.pending = Pending("bottle", seat, owner=self.active, count=i)
                continue
            if self.active < 0:
                self.active = self._next_actor()
                if self.active < 0:
                    self._bedtime(0)
                continue
            if self._turn_over(self.active):
                if self.claimable(self.active):
                    self.pending = Pending("claim", self.active, owner=self.active)
                    return
                self._end_turn()
                continue
            if not self._free_actions(self.active):
                self._emit("stuck", f"seat {self.active} has no action that fits in the day", self.active)
                self._end_players_day(self.active)
                continue
            return

    def _auto_step(self, p: Pending) -> bool:
        """Resolve a step whose outcome is forced (one choice, or nothing left to do); True if done."""
        if p.kind in ("roll", "start", "redeem"):
            return False
        if p.kind == "claim":
            if self.claimable(p.seat):
                return False
            self.pending = None
            self._end_turn()
            return True
        if p.kind == "night":
            if self._night_snack_helps(p.seat):
                return False
            self.pending = None
            self._bedtime(p.count + 1)
            return True
        if p.kind in ("onboard", "camp"):
            pl = self.players[p.seat]
            if pl.backpack and not pl.done:
                return False
            self.pending = None
            self._decide(p, Stop())
            return True
        options = self._decisions(p)
        if len(options) != 1:
            return False
        self.pending = None
        self._decide(p, options[0])
        return True

    def _end_turn(self) -> None:
        self._refill()
        self.claims = 0
        self.log = []
        self.active = -1

    def _refill(self) -> None:
        """Slide inaccessible cards into empty accessible slots, then reveal new ones from the deck."""
        for i, card in enumerate(self.accessible):
            if not card:
                self._reveal()
                if self.inaccessible:
                    self.accessible[i] = self.inaccessible.pop(0)
        while len(self.inaccessible) < T.inaccessible and self._reveal():
            pass

    def _reveal(self) -> bool:
        """Turn the deck's next card face up as the last inaccessible card; False if none is left.
        In the shorter game the level 2 cards become the deck once level 1 runs out."""
        if not self.deck and self.shorter and not self.level2_added:
            self.deck = [c.id for c in CARDS.values() if c.level == 2]
            self.rng.shuffle(self.deck)
            self.level2_added = True
        if not self.deck:
            return False
        self.inaccessible.append(self.deck.pop(0))
        return True

    # ------------------------------------------------------------------ days

    def _bedtime(self, start: int) -> None:
        """Cheese "can be eaten at any time", also once a player's day is over: before the night,
        each seat from ``finish[start]`` on (in the order their days ended) for which a cheese
        would still change something is asked; then the day ends."""
        for i in range(start, len(self.finish)):
            if self._night_snack_helps(self.finish[i]):
                self.pending = Pending("night", self.finish[i], count=i)
                return
        self._end_day()

    def _night_snack_helps(self, seat: int) -> bool:
        """A cheese eaten after the day lowers the awakening penalty and the morning's Breathalyzer
        only above the night's recovery, and never matters once the race is over."""
        pl = self.players[seat]
        return not self.last_day and pl.cheese > 0 and pl.breath > T.night_recovery

    def _end_day(self) -> None:
        if self.last_day:
            self._end_game()
            return
        order = self.finish[:]
        top = self.seq + len(order) + 1
        for rank, seat in enumerate(order):
            self.players[seat].stack = top - rank
        self.seq = top + 1
        for seat, pl in enumerate(self.players):
            pl.time = T.awakening[pl.breath]
            if pl.time:
                self._emit("awakening", f"seat {seat} wakes up late: {pl.time} TU", seat, tu=pl.time)
            pl.breath = max(0, pl.breath - T.night_recovery)
            pl.score += self.daily_vp(seat)
            pl.done = pl.asleep = pl.camped = False
            pl.bought_here = pl.tasted_here = False
            pl.bike_streak = 0
            pl.hitch_dest, pl.hitch_extra = "", 0
        self._emit(
            "day_end", f"end of day {self.day + 1}: daily scoring", scores=[p.score for p in self.players]
        )
        self.day += 1
        self.finish = []
        self.bottles = [False] * len(T.bottles)
        for seat in self._time_order():
            if B.places[self.players[seat].location].is_brewery:
                self._take_coaster(seat, self.players[seat].location)
        if not self.shorter and not self.level2_added:
            self.deck += self.inaccessible + [c.id for c in CARDS.values() if c.level == 2]
            self.inaccessible = []
            self.rng.shuffle(self.deck)
            self.level2_added = True
            self._refill()
        if self.last_day:
            awake_there = [seat for seat in self._time_order() if self.players[seat].location == GRAND_PLACE]
            for order, seat in enumerate(awake_there):
                self.players[seat].gp_arrival = order
        self.active = -1

    def daily_vp(self, seat: int) -> int:
        """Daily scoring: the Tasted Beers track plus 1 VP per first-visitor disc and coaster."""
        pl = self.players[seat]
        return tasted_vp(pl.tasted) + pl.discs + pl.coasters

    def _end_game(self) -> None:
        """Latecomers lose 15 VP per missing move (one more if asleep), never below 0."""
        for seat, pl in enumerate(self.players):
            moves = B.moves_home[pl.location]
            if moves and pl.asleep:
                moves += 1
            lost = min(pl.score, moves * T.missing_move_vp)
            pl.penalty = moves * T.missing_move_vp
            pl.score -= lost
            if moves:
                self._emit("late", f"seat {seat} is {moves} move(s) from the Grand Place", seat, amount=moves)
        self.terminal = True
        self.active = -1
        self._emit("game_end", "the race is over", scores=[int(s) for s in self.scores()])

    # ------------------------------------------------------------------ helpers

    def _emit(self, kind: str, label: str, seat: int = -1, **payload: Any) -> None:
        self._events.append(Event(kind=kind, label=label, seat=seat, payload=payload))

    @staticmethod
    def _name(place: str) -> str:
        return B.places[place].name
