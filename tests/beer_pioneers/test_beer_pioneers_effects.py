"""Every flash, white effect and brewmaster effect the cards carry (docs/rules/beer_pioneers.md 2.6)."""

from __future__ import annotations

import pytest

from engine.beer_pioneers import data
from engine.beer_pioneers.state import BeerPioneersState
from engine.beer_pioneers.works import bonus_needed, market_cards
from tests.beer_pioneers.helpers import act, card_where, fresh, ids

ALT = data.coop_names().index("Alt")


def _with_card(predicate: object) -> tuple[BeerPioneersState, int]:
    """A fresh game; seat 0 holds only the first card matching ``predicate``, a barrel and an Alt dial."""
    state = fresh()
    card = card_where(predicate)
    state.breweries[0].hand = [card]
    state.breweries[0].cellar = ["barrel"]
    state.breweries[0].dials[ALT] = 4
    return state, card


@pytest.mark.parametrize("flash", [f for f in data.FLASHES if f])
def test_each_flash_happens_once_when_played(flash: str) -> None:
    """2.6 Beige flashes: 1! brew; 1 coin; 2 rotations; take 1 card; 1 barrel; ship 1 barrel for 1 coin."""
    state, card = _with_card(lambda c: c.beige is not None and c.beige.flash == flash)
    brewery = state.breweries[0]
    if flash == "brew1":
        brewery.dials[ALT] = -1
    coins, barrels = brewery.coins, brewery.cellar.count("barrel")
    act(state, 0, f"play:{card}:beige")
    expected_task = {"brew1": ("brew1", 1), "rot2": ("rotate", 2), "card": ("take", 1)}.get(flash)
    if expected_task:
        assert state.tasks == [(0, *expected_task)]
    elif flash == "coin":
        assert brewery.coins == coins + 1
    elif flash == "barrel":
        assert brewery.cellar.count("barrel") == barrels + 1
    else:  # move: the truck ships one barrel for a coin
        assert brewery.cellar.count("barrel") == barrels - 1 and brewery.coins == coins + 1


@pytest.mark.parametrize("effect", data.WHITE_EFFECTS)
def test_each_white_effect(effect: str) -> None:
    """2.6 White: 1! brew; N rotations; draw N; N coins; N barrels; complete an order; train for free."""
    state, card = _with_card(lambda c: c.white is not None and c.white.effect == effect)
    white = data.cards()[card].white
    assert white is not None
    brewery = state.breweries[0]
    if effect == "brew1":
        brewery.dials[ALT] = -1
    if effect == "order":
        order_card = card_where(
            lambda c: c.order is not None and c.order.beers == ("Beer",) and c.order.barrels == 1
        )
        brewery.hand.append(order_card)
        brewery.cellar.append("Alt")
    coins, hand, barrels = brewery.coins, len(brewery.hand), brewery.cellar.count("barrel")
    act(state, 0, f"play:{card}:white")
    assert card in state.discard
    if effect == "coins":
        assert brewery.coins == coins + white.n
    elif effect == "draw":
        assert len(brewery.hand) == hand - 1 + white.n
    elif effect == "barrels":
        assert brewery.cellar.count("barrel") == barrels + white.n
    elif effect == "train":
        act(state, 0, "train:0")
        assert brewery.workers == [2, 2] and brewery.coins == coins
    elif effect == "order":
        assert ids(state, 0) == [f"order:{order_card}:Alt", "skip"]
    else:
        assert state.tasks == [(0, "brew1" if effect == "brew1" else "rotate", white.n)]


def test_each_brewmaster_effect_lasts_while_it_is_there() -> None:
    """2.6 Brewmasters: +1 rotation, +1 beer type, +1 coin per order, +1 card, +1 barrel to move,
    bonus at 5."""
    brewery = fresh().breweries[0]
    base = (
        brewery.rotations(),
        brewery.brew_types(),
        market_cards(brewery),
        brewery.moves(),
        bonus_needed(brewery),
    )
    for effect, index in (("rot_bonus", 0), ("brew_bonus", 1), ("card_bonus", 2), ("move_bonus", 3)):
        brewery.master = card_where(lambda c, e=effect: c.is_master and c.white.master == e)  # type: ignore[misc]
        now = (brewery.rotations(), brewery.brew_types(), market_cards(brewery), brewery.moves())
        assert now[index] == base[index] + 1 and all(now[i] == base[i] for i in range(4) if i != index)
    brewery.master = card_where(lambda c: c.is_master and c.white.master == "bonus_threshold")  # type: ignore[union-attr]
    assert bonus_needed(brewery) == base[4] - 1
    state = fresh()
    guinness = card_where(lambda c: c.is_master and c.white.master == "order_coins")  # type: ignore[union-attr]
    order = card_where(
        lambda c: c.order is not None and c.order.beers == ("Alt", "Alt") and c.order.barrels == 0
    )
    state.breweries[0].master, state.breweries[0].hand, state.breweries[0].cellar = (
        guinness,
        [order],
        ["Alt", "Alt"],
    )
    coins = state.breweries[0].coins
    act(state, 0, "place:0:truck_yard")
    act(state, 0, f"order:{order}")
    assert state.breweries[0].coins == coins + data.cards()[order].order.coins + 1  # type: ignore[union-attr]


def test_an_office_built_mid_round_serves_at_once() -> None:
    """2.7 Office: 2 administrative actions per round, the second one already in the round it is built."""
    state = fresh()
    state.breweries[0].coins = 4
    act(state, 0, "admin:brew1")
    act(state, 0, "brew:Alt")
    act(state, 0, "place:0:builder")
    act(state, 0, "build:office")
    assert state.breweries[0].admin_left == 1
