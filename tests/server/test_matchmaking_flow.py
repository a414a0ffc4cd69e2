"""Players and matchmaking on a served process, over each store: tickets become games, ratings move.

The basic flow is checked over the memory store and Redis alike (the
``served`` fixture is parametrised by store); the two-replica acceptance run
is tests/replicas/test_matchmaking_across_replicas.py.
"""

from __future__ import annotations

import asyncio
import random

import grpc

from server.players.ratings import Ratings
from server.sessions.facade import Sessions
from server.store.match_base import Rating
from tests.server.harness import Served, StoreFactory, expect_error, play_randomly, start_server
from zythos.client import ZythosClient, ZythosError
from zythos.matchmaking import MatchmakingClient
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import matchmaking_service_pb2 as mm_pb

MATCHED = mm_pb.TICKET_STATUS_MATCHED
SEARCHING = mm_pb.TICKET_STATUS_SEARCHING


def matchmaker(served: Served) -> MatchmakingClient:
    return MatchmakingClient(served.client())


async def test_two_tickets_for_the_same_game_are_seated_together(served: Served) -> None:
    ann, bob = matchmaker(served), matchmaker(served)
    player = await ann.create_player("Ann")
    first = await ann.create_ticket("tiny_dice", 2, "Ann")
    assert (first.status, first.waiting, first.player_id) == (SEARCHING, 1, player.player_id)
    second = await bob.create_ticket("tiny_dice", 2, "Bob")

    one, two = await asyncio.gather(ann.matched(first.ticket_id), bob.matched(second.ticket_id))

    assert one.status == two.status == MATCHED
    assert one.game_id == two.game_id and {one.seat, two.seat} == {0, 1}
    assert not one.bot_filled and one.end_time.ToMilliseconds() >= one.create_time.ToMilliseconds()
    game = await ann.games.get_game(one.game_id)
    assert game.status == pb.GAME_STATUS_ACTIVE
    assert game.seats[one.seat].player_id == player.player_id and game.seats[two.seat].player_id == ""
    assert [s.display_name for s in sorted(game.seats, key=lambda s: s.seat)] == [
        "Ann" if one.seat == 0 else "Bob",
        "Bob" if one.seat == 0 else "Ann",
    ]
    to_act = game.to_act[0]
    holder = ann if one.seat == to_act else bob
    assert (await holder.games.list_legal_actions(one.game_id)).actions  # the seat token works


async def test_a_lone_ticket_gets_bots_after_bot_fill_after(served: Served) -> None:
    ann = matchmaker(served)
    ticket = await ann.create_ticket("tiny_dice", 3, "Ann", bot_fill_after=0.5, bot_level="easy")
    updates = [t async for t in ann.watch_ticket(ticket.ticket_id)]

    assert [u.status for u in updates] == [SEARCHING, MATCHED]
    done = updates[-1]
    waited = (done.end_time.ToMilliseconds() - done.create_time.ToMilliseconds()) / 1000
    assert 0.5 <= waited < 0.5 + 2.0  # never before bot_fill_after; the loose bound is for a busy machine
    game = await ann.games.get_game(done.game_id)
    assert done.bot_filled and [s.bot for s in game.seats].count(True) == 2
    assert {s.bot_level for s in game.seats if s.bot} == {"easy"}
    events = ann.games.stream_events(done.game_id)
    created, matched = await anext(events), await anext(events)
    await events.aclose()
    assert (created.kind, matched.kind, matched.seat) == ("game_created", "game_matched", -1)
    assert matched.label == "Matchmaking seats Ann and 2 bots (easy, easy) at a game of Tiny Dice"


async def test_tickets_of_other_kinds_do_not_match(served: Served) -> None:
    clients = [matchmaker(served) for _ in range(3)]
    kinds = [("tiny_dice", 2, {}), ("tiny_dice", 3, {}), ("tbbr_dice", 2, {})]
    tickets = [
        await c.create_ticket(t, n, "P", options=o) for c, (t, n, o) in zip(clients, kinds, strict=True)
    ]
    await asyncio.sleep(0.6)  # three matching rounds
    for client, ticket in zip(clients, tickets, strict=True):
        now = await client.get_ticket(ticket.ticket_id)
        assert (now.status, now.waiting) == (SEARCHING, 1)
        await client.cancel_ticket(ticket.ticket_id)
        assert (await client.get_ticket(ticket.ticket_id)).status == mm_pb.TICKET_STATUS_CANCELLED


