"""One player's game sheet: position, tracks, cheeses, goals, podium; and its final countdown."""

from __future__ import annotations

from dataclasses import dataclass

from engine import belgium
from engine.tbbr_dice.components import Tracks, components


class Sheet:
    """The mutable sheet of one seat. ``clone`` copies every list (no deepcopy: search clones a lot)."""

    __slots__ = (
        "buys",
        "cheese_ticks",
        "cheeses_used",
        "env_ticks",
        "finished",
        "goals",
        "offer",
        "pending_penalty",
        "personal",
        "personal_seen",
        "podium",
        "position",
        "roads",
        "tastes",
        "visited",
        "wild",
    )

    def __init__(self) -> None:
        self.position: str = belgium.GRAND_PLACE_ID
        self.visited: list[str] = []  # breweries, in visiting order
        self.roads: list[str] = []  # distinct roads taken, as road keys, in order
        self.env_ticks = 0
        self.tastes = 0
        self.buys = 0
        self.cheeses_used: list[int] = []  # table slots eaten (a slot twice only via the reuse cheese)
        self.cheese_ticks = 0
        self.goals: list[tuple[str, str]] = []  # (common goal id, colour it counts as)
        self.wild = False  # Achel cheese eaten and not yet spent
        self.personal = ""  # kept personal goal (secret)
        self.offer: tuple[str, ...] = ()  # silver + gold being chosen from (secret)
        self.personal_seen: list[str] = []  # personal cards this seat discarded (it knows them)
        self.podium = 0
        self.finished = False
        self.pending_penalty = 0  # dice fewer at the next choice (taste circles 4 and 8)

    def clone(self) -> Sheet:
        s = Sheet.__new__(Sheet)
        s.position = self.position
        s.visited = list(self.visited)
        s.roads = list(self.roads)
        s.env_ticks = self.env_ticks
        s.tastes = self.tastes
        s.buys = self.buys
        s.cheeses_used = list(self.cheeses_used)
        s.cheese_ticks = self.cheese_ticks
        s.goals = list(self.goals)
        s.wild = self.wild
        s.personal = self.personal
        s.offer = self.offer
        s.personal_seen = list(self.personal_seen)
        s.podium = self.podium
        s.finished = self.finished
        s.pending_penalty = self.pending_penalty
        return s

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
