"""The Belgian Beers Race game type: options, setup, determinization and snapshots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import snapshot
from engine.core.game import Game, OptionSpec, SizeBounds
from engine.core.rng import Rng
from engine.tbbr.data import board, cards, tracks
from engine.tbbr.observation import TbbrObservation, determinize
from engine.tbbr.pending import Pending
from engine.tbbr.player import Player
from engine.tbbr.state import TbbrState


class TbbrGame(Game):
    name = "tbbr"
    title = "The Belgian Beers Race"
    min_players = 2
    max_players = 4
    options = (
        OptionSpec(
            name="shorter",
            description="Shorter game: 2 days of 24 TU, starting breweries chosen, no level 3 objectives",
            default="false",
            choices=("true", "false"),
        ),
    )
    schema_version = 1
    wire_module = "engine.tbbr.wire"
    # Measured maxima over random playouts (2-4 players): up to 51 legal actions, 216 outcomes
    # (three hitchhiking dice); games last under 500 steps.
    bounds = SizeBounds(distinct_actions=256, chance_outcomes=216, game_length=5000)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> TbbrState:
        resolved = self.validate_options(players, options)
        return setup(players, resolved["shorter"] == "true", seed)

    def determinize(self, observation: Any, rng: Rng) -> TbbrState:
        if not isinstance(observation, TbbrObservation):
            raise TypeError("expected a TbbrObservation")
        return determinize(observation, rng)

    def dump(self, state: Any) -> bytes:
        return snapshot.encode(self.name, self.schema_version, to_json(state))

    def load(self, blob: bytes) -> TbbrState:
        return from_json(snapshot.decode(self.name, self.schema_version, blob))


def setup(players: int, shorter: bool, seed: int) -> TbbrState:
    """Coasters on random brewery numbers, one first-visitor disc per brewery, the Bottling Machine,
    level 3 cards (normal game), discs stacked with the first player on top."""
    t, b = tracks(), board()
    state = TbbrState(players, shorter)
    state.rng = Rng(seed)
    rng = state.rng
    numbered = sorted(b.breweries, key=lambda p: b.places[p].number)
    for _ in range(t.coasters[players]):
        place = rng.choice(numbered)
        state.coasters[place] = state.coasters.get(place, 0) + 1
    level1 = [c.id for c in cards().values() if c.level == 1]
    rng.shuffle(level1)
    state.accessible = level1[: t.accessible]
    state.inaccessible = level1[t.accessible : t.accessible + t.inaccessible]
    state.deck = level1[t.accessible + t.inaccessible :]
    if not shorter:
        level3 = [c.id for c in cards().values() if c.level == 3]
        rng.shuffle(level3)
        state.level3 = level3[:players]
    for seat, player in enumerate(state.players):
        player.stack = players - seat
    state.seq = players
    if shorter:
        state.pending = Pending("start", 0)
    state.settle()
    return state


def to_json(state: TbbrState) -> dict[str, Any]:
    return {
        "n": state.num_players,
        "shorter": state.shorter,
        "day": state.day,
        "players": [p.to_json() for p in state.players],
        "coasters": state.coasters,
        "first_visitor": sorted(state.first_visitor),
        "accessible": state.accessible,
        "inaccessible": state.inaccessible,
        "deck": state.deck,
        "removed": state.removed,
        "level3": state.level3,
        "level2_added": state.level2_added,
        "bottles": state.bottles,
        "active": state.active,
        "claims": state.claims,
        "log": state.log,
        "pending": None if state.pending is None else state.pending.to_json(),
        "bottle_queue": state.bottle_queue,
        "seq": state.seq,
        "finish": state.finish,
        "terminal": state.terminal,
        "rng": state.rng.state,
    }


def from_json(data: dict[str, Any]) -> TbbrState:
    state = TbbrState(data["n"], data["shorter"])
    state.day = data["day"]
    state.players = [Player.from_json(p) for p in data["players"]]
    state.coasters = dict(data["coasters"])
    state.first_visitor = set(data["first_visitor"])
    state.accessible = list(data["accessible"])
    state.inaccessible = list(data["inaccessible"])
    state.deck = list(data["deck"])
    state.removed = list(data["removed"])
    state.level3 = list(data["level3"])
    state.level2_added = data["level2_added"]
    state.bottles = list(data["bottles"])
    state.active = data["active"]
    state.claims = data["claims"]
    state.log = list(data["log"])
    state.pending = None if data["pending"] is None else Pending.from_json(data["pending"])
    state.bottle_queue = [(int(s), int(i)) for s, i in data["bottle_queue"]]
    state.seq = data["seq"]
    state.finish = list(data["finish"])
    state.terminal = data["terminal"]
    state.rng = Rng(data["rng"])
    return state
