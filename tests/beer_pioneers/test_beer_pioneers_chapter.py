"""The brewing-and-cards chapter (rulebook 002), rule by rule: each test quotes the rule it checks.

Numbers C1-C19 are the rows of docs/rules/beer_pioneers.md part 1.
"""

from __future__ import annotations

from engine.beer_pioneers import data
from engine.beer_pioneers.brewery import NO_DIAL, NO_MASTER
from engine.beer_pioneers.brewing import brewing_time
from engine.beer_pioneers.scoring import part_two
from engine.beer_pioneers.table import NO_CARD
from tests.beer_pioneers.helpers import act, card_where, fresh, ids

ALT = data.coop_names().index("Alt")


def test_c1_brewing_level_is_how_many_types_one_action_starts() -> None:
    """C1: "Your brewing level ... is how many types of beer you may start with one action. You start at
    level 1."
    """
    state = fresh()
    brewery = state.breweries[0]
    brewery.open_coops = ["Pils", "Export", "Weizen", "Alt"]
    act(state, 0, "place:0:brewhouse")
    assert brewery.level == 1
    assert [i for i in ids(state, 0) if i.startswith("brew")] == [
        "brew:Pils",
        "brew:Export",
        "brew:Weizen",
        "brew:Alt",
    ]
    state.tasks[0] = (0, "brew", 3)  # level space 4 prints 3 types
    brews = [i for i in ids(state, 0) if i.startswith("brew")]
    assert "brew:Pils+Export+Alt" in brews and max(i.count("+") for i in brews) == 2


def test_c2_a_one_bang_action_brews_exactly_one_beer_whatever_the_level() -> None:
    """C2: "A “1!” action (some cards, the administrative action, a bonus action) brews exactly 1 beer
    whatever your level."
    """
    state = fresh()
    brewery = state.breweries[0]
    brewery.level, brewery.open_coops = 6, ["Pils", "Export", "Alt"]
    act(state, 0, "admin:brew1")
    assert ids(state, 0) == ["brew:Pils", "brew:Export", "brew:Alt"]


def test_c3_at_the_start_only_alt_is_open() -> None:
    """C3: "Each of the six coops ... takes one dial. At the start only Alt is open" """
    state = fresh(4)
    assert all(b.open_coops == ["Alt"] for b in state.breweries)
    assert all(b.dials == [NO_DIAL] * 6 for b in state.breweries)
    act(state, 0, "place:0:brewhouse")
    assert [i for i in ids(state, 0) if i.startswith("brew")] == ["brew:Alt"]
    act(state, 0, "brew:Alt")
    assert "admin:brew1" in ids(state, 1)  # seat 1's own Alt is free
    assert state.breweries[0].free_coops() == []  # the Alt dial is on its coop


def test_c4_brewing_time_is_the_coop_number_plus_the_progress_number() -> None:
    """C4: "the number of rotations it needs: the big number above the coop plus the number above your cube
    on the progress track."
    """
    state = fresh()
    brewery = state.breweries[0]
    act(state, 0, "place:0:brewhouse")
    act(state, 0, "brew:Alt")
    assert brewery.dials[ALT] == data.coops()["Alt"].number + data.rules().progress_numbers[0] == 5
    brewery.progress = 3
    assert brewing_time(brewery, "Lager") == 4 + 1


def test_c5_stark_and_lager_need_four_the_others_three_once_progress_is_complete() -> None:
    """C5: "Stark and Lager always need at least 4 rotations; the others at least 3, once progress is
    complete."
    """
    brewery = fresh().breweries[0]
    brewery.progress = len(data.rules().progress_numbers) - 1
    times = {coop: brewing_time(brewery, coop) for coop in data.coop_names()}
    assert times == {"Pils": 3, "Export": 3, "Lager": 4, "Stark": 4, "Weizen": 3, "Alt": 3}
    for progress in range(len(data.rules().progress_numbers)):
        brewery.progress = progress
        assert brewing_time(brewery, "Stark") >= 4 and brewing_time(brewery, "Lager") >= 4


