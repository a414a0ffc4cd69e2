"""The Belgian Beers Race Dice: one position and its rules.

A turn is: choose travel dice (pick them one at a time, or roll all 12 again), then travel /
taste / buy with them, then claim a goal (or not) and end the turn. Cheeses are eaten before
choosing dice (dice cheeses) or then or in the goal phase (goal cheeses). Solo games add Thomas,
the Automa, who plays first in each round without any decision.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

from engine import belgium
from engine.core.chance import ChanceStep
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.fields import DeclaredState, derived, hidden, hidden_rng, per_seat, public
from engine.core.labels import player, players
from engine.core.rng import Rng
from engine.tbbr_dice import automa, cheeses
from engine.tbbr_dice.actions import (
    Buy,
    ChoosePersonal,
    ClaimGoal,
    EatCheese,
    EndTravel,
    EndTurn,
    PickDie,
    RerollAll,
    SkipTurn,
    TakeAllAndRoll,
    Taste,
    TbbrDiceAction,
    Travel,
)
from engine.tbbr_dice.components import COLOURS, X, components, road_key
from engine.tbbr_dice.dice import Dice, dice_from_views, dice_text, die_views, kind_order, roll_step
from engine.tbbr_dice.goals import Context, common_met, personal_met
from engine.tbbr_dice.sheet import Countdown, Sheet, countdown

# Phases. "personal": the secret choice of personal goals (simultaneous); "choose": start of a
# turn (choose dice, skip, cheeses); "pick": taking the chosen dice one by one; "travel"; "goal".
PERSONAL, CHOOSE, PICK, TRAVEL, GOAL, OVER = "personal", "choose", "pick", "travel", "goal", "over"

# A game nobody closes (no third common goal) gets its final sprint after this round, so every
# game ends; the rulebook has no such rule (see docs/rules/tbbr_dice.md).
CLOSING_ROUND = 40
CHEESES_ON_TABLE = 6
MIXED_DISPLAY = {2: 3, 3: 4, 4: 5}

HandDie = tuple[int, str, int, bool]  # (die index, colour, value, usable to taste/buy)


def _pending_from_json(value: Any) -> tuple[tuple[int, ...], str] | None:
    return None if value is None else (tuple(value[0]), value[1])


def _pending_restore(obs: Any) -> tuple[tuple[int, ...], str] | None:
    return (obs.pending_dice, obs.pending_mode) if obs.pending_mode else None


class TbbrDiceState(DeclaredState):
    """A position: each field declared once with who sees it (engine/core/fields.py).

    The kit derives clone, the snapshot body, the observation (``TbbrDiceState.Observation``)
    and the known part of a determinization (observation.py samples the rest).
    """

    blocked_cheese: bool = public(bool)
    mixed_goals: bool = public(bool)
    toast: bool = public(bool)
    phase: str = public(lambda: PERSONAL)
    current: int = public(int)
    round: int = public(lambda: 1)
    dice: Dice = public(
        Dice.fresh,
        copy="clone",
        to_json=Dice.dump,
        from_json=Dice.load,
        shows={"dice": die_views},
        restore=lambda obs: dice_from_views(obs.dice),
    )
    hand: list[HandDie] = public(list, copy="list", from_json=lambda v: [tuple(h) for h in v])
    pick_target: int = public(int)
    pick_from: int = public(int)  # hand index where this choice's canonical picking order starts
    done_here: list[str] = public(list, copy="list")  # "visit:T04" / "taste:T04" / "buy:T04" this turn
    claims: int = public(int)
    claim_limit: int = public(lambda: 1)
    reuse_token: bool = public(bool)
    # Dice to roll and the roll mode.
    pending: tuple[tuple[int, ...], str] | None = public(
        lambda: None,
        from_json=_pending_from_json,
        shows={
            "pending_dice": lambda p: tuple(p[0]) if p else (),
            "pending_mode": lambda p: p[1] if p else "",  # "" when no roll is pending
        },
        restore=_pending_restore,
    )
    # Goal cards. Non-mixed and solo: slot 2*c + k holds colour COLOURS[c] (solo: row k).
    display: list[str] = public(list, copy="list")
    # Face up: index 0 is the visible top; the rest hidden.
    piles: list[list[str]] = hidden(
        list,
        copy="nested",
        shows={
            "pile_tops": lambda piles: tuple(p[0] if p else "" for p in piles),
            "pile_sizes": lambda piles: tuple(len(p) for p in piles),
        },
    )
    cheese_table: list[str] = public(list, copy="list")
    cheese_rest: list[str] = hidden(list)  # never used
    blocked_slot: int = public(int)
    silver: list[str] = hidden(list, shows={"silver_left": len})
    gold: list[str] = hidden(list, shows={"gold_left": len})
    personal_discard: list[str] = hidden(list)  # each seat knows its own (Sheet.personal_seen)
    sprint_round: int = public(int)
    sheets: list[Sheet] = per_seat(Sheet, shown_as="players")
    # Solo: Thomas.
    thomas_deck: list[str] = hidden(list, shows={"thomas_deck_size": len})  # under thomas_top
    thomas_top: str = public(str)  # the card on top of his pile, the left card of his last pair
    thomas_discard: list[str] = public(list, copy="list")  # the cards revealed right of his pile
    revealed: list[str] = public(list, copy="list")  # card pairs revealed at his last turn, flattened
    thomas_dice: list[int] = public(list, copy="list")  # dice Thomas took at his last turn
    thomas_ticks: int = public(int)
    thomas_arrived: bool = public(bool)
    turns_after: int = public(int)  # your turns since Thomas arrived in Brussels
    bottle_row: int = public(int)
    flipped: list[str] = public(list, copy="list")
    victory: bool = public(bool)
    title: str = derived(lambda state: state.solo_title())  # solo: the rank title of a victory
    rng: Rng = hidden_rng()

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    # ------------------------------------------------------------------ contract

    def actors(self) -> Sequence[int]:
        if self.phase == OVER or self.pending is not None:
            return []
        if self.phase == PERSONAL:
            return [s for s, sheet in enumerate(self.sheets) if sheet.offer]
        return [self.current]

    def chance(self) -> ChanceStep | None:
        return None if self.pending is None else roll_step(*self.pending)

    def resolve_chance(self, outcome: Any) -> list[Event]:
        step = self.chance()
        if step is None or self.pending is None:
            raise IllegalAction("no chance step is pending", "ILLEGAL_ACTION")
        if not step.validate(outcome):
            raise IllegalAction(f"impossible roll {outcome!r} for {step.description}")
        indices, mode = self.pending
        self.pending = None
        self.dice.set_rolled(indices, tuple(outcome))
        events = [
            Event(
                "dice_rolled",
                f"Rolled {dice_text(self.dice, indices)}",
                payload={"dice": list(indices), "values": list(outcome), "mode": mode},
            )
        ]
        if mode == "thomas":
            events += automa.take_dice(self, 2)
            events += self.start_player_turn()
        elif mode in ("all", "all3", "special"):
            self.phase = PICK
        return events

    def legal_actions(self, seat: int) -> list[Any]:
        return self._legal(seat, None)

    def action_by_id(self, seat: int, action_id: str) -> Any | None:
        """The first legal action with this id, as the default finds it, built from its kind alone.

        An id's kind is its text up to the first colon ("pick", "go", "skip", ...), and only
        actions of that kind can carry it, so only they are built: the server looks up every
        submitted id, and the full list (the cheeses with all their targets, every road, every
        goal replacement) costs several times one kind. The order within a kind is the full
        list's, so the answer is the same.
        """
        kind = action_id.partition(":")[0]
        for action in self._legal(seat, kind):
            if action.id == action_id:
                return action
        return None

    def _legal(self, seat: int, kind: str | None) -> list[Any]:
        """The legal actions, or only those of ``kind`` (an id's text before its first colon; None: all)."""
        if seat not in self.actors():
            return []
        sheet = self.sheets[seat]
        if sheet.offer:
            return [ChoosePersonal(g) for g in sheet.offer] if kind in (None, "personal") else []
        if self.phase == CHOOSE:
            return self._choose_actions(sheet, kind)
        if self.phase == PICK:
            return self._pick_actions() if kind in (None, "pick") else []
        if self.phase == TRAVEL:
            return self._travel_actions(sheet, kind)
        if self.phase == GOAL:
            return self._goal_actions(sheet, kind)
        return []

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("the game is over", "GAME_OVER")
        if self.pending is not None:
            raise IllegalAction("roll the dice first", "CHANCE_PENDING")
        if seat not in self.actors():
            raise IllegalAction(f"seat {seat} may not act now", "NOT_YOUR_TURN")
        if action not in self.legal_actions(seat):
            raise IllegalAction(f"{getattr(action, 'label', action)!s} is not allowed now")
        return self._dispatch(seat, action)

    def apply_legal(self, seat: int, action: Any) -> list[Event]:
        return self._dispatch(seat, action)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def countdowns(self) -> list[Countdown]:
        over = self.phase == OVER
        return [
            countdown(sheet, personal_met(sheet, self.context(seat)), over)
            for seat, sheet in enumerate(self.sheets)
        ]

    def scores(self) -> list[float]:
        return [float(c.total) for c in self.countdowns()]

    def ranking(self) -> list[int]:
        """Highest score first; ties broken by most breweries; still tied: shared rank."""
        if self.solo:
            return [1 if self.victory else 2]
        keys = [(c.total, sheet.breweries) for c, sheet in zip(self.countdowns(), self.sheets, strict=True)]
        return [1 + sum(1 for other in keys if other > key) for key in keys]

    def solo_title(self) -> str:
        """The rank title of a solo victory ("" otherwise)."""
        return automa.title(int(self.scores()[0])) if self.solo and self.victory else ""

    def result_text(self) -> str:
        """The solo outcome for the server's game summary ("" lets the server describe other games)."""
        if not self.solo or self.phase != OVER:
            return ""
        score = int(self.scores()[0])
        if self.victory:
            return f"Victory over Thomas: {self.solo_title()} ({score} points)"
        return f"Thomas wins ({score} points)"

    def context(self, seat: int) -> Context:
        if self.solo:
            return Context((self.thomas_ticks,))
        return Context(tuple(s.breweries for i, s in enumerate(self.sheets) if i != seat))

    # ------------------------------------------------------------------ legal actions

    def dice_target(self, base: int, sheet: Sheet) -> int:
        """Dice to take: ``base`` less the drinking penalties, never fewer than 2."""
        return max(2, base - sheet.dice_penalty())

    def _choose_actions(self, sheet: Sheet, kind: str | None = None) -> list[Any]:
        actions: list[Any] = []
        if kind in (None, "pick", "takeall"):
            usable = self.dice.available_usable()
            available = self.dice.available()
            target = self.dice_target(3, sheet)
            if len(usable) >= target:
                if kind != "takeall":
                    actions += self._picks(target, (-1, -1))
            elif 0 < len(available) == len(usable) and kind != "pick":
                actions.append(TakeAllAndRoll())
        if kind in (None, "reroll"):
            actions.append(RerollAll())
        if kind in (None, "skip") and not self.solo:
            actions += [SkipTurn(r) for r in self.replacements()]
        if kind in (None, "cheese"):
            actions += cheeses.edible(self, sheet, dice_phase=True)
        return actions

    def _pick_actions(self) -> list[Any]:
        picked = self.hand[self.pick_from :]
        floor = kind_order((picked[-1][1], picked[-1][2])) if picked else (-1, -1)
        return self._picks(self.pick_target - len({d for d, *_ in self.hand}), floor)

    def _picks(self, need: int, floor: tuple[int, int]) -> list[Any]:
        """Picks in canonical order (each hand is reached one way only), leaving enough dice to finish.

        One pass over the usable dice sorted by kind: a kind's first position in that order counts
        the dice at or above it, so a kind is offered when at least ``need`` of them remain.
        """
        orders = sorted(self.dice.usable_orders())
        picks = []
        previous = None
        for position, order in enumerate(orders):
            if len(orders) - position < need:
                break
            if order != previous and order >= floor:
                picks.append(PickDie(COLOURS[order[1]], order[0]))
            previous = order
        return picks

    def _travel_actions(self, sheet: Sheet, kind: str | None = None) -> list[Any]:
        actions: list[Any] = []
        if kind in (None, "go"):
            by_colour = [(c, tuple(sorted(v for _, hc, v, _ in self.hand if hc == c))) for c in COLOURS]
            for dest, distance in components().map.roads[sheet.position]:
                for colour, values in by_colour:
                    if values:
                        actions += [Travel(dest, colour, combo) for combo in _road_combos(values, distance)]
        if kind in (None, "taste", "buy"):
            here = belgium.brewery(sheet.position)
            low = sorted({(c, v) for _, c, v, ok in self.hand if ok}, key=kind_order)
            full = len(components().tracks.hop_points) - 1

            # "When you visit a brewery": only where a road brought you this turn (docs reading 5),
            # once per brewery and turn, with the icon.
            def fresh(what: str) -> bool:
                done = f"{what}:{here.id}" in self.done_here
                return f"visit:{here.id}" in self.done_here and here.has(what) and not done

            tastes = fresh("taste") and sheet.tastes < full
            buys = fresh("buy") and sheet.buys < full
            if tastes and kind != "buy":
                actions += [Taste(c, v) for c, v in low]
            if buys and kind != "taste":
                actions += [Buy(c, v) for c, v in low]
        if kind in (None, "stop"):
            actions.append(EndTravel())
        return actions

    def _goal_actions(self, sheet: Sheet, kind: str | None = None) -> list[Any]:
        if sheet.finished:  # arrived: "The game is now over for you" (no claim, no cheese)
            return [EndTurn()] if kind in (None, "end") else []
        actions: list[Any] = []
        if kind in (None, "claim") and self.claims < self.claim_limit and len(sheet.goals) < 3:
            actions += self._claims(sheet)
        if kind in (None, "cheese"):
            actions += cheeses.edible(self, sheet, dice_phase=False)
        if kind in (None, "end"):
            actions.append(EndTurn())
        return actions

    def _only_end_turn(self, sheet: Sheet) -> bool:
        """Whether ending the turn is all that is left (``_goal_actions`` is ``[EndTurn()]``).

        The claims are checked first, so the cheeses are only built when no claim is open.
        """
        return sheet.finished or (
            not self._goal_actions(sheet, "claim") and not cheeses.edible(self, sheet, dice_phase=False)
        )

    def _claims(self, sheet: Sheet) -> list[ClaimGoal]:
        context = self.context(self.current)
        counted = set(sheet.goal_colours())
        out: list[ClaimGoal] = []
        for goal in dict.fromkeys(g for g in self.display if g):
            if not common_met(sheet, goal, context):
                continue
            colour = components().common[goal].colour
            if self.mixed_goals or colour not in counted:
                out.append(ClaimGoal(goal))
            if sheet.wild and not self.mixed_goals:
                out += [ClaimGoal(goal, c) for c in COLOURS if c != colour and c not in counted]
        return out

    def replacements(self) -> list[tuple[str, ...]]:
        """Ways to replace goals from the piles: one displayed card per colour (mixed: one card)."""
        if self.mixed_goals:
            if not self.piles[0]:
                return [()]
            return [(g,) for g in dict.fromkeys(g for g in self.display if g)] or [()]
        per_colour: list[list[str]] = []
        for c in range(len(COLOURS)):
            shown = [g for g in self.display[2 * c : 2 * c + 2] if g]
            if self.piles[c] and shown:
                per_colour.append(list(dict.fromkeys(shown)))
        return [tuple(combo) for combo in itertools.product(*per_colour)]

    # ------------------------------------------------------------------ applying actions

    def _dispatch(self, seat: int, action: TbbrDiceAction) -> list[Event]:
        if isinstance(action, ChoosePersonal):
            return self._choose_personal(seat, action.goal)
        if isinstance(action, PickDie):
            return self._pick(action)
        if isinstance(action, RerollAll):
            return self.reroll_all(seat, base=2, mode="all")
        if isinstance(action, TakeAllAndRoll):
            return self._take_all_and_roll(seat)
        if isinstance(action, SkipTurn):
            events = [Event("turn_skipped", f"{player(seat)} skips the turn", seat)]
            events += self.replace_goals(seat, action.replace)
            return events + self._end_turn()
        if isinstance(action, EatCheese):
            return cheeses.eat(self, seat, action)
        if isinstance(action, Travel):
            return self._travel(seat, action)
        if isinstance(action, Taste | Buy):
            return self._taste_or_buy(seat, action)
        if isinstance(action, EndTravel):
            self.hand = []
            ended = Event("travel_ended", f"{player(seat)} ends the travel phase", seat)
            return [ended, *self._to_goal_phase()]
        if isinstance(action, ClaimGoal):
            return self._claim(seat, action)
        return self._end_turn()

    def _choose_personal(self, seat: int, goal: str) -> list[Event]:
        sheet = self.sheets[seat]
        for card in sheet.offer:
            if card != goal:
                self.personal_discard.append(card)
                sheet.personal_seen.append(card)
        sheet.personal = goal
        sheet.offer = ()
        events = [
            Event(
                "personal_chosen",
                f"{player(seat)} keeps personal goal {goal}",
                seat,
                {"goal": goal},
                frozenset({seat}),
            ),
            Event("personal_kept", f"{player(seat)} keeps a personal goal", seat),
        ]
        if self.phase == PERSONAL and not any(s.offer for s in self.sheets):
            events += self._start_round()
        return events

    def _consume_penalty(self, sheet: Sheet, base: int) -> None:
        self.pick_target = self.dice_target(base, sheet)
        sheet.pending_penalty = 0

    def _pick(self, action: PickDie) -> list[Event]:
        die = self.dice.find(action.colour, action.value)
        assert die is not None
        if self.phase == CHOOSE:
            self._consume_penalty(self.sheets[self.current], 3)
            self.phase = PICK
        self.dice.take(die, self.current)
        copies = 2 if self.dice.doubled[die] else 1
        self.hand += [(die, action.colour, action.value, False)] * copies
        events = [
            Event(
                "dice_taken",
                f"{player(self.current)} takes the {action.colour} {action.value}",
                self.current,
                {"dice": [die], "values": [action.value]},
            )
        ]
        if len({d for d, *_ in self.hand}) >= self.pick_target:
            self._mark_lowest()
            self.phase = TRAVEL
        return events

    def _mark_lowest(self) -> None:
        """Dice usable to taste/buy: the chosen dice that were the lowest of the dice on offer."""
        chosen = sorted({d: v for d, _, v, _ in self.hand}.items(), key=lambda dv: dv[1])
        pool = sorted([v for _, v in chosen] + [self.dice.value[i] for i in self.dice.available_usable()])
        low: set[int] = set()
        for k, (die, value) in enumerate(chosen):
            if value != pool[k]:
                break
            low.add(die)
        self.hand = [(d, c, v, d in low) for d, c, v, _ in self.hand]

    def reroll_all(self, seat: int, base: int, mode: str) -> list[Event]:
        self._consume_penalty(self.sheets[seat], base)
        self.pick_from = len(self.hand)
        self.pending = (tuple(range(len(self.dice.status))), mode)
        return [Event("reroll", f"{player(seat)} rolls all 12 dice again", seat)]

    def _take_all_and_roll(self, seat: int) -> list[Event]:
        self._consume_penalty(self.sheets[seat], 3)
        taken = self.dice.available_usable()
        for die in taken:
            self.dice.take(die, seat)
            self.hand += [(die, self.dice.colour[die], self.dice.value[die], False)] * (
                2 if self.dice.doubled[die] else 1
            )
        self.pick_from = len(self.hand)
        others = tuple(i for i in range(len(self.dice.status)) if i not in taken)
        self.pending = (others, "special")
        return [
            Event(
                "dice_taken",
                f"{player(seat)} takes the last {len(taken)} dice and rolls the others",
                seat,
                {"dice": taken, "values": [self.dice.value[i] for i in taken]},
            )
        ]

    def _travel(self, seat: int, action: Travel) -> list[Event]:
        sheet = self.sheets[seat]
        distance = components().map.distance(sheet.position, action.dest)
        assert distance is not None
        for value in action.values:
            k = next(k for k, (_, c, v, _) in enumerate(self.hand) if c == action.colour and v == value)
            del self.hand[k]
        key = road_key(sheet.position, action.dest)
        if key not in sheet.roads:
            sheet.roads.append(key)
        env = action.colour != "red" and sum(action.values) > distance
        if env:
            sheet.env_ticks += 1
        sheet.position = action.dest
        if f"visit:{action.dest}" not in self.done_here:
            self.done_here.append(f"visit:{action.dest}")
        new = belgium.brewery(action.dest).is_brewery and action.dest not in sheet.visited
        if new:
            sheet.visited.append(action.dest)
        events = [
            Event(
                "travelled",
                action.label,
                seat,
                {
                    "from": key,
                    "to": action.dest,
                    "colour": action.colour,
                    "values": list(action.values),
                    "environment": env,
                    "new_brewery": new,
                },
            )
        ]
        if action.dest == belgium.GRAND_PLACE_ID:
            events += self._arrive_grand_place(seat)
        if not self.hand or sheet.finished:
            self.hand = []
            events += self._to_goal_phase()
        return events

    def _arrive_grand_place(self, seat: int) -> list[Event]:
        sheet = self.sheets[seat]
        podium = components().tracks.podium_points
        if self.solo:
            # Arriving first ends the game only with every goal done, a podium goal counting the 20
            # points this arrival gives ("on the podium", "first step of the podium").
            sheet.podium = podium[self.turns_after - 1] if self.thomas_arrived else podium[0]
            sheet.finished = self.thomas_arrived or self._solo_goals_done(sheet)
            if not sheet.finished:
                sheet.podium = 0
            return (
                [
                    Event(
                        "podium",
                        f"You reach the Grand Place: {sheet.podium} points",
                        seat,
                        {"points": sheet.podium},
                    )
                ]
                if sheet.finished
                else []
            )
        events: list[Event] = []
        if not self.sprint_round and any(len(s.goals) >= 3 for s in self.sheets):
            self.sprint_round = self.round
            events.append(
                Event("final_sprint", f"{player(seat)} starts the final sprint", seat, {"round": self.round})
            )
        if self.sprint_round:
            sheet.podium = podium[self.round - self.sprint_round]
            sheet.finished = True
            events.append(
                Event(
                    "podium",
                    f"{player(seat)} reaches the Grand Place: {sheet.podium} points",
                    seat,
                    {"points": sheet.podium},
                )
            )
        return events

    def _solo_goals_done(self, sheet: Sheet) -> bool:
        return set(COLOURS) <= set(sheet.goal_colours()) and personal_met(sheet, self.context(0))

    def _taste_or_buy(self, seat: int, action: Taste | Buy) -> list[Event]:
        sheet = self.sheets[seat]
        k = next(
            k for k, (_, c, v, ok) in enumerate(self.hand) if ok and c == action.colour and v == action.value
        )
        del self.hand[k]
        what = "taste" if isinstance(action, Taste) else "buy"
        self.done_here.append(f"{what}:{sheet.position}")
        if what == "taste":
            self._tick_taste(sheet)
        else:
            sheet.buys += 1
        events = [
            Event(
                "tasted" if what == "taste" else "bought",
                action.label,
                seat,
                {"at": sheet.position, "colour": action.colour, "value": action.value},
            )
        ]
        if not self.hand:
            events += self._to_goal_phase()
        return events

    def _tick_taste(self, sheet: Sheet) -> None:
        if sheet.tastes < len(components().tracks.hop_points) - 1:
            sheet.tastes += 1
            if sheet.tastes in components().tracks.next_choice_penalty_at:
                sheet.pending_penalty += 1

    def _to_goal_phase(self) -> list[Event]:
        self.phase = GOAL
        if self._only_end_turn(self.sheets[self.current]):
            return self._end_turn()
        return []

    def _claim(self, seat: int, action: ClaimGoal) -> list[Event]:
        sheet = self.sheets[seat]
        goal = components().common[action.goal]
        as_colour = action.as_colour or goal.colour
        if action.as_colour:
            sheet.wild = False
        sheet.goals.append((goal.id, as_colour))
        self.claims += 1
        slot = self.display.index(goal.id)
        events = [
            Event(
                "goal_claimed",
                f"{player(seat)} claims {goal.id}: {goal.text}",
                seat,
                {"goal": goal.id, "as": as_colour, "points": goal.points},
            )
        ]
        self.display[slot] = self._draw_replacement(slot)
        if self.phase == GOAL and self._only_end_turn(sheet):
            events += self._end_turn()
        return events

    def _pile_of(self, slot: int) -> list[str] | None:
        if self.solo:
            return None
        return self.piles[0] if self.mixed_goals else self.piles[slot // 2]

    def _draw_replacement(self, slot: int) -> str:
        pile = self._pile_of(slot)
        return pile.pop(0) if pile else ""

    def replace_goals(self, seat: int, goals: tuple[str, ...]) -> list[Event]:
        """Each named displayed goal swaps with the top of its pile (it becomes the new top)."""
        for goal in goals:
            slot = self.display.index(goal)
            pile = self._pile_of(slot)
            assert pile
            self.display[slot] = pile[0]
            pile[0] = goal
        return (
            [
                Event(
                    "goals_replaced",
                    f"{player(seat)} replaces goals {', '.join(goals)}",
                    seat,
                    {"goals": list(goals)},
                )
            ]
            if goals
            else []
        )

    def deal_personal(self, seat: int) -> list[Event]:
        offer = []
        for deck in (self.silver, self.gold):
            if not deck:
                tier = "silver" if deck is self.silver else "gold"
                deck += [g for g in self.personal_discard if components().personal[g].tier == tier]
                self.personal_discard = [g for g in self.personal_discard if g not in deck]
                self.rng.shuffle(deck)
            offer.append(deck.pop(0))
        self.sheets[seat].offer = tuple(offer)
        return [
            Event(
                "personal_dealt",
                f"{player(seat)} is dealt {offer[0]} and {offer[1]}",
                seat,
                {"offer": offer},
                frozenset({seat}),
            )
        ]

    # ------------------------------------------------------------------ turns and rounds

    def _end_turn(self) -> list[Event]:
        seat = self.current
        self.hand = []
        events = [Event("turn_ended", f"{player(seat)} ends the turn", seat)]
        if self.solo:
            return events + self._solo_after_turn()
        while True:
            self.current += 1
            if self.current == self.num_players:
                events += self._end_round()
                if self.phase == OVER:
                    return events
                self.current = 0
            if not self.sheets[self.current].finished:
                break
        self._start_turn()
        return events

    def start_player_turn(self) -> list[Event]:
        """Solo: your turn, after Thomas's."""
        self.current = 0
        if self.thomas_arrived:
            self.turns_after += 1
        self._start_turn()
        return []

    def _start_turn(self) -> None:
        self.phase = CHOOSE
        self.hand = []
        self.pick_target = 0
        self.pick_from = 0
        self.done_here = []
        self.claims = 0
        self.claim_limit = 1
        self.reuse_token = False

    def _end_round(self) -> list[Event]:
        events = self._toasts() if self.toast else []
        sprint_done = self.sprint_round and self.round - self.sprint_round >= 2
        if sprint_done or all(s.finished for s in self.sheets):
            return events + self._game_over()
        self.round += 1
        if not self.sprint_round and self.round > CLOSING_ROUND:
            self.sprint_round = self.round
            events.append(
                Event("final_sprint", "Closing time: the final sprint starts", payload={"round": self.round})
            )
        return events

    def _toasts(self) -> list[Event]:
        events: list[Event] = []
        at: dict[str, list[int]] = {}
        for seat, sheet in enumerate(self.sheets):
            if not sheet.finished and belgium.brewery(sheet.position).is_brewery:
                at.setdefault(sheet.position, []).append(seat)
        for place, seats in sorted(at.items()):
            if len(seats) >= 2:
                for seat in seats:
                    self._tick_taste(self.sheets[seat])
                events.append(
                    Event(
                        "toast",
                        f"{players(seats)} toast at {belgium.brewery(place).name}",
                        payload={"at": place, "seats": seats},
                    )
                )
        return events

    def _game_over(self) -> list[Event]:
        self.phase = OVER
        self.pending = None
        if self.solo:
            sheet = self.sheets[0]
            self.victory = bool(sheet.podium) and self._solo_goals_done(sheet)
        scores = self.scores()
        return [
            Event(
                "game_over",
                "Game over",
                payload={"scores": scores, "ranking": self.ranking(), "title": self.solo_title()},
            )
        ]

    def _start_round(self) -> list[Event]:
        """Leave the personal-goal choice: first turn of the game."""
        if self.solo:
            return automa.play_turn(self)
        self.current = 0
        self._start_turn()
        return []

    # ------------------------------------------------------------------ solo: Thomas

    def _solo_after_turn(self) -> list[Event]:
        sheet = self.sheets[0]
        if sheet.finished or (self.thomas_arrived and self.turns_after >= 3):
            return self._game_over()
        self.round += 1
        return automa.play_turn(self)


@functools.cache
def _road_combos(values: tuple[int, ...], distance: int) -> tuple[tuple[int, ...], ...]:
    """Sub-multisets of one colour's dice reaching ``distance`` with no die to spare."""
    found: set[tuple[int, ...]] = set()
    for size in range(1, len(values) + 1):
        for combo in itertools.combinations(values, size):
            total = sum(combo)
            if total >= distance and total - min(combo) < distance and X not in combo:
                found.add(combo)
    return tuple(sorted(found))
