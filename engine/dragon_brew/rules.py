"""Who acts now and which module's rules answer: the phases as one table.

A Free Gnomes seat deciding on its Gnome Guild interrupts whoever is acting; otherwise the
phase names the actors (the seat whose turn it is; the Dark Elf; the seat choosing among its
own equal beers; in winter, the first seat in turn order with a choice left) and the module
whose moves are legal.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.dragon_brew import choices, fall, judging, spring, tasks, winter
from engine.dragon_brew.actions import Move
from engine.dragon_brew.draft import hire_guild_gnome
from engine.dragon_brew.table import BREW, JUDGE, OVER, SHADOW, SPRING, WINTER, DragonBrewState

GUILD = [Move("guild", "hire", "Hire a migrant gnome for 2 gold"), Move("guild", "decline", "Hire none")]


class DragonBrewRules:
    """The ``Rules`` the state hands its contract methods to (table.py)."""

    def actors(self, state: DragonBrewState) -> list[int]:
        if state.phase == OVER:
            return []
        if state.reaction >= 0:
            return [state.reaction]
        if state.phase in (SPRING, BREW):
            return [state.current]
        if state.phase == SHADOW:
            return [fall.dark_elf(state)]
        if state.phase == JUDGE:
            return [int(state.tasks[0][2])]
        return [seat for seat in state.order if state.players[seat].winter][:1]  # in turn (winter.py)

    def legal(self, state: DragonBrewState, seat: int) -> list[Move]:
        if state.reaction >= 0:
            return list(GUILD)
        if state.phase == SPRING:
            return choices.legal(state, seat) if state.tasks else spring.legal(state, seat)
        if state.phase == BREW:
            return choices.legal(state, seat) if state.tasks else fall.legal(state, seat)
        if state.phase == SHADOW:
            return fall.shadow_legal(state, seat)
        if state.phase == JUDGE:
            return judging.award_legal(state, seat)
        assert state.phase == WINTER
        return choices.legal(state, seat) if state.tasks else winter.legal(state, seat)

    def apply(self, state: DragonBrewState, seat: int, action: Move) -> list[Event]:
        if state.reaction >= 0:
            return hire_guild_gnome(state, seat, action.arg == "hire")
        if state.phase == SPRING:
            return tasks.apply(state, seat, action) if state.tasks else spring.apply(state, seat, action)
        if state.phase == BREW:
            return tasks.apply(state, seat, action) if state.tasks else fall.apply(state, seat, action)
        if state.phase == SHADOW:
            return fall.shadow_apply(state, seat, action)
        if state.phase == JUDGE:
            return judging.award_apply(state, seat, action)
        return tasks.apply(state, seat, action) if state.tasks else winter.apply(state, seat, action)

    def ranking(self, state: DragonBrewState) -> list[int]:
        """Rulebook "End Game Scoring": most VP, then most ribbons, then most gold; else shared."""
        keys = [(p.vp, p.ribbons, p.gold) for p in state.players]
        return [1 + sum(other > key for other in keys) for key in keys]
