"""Labels for people: 200 seeded random games per game, every legal-action and event label scanned.

Through the server's label path (``server.api.messages``, with display names
put in for "Player N"): no two legal actions of one decision share a label, and
no label shows an internal identifier (a snake_case id, a card code such as
``CY08``) or a 0-based seat ("seat 0", "player 0"). Issue #35 item 1.
"""

from __future__ import annotations

import re

import pytest

from engine.core import registry
from engine.core.rng import Rng
from server.api import messages
from server.sessions.model import ServedEvent
from server.sessions.steps import new_state

GAMES = 200
MAX_STEPS = 5000  # per game: enough for every decision type to come up many times over 200 games
NAMES = ["Ann", "Bob", "Cat", "Dan"]
INTERNAL = re.compile(
    r"\b[a-z]+_[a-z0-9_]+\b"  # snake_case ids
    r"|\b[A-Z]{1,2}\d{2,3}\b"  # component codes: PS06, CY08, O102
    r"|\b(?:[Ss]eat|[Pp]layer)s? \[?0\b"  # a 0-based seat
    r"|\bseats? \[?\d"  # seats by number: people read names
)
SCANNED = ["tbbr"]  # one game at a time, as each game's labels are declared


def problems(label: str) -> list[str]:
    return [m.group(0) for m in INTERNAL.finditer(label)]


def test_the_pattern_catches_what_it_must() -> None:
    assert problems("seat 0 claims CY08 for truck_fleet") == ["seat 0", "CY08", "truck_fleet"]
    assert problems("Player 0 moves") and problems("Seat 0's day") and problems("toasts with seats [1, 2]")
    assert not problems("Ann travels to Orval by bicycle (3 TU)")


@pytest.mark.parametrize("name", SCANNED)
def test_labels_are_unique_and_in_player_language(name: str) -> None:
    game = registry.get(name)
    wire = registry.wire(name)
    bad: dict[str, str] = {}
    duplicated: dict[str, list[str]] = {}
    labels = 0
    for seed in range(1, GAMES + 1):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        names = NAMES[:players]
        state, events = new_state(game, players, {}, seed)
        rng = Rng(seed * 7919)
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                break
            chance = state.chance()
            if chance is not None:
                events += state.resolve_chance(chance.sample(rng))
                continue
            seat = state.actors()[rng.randrange(len(state.actors()))]
            legal = state.legal_actions(seat)
            shown = [messages.legal_action(wire, a, names) for a in legal]
            texts = [s.label for s in shown]
            for text in set(texts):
                if texts.count(text) > 1:
                    duplicated.setdefault(
                        text, [a.id for a, t in zip(legal, texts, strict=True) if t == text]
                    )
                if found := problems(text):
                    bad.setdefault(text, str(found))
            events += state.apply(seat, legal[rng.randrange(len(legal))])
        for n, event in enumerate(events):
            text = messages.event(wire, ServedEvent(str(n), 1, event), names).label
            labels += 1
            if found := problems(text):
                bad.setdefault(text, f"{event.kind}: {found}")
    assert labels > GAMES
    assert not duplicated, f"labels shared within one decision: {dict(list(duplicated.items())[:10])}"
    assert not bad, f"labels showing internal identifiers: {dict(list(bad.items())[:15])}"
