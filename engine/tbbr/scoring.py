"""Scoring: the daily scorings and the final scoring, as named parts that sum to the score."""

from __future__ import annotations

from engine.tbbr import objectives
from engine.tbbr.data import BONUS_TRACKS, cards, tracks
from engine.tbbr.player import Player
from engine.tbbr.position import Position

TRACKS = tracks()


def tasted_vp(tasted: int) -> int:
    """2 VP per level of the Tasted Beers track; its 20 levels make the rulebook's 40 VP at most."""
    return min(tasted, TRACKS.tasted_max) * TRACKS.tasted_vp_per_beer


def visited_vp(count: int) -> int:
    """10/15/20/25/30 breweries score 10/15/22/30/40 VP, the lower step in between; 3 VP each beyond 30."""
    vp = 0
    for threshold, value in TRACKS.visited_steps:
        if count >= threshold:
            vp = value
    last = TRACKS.visited_steps[-1][0]
    return vp + max(0, count - last) * TRACKS.visited_beyond


def cheese_vp(player: Player) -> int:
    """The pawn's space, plus 5 VP per token: one each time the pawn reached the last space."""
    return TRACKS.cheese[player.cheese] + TRACKS.cheese_token_vp * player.cheese_tokens


def cheers_vp(player: Player) -> int:
    """The cube's space, plus 4 VP for the token added when it reached the last level."""
    return (
        TRACKS.cheers[min(player.cheers, len(TRACKS.cheers) - 1)]
        + TRACKS.cheers_token_vp * player.cheers_tokens
    )


def bonus_vp(player: Player) -> int:
    return sum(TRACKS.bonus[name][level] for name, level in zip(BONUS_TRACKS, player.bonus, strict=True))


def objectives_vp(player: Player) -> int:
    """Claimed level 1 and 2 cards; a flag card only if its condition still holds at the end."""
    all_cards = cards()
    return sum(
        all_cards[c].vp
        for c in player.objectives
        if all_cards[c].kind != "flag" or objectives.end_met(all_cards[c], player)
    )


def level3_vp(player: Player, level3: list[str]) -> int:
    all_cards = cards()
    return sum(all_cards[c].vp for c in level3 if objectives.end_met(all_cards[c], player))


def daily_vp(player: Player) -> int:
    """Daily scoring: the Tasted Beers track plus 1 VP per first-visitor disc and coaster."""
    return tasted_vp(player.tasted) + player.discs + player.coasters


def totals(state: Position) -> list[int]:
    """Each seat's score: the Scoring Track so far, the final scoring once the race is over."""
    return [sum(score_parts(state, seat).values()) for seat in range(state.num_players)]


def score_parts(state: Position, seat: int) -> dict[str, int]:
    """The Scoring Track so far and, once the race is over, every part of the final scoring."""
    pl = state.players[seat]
    parts = {"track": pl.score}
    if state.terminal:
        parts |= {
            "tasted": tasted_vp(pl.tasted),
            "discs_and_coasters": pl.discs + pl.coasters,
            "bonus": bonus_vp(pl),
            "backpack": pl.backpack,
            "cheese": cheese_vp(pl),
            "visited": visited_vp(len(pl.visited)),
            "objectives": objectives_vp(pl),
            "level3": level3_vp(pl, state.level3),
            "cheers": cheers_vp(pl),
        }
    return parts