def test_c6_a_finished_beer_goes_to_the_cellar_and_the_dial_back() -> None:
    """C6: "When a dial’s bar reaches 0, take that beer tile and put it on an empty cellar space; the dial
    goes back beside your board."
    """  # noqa: RUF002 (the rulebook's own apostrophe, quoted word for word)
    state = fresh()
    brewery = state.breweries[0]
    brewery.dials[ALT] = 1
    supply = state.beer_supply[ALT]
    act(state, 0, "admin:rot")
    events = act(state, 0, "rot:Alt")
    assert brewery.cellar == ["Alt"] and brewery.dials[ALT] == NO_DIAL
    assert state.beer_supply[ALT] == supply - 1
    assert [e.kind for e in events][:3] == ["rotated", "beer_finished", "cellared"]


def test_c7_a_full_cellar_clears_a_space_or_loses_the_beer() -> None:
    """C7: "A cellar space holds 1 beer tile or 1 barrel. With no empty space you may clear one (the tile or
    barrel goes back to the supply), or you lose the beer."
    """
    for choice in ("clear:barrel", "lose"):
        state = fresh()
        brewery = state.breweries[0]
        brewery.cellar = ["barrel", "Alt", "Alt", "barrel"]
        brewery.dials[ALT] = 1
        barrels, alts = state.barrel_supply, state.beer_supply[ALT]
        act(state, 0, "admin:rot")
        act(state, 0, "rot:Alt")
        assert state.actors() == [0] and ids(state, 0) == ["clear:Alt", "clear:barrel", "lose"]
        act(state, 0, choice)
        if choice == "lose":
            assert brewery.cellar == ["barrel", "Alt", "Alt", "barrel"] and state.beer_supply[ALT] == alts
        else:
            assert sorted(brewery.cellar) == ["Alt", "Alt", "Alt", "barrel"]
            assert state.barrel_supply == barrels + 1 and state.beer_supply[ALT] == alts - 1


def test_c8_action_two_gives_the_display_rotations_and_every_dial_turns_at_round_end() -> None:
    """C8: "Action 2 gives X rotations (..., 2 from the starting card); ... and at round end every dial turns
    once."
    """
    state = fresh()
    brewery = state.breweries[0]
    brewery.dials[ALT] = 5
    act(state, 0, "place:0:cellar_hall")
    assert state.tasks[0] == (0, "rotate", 2)
    act(state, 0, "rot:Alt")
    act(state, 0, "rot:Alt")
    assert brewery.dials[ALT] == 3
    state.breweries[1].dials[ALT] = 4
    for seat, worker, field in ((1, 0, "builder"), (0, 1, "school"), (1, 1, "school")):
        act(state, seat, f"place:{worker}:{field}")
        while state.tasks:
            act(state, seat, "skip" if "skip" in ids(state, seat) else "bonus:coins")
    assert state.round == 2
    assert brewery.dials[ALT] == 2 and state.breweries[1].dials[ALT] == 3


def test_c9_take_only_up_to_the_bottle_marker() -> None:
    """C9: "You may take only cards up to your bottle marker (at level 1 only the leftmost)." """
    state = fresh()
    act(state, 0, "place:0:card_market")
    assert ids(state, 0) == ["take:0", "take:pile"]
    state.breweries[0].level = 3
    assert ids(state, 0) == ["take:0", "take:1", "take:2", "take:pile"]


def test_c10_draw_means_the_pile_only() -> None:
    """C10: "“Take” = from those or from the draw pile; “draw” = from the draw pile only." """
    state = fresh()
    drawer = card_where(lambda c: c.white is not None and c.white.effect == "draw")
    state.breweries[0].hand = [drawer]
    display, deck = list(state.display), len(state.deck)
    events = act(state, 0, f"play:{drawer}:white")
    assert state.display == display and len(state.deck) == deck - 2
    assert len(state.breweries[0].hand) == 2
    assert all(e.visible_to == frozenset({0}) for e in events if e.kind == "card_seen")


