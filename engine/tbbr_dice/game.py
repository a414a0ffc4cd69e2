"""The game type: options, setup (rulebook "Preparation" and the solo "Set Up"), snapshots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import snapshot
from engine.core.errors import InvalidOptions
from engine.core.events import Event
from engine.core.game import Game, OptionSpec, SizeBounds
from engine.core.rng import Rng
from engine.tbbr_dice import codec, observation
from engine.tbbr_dice.components import COLOURS, components
from engine.tbbr_dice.state import CHEESES_ON_TABLE, MIXED_DISPLAY, TbbrDiceState

_BOOL = ("true", "false")


class TbbrDiceGame(Game):
    name = "tbbr_dice"
    title = "The Belgian Beers Race Dice"
    min_players = 1
    max_players = 4
    options = (
        OptionSpec(
            "blocked_cheese",
            "Variant: an eaten cheese's chip turns to X and blocks it for all",
            "false",
            _BOOL,
        ),
        OptionSpec(
            "mixed_goals", "Variant: one mixed goal display (2-4 players), any 3 goals", "false", _BOOL
        ),
        OptionSpec(
            "toast", "Variant: players in the same brewery at a round's end toast (one taste)", "false", _BOOL
        ),
    )
    schema_version = 2  # 2: the kit's list of declared fields; 1 (a dict of attributes) still loads
    wire_module = "engine.tbbr_dice.wire"
    heuristic_module = "ai_players.heuristics.tbbr_dice"
    # Measured maxima over random playouts (1-4 players): up to 118 legal actions; three dice list
    # 216 outcomes, and rolls of more dice are sampled; games last under 500 steps.
    bounds = SizeBounds(distinct_actions=512, chance_outcomes=216, game_length=5000, sampled_chance=True)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> TbbrDiceState:
        return self.new_state_with_events(players, options, seed)[0]

    def new_state_with_events(
        self, players: int, options: Mapping[str, str], seed: int
    ) -> tuple[TbbrDiceState, list[Event]]:
        """A fresh game and its setup events (each seat's dealt personal goals, private)."""
        opts = self.validate_options(players, options)
        if players == 1 and opts["mixed_goals"] == "true":
            raise InvalidOptions("mixed_goals needs 2-4 players (the solo mode uses two goal rows)")
        state = TbbrDiceState.fresh(
            players,
            blocked_cheese=opts["blocked_cheese"] == "true",
            mixed_goals=opts["mixed_goals"] == "true",
            toast=opts["toast"] == "true",
            rng=Rng(seed),
        )
        _deal_goals(state)
        _deal_cheeses(state)
        comps = components().personal
        state.silver = [g for g, card in comps.items() if card.tier == "silver"]
        state.gold = [g for g, card in comps.items() if card.tier == "gold"]
        state.rng.shuffle(state.silver)
        state.rng.shuffle(state.gold)
        events: list[Event] = []
        for seat in range(players):
            events += state.deal_personal(seat)
        return state, events

    def determinize(self, observation_: Any, rng: Rng) -> TbbrDiceState:
        return observation.determinize(observation_, rng)

    def dump(self, state: Any) -> bytes:
        return snapshot.encode(self.name, self.schema_version, state.dump_fields())

    def load(self, blob: bytes) -> TbbrDiceState:
        version, body = snapshot.decode_versioned(self.name, (1, self.schema_version), blob)
        return codec.from_v1(body) if version == 1 else TbbrDiceState.from_fields(body)


def _deal_goals(state: TbbrDiceState) -> None:
    common = components().common
    rng = state.rng
    if state.mixed_goals:
        pile = list(common)
        rng.shuffle(pile)
        shown = MIXED_DISPLAY[state.num_players]
        state.display, state.piles = pile[:shown], [pile[shown:]]
        return
    piles = []
    for colour in COLOURS:
        pile = [g for g, card in common.items() if card.colour == colour]
        rng.shuffle(pile)
        piles.append(pile)
    state.display = [piles[c].pop(0) for c in range(len(COLOURS)) for _ in range(2)]
    if state.solo:
        deck = [g for pile in piles for g in pile]
        rng.shuffle(deck)
        state.thomas_deck, state.piles = deck, []
    else:
        state.piles = piles


def _deal_cheeses(state: TbbrDiceState) -> None:
    cheeses = list(components().cheeses)
    state.rng.shuffle(cheeses)
    state.cheese_table, state.cheese_rest = cheeses[:CHEESES_ON_TABLE], cheeses[CHEESES_ON_TABLE:]
