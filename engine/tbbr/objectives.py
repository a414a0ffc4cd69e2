"""Objective card conditions.

Lightning cards look at what the active player did during the current turn
(the turn log); star cards at the player's position when claimed; flag cards
at the end of the game (and, to be claimed, when claimed). The log holds short
facts such as ``"taste:2"`` (a red beer tasted) or ``"move:bicycle:6"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.tbbr.data import BONUS_TRACKS, Card, board

if TYPE_CHECKING:
    from engine.tbbr.player import Player


def _group_members(group: str) -> frozenset[str]:
    places = board().places
    return frozenset(p for p in board().breweries if group in places[p].groups)


def _visited_in(player: Player, group: str) -> int:
    return len(player.visited & _GROUPS[group])


def _state_checks() -> dict[str, Callable[[Card, Player], bool]]:
    places = board().places
    return {
        "own_colour": lambda c, p: p.beers[c.colour] >= c.n,
        "own_all": lambda c, p: all(p.beers),
        "backpack": lambda c, p: sum(p.beers) >= c.n,
        "visited": lambda c, p: len(p.visited) >= c.n,
        "visited_colour": lambda c, p: sum(places[v].colour == c.colour for v in p.visited) >= c.n,
        "tasted": lambda c, p: p.tasted >= c.n,
        "cheers": lambda c, p: p.cheers >= c.n,
        "cheese": lambda c, p: p.cheese >= c.n,
        "tokens": lambda c, p: p.discs + p.coasters >= c.n,
        "bonus": lambda c, p: sum(p.bonus) >= c.n,
        "at_tag": lambda c, p: c.tag in places[p.location].groups,
        "tag_all": lambda c, p: _visited_in(p, c.tag) == len(_GROUPS[c.tag]),
        "tag_count": lambda c, p: _visited_in(p, c.tag) >= c.n,
    }


def _facts(log: Sequence[str], prefix: str) -> list[list[str]]:
    return [fact.split(":")[1:] for fact in log if fact.split(":", 1)[0] == prefix]


def _lightning_checks() -> dict[str, Callable[[Card, Sequence[str]], bool]]:
    places = board().places
    return {
        "taste_colour": lambda c, log: [str(c.colour)] in _facts(log, "taste"),
        "taste_count": lambda c, log: len(_facts(log, "taste")) >= c.n,
        "buy_colour": lambda c, log: [str(c.colour)] in _facts(log, "buy"),
        "buy_cheese": lambda c, log: bool(_facts(log, "cheese")),
        "move_mode": lambda c, log: any(m == c.mode and int(tu) >= c.n for m, tu in _facts(log, "move")),
        "hitch_pay": lambda c, log: bool(_facts(log, "pay")),
        "toast": lambda c, log: any(int(k) >= c.n for (k,) in _facts(log, "toast")),
        "new_visits": lambda c, log: len(_facts(log, "new")) >= c.n,
        "arrive_tag": lambda c, log: any(c.tag in places[p].groups for (p,) in _facts(log, "arrive")),
    }


_GROUPS = {group: _group_members(group) for group in (*BONUS_TRACKS, "brussels")}
_STATE = _state_checks()
_LIGHTNING = _lightning_checks()


def condition_met(card: Card, player: Player, log: Sequence[str]) -> bool:
    """Whether ``player`` (the active player, with this turn's ``log``) fulfils ``card`` now."""
    if card.kind == "lightning":
        return _LIGHTNING[card.cond](card, log)
    return _STATE[card.cond](card, player)


def end_met(card: Card, player: Player) -> bool:
    """Whether a flag card's condition holds at the end of the game."""
    return _STATE[card.cond](card, player)


def validate(all_cards: dict[str, Card]) -> None:
    """Fail fast at import if a card names a condition this module does not know."""
    for card in all_cards.values():
        table = _LIGHTNING if card.kind == "lightning" else _STATE
        if card.cond not in table:
            raise ValueError(f"objective {card.id}: unknown {card.kind} condition {card.cond!r}")
