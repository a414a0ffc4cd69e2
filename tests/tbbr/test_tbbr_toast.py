"""Toasting: mandatory on arrival, with one or several opponents, and its limits."""

from __future__ import annotations

from engine.tbbr.data import board
from engine.tbbr.scoring import cheers_vp
from engine.tbbr.state import TbbrState
from tests.tbbr.support import act, arrange, fresh, ids, kinds, roll, turn_of


def table(players: int, arriving: dict[str, object], *others: dict[str, object]) -> TbbrState:
    """Seat 0 arrives next; the others wait ahead of it on the time track."""
    state = fresh(players)
    arrange(state, 0, **arriving)
    for seat, fields in enumerate(others, start=1):
        arrange(state, seat, **{"time": 10, **fields})
    turn_of(state, 0)
    return state


def test_the_rulebook_toast_with_two_opponents() -> None:
    """Example of toasting: "Blue ... decides to use public transport to go to brewery 20. He rolls
    the die and scores a 4 which means no delay penalty. He then moves his disc 4 TUs forward ...
    he puts a token of his color there. He offers 1 Transported Beer Token to Green and 1 ... to
    Pink. He receives 2 Tokens ... All the players ... move their disc forward 1 TU ... Green and
    Pink move 1 space forward on their Breathalyzer, on the Tasted Beers Track and on the Cheers
    Track. Blue moves 2 spaces forward"."""
    twenty = next(p.id for p in board().places.values() if p.number == 20)
    start = next(d for d, tu in board().neighbours(twenty) if tu[1] == 4)
    blue, green = 0, 1  # Pink is seat 2
    state = table(
        3,
        {"location": start, "beers": [1, 1, 0, 0]},
        {"location": twenty, "beers": [0, 2, 0, 1]},
        {"location": twenty, "beers": [0, 0, 3, 0]},
    )
    act(state, blue, f"move:t:{twenty}")
    roll(state, 4)
    assert state.players[blue].time == 4 and twenty in state.players[blue].visited
    act(state, blue, "stop")  # 4 TU on board: Blue could taste 2 carried beers, but keeps them
    assert state.pending.kind == "gift" and state.actors() == [blue]
    act(state, blue, "beer:yellow")  # for Green; the brown one then goes to Pink by itself
    assert state.pending.kind == "offer" and state.actors() == [green]  # a non-active seat decides
    assert set(ids(state, green)) == {"beer:brown", "beer:black"}
    events = act(state, green, "beer:black")  # Pink has only red: offered without asking
    assert "toast" in kinds(events)
    b, g, p = state.players
    assert (b.time, b.breath, b.tasted, b.cheers, b.beers) == (5, 2, 2, 2, [0, 0, 0, 0])
    assert (g.time, g.breath, g.tasted, g.cheers, g.beers) == (11, 1, 1, 1, [0, 2, 0, 0])
    assert (p.time, p.breath, p.tasted, p.cheers, p.beers) == (11, 1, 1, 1, [0, 0, 2, 0])
    assert sorted(state.log)[-3:] == ["taste:2", "taste:3", "toast:2"]


def test_toast_with_one_opponent() -> None:
    """Toast with only one opponent: "Each player chooses a Transported Beer Token from their
    backpack and offers it to the other player, who immediately tastes it. Both players: discard a
    Transported Beer Token ...; move their disc 1 space forward ...; Breathalyzer ...; Tasted Beers
    Track ...; Cheers Track." """
    state = table(2, {"location": "X10", "beers": [0, 1, 0, 0]}, {"location": "X11", "beers": [1, 0, 0, 0]})
    act(state, 0, "move:b:X11")
    a, b = state.players
    assert (a.time, a.tasted, a.cheers, a.beers) == (2, 1, 1, [0, 0, 0, 0])
    assert (b.time, b.tasted, b.cheers, b.beers) == (11, 1, 1, [0, 0, 0, 0])


