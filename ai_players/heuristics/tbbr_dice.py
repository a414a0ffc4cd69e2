"""The greedy heuristic of The Belgian Beers Race Dice, and its static evaluation.

The heuristic scores each legal action from the position alone (no lookahead,
no cloning: it is the rollout policy, so it must be cheap). Its priorities are
the final countdown's: new breweries and specialty ones, goals, hop points; it
avoids Environment and cheese penalties, keeps the stronger dice, and heads
for the Grand Place once the race is on (the podium is worth 20 / 10 / 5).

The search may score its cut-off rollouts by ``fitted_scores`` instead of
``projected_scores``: the countdown plus a linear model fitted on self-play
(``ai_players.experiments.fit_value``; the weights are in
``tbbr_dice_value.json``).

It reads the engine's state directly; it only ever sees a determinization of
the seat's observation (in the search and in the arena), never the real game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from ai_players.heuristics.linear_value import LinearValue, register_linear_value
from ai_players.policies import register_evaluator, register_heuristic, register_solo_par
from engine import belgium
from engine.core import State
from engine.tbbr_dice.actions import (
    Buy,
    ChoosePersonal,
    ClaimGoal,
    EatCheese,
    PickDie,
    RerollAll,
    SkipTurn,
    TakeAllAndRoll,
    Taste,
    Travel,
)
from engine.tbbr_dice.components import components
from engine.tbbr_dice.goals import personal_met
from engine.tbbr_dice.state import CHOOSE, TbbrDiceState

# How likely a personal goal of each kind is met by a player who does not chase it.
_PERSONAL_ODDS = {
    "each_colour": 0.8,
    "podium": 0.7,
    "visited_all": 0.5,
    "brewery_track_highest": 0.5,
    "bonus_points": 0.5,
    "environment_points": 0.3,
    "visited_tags": 0.25,
    "breweries": 0.2,
    "cheese_points": 0.05,
}
_REROLL_VALUE = 12.0  # what rolling all 12 dice and taking the best two is worth (summed die fits)
_NEW_BREWERY = 3.5  # its point, and progress towards the brewery goals
_SPECIALTY_STEP = 2.0  # a specialty row's next circle is worth about this much
_EXPLORE = 2.5  # a road closer to unvisited breweries: enough to pay one Environment
_GOAL_BONUS = 4.0  # beyond its points, a goal brings the race (and the podium) closer
_PODIUM_FIRST = 20.0


def racing(state: TbbrDiceState, seat: int) -> bool:
    """Whether ``seat`` should head for the Grand Place: the final sprint is on, or its goals are done."""
    if state.sprint_round:
        return True
    goals = len(state.sheets[seat].goals)
    return goals >= 3 or (state.solo and state.thomas_arrived)


def _hops(place: str) -> int:
    return components().map.hops_to_grand_place[place]


@cache
def _nearest_first() -> dict[str, tuple[tuple[int, str], ...]]:
    """For every place, every brewery with its distance in roads, nearest first (breadth-first, once)."""
    roads = components().map.roads
    table: dict[str, tuple[tuple[int, str], ...]] = {}
    for start in roads:
        hops = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for here in frontier:
                for there, _ in roads[here]:
                    if there not in hops:
                        hops[there] = hops[here] + 1
                        nxt.append(there)
            frontier = nxt
        table[start] = tuple(sorted((n, b) for b, n in hops.items() if b != belgium.GRAND_PLACE_ID))
    return table


def _to_unvisited(place: str, visited: set[str]) -> int:
    """Roads from ``place`` to the nearest brewery not visited yet (0 if none is left)."""
    return next((n for n, brewery in _nearest_first()[place] if brewery not in visited), 0)


class _Turn:
    """What every action of one decision is judged against, computed once per decision."""

    def __init__(self, state: TbbrDiceState, seat: int) -> None:
        self.state = state
        self.sheet = sheet = state.sheets[seat]
        self.here = sheet.position
        self.visited = set(sheet.visited)
        self.roads = dict(components().map.roads[self.here])
        self.shortest = min(self.roads.values())
        self.racing = racing(state, seat)
        personal = components().personal.get(sheet.personal)
        self.personal_targets: tuple[str, ...] = personal.condition.get("ids", ()) if personal else ()
        self._unvisited_here: int | None = None
        self._best_hand: float | None = None

    def unvisited_here(self) -> int:
        if self._unvisited_here is None:
            self._unvisited_here = _to_unvisited(self.here, self.visited)
        return self._unvisited_here

    def die_fit(self, colour: str, value: int) -> float:
        """How useful a die is from here: exact road lengths best; overshooting costs Environment."""
        if value in self.roads.values() or (colour == "red" and value > self.shortest):
            return value + 2.0
        if value > self.shortest:
            return value - 1.0
        return value * 0.5  # only useful added to another die of its colour

    def best_hand(self) -> float:
        """Summed fits of the best dice this seat may take now."""
        if self._best_hand is None:
            s = self.state
            dice = s.dice
            target = s.dice_target(3, self.sheet)
            fits = sorted(self.die_fit(dice.colour[i], dice.value[i]) for i in dice.available_usable())
            self._best_hand = sum(fits[-target:])
        return self._best_hand

    def score(self, action: Any) -> float:
        """A rough change in the seat's final score."""
        return _SCORES.get(type(action), _neutral)(self, action)

    def pick(self, action: PickDie) -> float:
        fit = self.die_fit(action.colour, action.value)
        # At a turn's start, taking dice is weighed against a reroll by the best hand it allows.
        return self.best_hand() + 0.01 * fit if self.state.phase == CHOOSE else fit

    def claim(self, action: ClaimGoal) -> float:
        points = components().common[action.goal].points
        return _GOAL_BONUS + points - (0.5 if action.as_colour else 0.0)

    def personal(self, action: ChoosePersonal) -> float:
        card = components().personal[action.goal]
        return card.points * _PERSONAL_ODDS.get(card.condition.kind, 0.4)

    def take_all(self, _: TakeAllAndRoll) -> float:
        dice = self.state.dice
        usable = dice.available_usable()
        return sum(self.die_fit(dice.colour[i], dice.value[i]) for i in usable) + 4.0 * (3 - len(usable))

    def travel(self, action: Travel) -> float:
        sheet = self.sheet
        value = -0.3 * len(action.values)  # dice left over can take another road
        if action.colour != "red" and sum(action.values) > self.roads[action.dest]:
            value -= 2.0 if sheet.env_ticks < len(components().tracks.environment_points) - 1 else 0.0
        place = belgium.brewery(action.dest)
        if place.is_brewery and action.dest not in self.visited:
            value += _NEW_BREWERY + _SPECIALTY_STEP * len(place.specialties())
            if action.dest in self.personal_targets:
                value += 4.0
        else:
            # Already seen: worth it only as a way towards breweries still to visit.
            closer = self.unvisited_here() - _to_unvisited(action.dest, self.visited)
            value += _EXPLORE * closer - 0.2
        if self.racing:
            value += 3.0 * (_hops(self.here) - _hops(action.dest))
            if action.dest == belgium.GRAND_PLACE_ID:
                value += _PODIUM_FIRST
        return value

    def hop(self, action: Taste | Buy) -> float:
        sheet = self.sheet
        tracks = components().tracks
        mine, other = (sheet.tastes, sheet.buys) if isinstance(action, Taste) else (sheet.buys, sheet.tastes)
        value = 1.0 + (1.0 if mine < other else 0.0)  # completing a hop column earns its bonus
        if mine + 1 >= tracks.red_section_from:
            value -= 6.0  # one die fewer at every choice from now on
        elif isinstance(action, Taste) and mine + 1 in tracks.next_choice_penalty_at:
            value -= 2.0
        return value


