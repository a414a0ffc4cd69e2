"""Beer Pioneers on the wire (zythos.v1 ``BeerPioneers*`` messages): the only module of the game importing
protobuf.

The view and each brewery are derived field by field from the observation
(engine/core/proto_views.py). An action travels as its id; an event's payload keys are its
message's field names, so each typed event is built from its kind alone.
"""

from __future__ import annotations

from typing import Any

from engine.beer_pioneers.actions import Act, parse
from engine.beer_pioneers.brewery import Brewery
from engine.beer_pioneers.state import BeerPioneersState
from engine.core.events import Event
from engine.core.proto_views import fill_view, read_view
from zythos.v1 import beer_pioneers_pb2 as pb

oneof_field = "beer_pioneers"

_TYPED = {field.name for field in pb.BeerPioneersEvent.DESCRIPTOR.fields}


def view_to_proto(observation: Any) -> pb.BeerPioneersView:
    message = fill_view(pb.BeerPioneersView(), observation)
    for view in observation.players:
        message.players.append(fill_view(pb.BeerPioneersBrewery(), view))
    return message


def view_from_proto(message: pb.BeerPioneersView) -> Any:
    players = tuple(read_view(p, Brewery.View) for p in message.players)
    return read_view(message, BeerPioneersState.Observation, players=players)


def action_to_proto(action: Act) -> pb.BeerPioneersAction:
    return pb.BeerPioneersAction(id=action.id)


def action_from_proto(message: pb.BeerPioneersAction) -> Act:
    return parse(message.id)


def event_to_proto(event: Event) -> pb.BeerPioneersEvent | None:
    """The typed payload; None for the events whose label says it all (cellar_full, card_drawn, ...)."""
    if event.kind not in _TYPED:
        return None
    payload_class = getattr(pb, "BeerPioneers" + "".join(p.capitalize() for p in event.kind.split("_")))
    return pb.BeerPioneersEvent(**{event.kind: payload_class(**event.payload)})
