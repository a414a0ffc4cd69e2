"""The designed rules of Beer Pioneers: each test cites its section of docs/rules/beer_pioneers.md."""

from __future__ import annotations

from engine.beer_pioneers import data
from engine.beer_pioneers.scoring import final_vp, ranking
from engine.beer_pioneers.state import BeerPioneersState
from engine.beer_pioneers.table import OVER
from engine.core.rng import Rng
from tests.beer_pioneers.helpers import GAME, act, card_where, fresh, ids

ALT = data.coop_names().index("Alt")


def _finish_turn(state: BeerPioneersState, seat: int) -> None:
    """Answer the seat's tasks by passing (or 2 coins for a bonus)."""
    while state.tasks:
        options = ids(state, seat)
        act(state, seat, "skip" if "skip" in options else "stop" if "stop" in options else "bonus:coins")


def test_2_2_setup() -> None:
    """2.2: six cards face up, three in each hand, coins 3/3/4/4 by turn position, workers at 1 and 2."""
    state = fresh(4)
    assert len(state.display) == 6 and len(state.deck) == 64 - 6 - 12
    assert [b.coins for b in state.breweries] == [3, 3, 4, 4]
    assert all(len(b.hand) == 3 and b.workers == [1, 2] and b.admin_left == 1 for b in state.breweries)
    assert all(b.level == 1 and b.progress == 0 and b.display == [] for b in state.breweries)


def test_2_3_one_card_per_turn_then_one_worker() -> None:
    """2.3: play one card and use administrative actions, in any order, then place a worker."""
    state = fresh()
    coiner = card_where(lambda c: c.white is not None and c.white.effect == "coins" and not c.is_master)
    other = card_where(lambda c: c.beige is not None and c.beige.flash == "")
    state.breweries[0].hand = [coiner, other]
    act(state, 0, f"play:{coiner}:white")
    assert not any(i.startswith("play") for i in ids(state, 0))
    assert any(i.startswith("place") for i in ids(state, 0))
    act(state, 0, "place:0:school")
    _finish_turn(state, 0)
    assert state.current == 1 and not state.played_now


def test_2_3_round_end_turn_order_and_first_player() -> None:
    """2.3: the turn-order worker's holder starts the next round; without one the first player passes on."""
    state = fresh(3)
    moves = [
        (0, 0, "town_hall"),
        (1, 0, "school"),
        (2, 0, "school"),
        (0, 1, "school"),
        (1, 1, "builder"),
        (2, 1, "builder"),
    ]
    for seat, worker, field in moves:
        assert state.current == seat
        act(state, seat, f"place:{worker}:{field}")
        _finish_turn(state, seat)
    assert state.round == 2 and state.order == [0, 1, 2]
    moves = [
        (0, 0, "school"),
        (1, 0, "school"),
        (2, 0, "school"),
        (0, 1, "builder"),
        (1, 1, "builder"),
        (2, 1, "builder"),
    ]
    for seat, worker, field in moves:
        act(state, seat, f"place:{worker}:{field}")
        _finish_turn(state, seat)
    assert state.round == 3 and state.order == [1, 2, 0] and state.current == 1
    assert all(b.placed == [False, False] for b in state.breweries)


def test_2_4_slots_best_first_and_the_bonus_at_six() -> None:
    """2.4: slots are taken best first (4, 3, 2); experience + slot value >= 6 earns a bonus action."""
    state = fresh()
    events = act(state, 0, "place:1:school")  # experience 2 on the 4 slot
    placed = next(e for e in events if e.kind == "worker_placed")
    assert placed.payload["value"] == 4 and placed.payload["bonus"] is True
    _finish_turn(state, 0)
    events = act(state, 1, "place:1:school")  # experience 2 on the 3 slot
    placed = next(e for e in events if e.kind == "worker_placed")
    assert placed.payload["value"] == 3 and placed.payload["bonus"] is False


def test_2_4_town_hall_gives_the_turn_order_worker_and_coins() -> None:
    """2.4 Town hall: take the turn-order worker and 2 coins; one slot only."""
    state = fresh()
    act(state, 0, "place:0:town_hall")
    assert state.turn_order_holder == 0 and state.breweries[0].coins == 5
    assert not any(i.endswith("town_hall") for i in ids(state, 1))


