"""Building Dragon Brew positions for scenario tests: every move goes through ``apply`` by its id."""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew import GAME
from engine.dragon_brew.components import INGREDIENTS, card
from engine.dragon_brew.estate import role_slot
from engine.dragon_brew.spring import end_spring
from engine.dragon_brew.table import DragonBrewState

__all__ = ["GAME"]


def start(*races: str, corrupt: bool = False, seed: int = 1) -> DragonBrewState:
    """A new game with these races at seats 0, 1, ... (seat 0 first)."""
    options = {f"race_{seat}": race for seat, race in enumerate(races)}
    options["corrupt_judge"] = "true" if corrupt else "false"
    return GAME.new_state(len(races), options, seed)


def ids(state: DragonBrewState, seat: int | None = None) -> list[str]:
    seat = state.actors()[0] if seat is None else seat
    return [move.id for move in state.legal_actions(seat)]


def act(state: DragonBrewState, *move_ids: str, seat: int | None = None) -> list[Event]:
    """Apply the moves with these ids, each through the validating ``apply``."""
    events: list[Event] = []
    for move_id in move_ids:
        who = state.actors()[0] if seat is None else seat
        move = state.action_by_id(who, move_id)
        assert move is not None, f"{move_id!r} is not legal for seat {who}: {ids(state, who)}"
        events += state.apply(who, move)
    return events


def goods(state: DragonBrewState, seat: int, **amounts: int) -> None:
    """Set a seat's ingredients (all others to zero) and, with ``gold=``, its gold."""
    player = state.players[seat]
    if "gold" in amounts:
        player.gold = amounts.pop("gold")
    player.goods = [amounts.get(name, 0) for name in INGREDIENTS]


def holding(state: DragonBrewState, seat: int) -> dict[str, int]:
    player = state.players[seat]
    return {name: n for name, n in zip(INGREDIENTS, player.goods, strict=True) if n}


def slot(state: DragonBrewState, seat: int, role_or_card: str) -> int:
    """The estate index of a common card (by role) or of a card (by id, or by race-less id)."""
    player = state.players[seat]
    index = role_slot(player, role_or_card)
    if index >= 0:
        return index
    for i, entry in enumerate(player.estate):
        if entry[0] == role_or_card or entry[0].split(":")[-1] == role_or_card:
            return i
    raise KeyError(role_or_card)


def add_card(state: DragonBrewState, seat: int, card_id: str) -> int:
    """Put a brewery card into a seat's estate (an upgrade under its target); its index."""
    c = card(card_id)
    player = state.players[seat]
    if c.kind == "upgrade":
        index = role_slot(player, c.target)
        player.estate[index][1].append(card_id)
        return index
    player.estate.append([card_id, [], 0, 0, 0])
    return len(player.estate) - 1


def pool(state: DragonBrewState, brewery: list[str] | None = None, events: list[str] | None = None) -> None:
    """Put these cards face up at the front of the drafting pool."""
    for row, cards in (("pool_brewery", brewery), ("pool_events", events)):
        for i, cid in enumerate(cards or []):
            getattr(state, row)[i] = cid


def to_fall(state: DragonBrewState) -> list[Event]:
    """End the spring at once (every test that brews starts here)."""
    state.tasks = []
    return end_spring(state)


def brew(state: DragonBrewState, seat: int, *beers: tuple[str, ...]) -> None:
    """Brew these beers (barrel first) at ``seat``'s brewing turn, then finish."""
    for barrel, *spices in beers:
        act(state, f"barrel:{barrel}", *(f"spice:{s}" for s in spices), "close", seat=seat)
    act(state, "done", seat=seat)
