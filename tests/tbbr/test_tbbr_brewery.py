"""Arriving at a brewery, buying, tasting, the Breathalyzer, cheese and camping."""

from __future__ import annotations

from engine.tbbr.data import BONUS_TRACKS, board
from engine.tbbr.player import Player
from engine.tbbr.scoring import cheers_vp, cheese_vp
from engine.tbbr.state import TbbrState
from tests.tbbr.support import act, arrange, fresh, ids, kinds, turn_of


def solo_turn(location: str, time: int = 0, **fields: object) -> TbbrState:
    state = fresh(2)
    arrange(state, 0, location=location, time=time, **fields)
    arrange(state, 1, location="T04", time=23)
    turn_of(state, 0)
    return state


def test_first_visit_takes_the_disc_then_coasters_go_to_later_visitors() -> None:
    """Arriving: "If there is a First Visitor Disc on the brewery, take it ... Otherwise, if the
    brewery contains a Coaster Token, take it"; "If it's the first time you visit this brewery,
    place one of your Visited Brewery Tokens on it."; on a revisit "if that brewery still contains
    a Coaster Token, take it"."""
    state = solo_turn("X10")
    state.coasters = {"X11": 2}
    act(state, 0, "move:b:X11")
    p = state.players[0]
    assert p.discs == 1 and p.coasters == 0 and "X11" in p.visited
    assert "X11" not in state.first_visitor and state.coasters["X11"] == 2
    act(state, 0, "move:b:X10")
    act(state, 0, "move:b:X11")  # a revisit: a coaster, no new token
    assert p.coasters == 1 and state.coasters["X11"] == 1 and p.visited == {"X10", "X11"}


def test_bonus_tracks_on_first_visit_only_and_orval_scores_twice() -> None:
    """Arriving: "As soon as you put a Visited Brewery Token on one of these breweries, you receive
    the benefit of the associated bonus"; "Some are Trappist® breweries and have an extra bonus:
    advance your cube 1 space on both matching Bonus Tracks"; on a revisit "the bonuses are no
    longer applicable"."""
    assert board().places["T04"].bonuses == ("designer", "trappist")
    state = solo_turn("S01")
    state.players[1].location = "X10"
    act(state, 0, "move:b:T04")  # Orval: designer + Trappist
    p = state.players[0]
    assert p.bonus == [0, 1, 0, 1]
    act(state, 0, "move:b:S01")  # Trévires (south): first visit
    assert p.bonus == [0, 1, 1, 1]
    act(state, 0, "move:b:T04")
    assert p.bonus == [0, 1, 1, 1]


def test_buy_a_pack_limited_by_the_backpack_with_or_without_cheese() -> None:
    """Buy: "move your disc 1 space"; "take up to 3 Transported Beer Tokens of the brewery type ...
    If you have less than 3 free spaces in your backpack, you only fill the empty spaces"; "you can
    at the same time buy one Cheese (and only one)"; "if you haven't enough space in your backpack
    ... then you can, for 1 TU, move your Cheese Pawn 1 space forward ... without buying any
    beer." """
    state = solo_turn("T01", beers=[0, 0, 0, 6])  # Westmalle: red, sells cheese
    assert {"buy", "buy+cheese"} <= set(ids(state, 0)) and "buy:cheese" not in ids(state, 0)
    act(state, 0, "buy+cheese")
    p = state.players[0]
    assert p.beers == [0, 0, 2, 6] and p.cheese == 1 and p.time == 1
    assert "buy" not in ids(state, 0)  # once per visit
    full = solo_turn("T01", beers=[8, 0, 0, 0])
    assert "buy" not in ids(full, 0) and "buy:cheese" in ids(full, 0)
    act(full, 0, "buy:cheese")
    assert full.players[0].cheese == 1 and full.players[0].time == 1 and full.players[0].backpack == 8
    no_cheese = solo_turn("X10")
    assert "buy+cheese" not in ids(no_cheese, 0) and "buy" in ids(no_cheese, 0)


