"""Whole-game properties: random play ends, determinism, snapshots, secrets, determinization."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.rng import Rng
from engine.tbbr_dice.actions import ChoosePersonal
from tests.tbbr_dice.helpers import GAME, random_game, roll_of

SEEDS = range(12)
CONFIGS = [
    (1, {}),
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"blocked_cheese": "true"}),
    (3, {"mixed_goals": "true"}),
    (4, {"mixed_goals": "true", "toast": "true"}),
    (3, {"toast": "true"}),
    (1, {"blocked_cheese": "true", "toast": "true"}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_random_play_finishes(players: int, options: dict[str, str]) -> None:
    for seed in SEEDS:
        state = random_game(players, seed, **options)
        assert state.is_terminal()
        assert len(state.scores()) == players and len(state.ranking()) == players
        assert min(state.ranking()) == 1 or players == 1


def _trace(players: int, seed: int, steps: int) -> tuple[object, list[str]]:
    state = GAME.new_state(players, {}, seed)
    rng = Rng(seed + 99)
    log: list[str] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        step = state.chance()
        if step is not None:
            outcome = step.sample(rng)
            log.append(repr(outcome))
            state.resolve_chance(outcome)
            continue
        seat = state.actors()[0]
        action = rng.choice(state.legal_actions(seat))
        log.append(action.id)
        state.apply(seat, action)
    return state, log


def test_same_seed_and_actions_give_the_same_state() -> None:
    for players in (1, 3):
        a, log_a = _trace(players, 11, 400)
        b, log_b = _trace(players, 11, 400)
        assert log_a == log_b
        assert GAME.dump(a) == GAME.dump(b)


def test_dump_load_round_trip_mid_game_and_continue() -> None:
    for players in (1, 2, 4):
        state, _ = _trace(players, 5, 150)
        blob = GAME.dump(state)
        loaded = GAME.load(blob)
        assert GAME.dump(loaded) == blob
        assert loaded.observe(0) == state.observe(0)
        seat_actions = [a.id for s in state.actors() for a in state.legal_actions(s)]
        assert [a.id for s in loaded.actors() for a in loaded.legal_actions(s)] == seat_actions


def test_schema_version_1_snapshots_still_load() -> None:
    """Blobs written by the code before the kit (schema 1, tests/tbbr_dice/data) load as the same states."""
    stored = json.loads((Path(__file__).parent / "data" / "snapshots_v1.json").read_text())
    for entry in stored:
        state, _ = _trace(entry["players"], entry["seed"], entry["steps"])
        loaded = GAME.load(entry["blob"].encode())
        assert GAME.dump(loaded) == GAME.dump(state)
        assert loaded.observe(0) == state.observe(0)


def test_load_rejects_other_versions() -> None:
    state = GAME.new_state(2, {}, 1)
    blob = GAME.dump(state).replace(b'"v":%d' % GAME.schema_version, b'"v":99')
    with pytest.raises(ValueError):
        GAME.load(blob)


def test_clone_is_independent() -> None:
    state, _ = _trace(3, 8, 60)
    copy = state.clone()
    before = GAME.dump(state)
    rng = Rng(1)
    while not copy.is_terminal():
        step = copy.chance()
        if step is not None:
            copy.resolve_chance(step.sample(rng))
            continue
        seat = copy.actors()[0]
        copy.apply(seat, rng.choice(copy.legal_actions(seat)))
    assert GAME.dump(state) == before


def _positions(players: int, seed: int, every: int = 7) -> list[object]:
    """States met along a random game (every few steps)."""
    state = GAME.new_state(players, {}, seed)
    rng = Rng(seed * 31 + 5)
    out = [state.clone()]
    n = 0
    while not state.is_terminal():
        step = state.chance()
        if step is not None:
            state.resolve_chance(step.sample(rng))
            continue
        seat = rng.choice(list(state.actors()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        n += 1
        if n % every == 0:
            out.append(state.clone())
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_observation_hides_what_a_seat_may_not_know(players: int) -> None:
    """observe(A) is the same whatever the other seats' personal goals, deck orders and RNG."""
    for seed in range(3):
        for state in _positions(players, seed):
            for seat in range(players):
                obs = state.observe(seat)
                other = GAME.determinize(obs, Rng(seed * 1000 + seat))
                twin = GAME.determinize(obs, Rng(seed * 1000 + seat + 1))
                assert other.observe(seat) == obs == twin.observe(seat)
                # The twin really differs in hidden parts (when there is anything hidden to differ).
                if len(state.thomas_deck) > 1 or any(len(p) > 2 for p in state.piles):
                    assert (twin.thomas_deck, twin.piles, twin.rng.state) != (
                        other.thomas_deck,
                        other.piles,
                        other.rng.state,
                    )


def test_observation_does_not_leak_other_personal_goals_or_decks() -> None:
    state = GAME.new_state(3, {}, 4)
    for seat in range(3):
        state.apply(seat, ChoosePersonal(state.sheets[seat].offer[1]))
    obs = state.observe(0)
    assert obs.players[1].personal == "" and obs.players[2].personal == ""
    assert obs.players[0].personal == state.sheets[0].personal
    text = repr(obs)
    for seat in (1, 2):
        assert state.sheets[seat].personal not in text
        assert state.sheets[seat].personal_seen[0] not in text
    for pile in state.piles:
        for hidden in pile[1:]:
            assert hidden not in obs.display and hidden not in obs.pile_tops


@pytest.mark.parametrize("players", [1, 2, 4])
def test_determinized_states_play_on(players: int) -> None:
    """A determinization is a full state: it plays to the end with legal moves."""
    for state in _positions(players, 2, every=25)[:4]:
        seat = state.current
        full = GAME.determinize(state.observe(seat), Rng(3))
        rng = Rng(4)
        while not full.is_terminal():
            step = full.chance()
            if step is not None:
                full.resolve_chance(step.sample(rng))
                continue
            who = rng.choice(list(full.actors()))
            full.apply(who, rng.choice(full.legal_actions(who)))


def test_chance_step_samples_and_validates() -> None:
    state = GAME.new_state(2, {}, 1)
    for seat in range(2):
        state.apply(seat, ChoosePersonal(state.sheets[seat].offer[0]))
    state.apply(0, state.action_by_id(0, "reroll"))
    step = state.chance()
    assert step is not None and step.outcomes is None  # 12 dice: not enumerated
    assert step.validate(step.sample(Rng(1)))
    assert not step.validate((9,) * 12)
    assert step.validate(roll_of(state, "r1 r2 r3 r4 y2 y3 y4 y5 b0 b0 b6 b7"))


def test_events_keep_personal_goals_secret() -> None:
    """An event naming a personal goal card is visible only to the seat that holds or discards it."""
    for players in (1, 3):
        for seed in range(4):
            state, events = GAME.new_state_with_events(players, {}, seed)
            rng = Rng(seed)
            log = list(events)
            while not state.is_terminal():
                step = state.chance()
                if step is not None:
                    log += state.resolve_chance(step.sample(rng))
                    continue
                seat = rng.choice(list(state.actors()))
                log += state.apply(seat, rng.choice(state.legal_actions(seat)))
            secret = [e for e in log if "PS" in repr(e.payload) or "PG" in repr(e.payload)]
            assert secret, "the deal is an event"
            for event in secret:
                assert event.visible_to == frozenset({event.seat})
            public = [e for e in log if e.visible_to is None]
            assert all("PS" not in repr(e.payload) and "PG" not in repr(e.payload) for e in public)
