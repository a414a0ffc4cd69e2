"""Matchmaking: tickets that wait in the store until the matcher seats them in a game.

Any replica answers for any ticket (they live in the store's
``MatchStore``). Every replica runs the matching loop, but only the one
holding the matcher's lease matches in a round; even two matchers could not
seat a ticket twice, since a group's tickets are claimed in one atomic step
before its game is made. A matcher that dies after a claim leaves the claim
to lapse, and the tickets search again. A round also expires the tickets
nobody watched or polled for ``abandon_seconds``.

A made game is an ordinary game: its people are seated at random seats with
fresh seat tokens (each delivered on its ticket), its bot seats are queued
for the bot workers like those of CreateGame.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import orjson

from server.domain import validation
from server.domain.errors import GameError, Reason
from server.matchmaking import grouping
from server.players.ratings import NEW_PLAYER, closest_level
from server.security import player_tokens
from server.sessions.context import game_of
from server.sessions.facade import Newcomer, Sessions
from server.sessions.lifecycle import resolved_options
from server.store import StoreUnavailable, raise_if_cancelled
from server.store.match_base import Seating, Ticket, TicketRequest, TicketStatus

if TYPE_CHECKING:
    from server.bots.dispatcher import BotDispatcher

log = logging.getLogger(__name__)


DEFAULT_WINDOW = grouping.Window(3.0, 0.5)


@dataclass(frozen=True)
class MatchSettings:
    """The matcher's timings (seconds) and rating window (docs/CONFIG.md)."""

    abandon_seconds: float = 30.0
    keep_seconds: float = 600.0
    tick_seconds: float = 0.2
    lease_seconds: float = 3.0
    claim_seconds: float = 10.0  # a claimed group's game must be made within this
    window: grouping.Window = DEFAULT_WINDOW
    poll_seconds: float = 0.2  # how often WatchTicket reads its ticket


@dataclass(frozen=True)
class NewTicket:
    """What CreateTicket asks for, checked by ``Matchmaker.create``."""

    game_type: str
    players: int
    options: Mapping[str, str]
    display_name: str
    bot_fill_after: float
    bot_level: str
    player_id: str = ""
    clock: tuple[float, float] = (0.0, 0.0)  # (seconds per turn, reserve seconds), validated; (0, 0): none


def pool_of(game_type: str, players: int, options: Mapping[str, str], clock: tuple[float, float]) -> str:
    """The name of the kind of game a ticket waits for: same type, player count, options and clock."""
    kind = orjson.dumps([dict(options), list(clock)], option=orjson.OPT_SORT_KEYS)
    return f"{game_type}:{players}:{hashlib.sha256(kind).hexdigest()[:16]}"


