"""The information-set MCTS: rewards, winning moves, determinism, secrecy, simultaneous steps, reuse."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

from ai_players.mcts import (
    Node,
    Search,
    SearchConfig,
    _root_counts,
    cutoff_reward,
    parallel_search,
    reward_vector,
    running_ranking,
    search,
    solo_reward,
    terminal_reward,
    worker_seeds,
)
from ai_players.policies import register_heuristic, solo_par
from engine.core import State
from tests.ai.hidden_pot import FLIP, GAME, KEEP, HiddenPot, Move, Observation, position

FAST = SearchConfig(iterations=400)


# -- rewards --------------------------------------------------------------------------------------


def test_two_player_reward_is_win_loss_or_half_without_margin() -> None:
    assert reward_vector([1, 2], [40, 30], 0.0, 30) == [1.0, 0.0]
    assert reward_vector([1, 1], [40, 40], 0.0, 30) == [0.5, 0.5]


def test_margin_term_rewards_winning_big_and_losing_small() -> None:
    # w = 0.5: half rank utility, half (1 + clip(margin / 30)) / 2.
    assert reward_vector([1, 2], [45, 30], 0.5, 30) == pytest.approx([0.5 + 0.5 * 0.75, 0.5 * 0.25])
    # Margins beyond the scale saturate.
    assert reward_vector([1, 2], [100, 0], 0.5, 30) == pytest.approx([1.0, 0.0])


def test_four_player_reward_vector_with_a_shared_second_place() -> None:
    rewards = reward_vector([1, 2, 2, 4], [50, 40, 40, 10], 0.0, 30)
    assert rewards == pytest.approx([1.0, 1.5 / 3, 1.5 / 3, 0.0])


def test_three_player_reward_vector_blends_rank_and_margin_per_seat() -> None:
    rewards = reward_vector([2, 1, 3], [30, 36, 0], 0.25, 30)
    # seat 0: beat one of two, margin -6 vs 36; seat 1: beat both, +6 vs 30; seat 2: beat none, -36 saturates.
    assert rewards == pytest.approx([0.75 * 0.5 + 0.25 * 0.5 * (1 - 0.2), 0.75 * 1.0 + 0.25 * 0.5 * 1.2, 0.0])


def test_solo_reward_is_the_own_score_plus_a_victory_bonus_around_the_par() -> None:
    # Par 60, scale 30: 75 points is half-way to saturation, a victory adds 10 points.
    assert solo_reward(75, False, par=60, victory=10, scale=30) == pytest.approx(0.75)
    assert solo_reward(75, True, par=60, victory=10, scale=30) == pytest.approx(0.5 + 0.5 * 25 / 30)
    assert solo_reward(20, False, par=60, victory=10, scale=30) == 0.0
    # Scores far above a margin of 30 still rank apart (the old margin term saturated at 30 points).
    assert solo_reward(50, False, 60, 10, 30) < solo_reward(70, False, 60, 10, 30)


def test_a_solo_cut_off_claims_no_victory_and_a_finished_solo_game_counts_it() -> None:
    config = SearchConfig(score_scale=30.0, solo_victory=10.0)
    assert cutoff_reward([60.0], config, par=60.0) == [0.5]
    assert terminal_reward([1], [60.0], config, par=60.0) == pytest.approx([0.5 + 0.5 * 10 / 30])
    assert terminal_reward([2], [60.0], config, par=60.0) == [0.5]
    # Several seats: the margin-only reward of the projected scores, and the usual terminal blend.
    assert cutoff_reward([45.0, 30.0], config, par=60.0) == reward_vector([1, 2], [45.0, 30.0], 1.0, 30.0)
    with pytest.raises(ValueError, match="solo"):
        reward_vector([1], [15], 0.2, 30)


def test_the_solo_search_is_centred_on_the_games_par() -> None:
    # TBBR Dice registers the greedy player's mean solo score; a game that registers none gets 0.
    assert solo_par("tbbr_dice") == 60.0
    assert Search(GAME, 0, FAST, seed=1)._par == 0.0
    assert Search(GAME, 0, replace(FAST, solo_par=12.0), seed=1)._par == 12.0


def test_running_ranking_shares_ties() -> None:
    assert running_ranking([10, 30, 10, 5]) == [2, 1, 2, 4]


def test_backup_credits_each_edge_with_its_choosers_own_reward() -> None:
    nodes = [Node(), Node(), Node()]
    Search._backup([(nodes[0], 0), (nodes[1], 1), (nodes[2], 2)], [0.1, 0.5, 0.9])
    Search._backup([(nodes[0], 0), (nodes[1], 1)], [0.3, 0.0, 1.0])
    assert [n.visits for n in nodes] == [2, 2, 1]
    assert [n.total for n in nodes] == pytest.approx([0.4, 0.5, 0.9])


# -- finding the winning move ---------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "winning"), [(5, KEEP), (2, FLIP)])
def test_finds_the_move_that_wins_the_last_turn(roll: int, winning: Move) -> None:
    # Seat 1 trails 6 to 10 on the last turn: keeping a 5 (11) or flipping a 2 (11) wins outright;
    # the other choice loses, and guessing the pot is a coin flip.
    state = position(2, cards=[1, 2], pot=3, totals=(10, 6), turn=1, roll=roll)
    result = search(GAME, state.observe(1), 1, FAST, seed=3)
    assert result.action == winning
    assert result.stats[0].mean > 0.8


def test_infers_the_pot_from_the_cards_it_has_seen() -> None:
    # Solo, target 15, dice total 6, roll 3: only a right guess (+10) wins. The observer holds 1 and
    # sees 3 revealed, so the pot can only be 2: a determinization never puts anything else there.
    state = position(1, cards=[1], pot=2, deck=3, totals=(6,), roll=3, target=15)
    assert state.revealed == (3,)
    result = search(GAME, state.observe(0), 0, FAST, seed=5)
    assert result.action == Move("guess", 2)


def test_wagers_at_the_simultaneous_start_from_each_seats_own_view() -> None:
    # Seat 0 leads 20 to 0 with one round left: its wager of 1 surely wins +5, seat 1's surely loses 3.
    state = position(2, cards=[1, 2], pot=3, totals=(20, 0), wagers=(None, None))
    assert list(state.actors()) == [0, 1]
    assert search(GAME, state.observe(0), 0, FAST, seed=1).action == Move("wager", 1)
    assert search(GAME, state.observe(1), 1, FAST, seed=1).action == Move("wager", 0)


# -- determinism and budgets ----------------------------------------------------------------------


def test_same_seed_and_budget_give_the_same_search() -> None:
    observation = GAME.new_state(3, {}, seed=11).observe(2)
    first = search(GAME, observation, 2, FAST, seed=99)
    again = search(GAME, observation, 2, FAST, seed=99)
    assert first.action == again.action
    assert first.stats == again.stats
    assert first.iterations == FAST.iterations


def test_time_budget_alone_stops_the_search() -> None:
    observation = GAME.new_state(2, {}, seed=4).observe(0)
    result = search(GAME, observation, 0, SearchConfig(iterations=None, time_limit=0.05), seed=1)
    assert result.iterations > 0
    assert sum(s.visits for s in result.stats) == result.iterations


def test_a_config_needs_some_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchConfig(iterations=None, time_limit=None)


# -- the search sees only the observation ---------------------------------------------------------


def test_the_search_refuses_a_state() -> None:
    state = GAME.new_state(2, {}, seed=1)
    with pytest.raises(TypeError, match="observation"):
        search(GAME, state, 0, FAST, seed=1)  # type: ignore[arg-type]


def test_hidden_cards_of_the_real_state_cannot_change_the_search() -> None:
    # Two real states that differ only where seat 0 cannot see (seat 1's card and the pot are swapped).
    # Were anything hidden reachable, guessing the true pot would score better in one of them.
    a = position(2, cards=[1, 2], pot=3, totals=(4, 4), roll=4)
    b = position(2, cards=[1, 3], pot=2, totals=(4, 4), roll=4)
    assert a.observe(0) == b.observe(0)
    result_a = search(GAME, a.observe(0), 0, FAST, seed=8)
    result_b = search(GAME, b.observe(0), 0, FAST, seed=8)
    assert result_a.stats == result_b.stats
    guesses = {s.action: s for s in result_a.stats if s.action.kind == "guess"}
    # Both candidate pots are sampled: neither guess looks like the sure thing it is in one real state.
    assert set(guesses) == {Move("guess", 2), Move("guess", 3)}
    assert all(s.visits > 0 for s in guesses.values())


# -- simultaneous secret steps --------------------------------------------------------------------


def test_simultaneous_choices_do_not_branch_on_each_other() -> None:
    state = GAME.new_state(3, {"rounds": "1"}, seed=2)
    engine = Search(GAME, 1, FAST, seed=4)
    engine.run(state.observe(1))
    root = engine.root
    assert root.simultaneous
    assert set(root.children) == {0, 1, 2}  # one bandit per seat, all at the root
    for seat in (0, 2):
        # The other seats' picks are statistics only: nothing is searched beneath them.
        assert all(not child.children and child.hidden is None for child in root.children[seat].values())
    assert sum(c.visits for c in root.children[0].values()) == FAST.iterations
    # The tree continues beneath the observer's own pick, never beneath another seat's.
    assert any(child.children for child in root.children[1].values())


def test_a_spectator_of_the_step_continues_through_the_merged_node() -> None:
    # Seat 2 already wagered; seats 0 and 1 choose now, unseen by seat 2.
    state = position(3, cards=[1, 2, 3], pot=4, totals=(0, 0, 0), wagers=(None, None, 1))
    engine = Search(GAME, 2, FAST, seed=4)
    engine.iterate(state.observe(2))
    assert engine.root.simultaneous and engine.root.hidden is not None


# -- tree reuse -----------------------------------------------------------------------------------


def test_advance_keeps_the_subtree_of_the_action_played() -> None:
    state = GAME.new_state(2, {}, seed=6)
    for seat in (0, 1):
        state.apply(seat, Move("wager", 0))
    state.resolve_chance(4)
    engine = Search(GAME, 0, FAST, seed=2)
    result = engine.run(state.observe(0))
    kept = engine.root.children[0][result.action]
    engine.advance(0, result.action)
    assert engine.root is kept and kept.visits > 0
    engine.advance(1, Move("guess", 99))  # never searched: start afresh
    assert engine.root.visits == 0 and not engine.root.children


def test_advance_drops_the_tree_after_a_simultaneous_step() -> None:
    state = GAME.new_state(2, {}, seed=6)
    engine = Search(GAME, 0, FAST, seed=2)
    result = engine.run(state.observe(0))
    engine.advance(0, result.action)
    assert not engine.root.children


def test_reused_searches_are_deterministic() -> None:
    def play() -> list[Move]:
        state = position(2, cards=[1, 2], pot=3, totals=(0, 0), rounds=3)
        engine = Search(GAME, 0, SearchConfig(iterations=150), seed=5)
        chosen, dice = [], iter([3, 5, 1, 6, 2, 4])
        while not state.is_terminal():
            if state.chance() is not None:
                state.resolve_chance(next(dice))
                continue
            seat = state.actors()[0]
            action = engine.run(state.observe(0)).action if seat == 0 else KEEP
            state.apply(seat, action)
            engine.advance(seat, action)
            chosen.append(action)
        return chosen

    assert play() == play()


# -- root parallelism -----------------------------------------------------------------------------


def test_parallel_search_sums_independent_worker_searches() -> None:
    observation = GAME.new_state(2, {}, seed=5).observe(0)
    config = SearchConfig(iterations=300, workers=3)
    with ThreadPoolExecutor(3) as pool:
        merged = parallel_search(GAME, observation, 0, config, seed=7, executor=pool)
    single = SearchConfig(iterations=100)
    expected: dict[Move, int] = {}
    for seed in worker_seeds(7, 3):
        for action, visits, _ in _root_counts(GAME, observation, 0, single, seed)[2]:
            expected[action] = expected.get(action, 0) + visits
    assert {s.action: s.visits for s in merged.stats} == expected
    assert merged.iterations == 300
    assert merged.action == max(expected, key=lambda a: expected[a])


def test_parallel_search_runs_in_worker_processes() -> None:
    observation = GAME.new_state(2, {}, seed=5).observe(1)
    config = SearchConfig(iterations=200, workers=2)
    with ProcessPoolExecutor(2) as pool:
        first = parallel_search(GAME, observation, 1, config, seed=3, executor=pool)
        again = parallel_search(GAME, observation, 1, config, seed=3, executor=pool)
    assert first.stats == again.stats
    assert first.iterations == 200


# -- heuristic prior and progressive widening -----------------------------------------------------


class _FlipFirstPot(HiddenPot):
    """Hidden Pot with a heuristic that ranks flip > keep > guesses (by value)."""

    name = "hidden_pot_flip_first"


def _flip_first(_: State, __: int, actions: Sequence[Any]) -> list[float]:
    return [10.0 if a == FLIP else 5.0 if a == KEEP else float(a.value) for a in actions]


register_heuristic(_FlipFirstPot.name, _flip_first)


def _four_choices() -> Observation:
    state = position(2, cards=[1, 2], pot=3, totals=(0, 0), roll=4, deck=3)
    assert len(state.legal_actions(0)) == 4  # keep, flip, guess 2, guess 3
    return state.observe(0)


def test_untried_actions_are_tried_in_the_heuristics_order() -> None:
    engine = Search(_FlipFirstPot(), 0, SearchConfig(iterations=2, widening=None), seed=1)
    engine.run(_four_choices())
    edges = engine.root.children[0]
    assert {a for a, child in edges.items() if child.visits} == {FLIP, KEEP}
    assert (edges[FLIP].prior, edges[Move("guess", 2)].prior) == (1.0, 0.0)


def test_progressive_widening_holds_back_new_actions_until_the_tried_are_visited() -> None:
    # After v visits a node may try a new action while tried < 1 + sqrt(v): 4 iterations try 3 actions.
    narrow = Search(_FlipFirstPot(), 0, SearchConfig(iterations=4), seed=1)
    narrow.run(_four_choices())
    assert {a for a, c in narrow.root.children[0].items() if c.visits} == {FLIP, KEEP, Move("guess", 3)}
    wide = Search(_FlipFirstPot(), 0, SearchConfig(iterations=4, widening=None), seed=1)
    wide.run(_four_choices())
    assert all(c.visits == 1 for c in wide.root.children[0].values())


# -- paired worlds (common random numbers at the root) -----------------------------------------


class _RecordingSearch(Search):
    """Notes, for every iteration, the root action's visits so far and the world it was given."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.worlds: list[tuple[Any, int, tuple[Any, ...]]] = []

    def _descend(self, state: Any, rng: Any, node: Node, path: Any, expanded: bool) -> list[float]:
        if path:  # paired: the root edge is already taken; note its k and the world it plays in
            action = next(a for a, child in self.root.children[self.seat].items() if child is node)
            self.worlds.append((action, node.visits, (tuple(state.cards), state.pot, rng.state)))
        return super()._descend(state, rng, node, path, expanded)


