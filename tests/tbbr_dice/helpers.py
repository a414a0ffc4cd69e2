"""Building positions for The Belgian Beers Race Dice scenario tests: dice are always supplied."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import registry
from engine.core.rng import Rng
from engine.tbbr_dice.actions import ChoosePersonal, die_code, parse_die
from engine.tbbr_dice.components import X, components
from engine.tbbr_dice.dice import AVAILABLE, USED
from engine.tbbr_dice.state import CHOOSE, TRAVEL, TbbrDiceState

GAME = registry.get("tbbr_dice")


def start(players: int = 2, seed: int = 7, **options: str) -> TbbrDiceState:
    """A game past the personal-goal choice (every seat keeps its silver card), at seat 0's turn.

    In solo games, Thomas's first turn needs a roll of all 12 dice: it is supplied (all values low).
    """
    state = GAME.new_state(players, options, seed)
    for seat in range(players):
        state.apply(seat, ChoosePersonal(state.sheets[seat].offer[0]))
    if state.chance() is not None:
        state.resolve_chance(roll_of(state, "r1 r2 r3 r4 y2 y3 y4 y5 b4 b5 b6 b7"))
    return state


def roll_of(state: TbbrDiceState, codes: str) -> tuple[int, ...]:
    """The outcome of the pending roll giving these faces, matched to the rolled dice by colour."""
    assert state.pending is not None
    indices, _ = state.pending
    wanted = [parse_die(c) for c in codes.split()]
    base = components().dice.colour_of
    values = []
    for i in indices:
        k = next(k for k, (colour, _) in enumerate(wanted) if colour == base[i])
        values.append(wanted.pop(k)[1])
    assert not wanted, f"unused faces {wanted}"
    return tuple(values)


def set_table(state: TbbrDiceState, available: str, used_owner: int = 1) -> None:
    """Dice on the table: the listed ones available, every other die used (by ``used_owner``).

    Codes name the printed colour: "y4", "b0" (black X). Used dice show their colour's first non-X face.
    """
    dice = state.dice
    base = components().dice.colour_of
    free = list(range(len(base)))
    for i in free:
        dice.colour[i] = base[i]
        dice.status[i] = USED
        dice.owner[i] = used_owner
        dice.doubled[i] = False
        dice.value[i] = next(v for v in components().dice.faces[base[i]] if v != X)
    for code in available.split():
        colour, value = parse_die(code)
        i = next(i for i in free if base[i] == colour)
        free.remove(i)
        dice.value[i] = value
        dice.status[i] = AVAILABLE
        dice.owner[i] = -1


def give_hand(state: TbbrDiceState, codes: str, low: str = "") -> None:
    """Put the current seat in the travel phase holding these dice (``low``: the ones usable to taste/buy)."""
    lows = low.split()
    hand = []
    for k, code in enumerate(codes.split()):
        colour, value = parse_die(code)
        ok = code in lows
        if ok:
            lows.remove(code)
        hand.append((100 + k, colour, value, ok))
    state.hand = hand
    state.phase = TRAVEL


def visiting(state: TbbrDiceState, place: str) -> None:
    """The current seat stands at ``place``, reached by a road this turn (so it may taste and buy there)."""
    state.sheets[state.current].position = place
    state.done_here.append(f"visit:{place}")


def ids(actions: Iterable[object]) -> list[str]:
    return [a.id for a in actions]  # type: ignore[attr-defined]


def act(state: TbbrDiceState, action_id: str, seat: int | None = None) -> list[object]:
    """Apply the legal action with this id (fails loudly if it is not legal)."""
    who = state.current if seat is None else seat
    action = state.action_by_id(who, action_id)
    assert action is not None, f"{action_id} not legal; legal: {ids(state.legal_actions(who))}"
    return list(state.apply(who, action))


def visit(state: TbbrDiceState, seat: int, places: str) -> None:
    """Mark breweries visited on a sheet (building a position, not playing it)."""
    state.sheets[seat].visited += places.split()


def random_game(players: int, seed: int, **options: str) -> TbbrDiceState:
    """A complete game of uniformly random legal play, dice sampled from a seeded RNG."""
    state = GAME.new_state(players, options, seed)
    rng = Rng(seed ^ 0x5EED)
    steps = 0
    while not state.is_terminal():
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(rng))
            continue
        seat = rng.choice(list(state.actors()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        assert steps < 50_000
    return state


def at_choice(state: TbbrDiceState) -> None:
    state.phase = CHOOSE
    state.hand = []


__all__ = ["die_code"]
