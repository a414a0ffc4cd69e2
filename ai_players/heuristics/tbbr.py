"""The greedy heuristic of The Belgian Beers Race (board game), and its static evaluation.

Time is the game's currency: every day has a fixed number of TU, and every
action is judged by the points it brings against the TU it spends
(``TU_VALUE`` points per TU, a hand-set price). Tasting is the richest use of
a TU early on, because the Tasted Beers track is scored every night and again
at the end (2 VP a level per scoring left), so it is
capped only by the Breathalyzer: each level has a price (``breath_cost``: no
bicycle from 4, a late awakening from 5, doubled public transport from 6,
asleep at 8, which ends the day). A move is worth what it finds (a first
visitor disc or a coaster, scored every night too; a new brewery for the
visited count and the bonus tracks; a beer to taste there) less its expected
TU (hitchhiking dice and late public transport included). On the last day,
every move must leave time to get back to the Grand Place: 15 VP per missing
move dwarf everything else.

The heuristic scores each legal action from the position alone (no cloning):
it is the rollout policy, so it must be cheap. ``projected_scores`` is the
static evaluation the search scores its cut-off rollouts by: the final score
each seat would have if the game ended now, plus what its remaining scorings,
TU and Breathalyzer promise. ``VALUE.leaf`` (the ``fitted`` leaf of the
``medium`` and ``hard`` levels) adds a linear model fitted on greedy self-play
(``linear_value``; weights in ``tbbr_value.json``). Both only ever see a
determinization of the seat's observation (in the search and in the arena),
never the real game.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from ai_players.heuristics.linear_value import LinearValue, register_linear_value
from ai_players.policies import register_heuristic
from engine.core import State
from engine.tbbr import objectives
from engine.tbbr.actions import (
    Beer,
    Bottle,
    Buy,
    Camp,
    ChooseStart,
    Claim,
    EatCheese,
    FinishRace,
    Move,
    PayDriver,
    Redeem,
    Taste,
)
from engine.tbbr.data import GRAND_PLACE, MODES, board, cards, tracks
from engine.tbbr.player import Player
from engine.tbbr.scoring import bonus_vp, cheers_vp, cheese_vp, level3_vp, objectives_vp, tasted_vp
from engine.tbbr.state import TbbrState

T = tracks()
B = board()
CARDS = cards()

TU_VALUE = 1.0  # the price of time in every action, set by hand (the fitted value refines it)
_NEW_BREWERY = 1.2  # progress on the visited-breweries scale (10 VP at 10, 40 at 30)
_TASTE_OPTION = 0.4  # share of a taste's value credited to arriving where one can taste
_BEER_KEPT = 1.0  # a carried beer scores 1 VP at the end, and may be tasted or given in a toast
_CLAIM_FIRST = 10.0  # claims cost no TU: take them before anything else
_LATE = float(T.missing_move_vp)
_BIKE, _TRANSPORT, _HITCH = MODES


def breath_cost(level: int) -> float:
    """What sitting at a Breathalyzer level costs, in points, relative to level 0 (within a day).

    Asleep (the top level) ends the day at once: priced as a lost half day.
    """
    if level >= T.asleep:
        return 14.0
    cost = 0.0
    if level >= T.bicycle_banned:
        cost += 1.5  # the bicycle is gone: every move is slower or a dice roll
    cost += TU_VALUE * T.awakening[level] * 0.7  # a late morning, unless the night or cheese helps first
    if level >= T.doubled:
        cost += 2.5  # public transport doubled, hitchhiking waits doubled
    return cost


_BREATH = tuple(breath_cost(level) for level in range(T.asleep + 1))


def scorings_left(state: TbbrState) -> int:
    """Scorings of the Tasted Beers track, discs and coasters still to come: nightly ones and the final."""
    return len(state.days) - state.day


@cache
def _visited_curve() -> tuple[float, ...]:
    """The visited-breweries VP interpolated between the rulebook's steps: progress counts before a step."""
    points = [(0, 0), *T.visited_steps]
    last, last_vp = points[-1]
    curve: list[float] = []
    for n in range(len(B.breweries) + 1):
        if n >= last:
            curve.append(last_vp + (n - last) * T.visited_beyond)
            continue
        for (a, va), (b, vb) in pairwise(points):
            if a <= n < b:
                curve.append(va + (vb - va) * (n - a) / (b - a))
                break
    return tuple(curve)