def test_cheese_track_end_adds_a_token() -> None:
    """Buy: "If your Cheese pawn reaches the last space (cheese-shaped) on the Cheese Track, add a
    Visited Brewery Token next to it. Each additional token will be worth 5 VPs"."""
    state = solo_turn("T01", cheese=4)
    act(state, 0, "buy+cheese")
    assert state.players[0].cheese == 5 and state.players[0].cheese_tokens == 1
    assert cheese_vp(state.players[0]) == 9 + 5
    assert "buy+cheese" not in ids(solo_turn("T01", cheese=5), 0)


def test_tasting_costs_a_tu_and_climbs_two_tracks() -> None:
    """Tasting: "move your disc 1 space forward", "move your Meeple 1 space forward on the Tasted
    Beers Track", "move your Meeple 1 space forward on the Breathalyzer"; "Your Meeple can never
    exceed the space 38 of the Tasted Beers Track"."""
    state = solo_turn("T01", tasted=20)
    act(state, 0, "taste")
    p = state.players[0]
    assert (p.time, p.tasted, p.breath) == (1, 20, 1)
    assert state.log == ["taste:2"]
    assert "taste" not in ids(state, 0)


def test_once_per_visit_until_the_next_move_or_a_new_day() -> None:
    """Single action: "you can only perform them only once between 2 moves ... Exception: when you
    start a new day in a brewery, you can, if you wish, repeat the actions"."""
    state = solo_turn("X10")
    act(state, 0, "taste")
    act(state, 0, "buy")
    assert "taste" not in ids(state, 0) and "buy" not in ids(state, 0)
    act(state, 0, "move:b:X11")
    act(state, 0, "move:b:X10")
    assert {"taste", "buy"} <= set(ids(state, 0))
    act(state, 0, "taste")
    state.players[1].done = True
    state.players[1].time = 24
    act(state, 0, "camp")
    act(state, 0, "stop")
    assert state.day == 1
    turn_of(state, 0)
    assert "taste" in ids(state, 0)


def test_falling_asleep_ends_the_day() -> None:
    """Breathalyzer C: "As soon as there is no more space left above your Meeple ... you fall
    asleep and your day immediately ends"."""
    state = solo_turn("X10", breath=7, time=3)
    act(state, 0, "taste")
    p = state.players[0]
    assert p.asleep and p.done and p.time == 24 and p.breath == 8


def test_eating_cheese_takes_no_time() -> None:
    """Breathalyzer D: "For every cheese eaten: move your cheese 1 space down on the cheese track
    and decrease your Breathalyzer by 1. This action doesn't cost any TU."""
    state = solo_turn("X10", breath=5, cheese=2)
    act(state, 0, "eat")
    p = state.players[0]
    assert (p.cheese, p.breath, p.time) == (1, 4, 0)


def test_cheese_can_be_eaten_in_any_decision_even_out_of_turn() -> None:
    """Breathalyzer D: "If you have some cheese in your backpack, you can eat it at any time ...
    This action doesn't cost any TU": between camping conversions (the step stays pending), and by
    an opponent asked for the beer it offers in a toast."""
    state = solo_turn("X10", time=10, breath=6, beers=[3, 0, 0, 0], cheese=2)
    act(state, 0, "camp")
    act(state, 0, "beer:yellow")
    assert "eat" in ids(state, 0)
    act(state, 0, "eat")
    p = state.players[0]
    assert (p.breath, p.cheese, p.time) == (6, 1, 11) and state.pending.kind == "camp"
    act(state, 0, "beer:yellow")
    assert p.breath == 7 and not p.asleep
    toast = fresh(2)
    arrange(toast, 0, location="X10", beers=[1, 0, 0, 0])
    arrange(toast, 1, location="X11", time=10, beers=[0, 1, 1, 0], cheese=1, breath=3)
    turn_of(toast, 0)
    act(toast, 0, "move:b:X11")
    assert toast.pending.kind == "offer" and toast.actors() == [1] and "eat" in ids(toast, 1)
    act(toast, 1, "eat")
    assert toast.players[1].breath == 2 and toast.pending.kind == "offer"


