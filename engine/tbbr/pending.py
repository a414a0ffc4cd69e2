"""The step a game waits for: one small public frozen record per kind, holding what that kind needs.

``seat`` decides (or, for a roll, is the seat whose dice are rolled); ``owner`` is the seat whose
action the step belongs to (the arriving player in a toast). What each kind may do, and what
each choice does, is the table in ``decisions``. Field names are the wire's (``TbbrPending``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

Tasting = tuple[int, int]  # (seat, beer colour)


@dataclass(frozen=True)
class StartStep:
    """Shorter game: the seat picks its starting brewery."""

    kind: ClassVar[str] = "start"
    seat: int


@dataclass(frozen=True)
class _OwnedStep:
    seat: int
    owner: int


@dataclass(frozen=True)
class _MoveStep(_OwnedStep):
    mode: str
    dest: str
    count: int
    tu: int


@dataclass(frozen=True)
class RollStep(_MoveStep):
    """Chance: the dice of a public transport (one die) or hitchhiking (``count`` dice) move."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True)
class PayStep(_MoveStep):
    """The seat gives the driver one more beer (``count`` left) to ride to ``dest`` in ``tu``."""

    kind: ClassVar[str] = "pay"


@dataclass(frozen=True)
class OnboardStep(_OwnedStep):
    """The seat may taste one more carried beer on public transport (``count`` left); ``dest``:
    where it arrived, empty when the late transport did not."""

    kind: ClassVar[str] = "onboard"
    dest: str
    count: int


@dataclass(frozen=True)
class _ToastStep(_OwnedStep):
    others: tuple[int, ...]  # the opponents, in seat order
    gifts: tuple[int, ...] = ()  # the beers the arriving seat gave so far


@dataclass(frozen=True)
class GiftStep(_ToastStep):
    """The arriving seat picks the beer for opponent ``others[len(gifts)]``."""

    kind: ClassVar[str] = "gift"


@dataclass(frozen=True)
class OfferStep(_ToastStep):
    """Opponent ``others[len(offers)]`` picks the beer for the arriving seat (``owner``)."""

    kind: ClassVar[str] = "offer"
    offers: tuple[int, ...] = ()


@dataclass(frozen=True)
class PickStep(_OwnedStep):
    """The arriving seat, at its limit, picks which offered beer to taste next (``offers`` left)."""

    kind: ClassVar[str] = "pick"
    offers: tuple[int, ...]


@dataclass(frozen=True)
class RedeemStep(_OwnedStep):
    """A seat about to fall asleep in a toast eats a cheese or sleeps (``queue``: tastings left)."""

    kind: ClassVar[str] = "redeem"
    queue: tuple[Tasting, ...]
    offers: tuple[int, ...]


@dataclass(frozen=True)
class CampStep(_OwnedStep):
    """The camping seat converts one more carried beer, or stops."""

    kind: ClassVar[str] = "camp"


@dataclass(frozen=True)
class BottleStep(_OwnedStep):
    """The seat crossed bottle token ``count``: break it (remove a card) or keep it."""

    kind: ClassVar[str] = "bottle"
    count: int


@dataclass(frozen=True)
class ClaimStep(_OwnedStep):
    """The active seat's turn is over: it claims more objectives or ends the turn."""

    kind: ClassVar[str] = "claim"


@dataclass(frozen=True)
class NightStep:
    """Every day is over: seat ``finish[count]`` may eat a cheese before the night, or stop."""

    kind: ClassVar[str] = "night"
    seat: int
    count: int


Pending = (
    StartStep
    | RollStep
    | PayStep
    | OnboardStep
    | GiftStep
    | OfferStep
    | PickStep
    | RedeemStep
    | CampStep
    | BottleStep
    | ClaimStep
    | NightStep
)
STEPS: tuple[type[Pending], ...] = (
    StartStep,
    RollStep,
    PayStep,
    OnboardStep,
    GiftStep,
    OfferStep,
    PickStep,
    RedeemStep,
    CampStep,
    BottleStep,
    ClaimStep,
    NightStep,
)
KINDS = tuple(step.kind for step in STEPS)  # the order of the wire's TbbrStep numbers
BY_KIND: dict[str, type[Pending]] = {step.kind: step for step in STEPS}
_TUPLES: dict[str, Callable[[Any], Any]] = {
    "others": tuple,
    "gifts": tuple,
    "offers": tuple,
    "queue": lambda q: tuple(map(tuple, q)),
}


def to_json(step: Pending) -> dict[str, Any]:
    return {"kind": step.kind, **asdict(step)}


def from_json(data: dict[str, Any]) -> Pending:
    """The step a snapshot holds (schema 1 listed every kind's fields: those of others are left)."""
    cls = BY_KIND[data["kind"]]
    return cls(**{f.name: _TUPLES.get(f.name, _same)(data[f.name]) for f in fields(cls)})


def _same(value: Any) -> Any:
    return value
