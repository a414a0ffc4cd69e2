"""The ``MatchStore`` contract, over the memory store and Redis alike: every ticket move is all or nothing."""

from __future__ import annotations

import asyncio

import pytest

from server.store.match_base import PlayerRecord, Rating, RatingsMoved, Seating, TicketRequest, TicketStatus
from tests.server.harness import StoreFactory


def request(ticket_id: str, pool: str = "tiny_dice:2:x") -> TicketRequest:
    return TicketRequest(ticket_id, "hash", "tiny_dice", 2, {}, pool, "P", "", 25.0, 0.0, "")


async def test_a_claim_takes_every_ticket_or_none(store_factory: StoreFactory) -> None:
    store = store_factory().match_store()
    for n in range(3):
        await store.create_ticket(request(f"{n:020x}"), abandon_after=30)
    ids = [f"{n:020x}" for n in range(3)]
    assert await store.cancel_ticket(ids[2], keep=60) is not None

    assert not await store.claim_tickets(ids, ttl=10)  # one is cancelled: nobody is claimed
    assert await store.claim_tickets(ids[:2], ttl=10)
    assert not await store.claim_tickets(ids[:1], ttl=10)  # claimed already
    assert (await store.searching()).pools == {}

    seating = Seating("g" * 20, 1, "token", bot_filled=False)
    done = await store.finish_match({ids[0]: seating}, keep=60)
    assert [(t.status, t.seating) for t in done] == [(TicketStatus.MATCHED, seating)]
    assert await store.finish_match({ids[0]: seating}, keep=60) == []  # never matched twice
    ticket = await store.touch_ticket(ids[0], abandon_after=30)
    assert ticket is not None and ticket.end_ms >= ticket.create_ms


async def test_concurrent_claims_of_overlapping_groups_seat_each_ticket_once(
    store_factory: StoreFactory,
) -> None:
    store = store_factory().match_store()
    ids = [f"{n:020x}" for n in range(6)]
    for ticket_id in ids:
        await store.create_ticket(request(ticket_id), abandon_after=30)
    groups = [ids[i : i + 2] for i in range(5)]  # each overlaps the next
    won = await asyncio.gather(*(store.claim_tickets(group, ttl=10) for group in groups))
    claimed = [t for group, ok in zip(groups, won, strict=True) if ok for t in group]
    assert len(claimed) == len(set(claimed)) >= 2


async def test_a_lapsed_claim_searches_again_and_a_silent_ticket_expires(store_factory: StoreFactory) -> None:
    store = store_factory().match_store()
    await store.create_ticket(request("a" * 20), abandon_after=0.3)
    await store.create_ticket(request("b" * 20), abandon_after=30)
    assert await store.claim_tickets(["b" * 20], ttl=0.1)
    await asyncio.sleep(0.4)

    assert await store.release_lapsed_claims(abandon_after=30) == 1
    expired = await store.expire_abandoned(keep=60)
    assert [t.request.ticket_id for t in expired] == ["a" * 20]
    snapshot = await store.searching()
    assert [t.request.ticket_id for t in snapshot.pools["tiny_dice:2:x"]] == ["b" * 20]
    b = await store.touch_ticket("b" * 20, abandon_after=30)
    assert b is not None and (b.status, b.waiting) == (TicketStatus.SEARCHING, 1)


async def test_one_matcher_leads_at_a_time(store_factory: StoreFactory) -> None:
    store = store_factory().match_store()
    assert await store.lead("one", ttl=0.3)
    assert not await store.lead("two", ttl=0.3)
    assert await store.lead("one", ttl=0.3)
    await asyncio.sleep(0.4)
    assert await store.lead("two", ttl=0.3)


async def test_a_game_is_rated_once_and_never_over_moved_ratings(store_factory: StoreFactory) -> None:
    store = store_factory().match_store()
    await store.create_player(PlayerRecord("c" * 20, "Ann", "hash", 0.0))
    first = Rating(27.0, 8.0, 1)
    assert await store.apply_ratings("g1", "tiny_dice", {"c" * 20: None}, {"c" * 20: first})
    assert not await store.apply_ratings("g1", "tiny_dice", {"c" * 20: first}, {"c" * 20: Rating(1, 1, 2)})
    with pytest.raises(RatingsMoved):
        await store.apply_ratings("g2", "tiny_dice", {"c" * 20: None}, {"c" * 20: Rating(1, 1, 1)})
    player = await store.load_player("c" * 20)
    assert player is not None and player.ratings == {"tiny_dice": first}
