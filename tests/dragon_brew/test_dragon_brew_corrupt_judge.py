"""The Corrupt Judge variant (rulebook "Appendix: Corrupt Judge Variant")."""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew.components import judge
from engine.dragon_brew.table import DragonBrewState
from tests.dragon_brew.helpers import act, brew, goods, ids, slot, start, to_fall
from tests.dragon_brew.test_dragon_brew_fall_winter import judges

CORRUPT = "J31"  # Slick Silverfinger: lowest strength, ties to the bribe; 2 VP
EQUAL_BEERS = (("B02", "S02"), ("B20", "S05"))  # strength 1 each, colour 2 each


def test_setup_boxes_fourteen_judges_and_shuffles_in_the_six_corrupt() -> None:
    """Rulebook: "Remove the top fourteen cards from the Judge deck without looking ... Add the Corrupt
    Judge cards
    back into the Judge deck and shuffle again."."""
    state = start("human", "dwarves", corrupt=True)
    pool = state.judges + state.judge_deck
    assert len(pool) == 30 - 14 + 6
    assert sum(judge(j).corrupt for j in pool) == 6


def test_a_higher_bribe_returns_the_last_one() -> None:
    """Rulebook: "The red player has bribed a judge with one gold. The blue player ups the stakes on his
    turn and
    bribes the judge with two gold. The red bribe disk and one gold is returned to the red player."."""
    state = start("human", "dwarves", corrupt=True)
    judges(state, CORRUPT)
    red, blue = state.players
    red_gold = red.gold
    act(state, "bribe:0", "place_bribe")
    assert red.gold == red_gold - 1 and state.bribes == [[0, 1]]
    assert not any(i.startswith("bribe:") for i in ids(state))  # "not more than one bribe at a time"
    act(state, f"assign:{slot(state, 0, 'brewery')}.own", "end")
    blue_gold = blue.gold
    act(state, "bribe:0")
    assert blue.gold == blue_gold - 2  # "your bribe must be higher": two gold at least
    act(state, "place_bribe")
    assert state.bribes == [[1, 2]] and red.gold == red_gold and blue.gold == blue_gold - 2


def test_a_bribe_has_no_upper_bound_but_the_bribers_gold() -> None:
    """Rulebook: "Bribe a judge by placing your bribe token with one or more gold on the corrupt judge card.
    If another player has already bribed the judge, your bribe must be higher." No bound is set: the gold
    goes on the card one at a time, up to the whole purse, far above the last bribe."""
    state = start("human", "dwarves", corrupt=True)
    judges(state, CORRUPT)
    state.bribes[0] = [1, 2]
    other = state.players[1].gold
    goods(state, 0, gold=20)
    act(state, "bribe:0")
    assert state.players[0].gold == 17 and set(ids(state)) == {"raise_bribe", "place_bribe"}
    act(state, *["raise_bribe"] * 17)
    assert state.players[0].gold == 0 and ids(state) == ["place_bribe"]
    act(state, "place_bribe")
    assert state.bribes == [[0, 20]] and state.players[1].gold == other + 2  # the two gold went back


def brewed_tie(bribes: list[int]) -> tuple[DragonBrewState, list[Event]]:
    state = start("human", "dwarves", corrupt=True)
    judges(state, CORRUPT)
    for seat, beer in enumerate(EQUAL_BEERS):
        state.players[seat].book = list(beer)
        goods(state, seat, mana=6, gold=5)
    for seat, gold in enumerate(bribes):
        if gold:
            state.bribes[0] = [seat, gold]
            state.players[seat].gold -= gold
    to_fall(state)
    brew(state, 0, EQUAL_BEERS[0])
    barrel, spice = EQUAL_BEERS[1]
    return state, act(state, f"barrel:{barrel}", f"spice:{spice}", "close", "done", seat=1)


def test_the_bribe_breaks_the_primary_tie_and_is_spent() -> None:
    """Rulebook: "the tie breaker on the primary characteristic will be the player who bribes the judge
    with the
    most gold" / "The gold is returned to the game supply and the bribe token returned"."""
    state, events = brewed_tie([0, 3])
    awards = [(e.seat, e.payload["vp"]) for e in events if e.kind == "awarded"]
    assert awards == [(1, 2)]
    assert all(b == [-1, 0] for b in state.bribes)  # winter brought new judges, unbribed
    profits = {e.seat: e.payload["gold"] for e in events if e.kind == "profit"}
    assert state.players[1].gold == 5 - 3 + profits[1]  # the three gold are gone


def test_without_a_bribe_a_corrupt_judge_splits_the_tie() -> None:
    """Rulebook: "The points are split on a tie if no bribes were used."."""
    _, events = brewed_tie([0, 0])
    assert [(e.seat, e.payload["vp"]) for e in events if e.kind == "awarded"] == [(0, 1), (1, 1)]


def test_the_bribe_is_spent_even_when_the_briber_loses() -> None:
    """Rulebook: "The bribe is spent even if the bribing player didn't win the judge."."""
    state = start("human", "dwarves", corrupt=True)
    judges(state, CORRUPT)
    state.players[0].book = ["B08", "S01"]  # Doppelbock: strength 3
    state.players[1].book = list(EQUAL_BEERS[1])
    for seat in range(2):
        goods(state, seat, mana=6, gold=5)
    state.bribes[0] = [0, 2]
    state.players[0].gold = 3
    to_fall(state)
    brew(state, 0, ("B08", "S01"))
    events = act(state, "barrel:B20", "spice:S05", "close", "done", seat=1)
    assert [e.seat for e in events if e.kind == "awarded"] == [1]
    profit = next(e.payload["gold"] for e in events if e.kind == "profit" and e.seat == 0)
    assert state.players[0].gold == 3 + profit


def test_ogre_ruled_sends_the_bribe_back() -> None:
    """Rulebook: "The gold bribe and bribe token on the judge card are returned to the bribing player when
    the judge
    is "Ogre-Ruled.\""."""
    state = start("human", "ogres", corrupt=True)
    judges(state, CORRUPT)
    gold = state.players[0].gold
    act(state, "bribe:0", "raise_bribe", "place_bribe", f"assign:{slot(state, 0, 'brewery')}.own", "end")
    act(state, f"assign:{slot(state, 1, 'ogre_ruled')}.own", "rule:0")
    assert state.players[0].gold == gold and state.bribes == [[-1, 0]]
    act(state, "end")
    assert not any(i.startswith("bribe:") for i in ids(state))  # no bribing an Ogre-Ruled judge


def test_the_shadow_judge_swap_sends_the_bribe_back() -> None:
    """Rulebook: "The gold bribe and bribe token on the Judge card are returned to the bribing player when
    the Judge
    card is swapped."."""
    state = start("human", "dark_elves", corrupt=True)
    judges(state, CORRUPT)
    gold = state.players[0].gold
    act(state, "bribe:0", "place_bribe")
    to_fall(state)
    act(state, "done", seat=0)
    act(state, "done", seat=1)
    act(state, "shadow:0.0")
    assert state.players[0].gold == gold
