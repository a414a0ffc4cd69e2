"""The spring phase: a turn's draft, clearing, spells, free actions and the one brewer action.

Rulebook "Spring Game Phase": "On your turn, you may draft a card, cast spells, or take free
actions. You must take one brewer action." Turns go round the table until no brewer is left on
any race card; Gnome Housing's gnomes need not be played, but once only they are left, each of
their owners in turn must play one or end the spring ("Spring End Phase with Gnome Housing").
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events import Event
from engine.dragon_brew import bribes, economy
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import card, event
from engine.dragon_brew.decks import refill, row_slots
from engine.dragon_brew.draft import can_draft, draft, start_clearing
from engine.dragon_brew.effects import execute, free_moves, use_free
from engine.dragon_brew.estate import owns, slot_card, usable
from engine.dragon_brew.player import GNOMES, OWN, USED, Player, Slot
from engine.dragon_brew.table import BREW, DragonBrewState

MEEPLES = ("own", "gnome", "housed")


def legal(state: DragonBrewState, seat: int) -> list[Move]:
    player = state.players[seat]
    moves: list[Move] = []
    if not state.drafted:
        moves += _drafts(state, seat)
    if not state.cleared_draft and player.gold >= 1:
        moves.append(Move("clear_draft", "", "Pay 1 gold to clear five cards of the drafting pool"))
    moves += _spells(state, player) + free_moves(player)
    if player.gnomes and owns(player, "gnome_housing"):
        moves.append(Move("house", "", "Move a migrant gnome to Gnome Housing"))
    if state.corrupt:
        moves += bribes.offers(state, seat)
    if not state.acted:
        moves += _assignments(state, player) + _passes(player)
    if _closing(state) and not state.acted:
        moves.append(Move("end_spring", "", "End the spring phase"))
    elif state.acted or not player.unplaced():
        moves.append(Move("end", "", "End the turn"))
    return moves


def _closing(state: DragonBrewState) -> bool:
    """Rulebook "Spring End Phase with Gnome Housing": the turn came to a Gnome Housing owner because
    only housed gnomes were left, and still no race card holds a brewer (a gnome drafted or hired
    since puts one there, and the turn is an ordinary one again)."""
    return state.closing and not any(p.unplaced() for p in state.players)


def _drafts(state: DragonBrewState, seat: int) -> list[Move]:
    """One move a card; a quest drafted with a brewer says which, when both kinds are on the race card."""
    player, moves = state.players[seat], []
    for r, i, c in row_slots(state, "be"):
        if not can_draft(state, seat, r, i, False):
            continue
        name = _card_name(r, c)
        if r == "e" and event(c).brewer and player.brewers and player.gnomes:
            moves.append(Move("draft", f"e{i}.own", f"Draft {name}, sending an own brewer"))
            moves.append(Move("draft", f"e{i}.gnome", f"Draft {name}, sending a migrant gnome"))
        else:
            moves.append(Move("draft", f"{r}{i}", f"Draft {name}"))
    return moves


def _card_name(row: str, cid: str) -> str:
    return card(cid).name if row == "b" else event(cid).name


def _meeples(player: Player) -> list[str]:
    """Which kinds of brewer the seat could assign: own, migrant on the race card, housed."""
    return [m for m, n in zip(MEEPLES, (player.brewers, player.gnomes, player.housed), strict=True) if n]


def _passes(player: Player) -> list[Move]:
    """Rulebook "Passing Your Brewer Action": "by removing one brewer meeple from your player race
    card", so an own brewer or a migrant gnome there; a housed gnome is not on the race card."""
    moves = []
    if player.brewers:
        moves.append(Move("pass", "own", "Pass: set one of your brewers aside until winter"))
    if player.gnomes:
        moves.append(Move("pass", "gnome", "Pass: send a migrant gnome from the race card back to the box"))
    return moves


def _spells(state: DragonBrewState, player: Player) -> list[Move]:
    """Rulebook "Spell Cards": once a game year each, a spell token marking it."""
    return [
        Move("spell", str(i), f"Cast {slot_card(slot).name} ({economy.text(slot_card(slot).pay)})")
        for i, slot in enumerate(player.estate)
        if slot_card(slot).kind == "spell"
        and not slot[USED]
        and state.tokens_left
        and economy.can_pay(player, slot_card(slot).pay, wild=True)
    ]


