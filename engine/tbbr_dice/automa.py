"""Thomas, the solo Automa (rulebook "Thomas's Turn"): his card reveals, dice, track and goal flips.

His draw pile's order is the state's hidden information; the cards he reveals are public, and so is
the card left on top of his pile (the left card of his last pair).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.events import SYSTEM_SEAT, Event
from engine.tbbr_dice.components import COLOURS, components
from engine.tbbr_dice.dice import THOMAS, Dice, dice_text

if TYPE_CHECKING:
    from engine.tbbr_dice.state import TbbrDiceState

# After this many reveals without completing his choice, Thomas takes the lowest dice (a guard
# against a deck whose numbers match no die; see docs/rules/tbbr_dice.md).
MAX_REVEALS = 40

Reveal = Callable[[], tuple[str, str] | None]


def must_reroll(dice: Dice) -> bool:
    """Fewer than 3 usable dice available, or all of them show the same value."""
    usable = dice.available_usable()
    return len(usable) < 3 or len({dice.value[i] for i in usable}) == 1


def colour_preferences(left: str, right: str, on_left: bool) -> tuple[str, ...]:
    """Colours Thomas tries for a number: the card's own, then the right card's, then the missing one."""
    missing = next(c for c in COLOURS if c not in (left, right))
    return (left, right, missing) if on_left else (right, missing)


def choose(dice: Dice, count: int, reveal: Reveal) -> tuple[list[int], list[tuple[str, str]]]:
    """The dice Thomas takes (indices) and the card pairs he revealed to pick them."""
    pool = dice.available_usable()
    if len(pool) == count:
        return list(pool), []
    taken: list[int] = []
    pairs: list[tuple[str, str]] = []
    while len(taken) < count:
        remaining = [i for i in pool if i not in taken]
        need = count - len(taken)
        if len({(dice.colour[i], dice.value[i]) for i in remaining}) == 1 or len(remaining) <= need:
            taken += remaining[:need]
            break
        pair = reveal() if len(pairs) < MAX_REVEALS else None
        if pair is None:
            remaining.sort(key=lambda i: (dice.value[i], i))
            taken += remaining[:need]
            break
        pairs.append(pair)
        _take_from_pair(dice, pair, remaining, taken, count)
    return taken, pairs


def _take_from_pair(
    dice: Dice, pair: tuple[str, str], remaining: list[int], taken: list[int], count: int
) -> None:
    common = components().common
    left, right = common[pair[0]], common[pair[1]]
    numbers = [(n, True) for n in left.automa] + [(n, False) for n in right.automa]
    for number, on_left in numbers:
        if len(taken) == count:
            return
        for colour in colour_preferences(left.colour, right.colour, on_left):
            die = next(
                (
                    i
                    for i in remaining
                    if i not in taken and dice.colour[i] == colour and dice.value[i] == number
                ),
                None,
            )
            if die is not None:
                taken.append(die)
                break


def breweries_ticked(dice: Dice, taken: list[int]) -> int:
    """One brewery per distinct colour among Thomas's dice."""
    return len({dice.colour[i] for i in taken})


def title(score: int) -> str:
    return components().tracks.solo_title(score)


def play_turn(state: TbbrDiceState) -> list[Event]:
    """Thomas's whole turn (a roll of all 12 dice pauses it; ``take_dice`` resumes).

    It begins with "1. Reveal cards", before "2. Choose or reroll dice", even when the cards then
    choose nothing (exactly 3 dice left, or all alike): the pile moves on every turn.
    """
    if state.thomas_arrived:
        return state.start_player_turn()
    state.revealed = []
    _reveal(state)
    if must_reroll(state.dice):
        state.pending = (tuple(range(len(state.dice.status))), "thomas")
        return [Event("reroll", "Thomas rolls all 12 dice again")]
    return take_dice(state, 3) + state.start_player_turn()


def reveal_pair(state: TbbrDiceState) -> tuple[str, str] | None:
    """Rulebook "Reveal the Cards": the pile's top card goes to its right and is paired with the card
    now on top of the pile (left, right); same colour: again. The left card stays on the pile, so the
    next reveal moves it to the right. When the pile runs out, the revealed cards are shuffled into a
    new pile and the reveal starts again. ``None`` if the cards can never make a pair.
    """
    common = components().common
    for _ in range(2 * (len(state.thomas_deck) + len(state.thomas_discard)) + 2):
        if not state.thomas_top and not state.thomas_deck:
            state.thomas_deck, state.thomas_discard = state.thomas_discard, []
            state.rng.shuffle(state.thomas_deck)
            if not state.thomas_deck:
                return None
        right = state.thomas_top or state.thomas_deck.pop(0)
        state.thomas_discard.append(right)
        state.thomas_top = state.thomas_deck.pop(0) if state.thomas_deck else ""
        if state.thomas_top and common[state.thomas_top].colour != common[right].colour:
            return state.thomas_top, right
    return None


def _reveal(state: TbbrDiceState) -> tuple[str, str] | None:
    """Reveal a pair and show it in ``state.revealed`` (this turn's pairs)."""
    pair = reveal_pair(state)
    if pair is not None:
        state.revealed += pair
    return pair


def take_dice(state: TbbrDiceState, count: int) -> list[Event]:
    """Choose dice with the cards, tick his brewery track, flip goals, move the bottle.

    The cards are first the pair revealed at the start of the turn, then new reveals.
    """
    first = [(state.revealed[0], state.revealed[1])] if state.revealed else []
    taken, _ = choose(state.dice, count, lambda: first.pop() if first else _reveal(state))
    state.thomas_dice = sorted(taken)
    for die in taken:
        state.dice.take(die, THOMAS)
    events = [
        Event(
            "thomas_dice",
            f"Thomas takes {dice_text(state.dice, tuple(sorted(taken)))}",
            SYSTEM_SEAT,
            {"dice": sorted(taken), "cards": state.revealed},
        )
    ]
    tracks = components().tracks
    player = state.sheets[0]
    for _ in range(breweries_ticked(state.dice, taken)):
        state.thomas_ticks += 1
        circle = tracks.automa_start + 1 - state.thomas_ticks
        for colour, flag in tracks.automa_flags.items():
            if circle == flag:
                events += _flip(state, colour)
        if circle <= player.breweries:
            state.thomas_arrived = True
            events.append(Event("thomas_arrived", "Thomas arrives in Brussels: three turns left"))
            break
    state.bottle_row ^= 1
    return events


def _flip(state: TbbrDiceState, colour: str) -> list[Event]:
    c = COLOURS.index(colour)
    for row in (state.bottle_row, 1 - state.bottle_row):
        card = state.display[2 * c + row]
        if card:
            state.display[2 * c + row] = ""
            state.flipped.append(card)
            return [
                Event(
                    "goal_flipped",
                    f"Thomas flips the {colour} goal {card}",
                    SYSTEM_SEAT,
                    {"goal": card, "row": row},
                )
            ]
    return []
