"""The Dragon Brew game type: options, setup, snapshots and determinization."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import snapshot
from engine.core.game import Game, OptionSpec, SizeBounds
from engine.core.rng import Rng
from engine.dragon_brew import observation, setup
from engine.dragon_brew.components import components
from engine.dragon_brew.rules import DragonBrewRules
from engine.dragon_brew.table import DragonBrewState

DragonBrewState.RULES = DragonBrewRules()

_RACE_IDS = ", ".join(components().races)


class DragonBrewGame(Game):
    name = "dragon_brew"
    title = "Dragon Brew"
    min_players = 2
    max_players = 4
    options = (
        # Free-form (checked by setup.choose_races): 20 choices for each of four seats would make
        # the enumerated option sets (golden replays, clients' option pickers) a product of 320,000.
        *(
            OptionSpec(
                f"race_{seat}",
                f"Seat {seat}'s race: random (any the player count allows) or {_RACE_IDS}",
                "random",
            )
            for seat in range(4)
        ),
        OptionSpec("corrupt_judge", "Variant: the Corrupt Judge (bribes)", "false", ("true", "false")),
    )
    wire_module = "engine.dragon_brew.wire"
    heuristic_module = "ai_players.heuristics.dragon_brew"
    # Measured over 180 random 2-4 player games: at most 34 legal actions at once, 455 distinct ids,
    # 478 steps; no chance steps (shuffles use the hidden rng).
    bounds = SizeBounds(distinct_actions=1024, chance_outcomes=1, game_length=20_000)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> DragonBrewState:
        opts = self.validate_options(players, options)
        races = [opts[f"race_{seat}"] for seat in range(players)]
        return setup.new_state(players, races, opts["corrupt_judge"] == "true", seed)

    def determinize(self, observation_: Any, rng: Rng) -> DragonBrewState:
        return observation.determinize(observation_, rng)

    def dump(self, state: Any) -> bytes:
        return snapshot.encode(self.name, self.schema_version, state.dump_fields())

    def load(self, blob: bytes) -> DragonBrewState:
        return DragonBrewState.from_fields(snapshot.decode(self.name, self.schema_version, blob))
