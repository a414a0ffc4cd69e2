"""Beer Pioneers design figures: play many games and print what the design targets read.

    .venv/bin/python scripts/beer_pioneers_design.py --random 2000 --bots 400 \\
        --bot "mcts:iters=10,rollout=greedy,depth=8,value=fitted,cut=turn" --workers 2

Engine only (no server): random games and bot games (``--bot``: ``greedy``, ``level:hard`` or an arena
``mcts:`` spec, every seat the same bot) at 2, 3 and 4 players, over ``--workers`` processes. Printed per
player count, each against its target (docs/rules/beer_pioneers.md, "3. Measured"):

* how games end: by the VP target, by the last round (both rules of the game), or by the guard;
* length in turns (worker placements) and in minutes by the stated model (``minutes``);
* seat win rates with 95% confidence intervals (a win shared among tied winners);
* winners' main point source (the strategy) with shares;
* pick rates by winners: beer styles brewed, coops opened, extensions built, and every card
  (taken, drawn and played or delivered);
* how often each limit binds: extension slots, hand size, display reach, cellar;
* contention at 2 players: a field's best slot already taken by the other player, the same field
  used by both in a round, and a display card taken that the other player valued most.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai_players.arena import make_agent
from ai_players.heuristics.beer_pioneers import card_value
from engine.beer_pioneers import GAME, data, scoring
from engine.beer_pioneers.state import BeerPioneersState
from engine.beer_pioneers.table import NO_CARD
from engine.core.rng import Rng

Z95 = 1.959963984540054
SOURCES = ("orders", "retirement", "stock", "brewery")  # stock: final part 1; brewery: final part 2
# The minutes model: one turn (a worker placed and its action carried out) takes 40 seconds, a round
# end (every dial turns, new barrels) 1 minute, setup and the final scoring 5 minutes.
TURN_SECONDS, ROUND_END_MINUTES, FIXED_MINUTES = 40, 1.0, 5.0
MINUTES_PER_PLAYER = (15.0, 25.0)  # the box: "2-4 players, 15-25 minutes per player"
PICK_FLOOR = 0.05  # every style, coop, extension and card chosen by winners in >= 5% of games
STRATEGY_FLOOR, STRATEGIES = 0.15, 3  # >= 3 strategies each winning >= 15% of games
SEAT_TOLERANCE = 0.05  # every seat's win rate within 5 points of 1/N


def minutes(turns: int, rounds: int) -> float:
    return FIXED_MINUTES + turns * TURN_SECONDS / 60 + rounds * ROUND_END_MINUTES


@dataclass
class GameStats:
    """What one game tells the report."""

    players: int
    ending: str  # "target", "last_round" or "guard"
    rounds: int
    turns: int
    wins: list[float]  # per seat, 1 / number of winners or 0
    sources: list[dict[str, int]]  # per seat: VP by source
    picks: list[set[str]]  # per seat: "style:X", "coop:X", "ext:X", "card:N"
    slots_full: bool  # some player filled every extension slot
    hand_full: int  # takes and draws refused by the hand limit
    takes: int  # display takes and pile takes
    reach_bound: int  # takes where some display card lay beyond the bottle marker
    cellar_full: int  # arrivals at a full cellar
    placements: int
    worse_slot: int  # placements on a field whose better slot the other player already held
    shared_field_rounds: int  # (seat pairs x rounds) in which both used the same field
    display_takes: int
    contested_takes: int  # display takes of the card another seat valued most within its reach


def _ending(state: BeerPioneersState) -> str:
    end = data.rules().end
    if max(b.vp for b in state.breweries) >= end["target_vp"]:
        return "target"
    return "last_round" if state.round == last_round(state.num_players) else "guard"


def last_round(players: int) -> int:
    return int(data.rules().end["last_round_by_players"][players - 2])


def play(players: int, seed: int, spec: str) -> GameStats:
    """One game from ``seed`` with every seat played by ``spec``."""
    state = GAME.new_state(players, {}, seed)
    agents = [make_agent(spec, GAME, seat, seed * 31 + seat) for seat in range(players)]
    rng = Rng(seed)
    sources = [dict.fromkeys(SOURCES, 0) for _ in range(players)]
    picks: list[set[str]] = [set() for _ in range(players)]
    stats = GameStats(players, "", 0, 0, [], sources, picks, False, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    fields_used: list[set[str]] = [set() for _ in range(players)]
    while not state.is_terminal():
        seat = state.actors()[0]
        if spec == "random":
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        else:
            action = agents[seat].decide(state.observe(seat))
        _before(state, seat, action.id, stats)
        events = state.apply(seat, action)
        if spec != "random":
            for agent in agents:
                agent.advance(seat, action)
        for event in events:
            kind, payload = event.kind, event.payload
            if kind == "worker_placed":
                fields_used[seat].add(payload["field"])
            elif kind == "order_completed":
                sources[event.seat]["orders"] += payload["vp"]
                picks[event.seat].add(f"card:{payload['card']}")
            elif kind == "retired":
                sources[event.seat]["retirement"] += payload["vp"]
            elif kind == "brewed":
                picks[event.seat].add(f"style:{payload['coop']}")
            elif kind == "coop_opened":
                picks[event.seat].add(f"coop:{payload['coop']}")
            elif kind == "extension_built":
                picks[event.seat].add(f"ext:{payload['extension']}")
            elif kind in ("card_played", "card_taken", "card_seen"):
                picks[event.seat].add(f"card:{payload['card']}")
            elif kind == "hand_full":
                stats.hand_full += 1
            elif kind == "cellar_full":
                stats.cellar_full += 1
            elif kind == "round_end":
                for a in range(players):
                    for b in range(a + 1, players):
                        stats.shared_field_rounds += bool(fields_used[a] & fields_used[b])
                fields_used = [set() for _ in range(players)]
    slots = int(data.rules().setup["extension_slots"])
    for seat, brewery in enumerate(state.breweries):
        sources[seat]["stock"] = scoring.part_one(brewery)
        sources[seat]["brewery"] = scoring.part_two(brewery)
        stats.slots_full |= len(brewery.extensions) >= slots
    ranking = state.ranking()
    winners = ranking.count(1)
    stats.wins = [1 / winners if r == 1 else 0.0 for r in ranking]
    stats.ending, stats.rounds = _ending(state), state.round
    return stats


def _before(state: BeerPioneersState, seat: int, action_id: str, stats: GameStats) -> None:
    """Contention and reach, read before the action changes the position."""
    kind, _, arg = action_id.partition(":")
    if kind == "place":
        stats.turns += 1
        stats.placements += 1
        field_name = arg.partition(":")[2]
        mine = [seat * 2, seat * 2 + 1]
        for n, (name, _value) in enumerate(_slot_fields()):
            if name == field_name and state.slots[n] not in (-1, *mine):
                stats.worse_slot += 1
                break
    elif kind == "take":
        stats.takes += 1
        brewery = state.breweries[seat]
        if any(card != NO_CARD for card in state.display[brewery.level :]):
            stats.reach_bound += 1
        if arg != "pile":
            stats.display_takes += 1
            card = state.display[int(arg)]
            for other, rival in enumerate(state.breweries):
                reach = [c for c in state.display[: rival.level] if c != NO_CARD]
                if other != seat and reach and max(reach, key=lambda c: card_value(c, rival)) == card:
                    stats.contested_takes += 1
                    break


def _slot_fields() -> tuple[tuple[str, int], ...]:
    from engine.beer_pioneers.table import slot_fields

    return slot_fields()


def _play_packed(job: tuple[int, int, str]) -> GameStats:
    return play(*job)


def run(players: int, games: int, spec: str, seed: int, workers: int) -> list[GameStats]:
    jobs = [(players, seed * 100_003 + n, spec) for n in range(games)]
    if workers <= 1:
        return [play(*job) for job in jobs]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_play_packed, jobs, chunksize=max(1, games // (workers * 8))))


# -- the report -----------------------------------------------------------------------------------


def ci(hits: float, n: int) -> tuple[float, float, float]:
    """A share with its 95% normal interval."""
    p = hits / n if n else 0.0
    half = Z95 * math.sqrt(p * (1 - p) / n) if n else 0.0
    return p, p - half, p + half


def check(ok: bool) -> str:
    return "ok  " if ok else "MISS"


def report(label: str, results: Sequence[GameStats], full: bool) -> list[str]:
    """The figures of one batch; returns the names of the targets missed."""
    n, players = len(results), results[0].players
    missed: list[str] = []
    endings = Counter(r.ending for r in results)
    guard = endings["guard"]
    print(f"\n== {label}: {n} games at {players} players")
    print(f"  {check(guard == 0)} endings: {dict(endings)} (guard endings must be 0)")
    if guard:
        missed.append(f"{label}: guard endings")
    turns = sorted(r.turns for r in results)
    mins = sorted(minutes(r.turns, r.rounds) for r in results)
    low, high = (players * m for m in MINUTES_PER_PLAYER)
    mean_min = sum(mins) / n
    length_ok = low <= mean_min <= high
    print(
        f"  {check(length_ok or not full)} length: rounds {sum(r.rounds for r in results) / n:.1f}, "
        f"turns {sum(turns) / n:.1f} (median {turns[n // 2]}), minutes {mean_min:.0f} "
        f"(10-90%: {mins[n // 10]:.0f}-{mins[9 * n // 10]:.0f}; target {low:.0f}-{high:.0f})"
    )
    if full and not length_ok:
        missed.append(f"{label}: length")
    if not full:
        return missed
    fair = 1 / players
    seats = []
    for seat in range(players):
        p, lo, hi = ci(sum(r.wins[seat] for r in results), n)
        seats.append(f"seat {seat + 1} {p:.3f} [{lo:.3f}, {hi:.3f}]")
        if abs(p - fair) > SEAT_TOLERANCE:
            missed.append(f"{label}: seat {seat + 1} win rate {p:.3f}")
    seat_ok = not any("win rate" in m for m in missed)
    print(f"  {check(seat_ok)} seat win rates (fair {fair:.3f} +- {SEAT_TOLERANCE}): " + "; ".join(seats))
    strategies: Counter[str] = Counter()
    winner_picks: Counter[str] = Counter()
    for r in results:
        for seat, share in enumerate(r.wins):
            if share:
                main = max(SOURCES, key=lambda s, seat=seat: r.sources[seat][s])
                strategies[main] += share
        won = set().union(*(r.picks[s] for s, w in enumerate(r.wins) if w))
        winner_picks.update(won)
    shares = {s: strategies[s] / n for s in SOURCES}
    won_vp = [sum(r.sources[s].values()) for r in results for s, w in enumerate(r.wins) if w]
    print(
        f"       winners' mean VP {sum(won_vp) / len(won_vp):.1f}; mean VP by source (all seats): "
        + ", ".join(
            f"{src} {sum(r.sources[s][src] for r in results for s in range(players)) / (n * players):.1f}"
            for src in SOURCES
        )
    )
    viable = sum(share >= STRATEGY_FLOOR for share in shares.values())
    print(
        f"  {check(viable >= STRATEGIES)} winners' main point source: "
        + ", ".join(f"{s} {shares[s]:.1%}" for s in SOURCES)
        + f" ({viable} at >= {STRATEGY_FLOOR:.0%})"
    )
    if viable < STRATEGIES:
        missed.append(f"{label}: strategies")
    names = [f"style:{c}" for c in data.coop_names()] + [f"coop:{c}" for c in data.coop_names() if c != "Alt"]
    names += [f"ext:{e}" for e in data.EXTENSIONS] + [f"card:{c}" for c in sorted(data.cards())]
    rates = {name: winner_picks[name] / n for name in names}
    avoided = [name for name, rate in rates.items() if rate < PICK_FLOOR]
    print(f"  {check(not avoided)} picked by winners (share of games), floor {PICK_FLOOR:.0%}:")
    for prefix in ("style", "coop", "ext"):
        print(
            "      "
            + ", ".join(f"{k.partition(':')[2]} {v:.0%}" for k, v in rates.items() if k.startswith(prefix))
        )
    card_rates = sorted((v, int(k.partition(":")[2])) for k, v in rates.items() if k.startswith("card"))
    print(
        f"      cards: lowest {', '.join(f'#{c} {v:.0%}' for v, c in card_rates[:5])}; "
        f"median {card_rates[len(card_rates) // 2][0]:.0%}"
    )
    if avoided:
        missed.append(f"{label}: avoided {avoided}")
    slots = sum(r.slots_full for r in results) / n
    hand = sum(r.hand_full > 0 for r in results) / n
    reach = sum(r.reach_bound for r in results) / max(1, sum(r.takes for r in results))
    cellar = sum(r.cellar_full > 0 for r in results) / n
    limits_ok = min(slots, hand, reach, cellar) > 0
    print(
        f"  {check(limits_ok)} limits bind: extension slots all filled in {slots:.0%} of games; hand limit "
        f"refused a card in {hand:.0%}; display reach short at {reach:.0%} of takes"
        f"; cellar full in {cellar:.0%}"
    )
    if not limits_ok:
        missed.append(f"{label}: a limit never binds")
    if players == 2:
        worse = sum(r.worse_slot for r in results) / max(1, sum(r.placements for r in results))
        shared = sum(r.shared_field_rounds for r in results) / max(1, sum(r.rounds for r in results))
        contested = sum(r.contested_takes for r in results) / max(1, sum(r.display_takes for r in results))
        print(
            f"  contention: {worse:.0%} of placements on a field the other player stood on first; "
            f"both players on one field in {shared:.0%} of rounds; {contested:.0%} of display takes "
            f"were the other player's favourite card within reach"
        )
    return missed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--random", type=int, default=2000, help="random games per player count")
    parser.add_argument("--bots", type=int, default=400, help="bot games per player count")
    parser.add_argument("--bot", default="greedy", help="greedy, level:hard or an arena mcts: spec")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    missed: list[str] = []
    for players in map(int, args.players.split(",")):
        if args.random:
            missed += report("random", run(players, args.random, "random", args.seed, args.workers), False)
        if args.bots:
            missed += report(args.bot, run(players, args.bots, args.bot, args.seed, args.workers), True)
    print("\nall targets met" if not missed else "\nmissed:\n  " + "\n  ".join(missed))
    return 0 if not missed else 1


if __name__ == "__main__":
    raise SystemExit(main())
