"""Seat A is served nothing of seat B's secrets, the undealt cards or the RNG.

Two games are made identical (same secret seeds), then B's hidden hand, the
undealt cards and the engine RNG of the second are changed in the store
before it starts. Played in lockstep through gRPC, every view and event
served to A (and to a spectator) must be the same in both games, while B's
own view does differ. No served byte may contain the server's seeds.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.core import registry
from engine.examples.tiny_dice import TinyDiceState
from server.sessions.facade import Sessions
from tests.server.harness import Served, StoreFactory, start_server
from zythos.client import ZythosClient
from zythos.v1 import game_service_pb2 as pb

DEAL_SEED, CHANCE_SEED = 0x5DEECE66D1234567, 0x2545F4914F6CDD1D
SECRETS = [str(s).encode() for s in (DEAL_SEED, CHANCE_SEED)] + [
    f"{s:x}".encode() for s in (DEAL_SEED, CHANCE_SEED)
]
A, B = 0, 1
STEPS = 60  # well before the end, where the final scores legitimately reveal B's secrets


def _perturb_tiny_dice(state: TinyDiceState) -> None:
    state.lucky[B], state.deck[0] = state.deck[0], state.lucky[B]
    state.deck.reverse()
    state.rng.state ^= 0xDEADBEEF


def _perturb_tbbr_dice(state: Any) -> None:
    """Swap B's personal offer with the last cards of the decks and reorder what nobody sees."""
    offer = state.sheets[B].offer
    state.sheets[B].offer = (state.silver[-1], state.gold[-1])
    state.silver[-1], state.gold[-1] = offer
    for deck in (state.silver, state.gold):  # keep the next few cards: A may be dealt them
        deck[3:] = deck[3:][::-1]
    for pile in state.piles:  # keep the visible top and the next card
        pile[2:] = pile[2:][::-1]
    state.cheese_rest.reverse()
    state.rng.state ^= 0xDEADBEEF


PERTURB: dict[str, Callable[[Any], None]] = {"tiny_dice": _perturb_tiny_dice, "tbbr_dice": _perturb_tbbr_dice}


def _view_key(view: pb.GameView) -> bytes:
    """The view without what differs between any two games (id, creation time)."""
    copy = pb.GameView()
    copy.CopyFrom(view)
    copy.game.ClearField("game_id")
    copy.game.ClearField("create_time")
    return copy.SerializeToString(deterministic=True)


def _event_key(event: pb.GameEvent) -> bytes:
    copy = pb.GameEvent()
    copy.CopyFrom(event)
    copy.ClearField("event_id")
    return copy.SerializeToString(deterministic=True)


def _assert_no_secret(*messages: Any) -> None:
    for message in messages:
        data = message.SerializeToString()
        assert not any(secret in data for secret in SECRETS), message


def _lockstep_choice(
    picker: random.Random, legal1: pb.ListLegalActionsResponse, legal2: pb.ListLegalActionsResponse
) -> tuple[str, str]:
    """The same action in both games, or (when B's secrets make them differ) the same rank in each list."""
    ids1, ids2 = sorted(a.id for a in legal1.actions), sorted(a.id for a in legal2.actions)
    common = sorted(set(ids1) & set(ids2))
    if common:
        choice = picker.choice(common)
        return choice, choice
    rank = picker.randrange(min(len(ids1), len(ids2)))
    return ids1[rank], ids2[rank]


async def _twin_games(served: Served, game_type: str) -> list[tuple[str, list[ZythosClient]]]:
    games = []
    for twin in range(2):
        a, b = served.client(), served.client()
        game_id = (await a.create_game(game_type, 2, "Ann")).game.game_id
        if twin:
            loaded = await served.sessions.store.load(game_id)
            assert loaded is not None
            game = registry.get(game_type)
            state = game.load(loaded.blob)
            PERTURB[game_type](state)
            await served.sessions.store.commit(loaded.revision, loaded.record, game.dump(state), [])
        await b.join_game(game_id, "Bob")
        games.append((game_id, [a, b]))
    return games


@pytest.mark.parametrize("game_type", sorted(PERTURB))
async def test_a_cannot_tell_games_apart_that_differ_only_in_b_secrets(
    store_factory: StoreFactory, game_type: str
) -> None:
    seeds = itertools.cycle((DEAL_SEED, CHANCE_SEED))
    store = store_factory()
    served = await start_server(Sessions(store, seeds=lambda: next(seeds)), type(store).__name__)
    try:
        await _play_twins(served, game_type)
    finally:
        await served.close()


async def _play_twins(served: Served, game_type: str) -> None:
    twins = await _twin_games(served, game_type)
    (id1, seats1), (id2, seats2) = twins
    spectator = served.client()
    b_views = [await seats1[B].get_view(id1), await seats2[B].get_view(id2)]
    picker = random.Random(3)
    b_seen: list[list[bytes]] = [[], []]
    for _ in range(STEPS):
        a1, a2 = await seats1[A].get_view(id1), await seats2[A].get_view(id2)
        s1, s2 = await spectator.get_view(id1), await spectator.get_view(id2)
        assert _view_key(a1) == _view_key(a2) and _view_key(s1) == _view_key(s2)
        _assert_no_secret(a1, s1, *b_views)
        if a1.game.status != pb.GAME_STATUS_ACTIVE:
            break
        actor = a1.game.to_act[0]
        legal1 = await seats1[actor].list_legal_actions(id1)
        legal2 = await seats2[actor].list_legal_actions(id2)
        if actor == A:
            assert legal1 == legal2
        choice1, choice2 = _lockstep_choice(picker, legal1, legal2)
        r1 = await seats1[actor].submit_action(id1, choice1, expected_version=a1.game.version)
        r2 = await seats2[actor].submit_action(id2, choice2, expected_version=a2.game.version)
        if actor == A:
            assert [_event_key(e) for e in r1.events] == [_event_key(e) for e in r2.events]
        else:  # what B is told of its own moves
            b_seen[0] += [_event_key(e) for e in r1.events]
            b_seen[1] += [_event_key(e) for e in r2.events]
        _assert_no_secret(r1, r2, legal1, legal2)
    # ...while B, who may see its secrets, can tell the two games apart.
    assert b_seen[0] != b_seen[1] or _view_key(b_views[0]) != _view_key(b_views[1])
    for game_id, seats in ((id1, seats1), (id2, seats2)):  # end both games, so their streams end
        for client in (seats[B], seats[A]):  # B's seat goes to a bot; A, the last human, abandons
            if (await client.get_game(game_id)).status == pb.GAME_STATUS_ACTIVE:
                await client.leave_game(game_id)
    for first, second in ((seats1[A], seats2[A]), (spectator, spectator)):
        stream1 = [e async for e in first.stream_events(id1)]
        stream2 = [e async for e in second.stream_events(id2)]
        assert [_event_key(e) for e in stream1] == [_event_key(e) for e in stream2]
        _assert_no_secret(*stream1)