def _neutral(_: _Turn, __: Any) -> float:
    return 0.0  # EndTravel, EndTurn: the neutral choice


_SCORES: dict[type, Callable[[_Turn, Any], float]] = {
    Travel: _Turn.travel,
    PickDie: _Turn.pick,
    ClaimGoal: _Turn.claim,
    Taste: _Turn.hop,
    Buy: _Turn.hop,
    ChoosePersonal: _Turn.personal,
    RerollAll: lambda _, __: _REROLL_VALUE,
    TakeAllAndRoll: _Turn.take_all,
    EatCheese: lambda _, __: -3.0,
    SkipTurn: lambda _, __: -4.0,
}


def score_actions(state: State, seat: int, actions: Sequence[Any]) -> list[float]:
    """The greedy value of each action for ``seat``: a rough change in its final score."""
    turn = _Turn(state, seat)  # type: ignore[arg-type]
    return [turn.score(action) for action in actions]


def projected_scores(state: State) -> list[float]:
    """The running countdown, less the roads still to ride home once the race is on.

    Solo, the solo model's projection of the final score instead (``SOLO_VALUE``): the
    solo reward reads the score itself, around a par, and a running countdown is far
    below any final score until late in the game (a search scored by it saw every
    cut-off at the bottom of the reward's range, and played worse than at random).
    """
    s: TbbrDiceState = state  # type: ignore[assignment]
    if s.solo:
        return SOLO_VALUE.scores(state)
    scores = s.scores()
    penalty = -components().tracks.road_penalty
    for seat, sheet in enumerate(s.sheets):
        if not sheet.finished and racing(s, seat):
            scores[seat] -= penalty * _hops(sheet.position) * 0.6
    return scores