def test_c11_taken_cards_are_replaced_at_the_end_of_the_turn_sliding_left() -> None:
    """C11: "Taken cards are replaced at the end of that turn: slide the cards left and fill from the
    right."
    """
    state = fresh()
    state.breweries[0].level = 3
    before, top, second = list(state.display), state.deck[-1], state.deck[-2]
    act(state, 0, "place:0:card_market")
    act(state, 0, "take:1")
    assert state.display[1] == NO_CARD  # still empty during the turn
    act(state, 0, "take:0")
    assert state.display == [before[2], before[3], before[4], before[5], top, second]


def test_c12_an_empty_draw_pile_is_reshuffled_from_the_discards() -> None:
    """C12: "An empty draw pile is reshuffled from the discards." """
    state = fresh()
    state.discard, state.deck = state.deck[:-1], state.deck[-1:]
    act(state, 0, "place:0:card_market")
    act(state, 0, "take:pile")
    events = act(state, 0, "take:pile")
    assert "reshuffled" in [e.kind for e in events]
    assert state.discard == [] and len(state.deck) > 0


def test_c13_the_last_space_unlocks_the_second_part_of_final_scoring() -> None:
    """C13: "reaching the last space unlocks the second part of the final scoring." """
    brewery = fresh().breweries[0]
    brewery.open_coops, brewery.extensions = ["Alt", "Pils"], ["office"]
    brewery.level = 5
    assert part_two(brewery) == 0
    brewery.level = 6
    assert part_two(brewery) == 3 * data.rules().end["part_two_vp"]
    assert data.rules().level_types[-1] == 4  # "up to 4 beer types at once"


def test_c14_sixty_four_cards_each_with_exactly_one_empty_section() -> None:
    """C14: "Each of the 64 action cards has three usable sections; you use one when you play it (and one of
    the three is always empty)."
    """
    cards = data.cards()
    assert len(cards) == 64
    for card in cards.values():
        assert sum(section is None for section in (card.beige, card.order, card.white)) == 1
    state = fresh()
    both = card_where(lambda c: c.beige is not None and c.white is not None)
    state.breweries[0].hand = [both]
    plays = [i for i in ids(state, 0) if i.startswith("play")]
    assert plays == [f"play:{both}:beige", f"play:{both}:white"] or f"play:{both}:master" in plays


def test_c15_beige_icons_count_all_game_and_the_flash_happens_once() -> None:
    """C15: "Played into your personal display ... Its icons count all game ... A flash shows an immediate
    effect when you play it"
    """
    state = fresh()
    rotor = card_where(lambda c: c.beige is not None and c.beige.rotations == 1 and c.beige.flash == "")
    coiner = card_where(lambda c: c.beige is not None and c.beige.flash == "coin")
    state.breweries[0].hand = [coiner, rotor]
    coins = state.breweries[0].coins
    act(state, 0, f"play:{coiner}:beige")
    assert state.breweries[0].coins == coins + 1
    state.played_now = False  # the next turn: the coin flash does not happen again
    act(state, 0, f"play:{rotor}:beige")
    assert state.breweries[0].display == [coiner, rotor] and state.breweries[0].coins == coins + 1
    assert state.breweries[0].rotations() == 3
    state.breweries[0].dials[ALT] = 9
    act(state, 0, "place:0:cellar_hall")
    assert state.tasks[0] == (0, "rotate", 3)


def _order_card(beers: tuple[str, ...], barrels: int) -> int:
    return card_where(lambda c: c.order is not None and c.order.beers == beers and c.order.barrels == barrels)