def test_who_cannot_toast() -> None:
    """General remarks: "It is not possible to toast with an opponent: who has finished their day;
    who is on the Grand Place in Brussels; who does not have any Transported Beer Token in their
    backpack." Notes: "If the player initiating the Toast Action does not have enough Transported
    Beer Tokens in their backpack to toast with all the players involved, the action does not take
    place." """
    done = table(
        3,
        {"location": "X10", "beers": [2, 0, 0, 0]},
        {"location": "X11", "beers": [1, 0, 0, 0], "done": True, "time": 24},
        {"location": "X11", "beers": [0, 0, 0, 0]},
    )
    act(done, 0, "move:b:X11")
    assert done.players[0].cheers == 0 and done.players[0].time == 1
    grand_place = table(
        2, {"location": "B01", "beers": [2, 0, 0, 0]}, {"location": "GP", "beers": [1, 0, 0, 0]}
    )
    act(grand_place, 0, "move:b:GP")
    assert grand_place.players[1].cheers == 0
    short = table(
        3,
        {"location": "X10", "beers": [1, 0, 0, 0]},
        {"location": "X11", "beers": [1, 0, 0, 0]},
        {"location": "X11", "beers": [1, 0, 0, 0]},
    )
    events = act(short, 0, "move:b:X11")
    assert "no_toast" in kinds(events) and short.players[0].beers == [1, 0, 0, 0]


def test_the_arriving_player_at_the_consumption_limit_picks_what_it_tastes() -> None:
    """Notes: "If the player initiating the Toast Action reaches their consumption limit ... during
    the Toast Action, they can only taste the number of beers that will bring them to that level
    ... They increase the Cheers Track and the Tasted Beers Track accordingly. The other players
    perform the entire action. The arriving player can choose the tasted beer among those offered
    by their opponents." """
    state = table(
        4,
        {"location": "X10", "beers": [3, 0, 0, 0], "breath": 6},
        {"location": "X11", "beers": [1, 0, 0, 0]},
        {"location": "X11", "beers": [0, 0, 1, 0]},
        {"location": "X11", "beers": [0, 0, 0, 1]},
    )
    act(state, 0, "move:h:X11")  # the Breathalyzer forbids the bicycle
    roll(state, (1,))
    assert state.pending.kind == "pick" and set(ids(state, 0)) == {"beer:yellow", "beer:red", "beer:black"}
    act(state, 0, "beer:red")
    act(state, 0, "beer:black")  # the Breathalyzer is full: asleep, the yellow one is not tasted
    a = state.players[0]
    assert a.asleep and a.done and a.tasted == 2 and a.cheers == 2
    assert all(state.players[s].cheers == 1 and state.players[s].tasted == 1 for s in (1, 2, 3))
    assert state.actors() == [3]  # asleep: the turn passes (seat 3 moved last, on top of the stack)


def test_the_redeeming_cheese() -> None:
    """Notes: "The redeeming cheese: if toasting brings you to the point where you are going to fall
    asleep, you can eat a piece of cheese from your backpack: you don't move 1 space forward on
    your Breathalyzer and you move back 1 space on the cheese track. This action does not require
    any TU." """
    state = table(
        2,
        {"location": "X10", "beers": [1, 0, 0, 0]},
        {"location": "X11", "beers": [1, 0, 0, 0], "breath": 7, "cheese": 2},
    )
    act(state, 0, "move:b:X11")
    assert state.pending.kind == "redeem" and state.actors() == [1]
    act(state, 1, "redeem:eat")
    b = state.players[1]
    assert (b.breath, b.cheese, b.tasted, b.cheers, b.asleep, b.time) == (7, 1, 1, 1, False, 11)
    asleep = table(
        2,
        {"location": "X10", "beers": [1, 0, 0, 0]},
        {"location": "X11", "beers": [1, 0, 0, 0], "breath": 7, "cheese": 2},
    )
    act(asleep, 0, "move:b:X11")
    act(asleep, 1, "redeem:sleep")
    assert asleep.players[1].asleep and asleep.players[1].done


def test_cheers_track_end_adds_one_token_like_the_cheese_track() -> None:
    """ "If your cube on the Cheers Track reaches the last level, add a Visited Brewery Token next
    to it. Each additional Visited Brewery Token will give you 4 VPs", worded like the Cheese track
    ("If your Cheese pawn reaches the last space ... add a Visited Brewery Token next to it") and
    read alike: a token when the marker reaches the last space, which it never moves past. The cube
    never goes down, so it reaches the last level once: a later (mandatory) toast adds nothing."""
    state = table(
        2, {"location": "X10", "beers": [3, 0, 0, 0], "cheers": 8}, {"location": "X11", "beers": [3, 0, 0, 0]}
    )
    events = act(state, 0, "move:b:X11")
    a = state.players[0]
    assert a.cheers == 9 and "cheers_token" in kinds(events) and cheers_vp(a) == 18 + 4
    act(state, 0, "move:b:X10")
    events = act(state, 0, "move:b:X11")
    assert "toast" in kinds(events) and "cheers_token" not in kinds(events)
    assert a.cheers == 9 and a.cheers_tokens == 1 and cheers_vp(a) == 18 + 4
    assert a.tasted == 2 and state.players[1].cheers == 2
