"""Behaviour preserved: every recorded game replays to the same event log, scores and ranking.

The goldens (tests/golden/data, written by scripts/record_goldens.py) were recorded before the
game-kit refactor; after it, the same seeds, options and actions must give byte-identical
canonical event logs. A failure here means the engines' behaviour changed: fix the engine, or, for
a deliberate rules change only, re-record in a commit of its own (see the script's docstring).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.golden.goldens import (
    FULL_LOGS_PER_CONFIG,
    GAMES_PER_CONFIG,
    Config,
    configurations,
    log_sha256,
    recorded,
    replay,
)

RECORDED = list(recorded())


def _first_difference(expected: list[str], actual: list[str]) -> str:
    """Where two event logs part, for the failure message."""
    for n, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want != got:
            return f"event {n} differs:\n  recorded: {want}\n  replayed: {got}"
    return f"recorded {len(expected)} events, replayed {len(actual)}; first extra: " + (
        actual[len(expected)] if len(actual) > len(expected) else f"(missing) {expected[len(actual)]}"
    )


def test_every_configuration_is_recorded() -> None:
    """A new game type, player count or option must come with its goldens, 50 games each."""
    have = {config.key: len(games) for config, games in RECORDED}
    want = {config.key for config in configurations()}
    assert sorted(want - have.keys()) == [], "configurations without goldens: run scripts/record_goldens.py"
    assert sorted(have.keys() - want) == [], "goldens of configurations that no longer exist"
    assert all(n >= GAMES_PER_CONFIG for n in have.values()), have


@pytest.mark.parametrize(("config", "games"), RECORDED, ids=[config.key for config, _ in RECORDED])
def test_recorded_games_replay_identically(config: Config, games: list[dict[str, Any]]) -> None:
    full = [game for game in games if "events" in game]
    assert len(full) >= FULL_LOGS_PER_CONFIG
    for game in games:
        replayed = replay(config, game["seed"], game["steps"])
        where = f"{config.key} seed {game['seed']}"
        if "events" in game:
            assert log_sha256(game["events"]) == game["events_sha256"], f"{where}: corrupt golden"
            if replayed.log != game["events"]:
                pytest.fail(f"{where}: {_first_difference(game['events'], replayed.log)}")
        assert replayed.sha256 == game["events_sha256"], (
            f"{where}: the event log changed ({len(replayed.log)} events, recorded {game['events_count']}); "
            "the games with a stored log show the first differing event"
        )
        assert replayed.scores == game["scores"], f"{where}: scores"
        assert replayed.ranking == game["ranking"], f"{where}: ranking"
