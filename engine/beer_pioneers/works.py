"""The action board and the brewery's own actions (docs/rules/beer_pioneers.md 2.4-2.7).

Placing a worker, the bonus action it may earn, the administrative actions, and what the Builder,
the Brewing school and the Town hall do. The fields that lead to decisions push tasks.
"""

from __future__ import annotations

from engine.beer_pioneers import data
from engine.beer_pioneers.actions import SKIP, Act
from engine.beer_pioneers.brewery import Brewery
from engine.beer_pioneers.brewing import give_back
from engine.beer_pioneers.table import EMPTY_SLOT, Table, Task, slot_fields
from engine.core.events import Event


def place_choices(state: Table, seat: int) -> list[Act]:
    """Each free worker on each field with a free slot (taken best first)."""
    brewery = state.breweries[seat]
    open_fields = [f for f in data.FIELDS if free_slot(state, f) is not None]
    return [
        Act("place", f"{w}:{field}")
        for w, done in enumerate(brewery.placed)
        if not done
        for field in open_fields
    ]


def free_slot(state: Table, field: str) -> int | None:
    for n, (name, _) in enumerate(slot_fields()):
        if name == field and state.slots[n] == EMPTY_SLOT:
            return n
    return None


def bonus_needed(brewery: Brewery) -> int:
    """Worker value + field value must reach 6 (5 with that brewmaster) for a bonus action."""
    bonus_at = data.rules().actions["bonus_at"]
    return bonus_at - (1 if brewery.master_effect() == "bonus_threshold" else 0)


def place(state: Table, seat: int, arg: str) -> list[Event]:
    """Stand on the field's best free slot, then queue its action and, if earned, the bonus."""
    worker_text, _, field = arg.partition(":")
    worker = int(worker_text)
    brewery = state.breweries[seat]
    slot = free_slot(state, field)
    assert slot is not None
    state.slots[slot] = seat * 2 + worker
    brewery.placed[worker] = True
    state.placed_now = True
    value = slot_fields()[slot][1]
    bonus = brewery.workers[worker] + value >= bonus_needed(brewery)
    payload = {"worker": worker, "field": field, "value": value, "bonus": bonus}
    text = f"Seat {seat} places worker {worker + 1} ({brewery.workers[worker]}) on {field} ({value})"
    events = [Event("worker_placed", text, seat, payload)]
    events += field_action(state, seat, field)
    if bonus:
        state.tasks.append((seat, "bonus", 1))
    return events


def field_action(state: Table, seat: int, field: str) -> list[Event]:
    brewery = state.breweries[seat]
    tasks: dict[str, list[Task]] = {
        "brewhouse": [(seat, "brew", brewery.brew_types())],
        "cellar_hall": [(seat, "rotate", brewery.rotations())],
        "truck_yard": [(seat, "order", 1), (seat, "ship", brewery.moves())],
        "card_market": [(seat, "take", market_cards(brewery))],
        "builder": [(seat, "build", 1)],
        "school": [(seat, "school", 1)],
    }
    if field == "town_hall":
        state.turn_order_holder = seat
        coins = data.rules().actions["town_hall_coins"]
        brewery.coins += coins
        return [Event("turn_order_taken", f"Seat {seat} takes the turn-order worker and {coins} coins", seat)]
    state.tasks.extend(tasks[field])
    return []


def market_cards(brewery: Brewery) -> int:
    return data.rules().actions["market_cards"] + (1 if brewery.master_effect() == "card_bonus" else 0)


def bonus_choices(brewery: Brewery, can_take: bool) -> list[Act]:
    """2.5: 1! brew, 2 rotations, take 1 card, 2 coins; with the Office, complete an order."""
    options = ["brew1"] if brewery.free_coops() else []
    options += ["rot"] if brewery.brewing() else []
    options += ["card"] if can_take else []
    options += ["coins"]
    options += ["order"] if "office" in brewery.extensions else []
    return [Act("bonus", option) for option in options]


def bonus(state: Table, seat: int, option: str) -> list[Event]:
    actions = data.rules().actions
    if option == "coins":
        state.breweries[seat].coins += actions["bonus_coins"]
    else:
        task = {"brew1": ("brew1", 1), "rot": ("rotate", actions["bonus_rotations"]), "card": ("take", 1)}
        kind, count = task.get(option, ("order", 1))
        state.tasks.insert(0, (seat, kind, count))
    return [Event("bonus_taken", f"Seat {seat} takes the bonus action: {option}", seat, {"option": option})]