def test_2_4_builder_pays_cover_tiles_and_waits_for_blocking_tokens() -> None:
    """2.4 Builder / 2.1: cover tiles cost coins; Lager's and Stark's blocking tokens need progress space 1;
    2.6: opening a coop moves the bottle marker one space."""
    state = fresh()
    brewery = state.breweries[0]
    brewery.coins = 10
    act(state, 0, "place:0:builder")
    options = ids(state, 0)
    assert "open:Pils" in options and "open:Lager" not in options and "build:truck_fleet" in options
    brewery.progress = 1
    assert "open:Lager" in ids(state, 0) and "open:Stark" in ids(state, 0)
    act(state, 0, "open:Lager")
    assert brewery.coins == 6 and "Lager" in brewery.open_coops and brewery.level == 2


def test_2_4_school_trains_for_two_coins_and_retiring_clears_the_cellar() -> None:
    """2.4 Brewing school: train (+1, 2 coins) or retire a worker at 4: 2 VP + 2 per beer, cellar cleared."""
    state = fresh()
    brewery = state.breweries[0]
    act(state, 0, "place:0:school")
    act(state, 0, "train:0")
    assert brewery.workers == [2, 2] and brewery.coins == 1
    state = fresh()
    brewery = state.breweries[0]
    brewery.workers, brewery.cellar = [4, 2], ["Alt", "Pils", "barrel"]
    barrels = state.barrel_supply
    act(state, 0, "place:1:school")
    act(state, 0, "retire:0")
    assert brewery.workers == [1, 2] and brewery.vp == 2 + 2 * 2 and brewery.cellar == []
    assert state.barrel_supply == barrels + 1


def test_2_5_bonus_options_and_the_office_improves_them() -> None:
    """2.5: 1! brew, 2 rotations, take 1 card, 2 coins; with the Office also complete an order."""
    state = fresh()
    act(state, 0, "place:1:school")
    act(state, 0, "skip")
    assert ids(state, 0) == ["bonus:brew1", "bonus:card", "bonus:coins"]
    state.breweries[0].extensions = ["office"]
    assert ids(state, 0)[-1] == "bonus:order"
    act(state, 0, "bonus:brew1")
    assert ids(state, 0) == ["brew:Alt"]


def test_2_5_administrative_actions_per_round() -> None:
    """2.5: one administrative action per round (two with the Office): 1! brew or 1 rotation."""
    state = fresh()
    act(state, 0, "admin:brew1")
    act(state, 0, "brew:Alt")
    assert state.breweries[0].admin_left == 0 and not any(i.startswith("admin") for i in ids(state, 0))
    state.breweries[0].extensions = ["office"]
    assert state.breweries[0].admin_per_round() == 2


def test_2_6_lightbulbs_move_the_progress_cube_and_orders_the_bottle_marker() -> None:
    """2.6: the cube reaches each space whose lightbulbs the display meets; each order moves the bottle
    marker.
    """
    state = fresh()
    bulbs = card_where(lambda c: c.beige is not None and c.beige.bulbs == 2)
    state.breweries[0].hand = [bulbs]
    act(state, 0, f"play:{bulbs}:beige")
    assert state.breweries[0].progress == 1
    card = card_where(
        lambda c: c.order is not None and c.order.beers == ("Alt", "Alt") and c.order.barrels == 0
    )
    state.breweries[0].hand, state.breweries[0].cellar = [card], ["Alt", "Alt"]
    act(state, 0, "place:0:truck_yard")
    act(state, 0, f"order:{card}")
    assert state.breweries[0].level == 2


def test_2_7_extensions() -> None:
    """2.7: Truck fleet +1 barrel to move, Cellar vault +2 spaces, Laboratory +2 lightbulbs."""
    brewery = fresh().breweries[0]
    before = (brewery.moves(), brewery.cellar_size(), brewery.bulbs())
    brewery.extensions = ["truck_fleet", "cellar_vault", "laboratory"]
    assert (brewery.moves(), brewery.cellar_size(), brewery.bulbs()) == (
        before[0] + 1,
        before[1] + 2,
        before[2] + 2,
    )


def test_2_8_twenty_vp_ends_the_game_after_the_round() -> None:
    """2.8: the game ends at the end of the round in which a player reached 20 VP."""
    state = fresh()
    state.breweries[1].vp = 20
    for seat, worker, field in ((0, 0, "school"), (1, 0, "school"), (0, 1, "builder")):
        act(state, seat, f"place:{worker}:{field}")
        _finish_turn(state, seat)
        assert state.phase != OVER
    act(state, 1, "place:1:builder")
    _finish_turn(state, 1)
    assert state.phase == OVER and state.is_terminal() and state.ranking()[1] == 1