async def test_tickets_match_only_with_the_same_turn_clock_and_their_game_keeps_it(served: Served) -> None:
    ann, bob, cy = matchmaker(served), matchmaker(served), matchmaker(served)
    clocked = await ann.create_ticket("tiny_dice", 2, "Ann", clock=(60, 300))
    unclocked = await cy.create_ticket("tiny_dice", 2, "Cy")
    assert clocked.clock.per_turn.seconds == 60 and not unclocked.HasField("clock")
    await asyncio.sleep(0.5)  # a few matching rounds: the two kinds do not meet
    assert (await cy.get_ticket(unclocked.ticket_id)).waiting == 1
    other = await bob.create_ticket("tiny_dice", 2, "Bob", clock=(60, 300))
    one, _ = await asyncio.gather(ann.matched(clocked.ticket_id), bob.matched(other.ticket_id))
    game = await ann.games.get_game(one.game_id)
    assert (game.clock.per_turn.seconds, game.clock.reserve.seconds) == (60, 300)
    await expect_error(
        cy.create_ticket("tiny_dice", 2, "Cy", clock=(0.5, 0)),
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_ARGUMENT",
    )


async def test_a_finished_game_moves_its_players_ratings(served: Served) -> None:
    ann, bob = matchmaker(served), matchmaker(served)
    players = [await ann.create_player("Ann"), await bob.create_player("Bob")]
    created = await ann.games.create_game("tiny_dice", 2, "Ann")
    await bob.games.join_game(created.game.game_id, "Bob")
    game = await ann.games.get_game(created.game.game_id)
    assert [s.player_id for s in game.seats] == [p.player_id for p in players]

    final = await play_randomly([ann.games, bob.games], game, random.Random(3))

    assert final.status == pb.GAME_STATUS_FINISHED
    profiles = [await ann.get_player(p.player_id) for p in players]
    for profile, rank in zip(profiles, final.ranking, strict=True):
        (rating,) = profile.ratings
        assert (rating.game_type, rating.games) == ("tiny_dice", 1)
        assert rating.sigma < 25 / 3 and abs(rating.ordinal - (rating.mu - 3 * rating.sigma)) < 1e-9
        if final.ranking[0] != final.ranking[1]:  # winners up, losers down; a tie moves neither far
            assert (rating.mu > 25) == (rank == 1)


async def test_a_rematch_keeps_the_players_and_rates_them_again(served: Served) -> None:
    ann, bob = matchmaker(served), matchmaker(served)
    players = [await ann.create_player("Ann"), await bob.create_player("Bob")]
    created = await ann.games.create_game("tiny_dice", 2, "Ann")
    game = (await bob.games.join_game(created.game.game_id, "Bob")).game
    await play_randomly([ann.games, bob.games], game, random.Random(11))

    rematch = (await ann.games.rematch(game.game_id)).game
    await bob.games.rematch(game.game_id)
    again = await ann.games.get_game(rematch.game_id)
    assert [s.player_id for s in again.seats] == [players[1].player_id, players[0].player_id]  # rotated
    by_seat = {0: bob.games, 1: ann.games}
    await play_randomly([by_seat[0], by_seat[1]], again, random.Random(12))
    for player in players:
        (rating,) = (await ann.get_player(player.player_id)).ratings
        assert rating.games == 2