def test_paired_worlds_give_each_root_actions_kth_visit_the_same_world_and_dice() -> None:
    engine = _RecordingSearch(GAME, 0, SearchConfig(iterations=60, paired_worlds=True), seed=5)
    engine.run(_four_choices())
    by_k: dict[int, set[tuple[Any, ...]]] = {}
    actions = set()
    for action, k, world in engine.worlds:
        by_k.setdefault(k, set()).add(world)
        actions.add(action)
    assert len(engine.worlds) == 60 and len(actions) >= 3
    assert all(len(worlds) == 1 for worlds in by_k.values())  # one world per k, whichever the action
    assert len({next(iter(w)) for w in by_k.values()}) > 1  # and the worlds differ from k to k


@pytest.mark.parametrize(("roll", "winning"), [(5, KEEP), (2, FLIP)])
def test_paired_search_is_deterministic_and_finds_the_winning_move(roll: int, winning: Move) -> None:
    state = position(2, cards=[1, 2], pot=3, totals=(10, 6), turn=1, roll=roll)
    config = SearchConfig(iterations=400, paired_worlds=True)
    result = search(GAME, state.observe(1), 1, config, seed=3)
    assert result.action == winning and result.stats[0].mean > 0.8
    assert search(GAME, state.observe(1), 1, config, seed=3).stats == result.stats