def _expected_tu(tu: tuple[int, int, int], mode: str, breath: int, extra_dice: int = 0) -> float:
    """The TU a move is expected to take: late public transport (a 6: +2 TU), hitchhiking's odd die
    (each failure waits and tries again with one more die)."""
    if mode == _BIKE:
        return float(tu[0])
    if mode == _TRANSPORT:
        return tu[1] * (2 if breath >= T.doubled else 1) + T.late_penalty / 6
    wait = T.hitch_wait_doubled if breath >= T.doubled else T.hitch_wait
    dice = 1 + extra_dice
    expected, p_reach = 0.0, 1.0
    for _ in range(4):  # three failures in a row are rare enough to stop counting there
        fail = 0.5**dice
        expected += p_reach * (1 - fail) * tu[2]
        expected += p_reach * fail * wait
        p_reach *= fail
        dice = min(dice + 1, T.hitch_max_dice)
    return expected + p_reach * tu[2]


@cache
def home_tu(breath_class: int) -> dict[str, float]:
    """Expected TU from every place to the Grand Place by the fastest means (Dijkstra on the roads).

    ``breath_class`` 0: every mode; 1: no bicycle; 2: no bicycle, doubled transport and waits.
    """
    breath = (0, T.bicycle_banned, T.doubled)[breath_class]
    edge: dict[str, list[tuple[str, float]]] = {p: [] for p in B.places}
    for place in B.places:
        for dest, tu in B.neighbours(place):
            if B.within_brussels(place, dest):
                cost = float(T.brussels_tu)
            else:
                modes = (_TRANSPORT, _HITCH) if breath >= T.bicycle_banned else MODES
                cost = min(_expected_tu(tu, m, breath) for m in modes)
            edge[dest].append((place, cost))  # reversed: distances *to* the Grand Place
    dist = {GRAND_PLACE: 0.0}
    queue = [(0.0, GRAND_PLACE)]
    while queue:
        d, here = heapq.heappop(queue)
        if d > dist.get(here, float("inf")):
            continue
        for there, cost in edge[here]:
            if d + cost < dist.get(there, float("inf")):
                dist[there] = d + cost
                heapq.heappush(queue, (d + cost, there))
    return dist


def _breath_class(breath: int) -> int:
    return 2 if breath >= T.doubled else 1 if breath >= T.bicycle_banned else 0


_SLACK = 2.0  # TU of margin wanted on the way home, plus _SLACK_PER_MOVE per move: dice eat into it
_SLACK_PER_MOVE = 1.5
_EVE_PULL = 0.5  # the day before the last: points per expected TU between tonight's place and home


def trip_home(state: TbbrState, place: str, left: float, breath: int) -> float:
    """Points at risk from being at ``place`` with ``left`` TU of today.

    On the last day, 15 VP per missing move if the expected trip home does not
    fit, and a growing share of it as the margin shrinks below ``_SLACK``. The
    day before, tonight's place decides how much of the last day goes on the
    trip home: a pull towards the Grand Place that grows as the day ends.
    """
    if place == GRAND_PLACE:
        return 0.0
    if state.last_day:
        slack = left - home_tu(_breath_class(breath))[place]
        moves = B.moves_home[place]
        if slack < 0:
            return _LATE * moves * (1.0 - 0.1 * max(-3.0, slack))
        wanted = _SLACK + _SLACK_PER_MOVE * moves
        return _LATE * moves * max(0.0, wanted - slack) / wanted * 0.5
    if state.day == len(state.days) - 2:
        ending = max(0.0, 1.0 - left / 16.0)
        return _EVE_PULL * ending * home_tu(0)[place]
    return 0.0


def tu_left(state: TbbrState, seat: int) -> int:
    """TU ``seat`` still has today and on the days to come (tomorrow's late awakening deducted)."""
    pl = state.players[seat]
    today = 0 if pl.done else state.day_length - pl.time
    later = sum(state.days[state.day + 1 :])
    if later:
        later -= T.awakening[pl.breath]
    return today + later