async def test_a_finished_game_is_rated_once(served: Served) -> None:
    ann, bob = matchmaker(served), matchmaker(served)
    player = await ann.create_player("Ann")
    created = await ann.games.create_game("tiny_dice", 2, "Ann")
    game = (await bob.games.join_game(created.game.game_id, "Bob")).game
    final = await play_randomly([ann.games, bob.games], game, random.Random(5))
    record = (await served.sessions.store.load(final.game_id)).record  # type: ignore[union-attr]
    await Ratings(served.sessions.store.match_store()).game_finished(
        record
    )  # a second report, as from a replica
    (rating,) = (await ann.get_player(player.player_id)).ratings
    assert rating.games == 1


async def test_matching_prefers_the_closest_rating(served: Served) -> None:
    """Three waiting players, rated 25, 40 and 26: the first two are beyond the window (3 + 0.5/s)
    until the third comes, and the first is seated with the third."""
    clients = [matchmaker(served) for _ in range(3)]
    ids = [(await c.create_player(f"P{n}")).player_id for n, c in enumerate(clients)]
    store = served.sessions.store.match_store()
    for n, (player_id, mu) in enumerate(zip(ids, (25.0, 40.0, 26.0), strict=True)):
        await store.apply_ratings(f"seed{n}", "tiny_dice", {player_id: None}, {player_id: Rating(mu, 3.0, 5)})
    tickets = [await c.create_ticket("tiny_dice", 2, f"P{n}") for n, c in enumerate(clients)]

    low, mid = await asyncio.gather(
        clients[0].matched(tickets[0].ticket_id), clients[2].matched(tickets[2].ticket_id)
    )

    assert low.game_id == mid.game_id
    assert (await clients[1].get_ticket(tickets[1].ticket_id)).status == SEARCHING


