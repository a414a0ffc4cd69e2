"""Who plays whom: the matcher's choice over pools (``server.matchmaking.grouping``, a pure function)."""

from __future__ import annotations

from server.matchmaking.grouping import Group, Waiting, Window, groups

WINDOW = Window(base=3.0, per_second=0.5)


def ticket(name: str, since_s: float, rating: float, fill: float = 0.0) -> Waiting:
    return Waiting(name, int(since_s * 1000), rating, fill)


def test_the_oldest_ticket_is_seated_with_the_closest_ratings() -> None:
    pool = [ticket("a", 0, 25), ticket("b", 1, 29), ticket("c", 2, 26.5), ticket("d", 3, 23)]
    # b and d, 6 apart, are out of each other's reach (4 after b's 2 s of waiting).
    assert groups(pool, 2, 3_000, WINDOW) == [Group(("a", "c"), 0)]
    assert groups(pool, 3, 3_000, WINDOW) == [Group(("a", "c", "d"), 0)]
    assert groups(pool, 3, 10_000, WINDOW) == [Group(("a", "c", "d"), 0)]  # closest first, not b


def test_ratings_too_far_apart_wait_until_the_window_has_widened() -> None:
    pool = [ticket("a", 0, 25), ticket("b", 0, 35)]  # 10 apart: 3 + 0.5 * 14 s
    assert groups(pool, 2, 13_000, WINDOW) == []
    assert groups(pool, 2, 14_000, WINDOW) == [Group(("a", "b"), 0)]


def test_bots_fill_the_table_once_bot_fill_after_has_passed() -> None:
    pool = [ticket("a", 0, 25, fill=2), ticket("b", 1, 26, fill=5), ticket("never", 1, 25)]
    assert groups(pool, 4, 1_999, WINDOW) == []
    # "never" waits for people only; b accepts bots and is within reach.
    assert groups(pool, 4, 2_000, WINDOW) == [Group(("a", "b"), 2)]


def test_a_far_ticket_past_its_bot_fill_gets_a_table_of_its_own() -> None:
    pool = [ticket("a", 0, 10, fill=1), ticket("b", 0, 40)]
    assert groups(pool, 2, 1_000, WINDOW) == [Group(("a",), 1)]


def test_one_players_tickets_never_share_a_table() -> None:
    pool = [
        Waiting("a1", 0, 25, 0, "ann"),
        Waiting("a2", 0, 25, 0, "ann"),
        Waiting("x", 0, 25, 0, ""),
        Waiting("y", 0, 25, 0, ""),
    ]
    assert groups(pool, 2, 0, WINDOW) == [Group(("a1", "x"), 0), Group(("a2", "y"), 0)]
    assert groups(pool[:2], 2, 60_000, WINDOW) == []
