"""Our games through OpenSpiel: pyspiel's own checks, hidden information, chance, and its ISMCTSBot."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from ai_players.mcts import reward_vector
from ai_players.openspiel_adapter import (
    EngineRolloutEvaluator,
    ZythosGame,
    ZythosState,
    register,
    register_all,
    seeded_resampler,
)
from engine.core import Rng, registry

NAMES = register_all()
GAMES = ["tbbr_dice", "tbbr"]


def _load(name: str, players: int = 2, seed: int = 3) -> ZythosGame:
    game: ZythosGame = pyspiel.load_game(register(name), {"players": players, "seed": seed})
    return game


def _random_step(state: ZythosState, rs: np.random.RandomState) -> None:
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rs.choice(actions, p=probs)))
    else:
        state.apply_action(int(rs.choice(state.legal_actions())))


def _decision_with_choices(game: ZythosGame, seed: int, minimum: int) -> ZythosState:
    """The first sequential decision with at least ``minimum`` legal actions of a random playout."""
    state, rs = game.new_initial_state(), np.random.RandomState(seed)

    def waiting() -> bool:
        return state.is_chance_node() or len(state.engine_state.actors()) != 1

    while waiting() or len(state.legal_actions()) < minimum:
        _random_step(state, rs)
    return state


def test_every_game_is_registered_with_the_openspiel_type_that_fits() -> None:
    assert [f"zythos_{game.name}" for game in registry.all_games()] == NAMES
    registered = pyspiel.registered_names()
    assert all(name in registered for name in NAMES)
    kinds = {name: pyspiel.load_game(name).get_type() for name in NAMES}
    for kind in kinds.values():
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert kind.provides_information_state_string and kind.provides_observation_string
    # Twelve dice at once cannot be listed; TBBR's dice always can.
    assert kinds["zythos_tbbr_dice"].chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kinds["zythos_tbbr"].chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert _load("tbbr_dice", players=4).num_players() == 4


@pytest.mark.parametrize(("name", "players"), [("tbbr_dice", 2), ("tbbr", 2), ("tbbr_dice", 1), ("tbbr", 4)])
def test_pyspiel_random_simulation_checks_pass(name: str, players: int) -> None:
    # Clones, sorted legal actions, unique action strings, returns within the utility bounds,
    # information and observation strings for every seat at every decision, game length bound.
    pyspiel.random_sim_test(_load(name, players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_a_random_playout_through_the_adapter_mirrors_the_engine(name: str) -> None:
    game, rs = _load(name, seed=11), np.random.RandomState(11)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        engine = state.engine_state
        if state.is_chance_node():
            assert engine.chance() is not None and not engine.actors()
        else:
            seat = state.current_player()
            assert seat == min(engine.actors())
            ids = [a.id for a in engine.legal_actions(seat)]
            assert [state.action_to_string(seat, a) for a in state.legal_actions()] == ids
        _random_step(state, rs)
        steps += 1
    engine = state.engine_state
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == reward_vector(engine.ranking(), engine.scores(), 0.2, 30.0)
    assert len(state.history()) == steps
    winner = engine.ranking().index(1)
    assert state.returns()[winner] == max(state.returns())


def test_a_simultaneous_secret_step_is_played_in_turn_and_stays_secret() -> None:
    game = _load("tbbr_dice")
    start = game.new_initial_state()
    assert list(start.engine_state.actors()) == [0, 1]  # both keep a personal goal at once
    assert start.current_player() == 0
    after = []
    for action in start.legal_actions():
        state = start.clone()
        state.apply_action(action)
        assert state.current_player() == 1
        after.append(state)
    assert str(after[0]) != str(after[1])  # seat 0 kept different goals ...
    assert after[0].information_state_string(1) == after[1].information_state_string(1)  # ... unseen by 1
    assert after[0].information_state_string(0) != after[1].information_state_string(0)


def test_a_seats_information_state_ignores_the_other_seats_secrets() -> None:
    game = _load("tbbr_dice", seed=5)
    state = _decision_with_choices(game, seed=5, minimum=3)
    seat, other = state.current_player(), 1 - state.current_player()
    observation = state.engine_state.observe(seat)
    worlds = [game.wrap(game.engine.determinize(observation, Rng(s))) for s in range(6)]
    # The worlds differ in the other seat's hidden personal goal ...
    assert len({w.engine_state.sheets[other].personal for w in worlds}) > 1  # type: ignore[attr-defined]
    assert len({w.information_state_string(other) for w in worlds}) > 1
    # ... and look the same to the seat, which has the same moves under the same numbers.
    assert {w.information_state_string(seat) for w in worlds} == {state.information_state_string(seat)}
    assert {w.observation_string(seat) for w in worlds} == {state.observation_string(seat)}
    moves = [state.action_to_string(seat, a) for a in state.legal_actions()]
    for world in worlds:
        assert [world.action_to_string(seat, a) for a in world.legal_actions()] == moves


def test_resampling_from_an_information_state_keeps_the_view_and_redraws_the_secrets() -> None:
    game = _load("tbbr_dice", seed=8)
    state = _decision_with_choices(game, seed=8, minimum=3)
    seat = state.current_player()
    resample = seeded_resampler(1)
    worlds = [resample(state, seat) for _ in range(5)]
    assert all(w.information_state_string(seat) == state.information_state_string(seat) for w in worlds)
    assert all(w.legal_actions() == state.legal_actions() for w in worlds)
    assert len({str(w) for w in worlds}) == 5  # the hidden cards and deck orders differ
    again = seeded_resampler(1)
    assert [str(again(state, seat)) for _ in range(5)] == [str(w) for w in worlds]


def test_twelve_dice_are_one_sampled_outcome_and_three_dice_are_listed() -> None:
    state, rs = _load("tbbr_dice", seed=2).new_initial_state(), np.random.RandomState(2)
    sampled = listed = 0
    while not state.is_terminal() and not (sampled and listed):
        step = state.engine_state.chance()
        if step is not None and step.outcomes is None:
            assert state.chance_outcomes() == [(0, 1.0)]
            twin = state.clone()
            state.apply_action(0)
            twin.apply_action(0)
            assert str(state) == str(twin)  # a clone carries the dice stream: same roll
            sampled += 1
            continue
        if step is not None and step.outcomes is not None:
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == list(range(len(step.outcomes)))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            listed += 1
        _random_step(state, rs)
    assert sampled and listed


def test_openspiel_ismcts_bot_picks_a_legal_tbbr_dice_move_reproducibly() -> None:
    game = _load("tbbr_dice", seed=4)
    state = _decision_with_choices(game, seed=4, minimum=5)

    def decide(evaluator: mcts.Evaluator) -> tuple[int, list[tuple[int, float]]]:
        rs = np.random.RandomState(1)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=0.7, max_simulations=8, random_state=rs)
        bot.set_resampler(seeded_resampler(2))
        policy = bot.get_policy(state)
        return int(bot.step(state)), policy

    stock = mcts.RandomRolloutEvaluator(1, np.random.RandomState(3))
    action, policy = decide(stock)
    assert action in state.legal_actions()
    assert sorted(a for a, _ in policy) == state.legal_actions()
    assert sum(p for _, p in policy) == pytest.approx(1.0)
    ours = [decide(EngineRolloutEvaluator("tbbr_dice", "greedy", depth=8, seed=5)) for _ in range(2)]
    assert ours[0] == ours[1]  # same seeds, same search
    assert ours[0][0] in state.legal_actions()
