"""Properties over many seeded random games: they finish, stay within the rules' bounds, claim
only objectives that are met, score the sum of their parts, and keep the deck order secret."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.rng import Rng
from engine.tbbr import GAME
from engine.tbbr.actions import Claim
from engine.tbbr.data import BONUS_TRACKS, board, cards, tracks
from engine.tbbr.observation import determinize
from engine.tbbr.scoring import score_parts
from engine.tbbr.state import TbbrState
from tests.tbbr.support import fresh, play, play_random

CONFIGS = [(n, shorter) for n in (2, 3, 4) for shorter in (False, True)]
T = tracks()


@pytest.mark.parametrize(("players", "shorter"), CONFIGS)
def test_random_legal_play_finishes_with_scores_and_a_ranking(players: int, shorter: bool) -> None:
    for seed in range(10):
        state = play_random(players, shorter, seed)
        assert state.is_terminal() and state.day == len(state.days) - 1
        assert len(state.scores()) == players and all(s >= 0 for s in state.scores())
        ranks = state.ranking()
        assert min(ranks) == 1 and all(1 <= r <= players for r in ranks)


def _bounded(state: TbbrState) -> None:
    """No negative resources, TU never beyond the day, every track within its bounds."""
    for p in state.players:
        assert 0 <= p.time <= state.day_length
        assert all(b >= 0 for b in p.beers) and sum(p.beers) <= T.backpack
        assert 0 <= p.cheese <= len(T.cheese) - 1 and p.cheese_tokens >= 0
        assert 0 <= p.tasted <= T.tasted_max and 0 <= p.breath <= T.asleep
        assert all(0 <= lvl < len(T.bonus[name]) for name, lvl in zip(BONUS_TRACKS, p.bonus, strict=True))
        assert 0 <= p.cheers < len(T.cheers) and p.discs >= 0 and p.coasters >= 0 and p.score >= 0
        assert 0 <= p.hitch_extra <= T.hitch_max_dice - 1 and p.tokens_left >= 0
        assert p.done == (p.time == state.day_length) or state.terminal
    assert all(n >= 0 for n in state.coasters.values())
    assert len(state.first_visitor) + sum(p.discs for p in state.players) == 40
    claimed = [c for p in state.players for c in p.objectives]
    visible = [c for c in (*state.accessible, *state.inaccessible) if c]
    everywhere = claimed + visible + state.deck + state.removed
    assert len(everywhere) == len(set(everywhere))


def _met(card_id: str, state: TbbrState, seat: int) -> bool:
    """An independent reading of the card texts, to check every claim."""
    card, p, log = cards()[card_id], state.players[seat], state.log
    places = board().places
    in_group = [v for v in p.visited if card.tag in places[v].groups]
    group_size = sum(card.tag in places[b].groups for b in board().breweries)
    tasted_colours = [int(f.split(":")[1]) for f in log if f.startswith("taste:")]
    return {
        "taste_colour": lambda: card.colour in tasted_colours,
        "taste_count": lambda: len(tasted_colours) >= card.n,
        "buy_colour": lambda: f"buy:{card.colour}" in log,
        "buy_cheese": lambda: "cheese" in log,
        "move_mode": lambda: any(
            f.split(":")[1] == card.mode and int(f.split(":")[2]) >= card.n
            for f in log
            if f.startswith("move:")
        ),
        "hitch_pay": lambda: "pay" in log,
        "toast": lambda: any(int(f.split(":")[1]) >= card.n for f in log if f.startswith("toast:")),
        "new_visits": lambda: sum(f.startswith("new:") for f in log) >= card.n,
        "arrive_tag": lambda: any(card.tag in places[f[7:]].groups for f in log if f.startswith("arrive:")),
        "own_colour": lambda: p.beers[card.colour] >= card.n,
        "own_all": lambda: min(p.beers) > 0,
        "backpack": lambda: sum(p.beers) >= card.n,
        "visited": lambda: len(p.visited) >= card.n,
        "visited_colour": lambda: len([v for v in p.visited if places[v].colour == card.colour]) >= card.n,
        "tasted": lambda: p.tasted >= card.n,
        "cheers": lambda: p.cheers >= card.n,
        "cheese": lambda: p.cheese >= card.n,
        "tokens": lambda: p.discs + p.coasters >= card.n,
        "bonus": lambda: sum(p.bonus) >= card.n,
        "at_tag": lambda: card.tag in places[p.location].groups,
        "tag_all": lambda: len(in_group) == group_size,
        "tag_count": lambda: len(in_group) >= card.n,
    }[card.cond]()


def _final_total(state: TbbrState, seat: int) -> int:
    """The final scoring recomputed from the rulebook's list and the authored track values."""
    p = state.players[seat]
    steps = [vp for need, vp in T.visited_steps if len(p.visited) >= need]
    visited = (steps[-1] if steps else 0) + max(0, len(p.visited) - 30) * 3
    cheers_last = len(T.cheers) - 1
    kept = [c for c in p.objectives if cards()[c].kind != "flag" or _met(c, state, seat)]
    return (
        p.score
        + min(2 * p.tasted, 40)
        + p.discs
        + p.coasters
        + sum(T.bonus[name][lvl] for name, lvl in zip(BONUS_TRACKS, p.bonus, strict=True))
        + sum(p.beers)
        + T.cheese[p.cheese]
        + 5 * p.cheese_tokens
        + visited
        + sum(cards()[c].vp for c in kept)
        + sum(cards()[c].vp for c in state.level3 if _met(c, state, seat))
        + T.cheers[min(p.cheers, cheers_last)]
        + 4 * (p.cheers >= cheers_last)
    )


