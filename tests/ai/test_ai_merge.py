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
