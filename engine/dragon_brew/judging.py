"""Judging and profits (rulebook "3. Judge Beers", "4. Collect Profit", "Tied Primary and
Secondary Characteristics", and the Corrupt Judge variant's "Corrupt Judging").

Judges award left to right. The best beer on the primary characteristic wins; a tie goes to
the secondary (for a corrupt judge: the bribe; for an Ogre-Ruled judge: the Ogre). Beers still
tied on both split the points evenly, at least one each. A beer wins one prize a year.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew.actions import Move
from engine.dragon_brew.components import Judge, judge, recipe
from engine.dragon_brew.effects import score
from engine.dragon_brew.estate import total
from engine.dragon_brew.table import DragonBrewState
from engine.dragon_brew.winter import begin_winter

Entry = tuple[int, int]  # (seat, index of the beer in its presented list)


def beer_name(beer: list[str]) -> str:
    """Spices then the barrel: "Sneaky Glowing Dunkel"."""
    barrel, *spices = beer
    return " ".join([*(recipe(s).name for s in spices), recipe(barrel).name])


def characteristic(beer: list[str], name: str) -> int:
    """A beer's colour, strength or bitterness: the sum over its recipe cards (rulebook "3. Judge Beers")."""
    return sum(recipe(r).value(name) for r in beer)


def _best(state: DragonBrewState, entries: list[Entry], name: str, direction: str) -> list[Entry]:
    def value(entry: Entry) -> int:
        return characteristic(state.players[entry[0]].presented[entry[1]], name)

    pick = max if direction == "high" else min
    best = pick(value(e) for e in entries)
    return [e for e in entries if value(e) == best]


def contenders(state: DragonBrewState, slot: int, j: Judge) -> list[Entry]:
    """The beers that best meet judge ``j``'s criteria (several: a tie to split or to choose from)."""
    entries = [
        (seat, k)
        for seat in state.order
        for k in range(len(state.players[seat].presented))
        if k not in state.players[seat].ribboned
    ]
    if not entries:
        return []
    tied = _best(state, entries, j.primary, j.primary_dir)
    seats = {seat for seat, _ in tied}
    if len(seats) == 1:
        return _best(state, tied, j.secondary, j.secondary_dir) if not j.corrupt else tied
    ogre = next((s for s in seats if state.players[s].race == "ogres"), -1)
    if state.ogre[slot] and ogre >= 0:
        return [e for e in tied if e[0] == ogre]  # "Ogre-Ruled": the secondary is ignored
    if j.corrupt:
        briber = state.bribes[slot][0]
        return [e for e in tied if e[0] == briber] if briber in seats else tied
    return _best(state, tied, j.secondary, j.secondary_dir)


def judge_all(state: DragonBrewState) -> list[Event]:
    """Award the judges from ``judge_at`` on; stop where a seat must pick among its own equal beers."""
    events: list[Event] = []
    while state.judge_at < len(state.judges):
        slot = state.judge_at
        jid = state.judges[slot]
        if jid:
            best = contenders(state, slot, judge(jid))
            if len({seat for seat, _ in best}) == 1 and len(best) > 1:
                state.tasks = [["award", slot, best[0][0], *(k for _, k in best)]]
                return events
            events += _award(state, slot, best)
        state.judge_at += 1
    return events + _profits(state)


def award_legal(state: DragonBrewState, seat: int) -> list[Move]:
    """Rulebook: "The winning player picks the winning beer in the event two of his beers equally meet"."""
    task = state.tasks[0]
    player = state.players[seat]
    return [Move("award", str(k), f"{beer_name(player.presented[k])} takes the prize") for k in task[3:]]


def award_apply(state: DragonBrewState, seat: int, move: Move) -> list[Event]:
    slot = int(state.tasks.pop(0)[1])
    events = _award(state, slot, [(seat, int(move.arg))])
    state.judge_at += 1
    return events + judge_all(state)


def _award(state: DragonBrewState, slot: int, best: list[Entry]) -> list[Event]:
    j = judge(state.judges[slot])
    events = []
    seats = [seat for seat in state.order if any(s == seat for s, _ in best)]
    if seats:
        vp = max(1, j.vp // len(seats))  # "split ... evenly ... (minimum of one point per tied player)"
        for seat in seats:
            score(state, seat, vp)
            player = state.players[seat]
            for n, k in enumerate(k for s, k in best if s == seat):
                player.ribboned.append(k)  # "Give each of the tied beers a ribbon token"
                player.ribbons += 1
                points = vp if n == 0 else 0  # the seat's share once, however many of its beers tie
                beer = beer_name(player.presented[k])
                text = f"{j.name} awards {points} VP and a ribbon to seat {seat}'s {beer}"
                events.append(Event("awarded", text, seat, {"judge": j.id, "vp": points, "beer": k}))
    else:
        events.append(Event("judge_discarded", f"{j.name} has no beer left to judge", -1, {"judge": j.id}))
    _release(state, slot)
    return events


def _release(state: DragonBrewState, slot: int) -> None:
    """After a judge: the Ogre's brewers go home, a bribe is spent (the token goes back)."""
    if state.ogre[slot]:
        ogre = next(s for s, p in enumerate(state.players) if p.race == "ogres")
        state.players[ogre].brewers += state.ogre[slot]
        state.ogre[slot] = 0
    state.bribes[slot] = [-1, 0]
    state.judges_used.append(state.judges[slot])
    state.judges[slot] = ""


def _profits(state: DragonBrewState) -> list[Event]:
    """Rulebook "4. Collect Profit": every presented beer's gold and VP, in turn order."""
    events = []
    for seat in state.order:
        player = state.players[seat]
        recipes = [recipe(r) for beer in player.presented for r in beer]
        gold = sum(r.gold for r in recipes) + total(player, "brewery", "beer_gold") * len(player.presented)
        vp = sum(r.vp for r in recipes)
        player.gold += gold
        score(state, seat, vp)
        text = f"Seat {seat} collects {gold} gold and {vp} VP for {len(player.presented)} beers"
        events.append(Event("profit", text, seat, {"gold": gold, "vp": vp}))
    return events + begin_winter(state)