def test_c16_beer_means_any_type_and_the_truck_fleet_line_needs_the_extension() -> None:
    """C16: "“Beer” means any type. A line with Truck fleet gives an extra reward if you have built that
    extension. Discard after use."
    """
    for fleet in (False, True):
        state = fresh()
        brewery = state.breweries[0]
        card = _order_card(("Alt", "Beer"), 1)
        order = data.cards()[card].order
        assert order is not None
        brewery.hand, brewery.cellar = [card], ["Pils", "Alt", "barrel", "Alt"]
        brewery.extensions = ["truck_fleet"] if fleet else []
        act(state, 0, "place:0:truck_yard")
        assert [i for i in ids(state, 0) if i.startswith("order")] == [
            f"order:{card}:Alt",
            f"order:{card}:Pils",
        ]
        coins = brewery.coins
        act(state, 0, f"order:{card}:Pils")
        assert brewery.cellar == ["Alt"] and card in state.discard
        assert brewery.vp == order.vp + (order.truck_vp if fleet else 0)
        assert brewery.coins == coins + order.coins + (order.truck_coins if fleet else 0)


def test_c17_white_is_one_time_and_does_as_much_as_it_can() -> None:
    """C17: "A one-time special action written on the card; discard after use. Card text beats the rules; do
    as much of it as you can."
    """
    state = fresh()
    coiner = card_where(lambda c: c.white is not None and c.white.effect == "coins" and not c.is_master)
    orderer = card_where(lambda c: c.white is not None and c.white.effect == "order")
    state.breweries[0].hand = [coiner, orderer]
    coins = state.breweries[0].coins
    act(state, 0, f"play:{coiner}:white")
    assert state.breweries[0].coins == coins + data.cards()[coiner].white.n  # type: ignore[union-attr]
    assert coiner in state.discard and not any(i.startswith("play") for i in ids(state, 0))
    state.played_now = False  # a later turn: an order card with no order to fill does nothing
    act(state, 0, f"play:{orderer}:white")
    assert state.tasks == [] and orderer in state.discard


def test_c18_one_brewmaster_at_a_time_the_old_one_returns_to_hand() -> None:
    """C18: "Its effect lasts as long as it is there. Only one brewmaster at a time: playing a new one
    returns the old one to your hand."
    """
    state = fresh()
    rot = card_where(lambda c: c.is_master and c.white.master == "rot_bonus")  # type: ignore[union-attr]
    other = card_where(lambda c: c.is_master and c.white.master == "brew_bonus")  # type: ignore[union-attr]
    brewery = state.breweries[0]
    brewery.hand = [rot, other]
    act(state, 0, f"play:{rot}:master")
    assert brewery.master == rot and brewery.rotations() == 3 and rot not in state.discard
    state.played_now = False
    act(state, 0, f"play:{other}:master")
    assert brewery.master == other and brewery.hand == [rot] and brewery.rotations() == 2
    assert brewery.brew_types() == 2 and NO_MASTER == 0


def test_c19_completing_an_order_returns_the_goods_and_scores() -> None:
    """C19: "play a purple card from your hand and return the beers and barrels it shows from your cellar to
    the supply. Score the reward."
    """
    state = fresh()
    brewery = state.breweries[0]
    card = _order_card(("Alt",), 1)
    brewery.hand, brewery.cellar = [card], ["Alt", "barrel"]
    alts, barrels = state.beer_supply[ALT], state.barrel_supply
    act(state, 0, "place:0:truck_yard")
    act(state, 0, f"order:{card}")
    assert brewery.cellar == [] and state.beer_supply[ALT] == alts + 1 and state.barrel_supply == barrels + 1
    assert brewery.vp == data.cards()[card].order.vp and brewery.hand == []  # type: ignore[union-attr]


def test_c17_a_white_card_is_discarded_after_its_effect_not_before() -> None:
    """C17: "A one-time special action written on the card; discard after use." With an empty draw pile,
    "draw 2" reshuffles the discards (C12) without the card being used: it cannot draw itself.
    """
    state = fresh()
    drawer = card_where(lambda c: c.white is not None and c.white.effect == "draw")
    brewery = state.breweries[0]
    brewery.hand = [drawer]
    state.discard, state.deck = [state.deck[0]], []
    act(state, 0, f"play:{drawer}:white")
    assert drawer not in brewery.hand and drawer not in state.deck
    assert state.discard == [drawer] and len(brewery.hand) == 1