def _assignments(state: DragonBrewState, player: Player) -> list[Move]:
    kinds = _meeples(player)
    moves = []
    for i, slot in enumerate(player.estate):
        c = slot_card(slot)
        if not usable(slot) or not economy.can_pay(player, c.pay, wild=False):
            continue
        if c.special == "ogre_ruled" and not any(state.judges):
            continue
        for kind in kinds:
            if kind != "own" and c.own_brewers_only:
                continue  # Dark Sacrifice, Ogre-Ruled, Spell Book: the race's own brewers only
            moves.append(Move("assign", f"{i}.{kind}", f"Assign a {kind} brewer to {c.name}"))
    return moves


def apply(state: DragonBrewState, seat: int, move: Move) -> list[Event]:
    return MOVES[move.kind](state, seat, move.arg)


def _draft(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    """Rulebook "Card Draft": "Immediately replace the drafted card with a new card"."""
    state.drafted = True
    where, _, meeple = arg.partition(".")
    events = draft(state, seat, where[0], int(where[1:]), False, meeple)
    refill(state, where[0])
    return events


def _clear_draft(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    state.cleared_draft = True
    return start_clearing(state, seat, "clear_draft")


def _spell(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    """A spell token on the card: cast once this year."""
    state.players[seat].estate[int(arg)][USED] = 1
    state.tokens_left -= 1
    return execute(state, seat, seat, int(arg))


def _free(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    return use_free(state, seat, arg)


def _house(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    player = state.players[seat]
    player.gnomes -= 1
    player.housed += 1
    return [Event("housed", f"Seat {seat} moves a gnome to Gnome Housing", seat)]


def _assign_move(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    index, meeple = arg.split(".")
    return _assign(state, seat, int(index), meeple)


def _take_meeple(player: Player, slot: Slot | None, meeple: str) -> None:
    if meeple == "own":
        player.brewers -= 1
    elif meeple == "gnome":
        player.gnomes -= 1
    else:
        player.housed -= 1
    if slot is not None:
        slot[OWN if meeple == "own" else GNOMES] += 1


def _assign(state: DragonBrewState, seat: int, index: int, meeple: str) -> list[Event]:
    player = state.players[seat]
    slot = player.estate[index]
    _take_meeple(player, slot, meeple)
    state.acted = True
    if slot_card(slot).use == "once":
        slot[USED] = 1
    return execute(state, seat, seat, index)


def _pass(state: DragonBrewState, seat: int, meeple: str) -> list[Event]:
    """Rulebook "Passing Your Brewer Action": "Temporary brewers are returned to the supply. Player
    meeples are removed from your player card and set aside from your estate"."""
    player = state.players[seat]
    _take_meeple(player, None, meeple)
    if meeple == "own":
        player.away += 1
    else:
        state.gnomes_left += 1
    state.acted = True
    return [Event("passed", f"Seat {seat} passes a brewer action", seat)]


def end_turn(state: DragonBrewState) -> list[Event]:
    """The next seat clockwise; once no race card holds a brewer, the next seat clockwise with housed
    gnomes (itself last), which must assign one or end the spring; with none left, the fall."""
    seat = state.current
    state.acted = state.drafted = state.cleared_draft = state.cleared_offer = False
    n = state.num_players
    if any(p.unplaced() for p in state.players):
        state.turn = (state.turn + 1) % n
        state.closing = False
        return [Event("turn_ended", f"Seat {seat} ends the turn", seat)]
    for step in range(1, n + 1):
        nxt = (state.turn + step) % n
        if state.players[state.order[nxt]].housed:
            state.turn, state.closing = nxt, True
            return [Event("turn_ended", f"Seat {seat} ends the turn; only housed gnomes are left", seat)]
    return [Event("turn_ended", f"Seat {seat} ends the turn", seat), *end_spring(state)]


def _end_turn(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    return end_turn(state)


def _end_spring(state: DragonBrewState, seat: int, arg: str) -> list[Event]:
    return end_spring(state)


def end_spring(state: DragonBrewState) -> list[Event]:
    """Rulebook "End Spring Game Phase": on to the fall, brewing in turn order."""
    state.acted = state.drafted = state.cleared_draft = state.cleared_offer = state.closing = False
    state.phase, state.turn = BREW, 0
    for player in state.players:
        player.brewed = False
    return [Event("fall", f"Year {state.year}: the spring ends; brewing begins", -1)]


MOVES: dict[str, Callable[[DragonBrewState, int, str], list[Event]]] = {
    "draft": _draft,
    "clear_draft": _clear_draft,
    "spell": _spell,
    "free": _free,
    "house": _house,
    "bribe": bribes.start,
    "assign": _assign_move,
    "pass": _pass,
    "end": _end_turn,
    "end_spring": _end_spring,
}
