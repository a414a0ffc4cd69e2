"""Ratings per player and game type: OpenSkill's Plackett-Luce model, moved once per finished game.

Every seat of a finished game takes part with its rank (tied seats share
one): a player's seat with the player's rating, a bot's with its level's,
an anonymous person's with a new player's. Only players' ratings are
written. A player who resigned counts as last, whatever the bot that took
the seat over made of it. A game is rated once: the store refuses a second
write for the same game and a write over ratings that moved meanwhile.

Bot levels have fixed ratings (``BOT_RATINGS``), derived from the arena
figures in docs/AI.md, so a bot can be picked to match a person.
"""

from __future__ import annotations

import logging

from openskill.models import PlackettLuce

from server.domain.records import GameRecord, GameStatus, SeatRecord
from server.store import StoreUnavailable
from server.store.match_base import MatchStore, Rating, RatingsMoved

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
NEW_PLAYER = Rating(MODEL.mu, MODEL.sigma)  # mu 25, sigma 25/3

# Bot levels on the players' scale, the same for every game type. `medium` is put at a new player's
# mu. `hard` beat `medium` by +70 Elo (docs/AI.md): a 0.60 expected score, which is a mu gap of
# sqrt(2) * beta * probit(0.60) = 1.41 * 4.17 * 0.25 = 1.5 under OpenSkill's beta = 25/6. `easy` loses
# to the greedy heuristic that `medium`'s search beats by about 0.9 (+380 Elo): an assumed gap of
# +400 Elo below `medium` (p = 0.91, a mu gap of 8) puts it at 17. A small sigma: these are not
# updated by games, so they must not be read as uncertain newcomers.
BOT_RATINGS = {
    "easy": Rating(17.0, 2.0),
    "medium": Rating(25.0, 2.0),
    "hard": Rating(26.5, 2.0),
}
# Rating writes retried when another game of the same player was rated meanwhile.
RATE_ATTEMPTS = 5


def closest_level(mu: float) -> str:
    """The bot level whose rating is closest to ``mu``."""
    return min(BOT_RATINGS, key=lambda level: abs(BOT_RATINGS[level].mu - mu))


def players_of(record: GameRecord) -> list[str]:
    """The players seated in a game, once each, in seat order."""
    return list(dict.fromkeys(seat.player_id for seat in record.seats if seat.player_id))


def _seat_rating(seat: SeatRecord, ratings: dict[str, Rating | None]) -> Rating:
    if seat.player_id:
        return ratings.get(seat.player_id) or NEW_PLAYER
    if seat.bot:
        return BOT_RATINGS.get(seat.bot_level, NEW_PLAYER)
    return NEW_PLAYER


def rated(record: GameRecord, ratings: dict[str, Rating | None]) -> dict[str, Rating]:
    """The players' new ratings after ``record`` finished (each player rated at their first seat)."""
    last = max(record.ranking, default=1) + 1
    ranks = [last if seat.resigned else rank for seat, rank in zip(record.seats, record.ranking, strict=True)]
    current = [_seat_rating(seat, ratings) for seat in record.seats]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in current]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    new: dict[str, Rating] = {}
    for seat, before, (moved,) in zip(record.seats, current, after, strict=True):
        if seat.player_id and seat.player_id not in new:
            new[seat.player_id] = Rating(moved.mu, moved.sigma, before.games + 1)
    return new


class Ratings:
    """Rates finished games into the store's ``MatchStore``."""

    def __init__(self, store: MatchStore) -> None:
        self._store = store

    async def game_finished(self, record: GameRecord) -> None:
        """Move the ratings of the players of a FINISHED game (never twice for one game).

        A game of one seat rates nobody. The move that ended the game is committed whatever
        happens here, so a failure is logged, never raised to the player who made it.
        """
        players = players_of(record)
        if record.status is not GameStatus.FINISHED or not players or record.players < 2:
            return
        try:
            await self._rate(record, players)
        except StoreUnavailable as exc:
            log.warning("game %s finished but was not rated: %s", record.game_id, exc)
        except Exception:  # a bug in rating must not turn a committed move into an error
            log.exception("game %s finished but was not rated", record.game_id)

    async def _rate(self, record: GameRecord, players: list[str]) -> None:
        for _ in range(RATE_ATTEMPTS):
            before = await self._store.load_ratings(record.game_type, players)
            try:
                await self._store.apply_ratings(
                    record.game_id, record.game_type, before, rated(record, before)
                )
                return
            except RatingsMoved:
                continue
        log.warning("game %s: ratings kept moving; not rated", record.game_id)
