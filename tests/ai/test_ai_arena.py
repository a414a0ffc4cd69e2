"""The arena: seat rotation over identical deals, and the arithmetic of its report."""

from __future__ import annotations

import json
import math
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest

from ai_players.arena import (
    Estimate,
    GameRecord,
    MctsAgent,
    Partial,
    elo,
    main,
    make_agent,
    pairwise_share,
    parse_config,
    play_game,
    record_from_json,
    report,
    run_match,
    schedule,
    win_share,
)
from tests.ai.hidden_pot import GAME, HiddenPot, HiddenPotState


class RecordingPot(HiddenPot):
    """Hidden Pot whose real states remember their deal and every die rolled."""

    def __init__(self) -> None:
        self.games: list[HiddenPotState] = []

    def new_state(self, players: int, options: Any, seed: int) -> HiddenPotState:
        state = super().new_state(players, options, seed)
        state.rolls = []  # type: ignore[attr-defined]
        original = state.resolve_chance

        def resolve(outcome: Any) -> Any:
            state.rolls.append(outcome)  # type: ignore[attr-defined]
            return original(outcome)

        state.resolve_chance = resolve  # type: ignore[method-assign]
        self.games.append(state)
        return state


def test_schedule_plays_every_deal_in_every_rotation() -> None:
    assert list(schedule(5, 2)) == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]
    assert len(list(schedule(8, 4))) == 8


def test_rotations_replay_the_same_cards_and_dice_with_players_in_every_seat() -> None:
    game = RecordingPot()
    records = run_match(game, ["greedy", "random", "random"], games=6, seed=3, options={"rounds": "3"})
    assert [r.seats[0] for r in records] == [0, 1, 2, 0, 1, 2]
    first_deal = game.games[:3]
    assert len({tuple(s.cards) for s in first_deal}) == 1
    assert len({tuple(s.rolls) for s in first_deal}) == 1  # type: ignore[attr-defined]
    assert len(first_deal[0].rolls) == 9  # type: ignore[attr-defined]
    assert game.games[3].rolls != first_deal[0].rolls  # type: ignore[attr-defined]


def test_a_match_is_the_same_with_worker_processes() -> None:
    game = HiddenPot()
    serial = run_match(game, ["mcts:iters=30", "greedy"], games=4, seed=9)
    parallel = run_match(game, ["mcts:iters=30", "greedy"], games=4, seed=9, workers=2)
    untimed = [[replace(r, search_seconds=0.0) for r in records] for records in (serial, parallel)]
    assert untimed[0] == untimed[1]


def _untimed(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**r, "search_seconds": 0.0} for r in records]


def test_a_stopped_match_resumes_from_its_partial_file(tmp_path: Path) -> None:
    """Games already in FILE.partial are kept, not played again; the rest are played as before."""
    lineup, seed = ["mcts:iters=10", "greedy"], 4
    argv = ["--game", "tests.ai.hidden_pot:GAME", "--a", lineup[0], "--b", lineup[1], "--games", "6"]
    reference = tmp_path / "whole.json"
    assert main([*argv, "--seed", str(seed), "--json", str(reference)]) == 0
    assert not Path(f"{reference}.partial").exists()
    whole = json.loads(reference.read_text())["records"]
    # A run stopped after its first deal: the header line and two games, one marked to be recognised.
    resumed = tmp_path / "resumed.json"
    match = {"game": "tests.ai.hidden_pot:GAME", "lineup": lineup, "seed": seed, "options": {}}
    partial = Partial(Path(f"{resumed}.partial"), match)
    assert partial.resume() == []
    run_match(GAME, lineup, games=2, seed=seed, on_record=partial.add)
    lines = Path(f"{resumed}.partial").read_text().splitlines()
    marked = {**json.loads(lines[2]), "decisions": 99_999}
    Path(f"{resumed}.partial").write_text("\n".join([*lines[:2], json.dumps(marked)]) + "\n")

    assert main([*argv, "--seed", str(seed), "--json", str(resumed)]) == 0
    records = json.loads(resumed.read_text())["records"]
    assert records[1]["decisions"] == 99_999  # read back, not replayed
    assert _untimed(records[:1] + records[2:]) == _untimed(whole[:1] + whole[2:])
    assert not Path(f"{resumed}.partial").exists()