# -- the fitted leaf value ------------------------------------------------------------------------

FEATURES = (
    "round", "sprint", "sprint_rounds", "goals", "others_goals", "hops_home", "racing", "finished",
    "podium", "to_unvisited", "breweries", "dice_penalty", "pending", "tastes", "buys", "env_ticks",
    "cheese_ticks", "personal_open", "personal_met", "specialty_cols", "hop_cols",
)  # fmt: skip
VALUE_FILE = Path(__file__).with_name("tbbr_dice_value.json")


def features(state: TbbrDiceState, seat: int) -> tuple[float, ...]:
    """What the fitted value reads of one seat's position, in the order of ``FEATURES``."""
    sheet = state.sheets[seat]
    points = components().personal[sheet.personal].points if sheet.personal else 0
    met = bool(sheet.personal) and personal_met(sheet, state.context(seat))
    others = max((len(o.goals) for i, o in enumerate(state.sheets) if i != seat), default=0)
    sprint = state.sprint_round
    return (
        float(state.round),
        float(bool(sprint)),
        float(state.round - sprint + 1 if sprint else 0),
        float(len(sheet.goals)),
        float(others),
        float(_hops(sheet.position)),
        float(racing(state, seat)),
        float(sheet.finished),
        float(sheet.podium),
        float(_to_unvisited(sheet.position, set(sheet.visited))),
        float(sheet.breweries),
        float(sheet.dice_penalty()),
        float(sheet.pending_penalty),
        float(sheet.tastes),
        float(sheet.buys),
        float(sheet.env_ticks),
        float(sheet.cheese_ticks),
        float(0 if met else points),
        float(points if met else 0),
        float(sheet.specialty_columns()),
        float(sheet.hop_columns()),
    )


def value_stage(state: State) -> tuple[float, float]:
    """How far the game is, as the fitted weights drift with it: (round / 40, 1 in the sprint else 0)."""
    s: TbbrDiceState = state  # type: ignore[assignment]
    return s.round / 40.0, 1.0 if s.sprint_round else 0.0


VALUE = LinearValue(
    game="tbbr_dice",
    features=FEATURES,
    read=features,  # type: ignore[arg-type]
    stage=value_stage,
    base=lambda state: state.scores(),
    path=VALUE_FILE,
)


SOLO_FEATURES = (*FEATURES, "thomas_gap", "thomas_arrived", "turns_after")
SOLO_VALUE_FILE = Path(__file__).with_name("tbbr_dice_solo_value.json")


def solo_features(state: TbbrDiceState, seat: int) -> tuple[float, ...]:
    """``features`` and Thomas's race: the circles between his track and the player's breweries
    (he arrives when they meet, so every brewery visited brings him closer), whether he arrived,
    and the player's turns since."""
    gap = components().tracks.automa_start + 1 - state.thomas_ticks - state.sheets[seat].breweries
    return (*features(state, seat), float(gap), float(state.thomas_arrived), float(state.turns_after))


def solo_stage(state: State) -> tuple[float, float]:
    """Solo, the phase that changes play is Thomas's arrival (three turns left), not a sprint."""
    s: TbbrDiceState = state  # type: ignore[assignment]
    return s.round / 40.0, 1.0 if s.thomas_arrived else 0.0


SOLO_VALUE = replace(
    VALUE,
    features=SOLO_FEATURES,
    read=solo_features,  # type: ignore[arg-type]
    stage=solo_stage,
    path=SOLO_VALUE_FILE,
    solo=True,
)


def fitted_scores(state: State) -> list[float]:
    """The running countdown plus the final-score gain a linear model fitted on self-play expects.

    The model (``linear_value``, fitted by ``ai_players.experiments.fit_value``)
    is fitted on score *differences* between seats, so only the margins it
    implies are meaningful, which is all the search reads. It sees what the
    countdown misses: a seat with three goals is likely to take the podium,
    and drink penalties cost dice for the rest of the game. Solo, the search
    reads the score itself, so the solo model (``SOLO_VALUE``) is fitted on
    solo games against Thomas, on the seat's own further gain.
    """
    s: TbbrDiceState = state  # type: ignore[assignment]
    return (SOLO_VALUE if s.solo else VALUE).scores(state)


register_heuristic("tbbr_dice", score_actions, projected_scores)
# The greedy player's mean solo score against Thomas (61 over 400 deals, docs/AI.md "Solo"): the solo
# reward is centred there, so it separates the scores a solo game actually reaches (about 30 to 90).
register_solo_par("tbbr_dice", 60.0)
register_evaluator("tbbr_dice", "fitted", fitted_scores)  # the 2-player or the solo value, by the table
register_linear_value(VALUE, as_leaf=False)
register_linear_value(SOLO_VALUE, as_leaf=False)
