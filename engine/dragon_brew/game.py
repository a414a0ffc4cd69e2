"""The Dragon Brew game type: options, setup, snapshots and determinization."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import snapshot
from engine.core.game import Choice, Game, OptionSpec, SizeBounds
from engine.core.rng import Rng
from engine.dragon_brew import observation, setup
from engine.dragon_brew.components import components
from engine.dragon_brew.rules import DragonBrewRules
from engine.dragon_brew.table import DragonBrewState

DragonBrewState.RULES = DragonBrewRules()

_BOOL = ("true", "false")
_ORDINALS = ("first", "second", "third", "fourth")
# The races the "Player Race Overview" suggests for 3-4 players only, by name.
_NOT_FOR_TWO = [race.name for race in components().races.values() if race.min_players > 2]


def _race_option(seat: int) -> OptionSpec:
    """A seat's race: any of the 19 at any player count, or ``random``; the choices list them all."""
    return OptionSpec(
        f"race_{seat}",
        f"Race of the {_ORDINALS[seat]} player (Player {seat + 1}): random deals one nobody else plays, "
        "or choose one; every race may be chosen at every player count",
        "random",
        ("random", *components().races),
        # Each race by its name on its card ("Centaurs", not "centaurs").
        tuple((key, Choice(race.name)) for key, race in components().races.items()),
    )


class DragonBrewGame(Game):
    name = "dragon_brew"
    title = "Dragon Brew"
    min_players = 2
    max_players = 4
    options = (
        *(_race_option(seat) for seat in range(4)),
        OptionSpec(
            "suggested_races_only",
            "Random races only among those the Player Race Overview suggests for the player count "
            f"(at 2 players, none of {', '.join(_NOT_FOR_TWO[:-1])} and {_NOT_FOR_TWO[-1]}); "
            "false: any race, which may slightly affect the balance between the races",
            "true",
            _BOOL,
        ),
        OptionSpec("corrupt_judge", "Variant: the Corrupt Judge (bribes)", "false", _BOOL),
    )
    wire_module = "engine.dragon_brew.wire"
    heuristic_module = "ai_players.heuristics.dragon_brew"
    # Measured over 900 random 2-4 player games (both variants, suggested races on and off): at most
    # 27 legal actions at once, 460 distinct ids, 597 steps; no chance steps (shuffles use the hidden
    # rng). A bribe adds at most one move per judge (and two while it is put together), whatever the
    # gold, so the bound does not depend on a purse (bribes.py).
    bounds = SizeBounds(distinct_actions=1024, chance_outcomes=1, game_length=20_000)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> DragonBrewState:
        opts = self.validate_options(players, options)
        races = [opts[f"race_{seat}"] for seat in range(players)]
        suggested = opts["suggested_races_only"] == "true"
        return setup.new_state(
            players, races, opts["corrupt_judge"] == "true", seed, suggested_only=suggested
        )

    def determinize(self, observation_: Any, rng: Rng) -> DragonBrewState:
        return observation.determinize(observation_, rng)

    def dump(self, state: Any) -> bytes:
        return snapshot.encode(self.name, self.schema_version, state.dump_fields())

    def load(self, blob: bytes) -> DragonBrewState:
        return DragonBrewState.from_fields(snapshot.decode(self.name, self.schema_version, blob))