def test_camping_converts_beers_at_one_tu_each_and_ends_the_day() -> None:
    """Camping: "For each conversion, discard 1 Transported Beer Token, move your disc 1 space
    forward on the Time Track (1 TU), move your Meeple 1 space forward on your Breathalyzer and 1
    space forward on the tasted beers track"; "They place their disc on the last space of the Time
    Track (even if they did not use all the available time to convert)"."""
    state = solo_turn("X10", time=10, beers=[2, 1, 0, 0])
    act(state, 0, "camp")
    assert state.actors() == [0] and {"beer:yellow", "beer:brown", "stop"} == set(ids(state, 0))
    act(state, 0, "beer:yellow")
    act(state, 0, "beer:brown")
    act(state, 0, "stop")
    p = state.players[0]
    assert p.beers == [1, 0, 0, 0] and p.tasted == 2 and p.breath == 2
    assert p.done and p.camped and p.time == 24


def test_no_camping_on_the_last_day_nor_on_the_grand_place() -> None:
    """Camping notes: "It is impossible to camp on the last day of the race." "Camping is never
    allowed on the Grand Place of Brussels." """
    state = solo_turn("GP")
    assert "camp" not in ids(state, 0)
    state = solo_turn("X10")
    state.day = 2
    assert "camp" not in ids(state, 0)


def test_no_visited_brewery_token_left_no_visit_no_bonus_no_track_token() -> None:
    """Setup: each player "receives ... 35 Visited Brewery Tokens"; they mark a first visit ("place
    one of your Visited Brewery Tokens on it"), and the ends of the Cheese and Cheers tracks ("add a
    Visited Brewery Token next to it"). With none left: the first-visitor disc is still taken, but
    no token, so no visit and no bonus ("As soon as you put a Visited Brewery Token on one of these
    breweries, you receive the benefit"), and no token beside a track."""
    others = [b for b in board().breweries if b not in ("T04", "T01", "S01")]
    state = solo_turn("S01", visited=set(others[:34]), cheese_tokens=1)
    p = state.players[0]
    assert p.tokens_left == 0
    events = act(state, 0, "move:b:T04")
    assert "no_token" in kinds(events) and "T04" not in p.visited
    assert p.discs == 1 and p.bonus == [0, 0, 0, 0] and p.tokens_left == 0
    cheese = solo_turn("T01", visited=set(others[:35]), cheese=4)
    act(cheese, 0, "buy+cheese")
    assert cheese.players[0].cheese == 5 and cheese.players[0].cheese_tokens == 0
    toasts = Player()
    toasts.visited, toasts.cheers = set(others[:35]), 9
    assert toasts.cheers_tokens == 0 and cheers_vp(toasts) == 18
    toasts.visited = set(others[:34])
    assert toasts.cheers_tokens == 1 and toasts.tokens_left == 0


def test_only_trappists_carry_two_bonus_symbols() -> None:
    """Components: "the 3 breweries selected for their positioning", "the designer's choice ... the
    "Goliath", ... the "Lanterne" and ... the "Orval"", "the 4 cardinal points", "5 Belgian
    Trappist"; Arriving: "Some are Trappist® breweries and have an extra bonus: advance your cube 1
    space on both matching Bonus Tracks" - no other brewery has one. Belgium Peak Beer is east only."""
    places = board().places
    counts = {track: sum(track in p.bonuses for p in places.values()) for track in BONUS_TRACKS}
    assert counts == {"positioning": 3, "designer": 3, "cardinal": 4, "trappist": 5}
    assert [p.id for p in places.values() if len(p.bonuses) > 1] == ["T04"]
    assert places["E01"].bonuses == ("cardinal",)