def test_a_partial_file_of_another_match_is_started_afresh(tmp_path: Path) -> None:
    path = tmp_path / "m.json.partial"
    old = Partial(path, {"game": "g", "lineup": ["a", "b"], "seed": 1, "options": {}})
    old.resume()
    record = GameRecord(deal=0, rotation=0, seats=(0, 1), scores=(1.0, 2.0), ranking=(2, 1), decisions=3)
    old.add(record)
    assert old.resume() == [record]
    assert record_from_json(asdict(record)) == record
    assert Partial(path, {"game": "g", "lineup": ["a", "b"], "seed": 2, "options": {}}).resume() == []
    assert path.read_text().count("\n") == 1  # only the new header


def test_search_beats_random_play() -> None:
    records = run_match(HiddenPot(), ["mcts:iters=200", "random"], games=40, seed=1)
    result = report(records)
    assert result.score_share.mean >= 0.7
    assert result.iterations_per_decision > 0


# -- arithmetic ---------------------------------------------------------------------------------


def test_pairwise_and_win_shares() -> None:
    assert pairwise_share([1, 2, 2, 4], 1) == pytest.approx(1.5 / 3)
    assert pairwise_share([2], 0) == 0.0 and pairwise_share([1], 0) == 1.0
    assert win_share([1, 1, 3], 0) == 0.5
    assert win_share([2, 1, 3], 0) == 0.0


def test_elo_of_a_share() -> None:
    assert elo(0.5) == 0.0
    assert elo(0.75) == pytest.approx(400 * math.log10(3))
    assert elo(0.25) == pytest.approx(-400 * math.log10(3))
    assert elo(1.0) == math.inf and elo(0.0) == -math.inf


def test_confidence_interval_is_normal_approximation_clipped_to_bounds() -> None:
    estimate = Estimate.of([0.4, 0.6, 0.5, 0.5], 0.0, 1.0)
    half = 1.959963984540054 * math.sqrt(0.02 / 3) / 2
    assert estimate.mean == pytest.approx(0.5)
    assert estimate.low == pytest.approx(0.5 - half) and estimate.high == pytest.approx(0.5 + half)
    clipped = Estimate.of([0.0, 1.0, 0.0, 1.0], 0.0, 1.0)
    assert (clipped.low, clipped.high) == (0.0, 1.0)
    assert Estimate.of([0.7], 0.0, 1.0) == Estimate(0.7, 0.0, 1.0)


def _record(deal: int, rotation: int, seats: tuple[int, ...], scores: tuple[float, ...]) -> GameRecord:
    ranking = tuple(1 + sum(o > s for o in scores) for s in scores)
    return GameRecord(deal, rotation, seats, scores, ranking, decisions=10)


def test_report_takes_deals_as_the_independent_samples() -> None:
    records = [
        _record(0, 0, (0, 1), (30, 20)),  # a wins by 10 in seat 0
        _record(0, 1, (1, 0), (25, 25)),  # tie on score and rank: a scores half
        _record(1, 0, (0, 1), (10, 20)),  # a loses by 10
        _record(1, 1, (1, 0), (20, 10)),  # a loses by 10 in seat 1
    ]
    result = report(records)
    assert (result.games, result.deals) == (4, 2)
    assert result.score_share.mean == pytest.approx(0.375)  # deal means 0.75 and 0.0
    half = 1.959963984540054 * math.sqrt(2 * 0.375**2) / math.sqrt(2)
    assert result.score_share.low == pytest.approx(max(0.0, 0.375 - half))
    assert result.margin.mean == pytest.approx(-2.5)
    assert result.mean_rank.mean == pytest.approx(1.5)
    assert result.elo.mean == pytest.approx(elo(0.375))
    assert result.per_seat_share == pytest.approx((0.5, 0.25))


