"""The decision or chance step a game is waiting for, as one public frozen record."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

# kind: who decides what
#   start    seat picks its starting brewery (shorter game)
#   roll     chance: the dice of a public transport or hitchhiking move (count dice)
#   pay      seat gives the driver one more beer (count left)
#   onboard  seat may taste one more carried beer on public transport (count left)
#   gift     arriving seat picks the beer for opponent others[len(gifts)]
#   offer    opponent others[len(offers)] picks the beer for the arriving seat
#   pick     arriving seat, at its limit, picks which offered beer to taste next (offers left)
#   redeem   seat about to fall asleep in a toast: eat a cheese or sleep (queue: tastings left)
#   camp     seat converts one more carried beer, or stops
#   bottle   seat crossed bottle token `count`: break it (remove a card) or keep it
#   claim    active seat's turn is over: claim more objectives or end the turn
#   night    every day is over: seat (finish[count]) may eat a cheese before the night, or stop
KINDS = (
    "start",
    "roll",
    "pay",
    "onboard",
    "gift",
    "offer",
    "pick",
    "redeem",
    "camp",
    "bottle",
    "claim",
    "night",
)


@dataclass(frozen=True)
class Pending:
    kind: str
    seat: int  # the seat that decides (or rolls)
    owner: int = -1  # the seat whose action this step belongs to (the arriving player in a toast)
    mode: str = ""
    dest: str = ""
    count: int = 0
    tu: int = 0
    others: tuple[int, ...] = ()
    gifts: tuple[int, ...] = ()
    offers: tuple[int, ...] = ()
    queue: tuple[tuple[int, int], ...] = ()  # (seat, colour) tastings still to apply

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Pending:
        return Pending(
            kind=data["kind"],
            seat=data["seat"],
            owner=data["owner"],
            mode=data["mode"],
            dest=data["dest"],
            count=data["count"],
            tu=data["tu"],
            others=tuple(data["others"]),
            gifts=tuple(data["gifts"]),
            offers=tuple(data["offers"]),
            queue=tuple((int(s), int(c)) for s, c in data["queue"]),
        )
