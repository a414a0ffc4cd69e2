"""One player's game sheet: position, tracks, cheeses, goals, podium; and its final countdown."""

from __future__ import annotations

from dataclasses import dataclass

from engine import belgium
from engine.core.fields import DeclaredRecord, private, public
from engine.tbbr_dice.components import Tracks, components


class Sheet(DeclaredRecord, view_name="PlayerView"):
    """The sheet of one seat, declared once (engine/core/fields.py): everyone sees it but the
    personal goal, the offer being chosen from and the discarded personal cards, its seat's own."""

    position: str = public(lambda: belgium.GRAND_PLACE_ID)
    visited: list[str] = public(list, copy="list")  # breweries, in visiting order
    roads: list[str] = public(list, copy="list")  # distinct roads taken, as road keys, in order
    env_ticks: int = public(int)
    tastes: int = public(int)
    buys: int = public(int)
    cheeses_used: list[int] = public(list, copy="list")  # table slots eaten (twice only via reuse)
    cheese_ticks: int = public(int)
    # (common goal id, colour it counts as)
    goals: list[tuple[str, str]] = public(list, copy="list", from_json=lambda v: [tuple(g) for g in v])
    wild: bool = public(bool)  # Achel cheese eaten and not yet spent
    podium: int = public(int)
    finished: bool = public(bool)
    pending_penalty: int = public(int)  # dice fewer at the next choice (taste circles 4 and 8)
    # silver + gold being chosen from; all see that this seat is choosing
    offer: tuple[str, ...] = private(tuple, from_json=tuple, shows={"choosing": bool})
    personal: str = private(str, shows={"has_personal": bool})  # the kept personal goal
    personal_seen: list[str] = private(list, copy="list")  # personal cards this seat discarded

    # ---- derived track positions ----

    @property
    def breweries(self) -> int:
        return len(self.visited)

    def specialty_counts(self) -> dict[str, int]:
        counts = dict.fromkeys(components().tracks.specialty_rows, 0)
        for place in self.visited:
            for tag in belgium.brewery(place).specialties():
                counts[tag] += 1
        return counts

    def specialty_columns(self) -> int:
        tracks = components().tracks
        return min(min(self.specialty_counts().values()), len(tracks.specialty_column_bonus))

    def specialty_bonus(self) -> int:
        return sum(components().tracks.specialty_column_bonus[: self.specialty_columns()])

    def hop_columns(self) -> int:
        return min(self.tastes, self.buys)

    def hop_bonus(self) -> int:
        return sum(components().tracks.hop_column_bonus[: self.hop_columns()])

    def goal_colours(self) -> list[str]:
        return [colour for _, colour in self.goals]

    def in_red_section(self) -> bool:
        red = components().tracks.red_section_from
        return self.tastes >= red or self.buys >= red

    def dice_penalty(self) -> int:
        """Dice fewer at this choice: taste circles 4/8 once, the red section every turn."""
        return self.pending_penalty + (1 if self.in_red_section() else 0)


@dataclass(frozen=True)
class Countdown:
    """The final countdown of one sheet, line by line (the sheet's bottom table)."""

    breweries: int
    specialty: int
    goals: int
    cheese: int
    environment: int
    hop: int
    podium: int

    @property
    def total(self) -> int:
        return (
            self.breweries
            + self.specialty
            + self.goals
            + self.cheese
            + self.environment
            + self.hop
            + self.podium
        )


def _capped(values: tuple[int, ...], ticks: int) -> int:
    return values[min(ticks, len(values) - 1)]


def brewery_points(tracks: Tracks, visited: int) -> int:
    bonus = tracks.brewery_bonus if visited > tracks.brewery_bonus_above else 0
    return visited + bonus


def specialty_track_points(sheet: Sheet) -> int:
    """The four rows of the specialty brewery track alone (goal CY08 names this track, not its bonus)."""
    tracks = components().tracks
    return sum(_capped(tracks.specialty_points, n) for n in sheet.specialty_counts().values())


def specialty_points(sheet: Sheet) -> int:
    return specialty_track_points(sheet) + sheet.specialty_bonus()


def hop_points(sheet: Sheet) -> int:
    tracks = components().tracks
    return (
        _capped(tracks.hop_points, sheet.tastes) + _capped(tracks.hop_points, sheet.buys) + sheet.hop_bonus()
    )


def environment_points(sheet: Sheet) -> int:
    return _capped(components().tracks.environment_points, sheet.env_ticks)


def cheese_points(sheet: Sheet) -> int:
    return _capped(components().tracks.cheese_points, sheet.cheese_ticks)


def podium_points(sheet: Sheet, game_over: bool) -> int:
    """The podium step, or -5 per road to the Grand Place once the game is over without one."""
    if sheet.podium or not game_over:
        return sheet.podium
    return components().tracks.road_penalty * components().map.hops_to_grand_place[sheet.position]


def countdown(sheet: Sheet, personal_met: bool, game_over: bool) -> Countdown:
    comps = components()
    goals = sum(comps.common[g].points for g, _ in sheet.goals)
    if personal_met and sheet.personal:
        goals += comps.personal[sheet.personal].points
    return Countdown(
        breweries=brewery_points(comps.tracks, sheet.breweries),
        specialty=specialty_points(sheet),
        goals=goals,
        cheese=cheese_points(sheet),
        environment=environment_points(sheet),
        hop=hop_points(sheet),
        podium=podium_points(sheet, game_over),
    )
