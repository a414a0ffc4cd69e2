"""Brewing (chapter "Brewing beer", C1-C8): starting dials, rotations, finished beer and the cellar.

A beer arriving in a full cellar becomes a ``cellar`` task of its owner (C7: clear a space or lose
it), put first in line so the owner answers before play goes on.
"""

from __future__ import annotations

import itertools

from engine.beer_pioneers import data
from engine.beer_pioneers.actions import LOSE, STOP, Act
from engine.beer_pioneers.brewery import NO_DIAL, Brewery
from engine.beer_pioneers.table import Table
from engine.core.events import Event

BARREL_ITEM = -1  # the count of a cellar task for a barrel; else the coop index of a beer


def brewing_time(brewery: Brewery, coop: str) -> int:
    """C4: the big number above the coop plus the number above your cube on the progress track."""
    return data.coops()[coop].number + brewery.progress_number()


def brew_choices(brewery: Brewery, most: int, exact_one: bool) -> list[Act]:
    """C1/C2: any 1..``most`` free open coops at once, or exactly one for a "1!" action."""
    free = brewery.free_coops()
    sizes = [1] if exact_one else range(1, min(most, len(free)) + 1)
    kind = "brew"
    return [Act(kind, "+".join(combo)) for size in sizes for combo in itertools.combinations(free, size)]


def brew(state: Table, seat: int, coops: list[str]) -> list[Event]:
    """Place each beer's dial on its coop, bar at its brewing time (C4)."""
    brewery = state.breweries[seat]
    events = []
    for coop in coops:
        time = brewing_time(brewery, coop)
        brewery.dials[data.coop_names().index(coop)] = time
        events.append(
            Event(
                "brewed",
                f"Seat {seat} starts a {coop} ({time} rotations)",
                seat,
                {"coop": coop, "time": time},
            )
        )
    return events


def rotate_choices(brewery: Brewery) -> list[Act]:
    return [*(Act("rot", coop) for coop in brewery.brewing()), STOP]


def rotate(state: Table, seat: int, coop: str) -> list[Event]:
    """C8: one rotation turns one dial one step towards 0; at 0 the beer is finished (C6)."""
    brewery = state.breweries[seat]
    index = data.coop_names().index(coop)
    brewery.dials[index] -= 1
    left = brewery.dials[index]
    events = [
        Event("rotated", f"Seat {seat} turns the {coop} dial to {left}", seat, {"coop": coop, "left": left})
    ]
    if left == 0:
        events += finish(state, seat, index)
    return events


def finish(state: Table, seat: int, index: int) -> list[Event]:
    """C6: take the beer tile to an empty cellar space; the dial goes back beside the board."""
    state.breweries[seat].dials[index] = NO_DIAL
    coop = data.coop_names()[index]
    if state.beer_supply[index] == 0:
        return [Event("beer_lost", f"No {coop} tile is left in the supply", seat, {"item": coop})]
    state.beer_supply[index] -= 1
    finished = Event("beer_finished", f"Seat {seat}'s {coop} is ready", seat, {"coop": coop})
    return [finished, *arrive(state, seat, index)]


def arrive(state: Table, seat: int, item: int) -> list[Event]:
    """An item for the cellar (a beer's coop index or BARREL_ITEM): a free space, or a cellar task."""
    brewery = state.breweries[seat]
    name = item_name(item)
    if not brewery.cellar_full():
        brewery.cellar.append(name)
        return [Event("cellared", f"Seat {seat} puts a {name} in the cellar", seat, {"item": name})]
    state.tasks.insert(0, (seat, "cellar", item))
    return [Event("cellar_full", f"Seat {seat}'s cellar is full: clear a space or lose the {name}", seat)]


def item_name(item: int) -> str:
    return data.BARREL if item == BARREL_ITEM else data.coop_names()[item]


def cellar_choices(brewery: Brewery) -> list[Act]:
    """C7: clear one space (any item there: one choice per kind of item), or lose the beer."""
    return [*(Act("clear", item) for item in sorted(set(brewery.cellar))), LOSE]


def settle(state: Table, seat: int, item: int, cleared: str | None) -> list[Event]:
    """Answer a cellar task: the cleared item goes back to the supply and the new one takes its place."""
    brewery = state.breweries[seat]
    name = item_name(item)
    if cleared is None:
        give_back(state, name)
        return [Event("item_lost", f"Seat {seat} loses the {name}", seat, {"item": name})]
    brewery.cellar.remove(cleared)
    give_back(state, cleared)
    brewery.cellar.append(name)
    return [
        Event(
            "cellar_cleared",
            f"Seat {seat} clears a {cleared} for the {name}",
            seat,
            {"item": cleared, "arriving": name},
        )
    ]


def give_back(state: Table, item: str) -> None:
    """A tile or barrel returns to the supply."""
    if item == data.BARREL:
        state.barrel_supply += 1
    else:
        state.beer_supply[data.coop_names().index(item)] += 1


def gain_barrels(state: Table, seat: int, count: int) -> list[Event]:
    """New barrels from the supply, each to the cellar (C7 for a full one); none left: none gained."""
    events: list[Event] = []
    for _ in range(count):
        if state.barrel_supply == 0:
            return [*events, Event("barrel_lost", "No barrel is left in the supply", seat)]
        state.barrel_supply -= 1
        events += arrive(state, seat, BARREL_ITEM)
    return events


def round_end_turn(state: Table) -> list[Event]:
    """C8: at round end every dial turns once (seats in turn order, coops in board order)."""
    events: list[Event] = []
    for seat in state.order:
        for coop in state.breweries[seat].brewing():
            events += rotate(state, seat, coop)
    return events