# -- a tree that ends at the next chance step ------------------------------------------------------


def _depth(node: Node) -> int:
    """Edges on the longest path below ``node``."""
    below = [child for table in node.children.values() for child in table.values()]
    return 1 + max((_depth(c) for c in below), default=0) if below else 0


@pytest.mark.parametrize("paired", [False, True])
def test_a_tree_that_ends_at_chance_keeps_only_the_moves_before_the_next_roll(paired: bool) -> None:
    # Seat 1 keeps or flips its roll; the next seat rolls first, so the tree is the root's edges.
    state = position(2, cards=[1, 2], pot=3, totals=(10, 6), turn=1, roll=5, rounds=3)
    open_loop = SearchConfig(iterations=200, paired_worlds=paired)
    deep = Search(GAME, 1, open_loop, seed=3)
    deep.run(state.observe(1))
    shallow = Search(GAME, 1, replace(open_loop, tree_to_chance=True), seed=3)
    result = shallow.run(state.observe(1))
    assert _depth(deep.root) > 1 and _depth(shallow.root) == 1
    assert result.iterations == 200 and sum(s.visits for s in result.stats) == 200
    assert result.action == KEEP  # 5 kept beats the 2 a flip scores


@pytest.mark.parametrize("at_turn", [False, True])
def test_a_rollout_cut_at_the_turn_is_scored_where_the_observers_turn_begins(at_turn: bool) -> None:
    state = position(2, cards=[1, 2], pot=3, totals=(10, 6), turn=1, roll=5, rounds=4)
    config = SearchConfig(iterations=60, rollout_depth=2, cut_at_turn=at_turn)
    engine = Search(GAME, 1, config, seed=3)
    to_act: list[tuple[int, ...]] = []
    evaluate = engine._evaluate

    def noting(world: State) -> list[float]:
        to_act.append(tuple(world.actors()))
        return evaluate(world)

    engine._evaluate = noting
    engine.run(state.observe(1))
    assert len(to_act) > 10
    assert (set(to_act) == {(1,)}) is at_turn  # decision cuts also stop before seat 0's turns