def test_property_over_seeded_random_games() -> None:
    """Acceptance 3: bounds at every step, every claim met, final scores = the sum of their parts."""
    claims = 0
    for seed in range(60):
        players, shorter = CONFIGS[seed % len(CONFIGS)]
        state = GAME.new_state(players, {"shorter": str(shorter).lower()}, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            _bounded(state)
            step = state.chance()
            if step is not None:
                state.resolve_chance(step.sample(rng))
                continue
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            assert len({a.id for a in legal}) == len(legal) and all(a.label for a in legal)
            claimable = [a for a in legal if isinstance(a, Claim)]
            action = claimable[0] if claimable and rng.random() < 0.7 else rng.choice(legal)
            if isinstance(action, Claim):
                assert _met(action.card, state, seat), action.card
                claims += 1
            state.apply(seat, action)
        _bounded(state)
        for seat in range(players):
            assert state.scores()[seat] == sum(score_parts(state, seat).values()) == _final_total(state, seat)
    assert claims > 100


def test_views_hide_the_deck_order_and_the_rng() -> None:
    """Acceptance 4: two games that differ only in the deck order and the RNG look the same to every
    seat and to spectators, and no view names a card still in the deck."""
    from engine.tbbr import wire

    state = play_random(3, False, 5, check=None)  # a finished game for the final view
    for probe in (fresh(3, machine=True), state):
        twin = probe.clone()
        twin.deck = list(reversed(twin.deck))
        twin.rng = Rng(12345)
        for seat in (None, 0, 1, 2):
            assert probe.observe(seat) == twin.observe(seat)
            blob = wire.view_to_proto(probe.observe(seat)).SerializeToString()
            assert not [c for c in probe.deck if c.encode() in blob]
            assert str(probe.rng.state).encode() not in blob
    start = fresh(4, machine=True)
    spectator, seated = start.observe(None), start.observe(2)
    assert spectator.seat is None and seated.seat == 2
    assert spectator.players == seated.players and spectator.accessible == seated.accessible


def test_events_are_public_and_never_name_a_card_in_the_deck() -> None:
    state = fresh(4, machine=True, seed=3)
    rng = Rng(3)
    while not state.is_terminal():
        step = state.chance()
        if step is not None:
            events = state.resolve_chance(step.sample(rng))
        else:
            seat = state.actors()[0]
            events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        for event in events:
            assert event.visible_to is None
            text = json.dumps(event.to_json())
            assert not [c for c in state.deck if c in text]


def test_determinize_is_consistent_with_the_observation() -> None:
    state = fresh(3, machine=True, seed=11)
    rng = Rng(11)
    for _ in range(150):
        if state.is_terminal():
            break
        for seat in (None, 0, 2):
            obs = state.observe(seat)
            guess = determinize(obs, Rng(7))
            assert guess.observe(seat) == obs
            assert sorted(guess.deck) == sorted(state.deck)
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(rng))
        else:
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_same_seed_and_moves_give_the_same_game_and_snapshots_round_trip() -> None:
    a, b = play_random(4, False, 21), play_random(4, False, 21)
    assert GAME.dump(a) == GAME.dump(b)
    mid = fresh(3, machine=True, seed=4)
    rng = Rng(4)
    for _ in range(80):
        restored = GAME.load(GAME.dump(mid))
        assert GAME.dump(restored) == GAME.dump(mid)
        assert restored.observe(None) == mid.observe(None)
        step = mid.chance()
        if step is not None:
            mid.resolve_chance(step.sample(rng))
        else:
            seat = mid.actors()[0]
            mid.apply(seat, rng.choice(mid.legal_actions(seat)))
    with pytest.raises(ValueError, match="version"):
        GAME.load(GAME.dump(mid).replace(b'"v":%d' % GAME.schema_version, b'"v":99'))


def test_schema_version_1_snapshots_still_load() -> None:
    """Blobs written before the kit (schema 1: a dict of attributes, tests/tbbr/data) load as the same
    states: each waits for the same step (start, roll, onboard, camp, bottle, claim, none, the end)."""
    stored = json.loads((Path(__file__).parent / "data" / "snapshots_v1.json").read_text())
    assert b'"v":1,' in stored[0]["blob"].encode()
    for entry in stored:
        start = fresh(entry["players"], entry["shorter"], entry["seed"], machine=True)
        state = play(start, entry["seed"], entry["steps"])
        loaded = GAME.load(entry["blob"].encode())
        assert GAME.dump(loaded) == GAME.dump(state)
        assert loaded.observe(0) == state.observe(0)
        assert [a.id for a in loaded.legal_actions(0)] == [a.id for a in state.legal_actions(0)]


def test_clone_is_independent() -> None:
    state = fresh(2, machine=True)
    copy = state.clone()
    copy.players[0].beers[0] = 5
    copy.players[0].visited.add("X10")
    copy.deck.clear()
    copy.players[1].objectives.append("O101")
    assert state.players[0].beers[0] == 0 and "X10" not in state.players[0].visited
    assert state.deck and state.players[1].objectives == []