class _Turn:
    """What every action of one decision is judged against, computed once per decision."""

    def __init__(self, state: TbbrState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.pl = pl = state.players[seat]
        self.scorings = scorings_left(state)
        self.left = state.day_length - pl.time
        self.last_day = state.last_day
        self.taste_vp = T.tasted_vp_per_beer * self.scorings if pl.tasted < T.tasted_max else 0.0
        self._taste: float | None = None

    # -- shared judgements ------------------------------------------------------------------------

    def taste_gain(self, breath: int | None = None) -> float:
        """One more tasted beer at Breathalyzer ``breath`` (the seat's own by default): points less price."""
        b = self.pl.breath if breath is None else breath
        if b + 1 >= T.asleep and not self.pl.done:
            return self.taste_vp - _BREATH[T.asleep] * max(0.3, self.left / 16)
        return self.taste_vp - (_BREATH[min(b + 1, T.asleep)] - _BREATH[b])

    def taste_here(self) -> float:
        if self._taste is None:
            self._taste = self.taste_gain()
        return self._taste

    def late_risk(self, place: str, left: float, breath: int | None = None) -> float:
        """The points at risk at ``place`` with ``left`` TU of today: see ``trip_home``."""
        return trip_home(self.state, place, left, self.pl.breath if breath is None else breath)

    # -- actions ----------------------------------------------------------------------------------

    def score(self, action: Any) -> float:
        return _SCORES.get(type(action), _neutral)(self, action)

    def move(self, action: Move) -> float:
        pl = self.pl
        here = pl.location
        if B.within_brussels(here, action.dest):
            cost = float(T.brussels_tu) - (0.2 if action.mode == _BIKE else 0.0)  # cycling sobers up
        else:
            tu = B.road_between(here, action.dest)
            assert tu is not None
            extra = pl.hitch_extra if pl.hitch_dest == action.dest else 0
            cost = _expected_tu(tu, action.mode, pl.breath, extra)
            if action.mode == _BIKE:
                cost -= 0.25 * tu[0] / T.bicycle_tu_per_step  # each 4 TU lowers the Breathalyzer a step
        return self.arrival(action.dest, cost) - TU_VALUE * cost

    def pay(self, action: PayDriver) -> float:
        tu = B.road_between(self.pl.location, action.dest)
        assert tu is not None
        beers = T.hitch_beers_per_tu * tu[2]
        return self.arrival(action.dest, tu[2]) - TU_VALUE * tu[2] - _BEER_KEPT * beers - 1.0

    def stay(self, tu: int) -> float:
        """The trip-home risk of spending ``tu`` TU where the seat stands."""
        return self.late_risk(self.pl.location, self.left - tu)

    def arrival(self, dest: str, cost: float) -> float:
        """What reaching ``dest`` after ``cost`` TU brings: tokens, a new brewery, a beer to taste there."""
        state, pl = self.state, self.pl
        place = B.places[dest]
        value = -self.late_risk(dest, self.left - cost, pl.breath)
        if not place.is_brewery:
            return value
        if dest in state.first_visitor or state.coasters.get(dest, 0) > 0:
            value += self.scorings
        if dest not in pl.visited and pl.tokens_left:
            value += _NEW_BREWERY
            for track in place.bonuses:
                i = ("positioning", "designer", "cardinal", "trappist").index(track)
                level = pl.bonus[i]
                steps = T.bonus[track]
                if level + 1 < len(steps):
                    value += steps[level + 1] - steps[level]
        if place.can_taste and self.left - cost >= 1:
            value += _TASTE_OPTION * max(0.0, self.taste_here())
        return value

    def taste(self, _: Taste) -> float:
        return self.taste_here() - TU_VALUE + self.lightning("taste") - self.stay(1)

    def buy(self, action: Buy) -> float:
        pl = self.pl
        value = -TU_VALUE - self.stay(1)
        if action.beers:
            n = min(T.pack, T.backpack - pl.backpack)
            value += n * (_BEER_KEPT + (0.3 if not self.last_day else 0.0)) + self.lightning("buy")
        if action.cheese:
            value += T.cheese[pl.cheese + 1] - T.cheese[pl.cheese] + 0.8  # and a Breathalyzer step in reserve
        return value

    def camp(self, _: Camp) -> float:
        """The day ends here: worth it when little time is left, the carried beers tasted on the way."""
        pl = self.pl
        room = max(0, T.asleep - 1 - pl.breath)
        converts = min(pl.backpack, self.left, room)
        return converts * (self.taste_vp - _BEER_KEPT) - TU_VALUE * self.left - 0.5 - self.stay(self.left)

    def finish(self, _: FinishRace) -> float:
        return -TU_VALUE * self.left * 0.5 + 0.5  # staying costs the time left, the safe choice at the end

    def claim(self, action: Claim) -> float:
        card = CARDS[action.card]
        return _CLAIM_FIRST + card.vp

    def lightning(self, what: str) -> float:
        """A little extra for a taste or a buy that may fulfil an accessible lightning card."""
        return 0.3 if any(c and CARDS[c].cond.startswith(what) for c in self.state.accessible) else 0.0

    def eat(self, _: EatCheese) -> float:
        pl, state = self.pl, self.state
        b = pl.breath
        if b == 0:
            return -5.0
        loss = T.cheese[pl.cheese] - T.cheese[pl.cheese - 1]
        pending = state.pending
        if pending is not None and pending.kind == "night":
            after_night = max(0, b - T.night_recovery)
            relief = TU_VALUE * (T.awakening[b] - T.awakening[b - 1]) + (
                _BREATH[after_night] - _BREATH[max(0, after_night - 1)]
            )
            return relief - loss - 0.1
        relief = _BREATH[b] - _BREATH[b - 1]
        if self.can_taste_here():
            relief = max(relief, self.taste_gain(b - 1) - max(0.0, self.taste_here()))
        return relief - loss - 0.3

    def can_taste_here(self) -> bool:
        pl = self.pl
        place = B.places[pl.location]
        return self.state.pending is None and place.can_taste and not pl.tasted_here and self.left >= 1

    def beer(self, action: Beer) -> float:
        """Which beer (and whether) to taste, pay, give, offer or convert."""
        pending, pl = self.state.pending, self.pl
        spare = 0.1 * pl.beers[action.colour]  # give away the colour held most, keep variety
        if pending is None or pending.kind in ("pay", "gift", "offer"):
            return spare
        if pending.kind == "pick":
            return 0.0
        # onboard (no TU) or camp (the day ends anyway): a carried beer tasted
        return self.taste_gain() - _BEER_KEPT + spare

    def redeem(self, action: Redeem) -> float:
        if not action.eat:
            return -_BREATH[T.asleep] * max(0.3, self.left / 16)
        return -(T.cheese[self.pl.cheese] - T.cheese[self.pl.cheese - 1])

    def bottle(self, action: Bottle) -> float:
        """Break a bottle to remove a card an opponent can claim and this seat cannot."""
        card = CARDS[action.card]
        if card.kind == "lightning":
            return -0.5
        mine = objectives.condition_met(card, self.pl, ())
        theirs = any(
            objectives.condition_met(card, other, ())
            for i, other in enumerate(self.state.players)
            if i != self.seat
        )
        return (card.vp if theirs else 0.0) - (card.vp if mine else 0.0) - 0.5

    def start(self, action: ChooseStart) -> float:
        """Shorter game: start where the most breweries lie within a cheap ride."""
        return sum(1.0 / (1 + tu[2]) for _, tu in B.neighbours(action.place))


def _neutral(_: _Turn, __: Any) -> float:
    return 0.0  # Stop, EndTurn, KeepBottle: the neutral choice


_SCORES: dict[type, Callable[[_Turn, Any], float]] = {
    Move: _Turn.move,
    PayDriver: _Turn.pay,
    Taste: _Turn.taste,
    Buy: _Turn.buy,
    Camp: _Turn.camp,
    FinishRace: _Turn.finish,
    Claim: _Turn.claim,
    EatCheese: _Turn.eat,
    Beer: _Turn.beer,
    Redeem: _Turn.redeem,
    Bottle: _Turn.bottle,
    ChooseStart: _Turn.start,
}


def score_actions(state: State, seat: int, actions: Sequence[Any]) -> list[float]:
    """The greedy value of each action for ``seat``: points gained less the TU spent, priced."""
    turn = _Turn(state, seat)  # type: ignore[arg-type]
    return [turn.score(action) for action in actions]


# -- the static evaluation ---------------------------------------------------------------------------


def _projected(state: TbbrState, seat: int, pl: Player) -> float:
    """``seat``'s final score if the race ended now with every scoring still to come, plus its time."""
    scorings = scorings_left(state)
    value: float = pl.score + scorings * (tasted_vp(pl.tasted) + pl.discs + pl.coasters)
    value += bonus_vp(pl) + pl.backpack + cheese_vp(pl) + _visited_curve()[len(pl.visited)]
    value += objectives_vp(pl) + level3_vp(pl, state.level3) + cheers_vp(pl)
    value += TU_VALUE * tu_left(state, seat) - _BREATH[pl.breath] * (0.0 if pl.done else 0.5)
    if state.last_day and pl.done:
        away = pl.location != GRAND_PLACE
        return value - _LATE * (B.moves_home[pl.location] + (1 if pl.asleep and away else 0))
    left = 0 if pl.done else state.day_length - pl.time
    return value - trip_home(state, pl.location, left, pl.breath)


def projected_scores(state: State) -> list[float]:
    """The final score each seat is heading for: the running total with the scorings still to come,
    the end-game parts as they stand, the TU left at ``TU_VALUE`` and the last day's trip home."""
    s: TbbrState = state  # type: ignore[assignment]
    if s.terminal:
        return s.scores()
    return [_projected(s, seat, pl) for seat, pl in enumerate(s.players)]


# -- the fitted leaf value ------------------------------------------------------------------------

# Not the Cheers track nor the days to come: a toast moves both seats' cubes, and the days to come
# are the same for every seat, so neither differs between two seats (the fit reads differences).
FEATURES = (
    "tu_today", "done", "asleep", "tasted", "breath", "tokens", "visited", "backpack",
    "cheese", "objectives", "claimable", "home_tu", "moves_home", "tasted_here",
)  # fmt: skip
VALUE_FILE = Path(__file__).with_name("tbbr_value.json")
_TOTAL_TU = {days: sum(days) for days in (T.days_normal, T.days_shorter)}


def features(state: State, seat: int) -> tuple[float, ...]:
    """What the fitted value reads of one seat's position, in the order of ``FEATURES``."""
    s: TbbrState = state  # type: ignore[assignment]
    pl = s.players[seat]
    today = 0 if pl.done else s.day_length - pl.time
    claimable = sum(
        1
        for c in s.accessible
        if c and CARDS[c].kind != "lightning" and objectives.condition_met(CARDS[c], pl, ())
    )
    return (
        float(today),
        float(pl.done),
        float(pl.asleep),
        float(pl.tasted),
        float(pl.breath),
        float(pl.discs + pl.coasters),
        float(len(pl.visited)),
        float(pl.backpack),
        float(pl.cheese),
        float(len(pl.objectives)),
        float(claimable),
        home_tu(_breath_class(pl.breath))[pl.location],
        float(B.moves_home[pl.location]),
        float(pl.tasted_here),
    )


def value_stage(state: State) -> tuple[float, float]:
    """How far the race is (TU of the days gone, and of today by the seat farthest behind, over the
    game's total), and 1 on the last day."""
    s: TbbrState = state  # type: ignore[assignment]
    gone = sum(s.days[: s.day]) + min(p.time for p in s.players)
    return gone / _TOTAL_TU[s.days], 1.0 if s.last_day else 0.0


VALUE = LinearValue(
    game="tbbr",
    features=FEATURES,
    read=features,
    stage=value_stage,
    base=projected_scores,
    path=VALUE_FILE,
)


register_heuristic("tbbr", score_actions, projected_scores)
register_linear_value(VALUE)