def test_a_solo_search_cut_at_the_turn_still_cuts_after_its_depth() -> None:
    # Alone at the table every decision is the observer's, so no turn of another seat ever ends.
    state = position(1, cards=[1], pot=3, deck=3, totals=(4,), turn=0, roll=5, rounds=6)
    engine = Search(GAME, 0, SearchConfig(iterations=30, rollout_depth=2, cut_at_turn=True), seed=3)
    cuts = 0
    evaluate = engine._evaluate

    def counting(world: State) -> list[float]:
        nonlocal cuts
        cuts += 1
        return evaluate(world)

    engine._evaluate = counting
    engine.run(state.observe(0))
    assert cuts > 20


# -- sequential halving at the root --------------------------------------------------------------


def test_halving_spends_the_budget_in_rounds_that_halve_the_candidates() -> None:
    # Four candidates, two rounds: 24 iterations give each of the four 3 visits, then the two
    # best 6 more each, so the finalists end with 9 visits and the others with 3.
    config = SearchConfig(iterations=24, root="halving", candidates=4)
    result = search(_FlipFirstPot(), _four_choices(), 0, config, seed=2)
    assert result.iterations == 24
    assert sorted(s.visits for s in result.stats) == [3, 3, 9, 9]
    assert result.action == result.stats[0].action and result.stats[0].visits == 9


