"""Matchmaking as shared work: two server processes on one Redis, tickets from concurrent clients.

The acceptance scenario of issue #17: 40 tickets of mixed game types and
player counts, created and watched on both replicas at once, make games in
which every ticket has exactly one seat, no seat is given twice and no game
is made twice; the tickets that find nobody get bots once their
bot_fill_after has passed (asserted on the store's timestamps, with the
loop's slack); a bot worker on one replica plays those bots. A ticket also
outlives the replica it was created on.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

import redis

from bench.procs import Processes
from tests.replicas.support import BOT_SECRET, QUICK_BOTS, sample_sum, start_replica, until
from zythos.client import ZythosClient
from zythos.matchmaking import MatchmakingClient
from zythos.v1 import game_service_pb2 as pb
from zythos.v1 import matchmaking_service_pb2 as mm_pb

BOT_FILL = 2.0
LEASE_KEY = "zythos:{mm}:leader"  # server/store/redis_match.py
# (game type, players, options, tickets): the people-only kinds fill whole tables...
WITH_PEOPLE = [
    ("tiny_dice", 2, {}, 12),
    ("tiny_dice", 3, {}, 9),
    ("tbbr_dice", 2, {}, 10),
    ("tiny_dice", 4, {}, 4),
]
# ...and each of these kinds has one ticket only: bots must fill its other seats.
ALONE = [
    ("tiny_dice", 2, {"target": "20"}),
    ("tiny_dice", 3, {"target": "20"}),
    ("tiny_dice", 4, {"target": "20"}),
    ("tbbr_dice", 3, {}),
    ("tbbr_dice", 4, {}),
]


def seconds_waited(ticket: mm_pb.Ticket) -> float:
    return (ticket.end_time.ToMilliseconds() - ticket.create_time.ToMilliseconds()) / 1000


async def test_forty_concurrent_tickets_on_two_replicas_each_get_one_seat(redis_url: str) -> None:
    with Processes() as procs:
        replicas = [start_replica(procs, redis_url), start_replica(procs, redis_url)]
        procs.bots(replicas[0].target, BOT_SECRET, *QUICK_BOTS)
        asks = [(t, n, o, 0.0) for t, n, o, count in WITH_PEOPLE for _ in range(count)]
        asks += [(t, n, o, BOT_FILL) for t, n, o in ALONE]
        assert len(asks) == 40
        clients = [MatchmakingClient(ZythosClient(replicas[i % 2].target)) for i in range(len(asks))]

        async def queue(
            client: MatchmakingClient, ask: tuple[str, int, dict[str, str], float]
        ) -> mm_pb.Ticket:
            game_type, players, options, fill = ask
            created = await client.create_ticket(
                game_type, players, "P", options=options, bot_fill_after=fill
            )
            return await client.matched(created.ticket_id)

        tickets = await asyncio.wait_for(asyncio.gather(*map(queue, clients, asks)), 120)

        assert all(t.status == mm_pb.TICKET_STATUS_MATCHED for t in tickets)
        seats = [(t.game_id, t.seat) for t in tickets]
        assert len(set(seats)) == len(seats), "a seat was given twice"
        by_game: dict[str, list[mm_pb.Ticket]] = defaultdict(list)
        for ticket in tickets:
            by_game[ticket.game_id].append(ticket)
        looker = clients[0].games
        for game_id, seated in by_game.items():
            game = await looker.get_game(game_id)
            people = sorted(s.seat for s in game.seats if not s.bot)
            assert people == sorted(t.seat for t in seated), game_id
            kinds = {(t.game_type, t.players, tuple(sorted(t.options.items()))) for t in seated}
            assert len(kinds) == 1 and game.game_type == seated[0].game_type
        created = sum(sample_sum(r.scrape(), "zythos_games_created_total") for r in replicas)
        assert created == len(by_game) == 6 + 3 + 5 + 1 + len(ALONE), "a match was made twice"
        matched = sum(sample_sum(r.scrape(), "zythos_tickets_matched_total") for r in replicas)
        assert matched == 40

        alone = [t for t in tickets if t.bot_filled]
        assert len(alone) == len(ALONE) and all(len(by_game[t.game_id]) == 1 for t in alone)
        for ticket in alone:  # on Redis's clock; the matcher's rounds are 0.2 s apart
            assert BOT_FILL <= seconds_waited(ticket) <= BOT_FILL + 1.0, seconds_waited(ticket)

        async def bots_seated() -> bool:
            # Started: the last bot seat was taken. A bot may also have won already (a tiny_dice bot
            # can reach 20 in its first push-your-luck turn, before the person's turn comes).
            games = [await looker.get_game(t.game_id) for t in alone]
            return all(g.status in (pb.GAME_STATUS_ACTIVE, pb.GAME_STATUS_FINISHED) for g in games)

        await until(bots_seated, 60, "the worker took the bot seats of the bot-filled games")
        for client in clients:
            await client.games.close()


async def test_a_ticket_outlives_the_replica_it_was_made_on(redis_url: str) -> None:
    """The first replica takes the matcher's lease before the second starts, then dies holding it:
    its ticket is answered and matched by the second once the lease has lapsed."""
    with Processes() as procs:
        first = start_replica(procs, redis_url)
        leader = redis.Redis.from_url(redis_url)
        await until(lambda: leader.exists(LEASE_KEY), 10, "the first replica took the matcher's lease")
        second = start_replica(procs, redis_url)
        ann = MatchmakingClient(ZythosClient(first.target))
        ticket = await ann.create_ticket("tiny_dice", 2, "Ann")
        token = ann.ticket_tokens[ticket.ticket_id]
        procs.kill(first.child)
        bob = MatchmakingClient(ZythosClient(second.target))
        theirs = await bob.create_ticket("tiny_dice", 2, "Bob")
        resumed = MatchmakingClient(ZythosClient(second.target))
        mine = await asyncio.wait_for(resumed.watch_ticket(ticket.ticket_id, token=token).__anext__(), 10)
        assert mine.status == mm_pb.TICKET_STATUS_SEARCHING

        async def both_matched() -> bool:
            now = [
                await resumed.get_ticket(ticket.ticket_id, token=token),
                await bob.get_ticket(theirs.ticket_id),
            ]
            return (
                all(t.status == mm_pb.TICKET_STATUS_MATCHED for t in now) and now[0].game_id == now[1].game_id
            )

        await until(both_matched, 20, "the other replica matched the ticket of the dead one")
        for client in (ann, bob, resumed):
            await client.games.close()
        leader.close()