# -- players ------------------------------------------------------------------------------------


def test_search_parameters_parse_into_a_config() -> None:
    config = parse_config("iters=50,rollout=greedy,eps=0.1,depth=12,c=1.2")
    assert (config.iterations, config.rollout, config.rollout_epsilon) == (50, "greedy", 0.1)
    assert (config.rollout_depth, config.exploration, config.time_limit) == (12, 1.2, None)
    timed = parse_config("time=0.25")
    assert timed.iterations is None and timed.time_limit == 0.25
    bare = parse_config("prior=0,widen=off,root=halving,cands=6")
    assert (bare.prior_weight, bare.widening, bare.root, bare.candidates) == (0.0, None, "halving", 6)
    assert parse_config("widen=2").widening == 2.0
    leaf = parse_config("value=fitted,tochance=1")
    assert (leaf.leaf_value, leaf.tree_to_chance) == ("fitted", True)
    assert parse_config("tochance=0").tree_to_chance is False
    assert parse_config("cut=turn").cut_at_turn and not parse_config("cut=decision").cut_at_turn
    solo = parse_config("par=55,victory=0")
    assert (solo.solo_par, solo.solo_victory) == (55.0, 0.0) and parse_config("").solo_par is None
    with pytest.raises(ValueError, match="'round' is not one of turn, decision"):
        parse_config("cut=round")
    with pytest.raises(ValueError, match="unknown search parameter"):
        parse_config("budget=3")


def test_agents_from_specs() -> None:
    game = HiddenPot()
    assert isinstance(make_agent("level:easy", game, 0, 1), MctsAgent)
    with pytest.raises(ValueError, match="unknown level"):
        make_agent("level:godlike", game, 0, 1)
    with pytest.raises(ValueError, match="unknown player"):
        make_agent("oracle", game, 0, 1)


def test_play_game_reports_the_seats_of_the_lineup() -> None:
    record = play_game(HiddenPot(), ["random", "greedy", "random"], {}, seed=2, deal=0, rotation=2)
    assert record.seats == (2, 0, 1)
    assert sorted(record.ranking)[0] == 1 and len(record.scores) == 3


def test_solo_matches_report_the_victory_rate() -> None:
    records = run_match(HiddenPot(), ["mcts:iters=100"], games=6, seed=4, options={"target": "8"})
    result = report(records)
    assert (result.games, result.deals) == (6, 6)
    victories = sum(r.ranking[0] == 1 for r in records)
    assert result.score_share.mean == pytest.approx(victories / 6)
    assert result.margin.mean == pytest.approx(sum(r.scores[0] for r in records) / 6)
    # Ranks 1 (victory) and 2 (the Automa won): the interval stays around the mean.
    assert result.mean_rank.low <= result.mean_rank.mean <= result.mean_rank.high <= 2.0


def test_levels_are_documented_budgets() -> None:
    from ai_players.levels import GAME_LEVELS, LEVELS, config_for

    assert list(LEVELS) == ["easy", "medium", "hard"]
    budgets = [config_for("tbbr_dice", level).iterations or 0 for level in LEVELS]
    assert budgets == sorted(budgets) and budgets[0] > 0
    assert all(config_for("tbbr_dice", level).time_limit for level in LEVELS)
    assert config_for("tbbr_dice", "hard", workers=2).workers == 2
    # A game's own level spends the shared level's budget its own way, never a different budget.
    for (game_type, level), config in GAME_LEVELS.items():
        shared = LEVELS[level]
        assert (config.iterations, config.time_limit) == (shared.iterations, shared.time_limit)
        assert config_for(game_type, level) == config != shared
    assert config_for("tbbr", "hard").root == "halving" and config_for("tbbr_dice", "hard").root == "ucb"
    with pytest.raises(ValueError, match="unknown level"):
        config_for("tbbr", "expert")