def test_halving_compares_the_candidates_in_the_same_worlds() -> None:
    config = SearchConfig(iterations=24, root="halving", candidates=4)
    engine = _RecordingSearch(_FlipFirstPot(), 0, config, seed=5)
    engine.run(_four_choices())
    by_k: dict[int, set[tuple[Any, ...]]] = {}
    for _, k, world in engine.worlds:
        by_k.setdefault(k, set()).add(world)
    assert sorted(by_k) == list(range(9))
    assert all(len(worlds) == 1 for worlds in by_k.values())  # visit k of every action: one world


def test_halving_takes_the_heuristics_favourites_as_candidates() -> None:
    config = SearchConfig(iterations=20, root="halving", candidates=2)
    result = search(_FlipFirstPot(), _four_choices(), 0, config, seed=2)
    assert {s.action for s in result.stats if s.visits} == {FLIP, KEEP}


@pytest.mark.parametrize(("roll", "winning"), [(5, KEEP), (2, FLIP)])
def test_halving_is_deterministic_and_finds_the_winning_move(roll: int, winning: Move) -> None:
    state = position(2, cards=[1, 2], pot=3, totals=(10, 6), turn=1, roll=roll)
    config = SearchConfig(iterations=200, root="halving")
    result = search(GAME, state.observe(1), 1, config, seed=3)
    assert result.action == winning and result.stats[0].mean > 0.8
    assert search(GAME, state.observe(1), 1, config, seed=3).stats == result.stats


def test_halving_on_a_time_limit_alone_halves_its_candidates_round_by_round() -> None:
    # No iteration count: four candidates by default, two rounds of an equal share of the time;
    # in every round each surviving candidate gets as many visits as the others.
    config = SearchConfig(iterations=None, time_limit=0.2, root="halving")
    result = search(_FlipFirstPot(), _four_choices(), 0, config, seed=2)
    first, second, *out = sorted((s.visits for s in result.stats), reverse=True)
    assert len(out) == 2 and out[0] == out[1] > 0, result.stats
    assert first == second > out[0], result.stats
    assert result.iterations == sum(s.visits for s in result.stats)
    assert result.action == result.stats[0].action and result.stats[0].visits == first


def test_unknown_root_selection_is_refused() -> None:
    with pytest.raises(ValueError, match="root selection"):
        SearchConfig(root="best")
