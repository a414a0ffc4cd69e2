"""The Belgian Beers Race Dice <-> zythos.v1 messages (the only module of the game importing protobuf)."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.core.proto_views import fill_view, read_fields, read_view
from engine.tbbr_dice import actions as A
from engine.tbbr_dice.dice import ROLL_MODES, DieView
from engine.tbbr_dice.sheet import Sheet
from engine.tbbr_dice.state import CHOOSE as CHOOSE_PHASE
from engine.tbbr_dice.state import GOAL, OVER, PERSONAL, PICK, TRAVEL, TbbrDiceState
from zythos.v1 import tbbr_dice_pb2 as pb

oneof_field = "tbbr_dice"

_COLOURS = {
    "red": pb.TBBR_DICE_COLOUR_RED,
    "yellow": pb.TBBR_DICE_COLOUR_YELLOW,
    "black": pb.TBBR_DICE_COLOUR_BLACK,
}
_COLOUR_NAMES = {v: k for k, v in _COLOURS.items()}
_PHASES = {
    PERSONAL: pb.TBBR_DICE_PHASE_PERSONAL,
    CHOOSE_PHASE: pb.TBBR_DICE_PHASE_CHOOSE,
    PICK: pb.TBBR_DICE_PHASE_PICK,
    TRAVEL: pb.TBBR_DICE_PHASE_TRAVEL,
    GOAL: pb.TBBR_DICE_PHASE_GOAL,
    OVER: pb.TBBR_DICE_PHASE_OVER,
}
_PHASE_NAMES = {v: k for k, v in _PHASES.items()}
_MODES = dict(
    zip(
        ROLL_MODES,
        (
            pb.TBBR_DICE_ROLL_MODE_ALL,
            pb.TBBR_DICE_ROLL_MODE_ALL_TAKE_THREE,
            pb.TBBR_DICE_ROLL_MODE_SPECIAL,
            pb.TBBR_DICE_ROLL_MODE_NO_X,
            pb.TBBR_DICE_ROLL_MODE_SOME,
            pb.TBBR_DICE_ROLL_MODE_THOMAS,
        ),
        strict=True,
    )
)
_MODE_NAMES = {v: k for k, v in _MODES.items()}
# Engine die status (0 available, 1 used, 2 unrolled) <-> proto enum.
_STATUS = (pb.TBBR_DICE_DIE_STATUS_AVAILABLE, pb.TBBR_DICE_DIE_STATUS_USED, pb.TBBR_DICE_DIE_STATUS_UNROLLED)


def _colour(name: str) -> int:
    return _COLOURS[name]


def _colour_name(value: int) -> str:
    if value not in _COLOUR_NAMES:
        raise ValueError(f"unknown die colour {value}")
    return _COLOUR_NAMES[value]


# ------------------------------------------------------------------ view
# Derived field by field from the observation (engine/core/proto_views.py); written out here:
# the proto names that differ from the observation's (the published proto keeps its names),
# the enums and the nested messages.

_VIEW_NAMES = {
    "current_seat": "current",
    "display_ids": "display",
    "pile_top_ids": "pile_tops",
    "cheese_ids": "cheese_table",
}
_VIEW_WRITTEN = ("spectator", "seat")  # a spectator is spectator=true, seat=-1
_PLAYER_NAMES = {
    "position_id": "position",
    "visited_ids": "visited",
    "road_ids": "roads",
    "environment_ticks": "env_ticks",
    "cheese_slots_used": "cheeses_used",
    "wild_goal_ready": "wild",
    "pending_dice_penalty": "pending_penalty",
    "choosing_personal": "choosing",
    "personal_goal_id": "personal",
    "offer_ids": "offer",
    "discarded_personal_ids": "personal_seen",
}
_THOMAS_NAMES = {
    "deck_size": "thomas_deck_size",
    "top_id": "thomas_top",
    "discard_ids": "thomas_discard",
    "revealed_ids": "revealed",
    "dice": "thomas_dice",
    "ticks": "thomas_ticks",
    "arrived": "thomas_arrived",
    "turns_after_arrival": "turns_after",
    "bottle_row": "bottle_row",
    "flipped_ids": "flipped",
}


def _player_to_proto(p: Any) -> pb.TbbrDicePlayer:
    message = fill_view(pb.TbbrDicePlayer(), p, _PLAYER_NAMES)
    message.goals.extend(pb.TbbrDiceGoalClaim(goal_id=g, counted_as=_colour(c)) for g, c in p.goals)
    return message


def _player_from_proto(m: pb.TbbrDicePlayer) -> Any:
    goals = tuple((g.goal_id, _colour_name(g.counted_as)) for g in m.goals)
    return read_view(m, Sheet.View, _PLAYER_NAMES, goals=goals)


def view_to_proto(obs: Any) -> pb.TbbrDiceView:
    message = pb.TbbrDiceView(
        spectator=obs.seat is None,
        seat=-1 if obs.seat is None else obs.seat,
        phase=_PHASES[obs.phase],
        dice=[
            pb.TbbrDiceDie(
                colour=_colour(d.colour),
                value=d.value,
                status=_STATUS[d.status],
                owner=d.owner,
                doubled=d.doubled,
            )
            for d in obs.dice
        ],
        hand=[pb.TbbrDiceHandDie(die=d, colour=_colour(c), value=v, lowest=low) for d, c, v, low in obs.hand],
        pending_mode=_MODES.get(obs.pending_mode, pb.TBBR_DICE_ROLL_MODE_UNSPECIFIED),
        players=[_player_to_proto(p) for p in obs.players],
        thomas=fill_view(pb.TbbrDiceThomas(), obs, _THOMAS_NAMES),
    )
    return fill_view(message, obs, _VIEW_NAMES, _VIEW_WRITTEN)


def view_from_proto(m: pb.TbbrDiceView) -> Any:
    return read_view(
        m,
        TbbrDiceState.Observation,
        _VIEW_NAMES,
        _VIEW_WRITTEN,
        **read_fields(m.thomas, _THOMAS_NAMES),
        seat=None if m.spectator else m.seat,
        phase=_PHASE_NAMES[m.phase],
        dice=tuple(
            DieView(_colour_name(d.colour), d.value, _STATUS.index(d.status), d.owner, d.doubled)
            for d in m.dice
        ),
        hand=tuple((h.die, _colour_name(h.colour), h.value, h.lowest) for h in m.hand),
        pending_mode=_MODE_NAMES.get(m.pending_mode, ""),
        players=tuple(_player_from_proto(p) for p in m.players),
    )


# ------------------------------------------------------------------ actions


def _face(colour: str, value: int) -> pb.TbbrDiceDieFace:
    return pb.TbbrDiceDieFace(colour=_colour(colour), value=value)


def action_to_proto(action: Any) -> pb.TbbrDiceAction:
    M = pb.TbbrDiceAction
    if isinstance(action, A.ChoosePersonal):
        return M(choose_personal=M.ChoosePersonal(goal_id=action.goal))
    if isinstance(action, A.PickDie):
        return M(pick_die=M.PickDie(die=_face(action.colour, action.value)))
    if isinstance(action, A.RerollAll):
        return M(reroll_all=M.RerollAll())
    if isinstance(action, A.TakeAllAndRoll):
        return M(take_all_and_roll=M.TakeAllAndRoll())
    if isinstance(action, A.SkipTurn):
        return M(skip_turn=M.SkipTurn(replace_goal_ids=action.replace))
    if isinstance(action, A.EatCheese):
        return M(eat_cheese=M.EatCheese(slot=action.slot, cheese_id=action.cheese, args=action.args))
    if isinstance(action, A.Travel):
        return M(
            travel=M.Travel(destination_id=action.dest, colour=_colour(action.colour), values=action.values)
        )
    if isinstance(action, A.Taste):
        return M(taste=M.Taste(die=_face(action.colour, action.value)))
    if isinstance(action, A.Buy):
        return M(buy=M.Buy(die=_face(action.colour, action.value)))
    if isinstance(action, A.EndTravel):
        return M(end_travel=M.EndTravel())
    if isinstance(action, A.ClaimGoal):
        as_colour = _colour(action.as_colour) if action.as_colour else pb.TBBR_DICE_COLOUR_UNSPECIFIED
        return M(claim_goal=M.ClaimGoal(goal_id=action.goal, as_colour=as_colour))
    if isinstance(action, A.EndTurn):
        return M(end_turn=M.EndTurn())
    raise ValueError(f"not a tbbr_dice action: {action!r}")


def action_from_proto(m: pb.TbbrDiceAction) -> Any:
    kind = m.WhichOneof("kind")
    if kind is None:
        raise ValueError("TbbrDiceAction has no arm set")
    arm = getattr(m, kind)
    if kind == "choose_personal":
        return A.ChoosePersonal(arm.goal_id)
    if kind == "pick_die":
        return A.PickDie(_colour_name(arm.die.colour), arm.die.value)
    if kind == "reroll_all":
        return A.RerollAll()
    if kind == "take_all_and_roll":
        return A.TakeAllAndRoll()
    if kind == "skip_turn":
        return A.SkipTurn(tuple(arm.replace_goal_ids))
    if kind == "eat_cheese":
        return A.EatCheese(arm.slot, arm.cheese_id, tuple(arm.args))
    if kind == "travel":
        return A.Travel(arm.destination_id, _colour_name(arm.colour), tuple(arm.values))
    if kind == "taste":
        return A.Taste(_colour_name(arm.die.colour), arm.die.value)
    if kind == "buy":
        return A.Buy(_colour_name(arm.die.colour), arm.die.value)
    if kind == "end_travel":
        return A.EndTravel()
    if kind == "claim_goal":
        as_colour = "" if arm.as_colour == pb.TBBR_DICE_COLOUR_UNSPECIFIED else _colour_name(arm.as_colour)
        return A.ClaimGoal(arm.goal_id, as_colour)
    return A.EndTurn()


# ------------------------------------------------------------------ events


def event_to_proto(event: Event) -> pb.TbbrDiceEvent | None:
    E = pb.TbbrDiceEvent
    p = event.payload
    out = E(seat=event.seat)
    kind = event.kind
    if kind == "dice_rolled":
        out.dice_rolled.CopyFrom(E.DiceRolled(dice=p["dice"], values=p["values"], mode=_MODES[p["mode"]]))
    elif kind == "dice_taken":
        out.dice_taken.CopyFrom(E.DiceTaken(dice=p["dice"], values=p["values"]))
    elif kind == "travelled":
        out.travelled.CopyFrom(
            E.Travelled(
                road_id=p["from"],
                destination_id=p["to"],
                colour=_colour(p["colour"]),
                values=p["values"],
                environment=p["environment"],
                new_brewery=p["new_brewery"],
            )
        )
    elif kind in ("tasted", "bought"):
        out.hop_ticked.CopyFrom(
            E.HopTicked(brewery_id=p["at"], buy=kind == "bought", die=_face(p["colour"], p["value"]))
        )
    elif kind == "cheese_eaten":
        out.cheese_eaten.CopyFrom(E.CheeseEaten(slot=p["slot"], cheese_id=p["cheese"], args=p["args"]))
    elif kind == "goal_claimed":
        out.goal_claimed.CopyFrom(
            E.GoalClaimed(goal_id=p["goal"], counted_as=_colour(p["as"]), points=p["points"])
        )
    elif kind == "goals_replaced":
        out.goals_replaced.CopyFrom(E.GoalsReplaced(goal_ids=p["goals"]))
    elif kind == "personal_dealt":
        out.personal_dealt.CopyFrom(E.PersonalDealt(offer_ids=p["offer"]))
    elif kind in ("personal_chosen", "personal_kept"):
        out.personal_chosen.CopyFrom(E.PersonalChosen(goal_id=p.get("goal", "")))
    elif kind == "final_sprint":
        out.final_sprint.CopyFrom(E.FinalSprint(round=p["round"]))
    elif kind == "podium":
        out.podium.CopyFrom(E.Podium(points=p["points"]))
    elif kind == "toast":
        out.toast.CopyFrom(E.Toast(brewery_id=p["at"], seats=p["seats"]))
    elif kind == "thomas_dice":
        out.thomas_dice.CopyFrom(E.ThomasDice(dice=p["dice"], revealed_ids=p["cards"]))
    elif kind == "goal_flipped":
        out.goal_flipped.CopyFrom(E.GoalFlipped(goal_id=p["goal"], row=p["row"]))
    elif kind == "game_over":
        out.game_over.CopyFrom(E.GameOver(scores=p["scores"], ranking=p["ranking"], title=p["title"]))
    else:
        out.marker.CopyFrom(E.Marker())
    return out
