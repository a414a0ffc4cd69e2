"""The Belgian Beers Race game type: options, determinization and snapshots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import snapshot
from engine.core.game import Game, OptionSpec, SizeBounds
from engine.core.rng import Rng
from engine.tbbr import codec
from engine.tbbr.observation import determinize
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
    heuristic_module = "ai_players.heuristics.tbbr"
    # Measured maxima over random playouts (2-4 players): up to 51 legal actions, 216 outcomes
    # (three hitchhiking dice); games last under 500 steps.
    bounds = SizeBounds(distinct_actions=256, chance_outcomes=216, game_length=5000)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> TbbrState:
        resolved = self.validate_options(players, options)
        return TbbrState.new(players, resolved["shorter"] == "true", seed)

    def determinize(self, observation: Any, rng: Rng) -> TbbrState:
        if not isinstance(observation, TbbrState.Observation):
            raise TypeError("expected a TbbrObservation")
        return determinize(observation, rng)

    def dump(self, state: Any) -> bytes:
        return snapshot.encode(self.name, self.schema_version, state.dump_fields())

    def load(self, blob: bytes) -> TbbrState:
        version, body = snapshot.decode_versioned(self.name, (1, self.schema_version), blob)
        return codec.from_v1(body) if version == 1 else TbbrState.from_fields(body)
