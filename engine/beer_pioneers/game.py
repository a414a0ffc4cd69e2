"""The game type: setup (docs/rules/beer_pioneers.md 2.2), determinization and snapshots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.beer_pioneers import data
from engine.beer_pioneers.brewery import NO_DIAL, Brewery
from engine.beer_pioneers.state import BeerPioneersState
from engine.beer_pioneers.table import EMPTY_SLOT, slot_fields
from engine.core import snapshot
from engine.core.events import Event
from engine.core.game import Game, SizeBounds
from engine.core.rng import Rng

DISPLAY_SIZE = 6  # C9: six cards, one per green space


def _brewery(position: int, hand: list[int]) -> Brewery:
    setup = data.rules().setup
    return Brewery.fresh(
        coins=setup["coins_by_position"][position],
        workers=list(setup["workers"]),
        placed=[False] * len(setup["workers"]),
        open_coops=["Alt"],  # C3: at the start only Alt is open
        dials=[NO_DIAL] * len(data.coops()),
        admin_left=setup["admin_actions"],
        hand=hand,
    )


class BeerPioneersGame(Game):
    name = "beer_pioneers"
    title = "Beer Pioneers"
    min_players = 2
    max_players = 4
    wire_module = "engine.beer_pioneers.wire"
    heuristic_module = "ai_players.heuristics.beer_pioneers"
    # Measured over random playouts (2-4 players): under 120 legal actions, no chance step, and
    # random games end by the round-30 guard in under 3,000 steps.
    bounds = SizeBounds(distinct_actions=1024, chance_outcomes=1, game_length=10_000)

    def new_state(self, players: int, options: Mapping[str, str], seed: int) -> BeerPioneersState:
        return self.new_state_with_events(players, options, seed)[0]

    def new_state_with_events(
        self, players: int, options: Mapping[str, str], seed: int
    ) -> tuple[BeerPioneersState, list[Event]]:
        """2.2: shuffle, six cards face up, three to each hand (each seat told its own)."""
        self.validate_options(players, options)
        rng = Rng(seed)
        deck = sorted(data.cards())
        rng.shuffle(deck)
        display = [deck.pop() for _ in range(DISPLAY_SIZE)]
        hands = [[deck.pop() for _ in range(data.rules().setup["hand"])] for _ in range(players)]
        state = BeerPioneersState.fresh(
            players,
            order=list(range(players)),
            slots=[EMPTY_SLOT] * len(slot_fields()),
            display=display,
            deck=deck,
            beer_supply=[data.rules().setup["beer_supply"]] * len(data.coops()),
            barrel_supply=data.rules().setup["barrel_supply"],
            breweries=[_brewery(seat, hands[seat]) for seat in range(players)],
            rng=rng,
        )
        events = [
            Event("dealt", "Your starting hand", seat, {"cards": hand}, visible_to=frozenset({seat}))
            for seat, hand in enumerate(hands)
        ]
        return state, events

    def determinize(self, observation: Any, rng: Rng) -> BeerPioneersState:
        """The other seats' hands and the draw pile's order, sampled from the unseen cards.

        A hand's cards that all saw arrive (``known``) stay; only the rest are sampled.
        """
        state = BeerPioneersState.from_observation(observation)
        seen = set(observation.display) | set(observation.discard)
        for view in observation.players:
            seen |= {*view.display, view.master, *view.hand, *view.known}
        unseen = [card for card in sorted(data.cards()) if card not in seen]
        rng.shuffle(unseen)
        for seat, view in enumerate(observation.players):
            if seat != observation.seat:
                unknown = view.hand_size - len(view.known)
                state.breweries[seat].hand = [*view.known, *(unseen.pop() for _ in range(unknown))]
        state.deck, state.rng = unseen, Rng(rng.next_u64())
        return state

    def dump(self, state: Any) -> bytes:
        return snapshot.encode(self.name, self.schema_version, state.dump_fields())

    def load(self, blob: bytes) -> BeerPioneersState:
        return BeerPioneersState.from_fields(snapshot.decode(self.name, self.schema_version, blob))


GAME = BeerPioneersGame()
