"""The Belgian Beers Race game type: options, setup, determinization and snapshots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import snapshot
from engine.core.game import Game, OptionSpec, SizeBounds
from engine.core.rng import Rng
from engine.tbbr import codec
from engine.tbbr.data import board, cards, tracks
from engine.tbbr.observation import determinize
from engine.tbbr.pending import Pending
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
    schema_version = 2  # 2: the kit's list of declared fields; 1 (a dict of attributes) still loads
    wire_module = "engine.tbbr.wire"
    # Measured maxima over random playouts (2-4 players): up to 51 legal actions, 216 outcomes
    # (three hitchhiking dice); games last under 500 steps.
    bounds = SizeBounds(distinct_actions=256, chance_outcomes=216, game_length=5000)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> TbbrState:
        resolved = self.validate_options(players, options)
        return setup(players, resolved["shorter"] == "true", seed)

    def determinize(self, observation: Any, rng: Rng) -> TbbrState:
        if not isinstance(observation, TbbrState.Observation):
            raise TypeError("expected a TbbrObservation")
        return determinize(observation, rng)

    def dump(self, state: Any) -> bytes:
        return snapshot.encode(self.name, self.schema_version, state.dump_fields())

    def load(self, blob: bytes) -> TbbrState:
        version, body = snapshot.decode_versioned(self.name, (1, self.schema_version), blob)
        return codec.from_v1(body) if version == 1 else TbbrState.from_fields(body)


def setup(players: int, shorter: bool, seed: int) -> TbbrState:
    """Coasters on random brewery numbers, one first-visitor disc per brewery, the Bottling Machine,
    level 3 cards (normal game), discs stacked with the first player on top."""
    t, b = tracks(), board()
    days = t.days_shorter if shorter else t.days_normal
    state = TbbrState.fresh(players, shorter=shorter, days=days, rng=Rng(seed))
    state._events = []
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