class Matchmaker:
    """Tickets (create, read, watch, cancel) and this replica's matching loop."""

    def __init__(
        self,
        sessions: Sessions,
        bots: BotDispatcher | None = None,
        settings: MatchSettings | None = None,
    ) -> None:
        self._sessions = sessions
        self._store = sessions.store.match_store()
        self._bots = bots
        self._settings = settings or MatchSettings()
        self._holder = f"matcher-{player_tokens.new_id()}"

    async def create(self, asked: NewTicket) -> tuple[Ticket, str]:
        """A SEARCHING ticket and its token."""
        game = game_of(validation.game_type(asked.game_type))
        name = validation.display_name(asked.display_name)
        options = resolved_options(game, asked.players, validation.options(dict(asked.options)))
        level = validation.bot_level(asked.bot_level, "bot_level") if asked.bot_level else ""
        ticket_id = player_tokens.new_id()
        token, token_hash = player_tokens.issue(player_tokens.TICKET, ticket_id)
        rating = NEW_PLAYER
        if asked.player_id:
            rating = (await self._store.load_ratings(game.name, [asked.player_id]))[asked.player_id] or rating
        request = TicketRequest(
            ticket_id,
            token_hash,
            game.name,
            asked.players,
            options,
            pool_of(game.name, asked.players, options, asked.clock),
            name,
            asked.player_id,
            rating.mu,
            validation.bot_fill_after(asked.bot_fill_after),
            level,
            *asked.clock,
        )
        ticket = await self._store.create_ticket(request, self._settings.abandon_seconds)
        self._sessions.observer.ticket_created(game.name)
        return ticket, token

    async def get(self, ticket_id: str, token: str | None) -> Ticket:
        """The ticket, for its holder; reading it counts as the holder still waiting."""
        ticket_id = validation.hex_id("ticket_id", ticket_id)
        claimed = player_tokens.claimed_id(player_tokens.TICKET, _required(token))
        if claimed != ticket_id:  # a token that is not this ticket's learns nothing and touches nothing
            raise GameError(Reason.TICKET_NOT_FOUND, f"no ticket {ticket_id}", ticket_id=ticket_id)
        ticket = await self._store.touch_ticket(ticket_id, self._settings.abandon_seconds)
        if ticket is None:
            raise GameError(Reason.TICKET_NOT_FOUND, f"no ticket {ticket_id}", ticket_id=ticket_id)
        if not player_tokens.matches(_required(token), ticket.request.token_hash):
            raise GameError(Reason.TICKET_NOT_FOUND, f"no ticket {ticket_id}", ticket_id=ticket_id)
        return ticket

    async def watch(self, ticket_id: str, token: str | None, stop: asyncio.Event) -> AsyncIterator[Ticket]:
        """The ticket now, then each change (status or waiting count) until it ends or ``stop`` is set."""
        shown: tuple[TicketStatus, int] | None = None
        while not stop.is_set():
            ticket = await self.get(ticket_id, token)
            seen = (public_status(ticket), ticket.waiting)
            if seen != shown:
                shown = seen
                yield ticket
            if ticket.status.is_over:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self._settings.poll_seconds)

    async def cancel(self, ticket_id: str, token: str | None) -> Ticket:
        """Cancel the holder's SEARCHING ticket (a CANCELLED one is answered as it is)."""
        ticket = await self.get(ticket_id, token)
        if ticket.status is TicketStatus.SEARCHING:
            ticket = await self._store.cancel_ticket(ticket_id, self._settings.keep_seconds) or ticket
            if ticket.status is TicketStatus.CANCELLED:
                self._ended(ticket)
        if ticket.status is not TicketStatus.CANCELLED:
            status = public_status(ticket).value.lower()
            raise GameError(
                Reason.TICKET_NOT_SEARCHING, f"ticket {ticket_id} is {status}", ticket_id=ticket_id
            )
        return ticket

    async def run(self) -> None:
        """The replica's matching loop: a round whenever it holds the lease; until cancelled."""
        while True:
            raise_if_cancelled()
            try:
                if await self._store.lead(self._holder, self._settings.lease_seconds):
                    await self.match_round()
            except StoreUnavailable as exc:
                log.warning("matchmaking waits for the store: %s", exc)
            except Exception:  # a bug must not stop matchmaking for good
                log.exception("matching round failed; it goes on at the next round")
            await asyncio.sleep(self._settings.tick_seconds)

    async def match_round(self) -> None:
        """One round: expire abandoned tickets, search again after lapsed claims, make the games due."""
        for ticket in await self._store.expire_abandoned(self._settings.keep_seconds):
            self._ended(ticket)
        await self._store.release_lapsed_claims(self._settings.abandon_seconds)
        snapshot = await self._store.searching()
        for tickets in snapshot.pools.values():
            by_id = {t.request.ticket_id: t for t in tickets}
            waiting = [_waiting(t) for t in tickets]
            made = grouping.groups(
                waiting, tickets[0].request.players, snapshot.now_ms, self._settings.window
            )
            for group in made:
                try:
                    await self._make([by_id[t] for t in group.ticket_ids])
                except GameError as exc:  # its claims lapse and the tickets search again
                    log.warning("a match of %s was not made: %s", group.ticket_ids, exc)

    async def _make(self, tickets: list[Ticket]) -> None:
        """Claim the tickets, make their game (bots in the seats they leave), and hand each its seat."""
        ids = [t.request.ticket_id for t in tickets]
        if not await self._store.claim_tickets(ids, self._settings.claim_seconds):
            return  # one was cancelled or expired meanwhile: the others search on
        first = tickets[0].request
        people, bot_seats = _deal(tickets)
        humans = {seat: Newcomer(t.request.display_name, t.request.player_id) for seat, t in people}
        record, issued = await self._sessions.create_matched(
            first.game_type,
            first.options,
            first.players,
            humans,
            bot_seats,
            (first.clock_turn, first.clock_reserve),
        )
        if bot_seats and self._bots is not None:
            await self._bots.want(record)
        seatings = {
            t.request.ticket_id: Seating(record.game_id, seat, issued[seat], bool(bot_seats))
            for seat, t in people
        }
        done = await self._store.finish_match(seatings, self._settings.keep_seconds)
        if len(done) < len(tickets):
            log.warning(
                "game %s: %d ticket claim(s) lapsed before the match",
                record.game_id,
                len(tickets) - len(done),
            )
        for ticket in done:
            self._ended(ticket)

    def _ended(self, ticket: Ticket) -> None:
        wait = max(0.0, (ticket.end_ms - ticket.create_ms) / 1000)
        bot_filled = ticket.seating is not None and ticket.seating.bot_filled
        self._sessions.observer.ticket_ended(ticket.request.game_type, ticket.status.value, wait, bot_filled)


def _waiting(ticket: Ticket) -> grouping.Waiting:
    request = ticket.request
    return grouping.Waiting(
        request.ticket_id, ticket.create_ms, request.rating, request.bot_fill_after, request.player_id
    )


def _deal(tickets: list[Ticket]) -> tuple[list[tuple[int, Ticket]], dict[int, str]]:
    """Seats at random: (seat, ticket) for each person, and the bot level of every seat left."""
    players = tickets[0].request.players
    seats = random.sample(range(players), players)  # the people's first, then the bots'
    level = _bot_level(tickets)
    return list(zip(seats, tickets, strict=False)), {seat: level for seat in seats[len(tickets) :]}


def public_status(ticket: Ticket) -> TicketStatus:
    """The status a client sees: a claim in progress is still SEARCHING."""
    return TicketStatus.SEARCHING if ticket.status is TicketStatus.MATCHING else ticket.status


def _required(token: str | None) -> str:
    if token is None:
        raise GameError(Reason.UNAUTHENTICATED, "this call needs `authorization: Bearer <ticket token>`")
    return token


def _bot_level(tickets: list[Ticket]) -> str:
    """The level asked by the longest-waiting ticket that named one, else the closest to their ratings."""
    named = next((t.request.bot_level for t in tickets if t.request.bot_level), "")
    return named or closest_level(sum(t.request.rating for t in tickets) / len(tickets))


__all__ = ["MatchSettings", "Matchmaker", "NewTicket", "pool_of", "public_status"]