async def test_bad_matchmaking_input_gets_precise_statuses(served: Served) -> None:
    ann, bob = matchmaker(served), matchmaker(served)
    invalid = grpc.StatusCode.INVALID_ARGUMENT
    await expect_error(ann.create_ticket("chess", 2, "Ann"), invalid, "UNKNOWN_GAME_TYPE")
    await expect_error(ann.create_ticket("tiny_dice", 9, "Ann"), invalid, "INVALID_PLAYER_COUNT")
    await expect_error(ann.create_ticket("tiny_dice", 0, "Ann"), invalid, "INVALID_PLAYER_COUNT")
    fields = {
        "display_name": ann.create_ticket("tiny_dice", 2, ""),
        "bot_fill_after": ann.create_ticket("tiny_dice", 2, "Ann", bot_fill_after=-1),
        "bot_level": ann.create_ticket("tiny_dice", 2, "Ann", bot_level="godlike"),
        "game_type": ann.create_ticket("Chess!", 2, "Ann"),
    }
    for field, call in fields.items():
        assert (await expect_error(call, invalid, "INVALID_ARGUMENT")).metadata == {"field": field}
    too_long = ann.create_ticket("tiny_dice", 2, "Ann", bot_fill_after=3601)
    assert (await expect_error(too_long, invalid, "INVALID_ARGUMENT")).metadata == {"field": "bot_fill_after"}
    await expect_error(
        ann.create_ticket("tiny_dice", 2, "Ann", options={"nope": "1"}), invalid, "UNKNOWN_OPTION"
    )

    unauthenticated = grpc.StatusCode.UNAUTHENTICATED
    for bad in ("nonsense", "zp1.0123456789abcdef0123." + "a" * 43, "zk1.0123456789abcdef0123." + "a" * 43):
        ann.games.player_token = bad
        await expect_error(ann.create_ticket("tiny_dice", 2, "Ann"), unauthenticated, "UNAUTHENTICATED")
        await expect_error(ann.games.create_game("tiny_dice", 2, "Ann"), unauthenticated, "UNAUTHENTICATED")
    ann.games.player_token = None

    mine = await ann.create_ticket("tiny_dice", 3, "Ann")
    theirs = await bob.create_ticket("tiny_dice", 3, "Bob")
    token = ann.ticket_tokens[mine.ticket_id]
    await expect_error(
        bob.cancel_ticket(mine.ticket_id, token=bob.ticket_tokens[theirs.ticket_id]),
        grpc.StatusCode.NOT_FOUND,
        "TICKET_NOT_FOUND",
    )  # another ticket's token gets the answer a missing ticket gets (issue #32.5)
    await expect_error(bob.cancel_ticket(mine.ticket_id, token=""), unauthenticated, "UNAUTHENTICATED")
    forged = token[:-4] + "AAAA"
    await expect_error(
        bob.cancel_ticket(mine.ticket_id, token=forged), grpc.StatusCode.NOT_FOUND, "TICKET_NOT_FOUND"
    )
    await expect_error(
        ann.get_ticket("0" * 20, token="zk1." + "0" * 20 + "." + "a" * 43),
        grpc.StatusCode.NOT_FOUND,
        "TICKET_NOT_FOUND",
    )
    await expect_error(ann.get_ticket("xyz", token=token), invalid, "INVALID_ARGUMENT")
    await expect_error(ann.get_player("0" * 20), grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND")
    await expect_error(ann.get_player("not-an-id"), invalid, "INVALID_ARGUMENT")
    await expect_error(
        anext(ann.watch_ticket(mine.ticket_id, token=forged)), grpc.StatusCode.NOT_FOUND, "TICKET_NOT_FOUND"
    )
    assert (await ann.get_ticket(mine.ticket_id)).status == SEARCHING, "the wrong tokens left it as it was"

    assert (await ann.cancel_ticket(mine.ticket_id)).status == mm_pb.TICKET_STATUS_CANCELLED
    assert (await ann.cancel_ticket(mine.ticket_id)).status == mm_pb.TICKET_STATUS_CANCELLED  # idempotent
    solo = await ann.matched((await ann.create_ticket("tiny_dice", 1, "Ann")).ticket_id)
    await expect_error(
        ann.cancel_ticket(solo.ticket_id), grpc.StatusCode.FAILED_PRECONDITION, "TICKET_NOT_SEARCHING"
    )
    assert (await bob.get_ticket(theirs.ticket_id)).status == SEARCHING


async def test_an_abandoned_ticket_expires_and_a_watched_one_does_not(store_factory: StoreFactory) -> None:
    served = await start_server(Sessions(store_factory()), "any", ticket_abandon_seconds=0.6)
    try:
        left, kept = matchmaker(served), matchmaker(served)
        abandoned = await left.create_ticket("tiny_dice", 2, "Gone", options={"target": "20"})
        watched = await kept.create_ticket("tiny_dice", 3, "Here")
        updates = kept.watch_ticket(watched.ticket_id)
        assert (await anext(updates)).status == SEARCHING
        await asyncio.sleep(1.5)
        assert (await left.get_ticket(abandoned.ticket_id)).status == mm_pb.TICKET_STATUS_EXPIRED
        assert (await kept.get_ticket(watched.ticket_id)).status == SEARCHING
        await updates.aclose()
    finally:
        await served.close()


async def test_anonymous_play_keeps_working(served: Served) -> None:
    client: ZythosClient = served.client()
    created = await client.create_game("tiny_dice", 1, "Ann")
    assert created.game.seats[0].player_id == ""


async def test_ticket_watches_are_limited_per_client(store_factory: StoreFactory) -> None:
    served = await start_server(Sessions(store_factory()), "any", max_streams_per_client=1)
    try:
        ann = matchmaker(served)
        tickets = [
            await ann.create_ticket("tiny_dice", 4, "Ann", options={"target": t}) for t in ("10", "20")
        ]
        first = ann.watch_ticket(tickets[0].ticket_id)
        assert (await anext(first)).waiting == 1
        error = await expect_error(
            anext(ann.watch_ticket(tickets[1].ticket_id)),
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "TOO_MANY_STREAMS",
        )
        assert error.metadata == {"limit": "1"}
        await first.aclose()
        for _ in range(50):  # the server hears of the hang-up a moment later
            try:
                assert (await anext(ann.watch_ticket(tickets[1].ticket_id))).waiting == 1
                break
            except ZythosError as refused:
                assert refused.reason == "TOO_MANY_STREAMS"
                await asyncio.sleep(0.1)
        else:
            raise AssertionError("the first watch's place was never freed")
    finally:
        await served.close()