def test_2_8_the_game_ends_after_the_last_round_of_its_player_count() -> None:
    """2.8: the game ends at the end of round 12 (2 players), 11 (3) or 10 (4) even if nobody has 20 VP."""
    assert data.rules().end["last_round_by_players"] == [12, 11, 10]
    state = fresh()
    state.round = 11
    for seat, worker, field in ((0, 0, "school"), (1, 0, "school"), (0, 1, "builder"), (1, 1, "builder")):
        act(state, seat, f"place:{worker}:{field}")
        _finish_turn(state, seat)
    assert not state.is_terminal() and state.round == 12
    while not state.is_terminal():
        seat = state.actors()[0]
        act(
            state,
            seat,
            next(i for i in ids(state, seat) if i.startswith("place") and i.endswith(("school", "builder"))),
        )
        _finish_turn(state, seat)
    assert state.round == 12 and max(b.vp for b in state.breweries) < 20


def test_2_6_the_hand_limit_refuses_cards_taken_or_drawn() -> None:
    """2.6: no card is taken or drawn into a hand that holds 6 cards."""
    state = fresh()
    brewery = state.breweries[0]
    brewery.hand = [c for c in state.deck[:6]]
    state.deck = state.deck[6:]
    events = act(state, 0, "place:0:card_market")
    assert "hand_full" in [e.kind for e in events] and len(brewery.hand) == 6 and state.tasks == []
    drawer = card_where(lambda c: c.white is not None and c.white.effect == "draw")
    state = fresh()
    brewery = state.breweries[0]
    brewery.hand = [drawer, *(c for c in state.deck[:5] if c != drawer)][:6]
    state.deck = [c for c in state.deck if c not in brewery.hand]
    events = act(state, 0, f"play:{drawer}:white")  # 5 left in hand: one card drawn, the second refused
    assert [e.kind for e in events].count("card_drawn") == 1 and "hand_full" in [e.kind for e in events]


def test_2_7_three_extension_slots_for_four_extensions() -> None:
    """2.7: a brewery has room for three of the four extensions."""
    state = fresh()
    brewery = state.breweries[0]
    brewery.coins, brewery.extensions = 20, ["office", "truck_fleet"]
    act(state, 0, "place:0:builder")
    assert {"build:cellar_vault", "build:laboratory"} <= set(ids(state, 0))
    brewery.extensions.append("cellar_vault")
    assert not any(i.startswith("build") for i in ids(state, 0))


def test_2_8_final_scoring_parts_and_the_coin_tie_break() -> None:
    """2.8: part 1 is 1 VP per beer tile and per 3 coins; ties go to more coins, then are shared."""
    brewery = fresh().breweries[0]
    brewery.cellar, brewery.coins = ["Alt", "barrel", "Pils"], 7
    assert final_vp(brewery) == 2 + 2
    assert ranking([10, 10, 9], [3, 4, 9]) == [2, 1, 3]
    assert ranking([10, 10], [3, 3]) == [1, 1]


def test_2_10_hands_and_the_pile_are_secret_the_rest_public() -> None:
    """2.10: hands hidden from other seats (their size public); the draw pile's order hidden from all."""
    state = fresh(3)
    seen = state.observe(1)
    assert seen.players[1].hand == tuple(state.breweries[1].hand)
    assert seen.players[0].hand == () and seen.players[0].hand_size == 3
    assert not hasattr(seen, "deck") and seen.deck_size == len(state.deck)
    assert GAME.determinize(seen, Rng(5)).observe(1) == seen


def test_2_10_a_card_taken_from_the_display_is_known_to_be_in_that_hand() -> None:
    """2.10: cards all saw arrive in a hand (from the display) are public until they leave it."""
    state = fresh(3)
    taken = state.display[0]
    act(state, 0, "place:0:card_market")
    act(state, 0, "take:0")
    act(state, 0, "take:pile")
    seen = state.observe(1)
    assert seen.players[0].known == (taken,) and seen.players[0].hand_size == 5
    for n in range(5):
        world = GAME.determinize(seen, Rng(n))
        assert taken in world.breweries[0].hand and len(world.breweries[0].hand) == 5