def admin_choices(brewery: Brewery) -> list[Act]:
    """2.5: while administrative actions are left this round: 1! brew or 1 rotation."""
    if brewery.admin_left == 0:
        return []
    return [Act("admin", o) for o, ok in (("brew1", brewery.free_coops()), ("rot", brewery.brewing())) if ok]


def admin(state: Table, seat: int, option: str) -> list[Event]:
    brewery = state.breweries[seat]
    brewery.admin_left -= 1
    task = (
        (seat, "brew1", 1) if option == "brew1" else (seat, "rotate", data.rules().actions["admin_rotations"])
    )
    state.tasks.insert(0, task)
    return [
        Event("admin_used", f"Seat {seat} uses an administrative action: {option}", seat, {"option": option})
    ]


def build_choices(brewery: Brewery) -> list[Act]:
    """2.4 Builder: lift a cover tile you can pay (its blocking token gone), or build an extension
    while a slot is free (2.7)."""
    acts = []
    for coop in data.coops().values():
        if (
            coop.name not in brewery.open_coops
            and coop.cost <= brewery.coins
            and brewery.progress >= coop.blocked_until
        ):
            acts.append(Act("open", coop.name))
    room = len(brewery.extensions) < data.rules().setup["extension_slots"]
    for extension, cost in data.rules().extensions.items():
        if room and extension not in brewery.extensions and cost <= brewery.coins:
            acts.append(Act("build", extension))
    return [*acts, SKIP]


def open_coop(state: Table, seat: int, coop: str) -> list[Event]:
    """Lift the cover tile; the bottle marker moves one space, as for an order (2.6)."""
    brewery = state.breweries[seat]
    brewery.coins -= data.coops()[coop].cost
    brewery.open_coops.append(coop)
    brewery.raise_level()
    return [Event("coop_opened", f"Seat {seat} opens the {coop} coop", seat, {"coop": coop})]


def build(state: Table, seat: int, extension: str) -> list[Event]:
    brewery = state.breweries[seat]
    brewery.coins -= data.rules().extensions[extension]
    brewery.extensions.append(extension)
    if extension == "office":
        brewery.admin_left += 1  # the second administrative action serves from this round on
    events = [Event("extension_built", f"Seat {seat} builds the {extension}", seat, {"extension": extension})]
    return events + advance_progress(state, seat)


def school_choices(brewery: Brewery, free: bool) -> list[Act]:
    """2.4 Brewing school: train a worker below 4 (2 coins, or free from a card), or retire one at 4."""
    top = data.rules().setup["max_experience"]
    retire_at = data.rules().actions["retire_at"]
    cost = 0 if free else data.rules().actions["train_cost"]
    acts = [
        Act("train", str(w)) for w, xp in enumerate(brewery.workers) if xp < top and brewery.coins >= cost
    ]
    if not free:
        acts += [Act("retire", str(w)) for w, xp in enumerate(brewery.workers) if xp >= retire_at]
    return [*acts, SKIP]


def train(state: Table, seat: int, worker: int, free: bool) -> list[Event]:
    brewery = state.breweries[seat]
    brewery.coins -= 0 if free else data.rules().actions["train_cost"]
    brewery.workers[worker] += 1
    xp = brewery.workers[worker]
    return [
        Event(
            "trained", f"Seat {seat}'s worker {worker + 1} reaches {xp}", seat, {"worker": worker, "xp": xp}
        )
    ]


def retire(state: Table, seat: int, worker: int) -> list[Event]:
    """2.4: back to experience 1; 2 VP plus 2 VP per beer tile; the whole cellar is cleared."""
    brewery = state.breweries[seat]
    brewery.workers[worker] = data.rules().setup["workers"][0]
    beers = sum(item != data.BARREL for item in brewery.cellar)
    actions = data.rules().actions
    vp = actions["retire_vp"] + actions["retire_vp_per_beer"] * beers
    brewery.vp += vp
    for item in brewery.cellar:
        give_back(state, item)
    brewery.cellar = []
    return [
        Event(
            "retired",
            f"Seat {seat}'s worker {worker + 1} retires: {vp} VP",
            seat,
            {"worker": worker, "vp": vp},
        )
    ]


def advance_progress(state: Table, seat: int) -> list[Event]:
    """2.6: the cube reaches every space whose lightbulbs the display meets; it never moves back."""
    brewery = state.breweries[seat]
    needs = data.rules().progress_bulbs
    reached = max(n for n, need in enumerate(needs) if brewery.bulbs() >= need)
    if reached <= brewery.progress:
        return []
    brewery.progress = reached
    return [
        Event("progress", f"Seat {seat}'s progress cube reaches space {reached}", seat, {"space": reached})
    ]
