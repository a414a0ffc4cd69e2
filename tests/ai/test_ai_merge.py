"""Merging split strength runs keeps every deal an independent sample."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from ai_players.arena import GameRecord
from ai_players.experiments.merge import load_records


def _write(path: Path, lineup: list[str], rows: list[GameRecord]) -> Path:
    path.write_text(json.dumps({"lineup": lineup, "records": [asdict(r) for r in rows]}))
    return path


def _game(deal: int, rotation: int, a_wins: bool) -> GameRecord:
    seats = (rotation, 1 - rotation)
    ranking = (1, 2) if a_wins == (seats[0] == 0) else (2, 1)
    return GameRecord(deal, rotation, seats, (10.0, 5.0) if ranking[0] == 1 else (5.0, 10.0), ranking, 50)


def test_deals_of_each_file_are_renumbered(tmp_path: Path) -> None:
    lineup = ["mcts", "greedy"]
    first = _write(tmp_path / "a.json", lineup, [_game(0, 0, True), _game(0, 1, True), _game(1, 0, False)])
    second = _write(tmp_path / "b.json", lineup, [_game(0, 0, True), _game(0, 1, False)])
    merged_lineup, records = load_records([first, second])
    assert merged_lineup == lineup
    assert [r.deal for r in records] == [0, 0, 1, 2, 2]


def test_mixed_lineups_are_refused(tmp_path: Path) -> None:
    first = _write(tmp_path / "a.json", ["mcts", "greedy"], [_game(0, 0, True)])
    second = _write(tmp_path / "b.json", ["mcts", "random"], [_game(0, 0, True)])
    with pytest.raises(SystemExit):
        load_records([first, second])


def test_arena_json_files_merge_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ai_players.arena import main

    paths = []
    for seed in (1, 2):
        path = tmp_path / f"arena{seed}.json"
        argv = ["--game", "tbbr_dice", "--a", "random", "--b", "random", "--games", "2", "--seed", str(seed)]
        assert main([*argv, "--json", str(path)]) == 0
        paths.append(path)
    lineup, records = load_records(paths)
    assert lineup == ["random", "random"]
    assert len(records) == 4 and len({r.deal for r in records}) == 2


def _solo(deal: int, score: float, won: bool) -> GameRecord:
    return GameRecord(deal, 0, (0,), (score,), (1 if won else 2,), 40)


def test_solo_summaries_pair_two_players_on_the_deals_both_played() -> None:
    from ai_players.experiments.solo import paired, summary

    greedy = [_solo(0, 60, False), _solo(1, 50, False), _solo(2, 70, True)]
    search = [_solo(0, 66, True), _solo(1, 57, False), _solo(3, 99, True)]  # deal 3: greedy never played it
    s = summary(search)
    assert (s.deals, s.victory.mean, s.score.mean) == (3, pytest.approx(2 / 3), pytest.approx(74.0))
    score, victory = paired(greedy, search)
    assert (score.mean, victory.mean) == (pytest.approx(6.5), pytest.approx(0.5))
    assert score.low < score.mean < score.high


def test_solo_comparisons_refuse_runs_on_other_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ai_players.arena import main
    from ai_players.experiments import solo

    paths = {}
    for player, seed in (("random", 1), ("greedy", 1), ("other", 2)):
        paths[player] = tmp_path / f"{player}.json"
        spec = "greedy" if player == "other" else player
        argv = ["--game", "tbbr_dice", "--players", "1", "--a", spec, "--games", "3", "--seed", str(seed)]
        monkeypatch.setattr("sys.argv", ["arena", *argv])  # the command line the JSON file records
        assert main([*argv, "--json", str(paths[player])]) == 0
    capsys.readouterr()
    assert solo.main([str(paths["random"]), str(paths["greedy"])]) == 0
    assert "paired over the same deals" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="different seeds"):
        solo.main([str(paths["random"]), str(paths["other"])])
