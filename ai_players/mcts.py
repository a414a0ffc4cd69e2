"""Single-observer information-set MCTS over the engine contract.

The search sees only what its seat sees: it takes ``(game, observation)``,
never a ``State``. Each iteration (Cowling, Powley & Whitehouse, "Information
Set Monte Carlo Tree Search", 2012):

1. samples one world consistent with the observation (``game.determinize``);
2. descends the tree with UCB, where an action's exploration term counts the
   iterations in which it was *available* (legal in that world), not the
   parent's visits, since actions come and go between worlds; the game's
   heuristic adds a fading bias (``prior_weight * prior / (n + 1)``, Chaslot et
   al.'s progressive bias) and orders the untried actions, and progressive
   widening lets a node try a new action only once the tried ones have had
   enough visits, so small budgets go to the plausible moves;
3. samples every chance step afresh (``ChanceStep.sample`` with the search's
   own ``Rng``) instead of branching on it, so a node stands for a history of
   choices, whatever the dice said (an "open loop" tree);
4. expands one new action, rolls out with a fast policy (optionally cut off
   after ``rollout_depth`` decisions and scored by the margin of the game's
   static evaluation alone, a smoother signal than a provisional rank);
5. backs up a reward vector, one value per seat: every edge adds the value of
   the seat that chose it (max^n), so 3- and 4-player games are searched with
   each opponent pursuing its own score rather than minimising ours. Alone
   against an Automa (solo), the one reward is the seat's own score around
   the game's par, a victory counting as extra points (``solo_reward``).

Simultaneous secret choices (several seats in ``actors()``, e.g. choosing a
personal goal at the start) are searched as hidden sequential choices: the
seats pick one after the other, each from its own bandit at the same node, so
no seat's statistics are conditioned on another's secret pick. The tree then
continues under the observer's own pick only (the others stay merged, as the
observer cannot tell them apart).

Budgets are iterations (deterministic for a seed) or wall time; root
parallelism runs independent searches with derived seeds in worker processes
and sums their root visit counts. The most visited action is played (with
``root="halving"``, the survivor of sequential halving over the heuristic's
favourite root actions; see ``Search._halving``). A
``Search`` keeps its tree between the consecutive decisions of one seat (see
``Search.advance``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any

from ai_players.policies import (
    LEAF_VALUES,
    Heuristic,
    Policy,
    evaluator,
    has_heuristic,
    heuristic,
    make_policy,
    solo_par,
)
from engine.core import Game, Rng, State

# Root candidates of sequential halving budgeted by time alone (no iteration count to scale with).
TIME_ONLY_CANDIDATES = 4


@dataclass(frozen=True)
class SearchConfig:
    """How hard and how to search; given both ``iterations`` and ``time_limit``, the first reached stops."""

    iterations: int | None = 1000
    time_limit: float | None = None  # seconds of wall time per decision
    exploration: float = 0.7  # UCB constant; rewards lie in [0, 1]
    rollout: str = "random"  # policy name for rollouts (see policies.make_policy)
    rollout_epsilon: float = 0.0  # chance of a random move in a greedy rollout
    rollout_depth: int | None = None  # decisions before the static evaluation; None = play to the end
    # The static evaluation at the cut-off (policies.LEAF_VALUES): "default", the game's projection
    # of the running scores, or "fitted", a value fitted on self-play where the game has one.
    leaf_value: str = "default"
    margin_weight: float = 0.2  # share of the reward given to the score margin
    score_scale: float = 30.0  # a margin of this many points saturates the margin term
    # Solo (one seat against an Automa that scores nothing): the reward is the seat's own score,
    # plus ``solo_victory`` points for a victory, centred on ``solo_par`` (None: the game's typical
    # solo score, policies.solo_par) and saturating ``score_scale`` points either side.
    solo_par: float | None = None
    solo_victory: float = 10.0
    prior_weight: float = 0.5  # progressive bias (games with a registered heuristic): fades as 1 / (n + 1)
    widening: float | None = 1.0  # progressive widening: try a new action once tried < 1 + w * sqrt(visits)
    # Common random numbers at the root: the k-th visit of every root action plays in the same
    # sampled world with the same dice, so the root means differ by the actions, not by the luck.
    paired_worlds: bool = False
    # End the tree at the first chance step below the root (the rollout takes over there): tests
    # whether open-loop nodes past a die roll, which mix every outcome, cost more than they add.
    # In TBBR Dice they add (docs/AI.md, "Budget scaling"), so it is off by default.
    tree_to_chance: bool = False
    # Cut a rollout off only where the observer's turn begins, once rollout_depth decisions are
    # played: counted in decisions alone, an action that prolongs our own turn is scored before
    # the opponents reply and one that ends it after, a horizon bias that more search exploits.
    cut_at_turn: bool = False
    # Root selection: "ucb" (the tree's own bandit; the most visited action is played) or
    # "halving" (sequential halving over the heuristic's favourite candidates in paired worlds,
    # a best-arm identification that spends the budget on the comparison that decides the move;
    # with a time limit alone, each round gets an equal share of the time instead of the iterations).
    root: str = "ucb"
    # halving: root candidates; None = iterations // 8, within 2..16 (4 with a time limit alone)
    candidates: int | None = None
    workers: int = 1  # root-parallel searches (processes) per decision

    def __post_init__(self) -> None:
        if self.iterations is None and self.time_limit is None:
            raise ValueError("a search needs an iteration budget, a time limit, or both")
        if self.root not in ("ucb", "halving"):
            raise ValueError(f"unknown root selection {self.root!r}; known: ucb, halving")
        if self.leaf_value not in LEAF_VALUES:
            raise ValueError(f"unknown leaf value {self.leaf_value!r}; known: {', '.join(LEAF_VALUES)}")


# -- rewards ------------------------------------------------------------------------------------


def reward_vector(
    ranking: Sequence[int], scores: Sequence[float], margin_weight: float, score_scale: float
) -> list[float]:
    """One reward in [0, 1] per seat (``n`` >= 2), blending rank utility with score margin.

    Seat ``s`` gets ``(1 - w) * u + w * (1 + m) / 2`` where
    ``u = (seats ranked below s + 0.5 * seats tied with s) / (n - 1)`` (1 for a
    sole winner, 0 for a sole loser, 0.5 for a two-way tie) and
    ``m = clip((score_s - best other score) / scale, -1, 1)``. The margin term
    prefers winning big and losing small, which matters in rollouts whose
    rank is already decided. A solo game is scored by ``solo_reward``.
    """
    n = len(ranking)
    if n < 2:
        raise ValueError("reward_vector compares seats; score a solo game with solo_reward")
    w = margin_weight
    rewards = []
    for seat in range(n):
        rank = ranking[seat]
        below = sum(1 for r in ranking if r > rank)
        tied = sum(1 for r in ranking if r == rank) - 1
        utility = (below + 0.5 * tied) / (n - 1)
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        margin = max(-1.0, min(1.0, (scores[seat] - best_other) / score_scale))
        rewards.append((1.0 - w) * utility + w * 0.5 * (1.0 + margin))
    return rewards


def solo_reward(score: float, won: bool, par: float, victory: float, scale: float) -> float:
    """A solo seat's reward in [0, 1]: its own score, plus ``victory`` points if it won, against ``par``.

    Alone against an Automa that scores nothing there is no margin and no rank
    to blend: ``(1 + clip((score + victory * won - par) / scale, -1, 1)) / 2``.
    Centred on a typical solo score (about 60 points for the greedy player),
    the reward keeps telling a better score from a worse one over the whole
    range a game reaches, where a margin against zero saturated at 30 points
    and left cut-off rollouts with no signal.
    """
    points = score + (victory if won else 0.0) - par
    return 0.5 * (1.0 + max(-1.0, min(1.0, points / scale)))


def terminal_reward(
    ranking: Sequence[int], scores: Sequence[float], config: SearchConfig, par: float
) -> list[float]:
    """The reward vector of a finished game (solo: ``ranking == [1]`` is a victory, ``par`` its centre)."""
    if len(ranking) == 1:
        return [solo_reward(scores[0], ranking[0] == 1, par, config.solo_victory, config.score_scale)]
    return reward_vector(ranking, scores, config.margin_weight, config.score_scale)


def cutoff_reward(projected: Sequence[float], config: SearchConfig, par: float) -> list[float]:
    """The reward vector of a rollout cut off mid-game, from the static evaluation's projected scores.

    With several seats, the projected margin alone (a provisional rank is a
    noisy 0/1 step mid-game). Solo, the projected score, with no victory
    claimed: whether the goals and the podium will come is not known yet.
    """
    if len(projected) == 1:
        return [solo_reward(projected[0], False, par, config.solo_victory, config.score_scale)]
    return reward_vector(running_ranking(projected), projected, 1.0, config.score_scale)


def running_ranking(scores: Sequence[float]) -> list[int]:
    """Ranks by score alone (ties shared): the static evaluation of a cut-off rollout."""
    return [1 + sum(1 for other in scores if other > mine) for mine in scores]


# -- the tree -----------------------------------------------------------------------------------


class Node:
    """A history of choices seen from the observer (chance outcomes are not part of it).

    ``visits``, ``total`` and ``avail`` describe the edge into this node: how
    often it was chosen, the summed reward of the seat that chose it, and how
    often it was legal when its parent was visited; ``prior`` is the game
    heuristic's normalised score of the edge. ``children`` maps the
    choosing seat, then the action, to the child; ``hidden`` is the
    continuation after a simultaneous step in which the observer did not act.
    """

    __slots__ = ("avail", "children", "hidden", "prior", "simultaneous", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.prior = 0.0  # the heuristic's opinion of the edge, in [0, 1] (1: its favourite)
        self.children: dict[int, dict[Hashable, Node]] = {}
        self.hidden: Node | None = None
        self.simultaneous = False

    def table(self, seat: int) -> dict[Hashable, Node]:
        table = self.children.get(seat)
        if table is None:
            table = self.children[seat] = {}
        return table

    def size(self) -> int:
        """Nodes in this subtree (for tests and benchmarks)."""
        inner = sum(child.size() for table in self.children.values() for child in table.values())
        return 1 + inner + (self.hidden.size() if self.hidden is not None else 0)


@dataclass(frozen=True)
class ActionStats:
    """Root statistics of one action: how often the search chose it and its mean reward for the observer."""

    action: Any
    visits: int
    mean: float


@dataclass(frozen=True)
class SearchResult:
    """The decision and the evidence for it."""

    action: Any
    iterations: int
    seconds: float
    stats: tuple[ActionStats, ...]  # most visited first


class Search:
    """One observer's ISMCTS over one game; a tree that can be kept between decisions."""

    def __init__(self, game: Game, seat: int, config: SearchConfig, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.config = config
        self.rng = Rng(seed)
        self.root = Node()
        self._world_seed = 0  # paired worlds: drawn afresh for each decision
        self._probe: State | None = None  # paired worlds: lists the root's actions (None: not paired)
        self._rollout_policy: Policy = make_policy(config.rollout, game.name, config.rollout_epsilon)
        self._evaluate = evaluator(game.name, config.leaf_value)
        # The prior needs a cheap heuristic: without one of its own, a game gets no prior.
        self._heuristic = heuristic(game.name) if has_heuristic(game.name) else None
        self._par = solo_par(game.name) if config.solo_par is None else config.solo_par
        self._seats: int | None = None  # seats at the table, read from the first rollout's world

    # -- one decision -------------------------------------------------------------------------

    def run(self, observation: Any) -> SearchResult:
        """Search from ``observation`` (the observer's view, never a ``State``) within the budget."""
        if isinstance(observation, State):
            raise TypeError("the search takes an observation (State.observe), never a State")
        probe = self.game.determinize(observation, self.rng.fork())
        legal = probe.legal_actions(self.seat)
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action in this observation")
        start = time.perf_counter()
        iterations = 0
        sequential = list(probe.actors()) == [self.seat] and probe.chance() is None
        if self.config.paired_worlds or self.config.root == "halving":
            self._world_seed = self.rng.next_u64()
        if self.config.paired_worlds:
            self._probe = probe if sequential else None
        if len(legal) > 1 and self.config.root == "halving" and sequential:
            return self._halving(observation, probe, legal, start)
        if len(legal) > 1:
            iterations = self._iterate(observation, start)
        return SearchResult(
            action=self._best(legal).action,
            iterations=iterations,
            seconds=time.perf_counter() - start,
            stats=self.root_stats(legal),
        )

    def _halving(self, observation: Any, probe: State, legal: list[Any], start: float) -> SearchResult:
        """Sequential halving (Karnin, Koren & Somekh, 2013) over the heuristic's favourite candidates.

        UCB at the root minimises the regret of the iterations themselves; a
        move decision only needs the best action. Halving spends the budget in
        rounds: every surviving candidate gets the same number of visits, in
        the same paired worlds (its k-th visit plays in world k, as with
        ``paired_worlds``), and the better half by mean reward survives, the
        mean carrying the heuristic's fading bias so that two unlucky visits do
        not knock out its favourite. Below the root the tree searches as usual.
        The statistics are this decision's visits alone (a reused subtree keeps
        its inner nodes, not its root means, which came from other worlds).
        Without an iteration budget each round gets an equal share of the time
        left, and its candidates as many visits each as fit in it.
        """
        config = self.config
        budget = config.iterations
        arms = self._candidates(probe, legal, budget)
        visits = [0] * len(arms)
        totals = [0.0] * len(arms)
        alive = list(range(len(arms)))
        rounds = max(1, math.ceil(math.log2(len(arms))))
        limit = config.time_limit
        deadline = None if limit is None else start + limit
        bias = config.prior_weight

        def score(i: int) -> float:
            """The mean reward, plus the heuristic's bias fading with the visits."""
            n = visits[i]
            return (totals[i] / n if n else 0.0) + bias * arms[i][1].prior / (n + 1)

        spent = 0
        for played in range(rounds):
            share, until = None, deadline  # visits per candidate this round, and when it ends
            if budget is not None:
                share = max(1, (budget - spent) // ((rounds - played) * len(alive)))
            elif deadline is not None:
                now = time.perf_counter()
                until = now + (deadline - now) / (rounds - played)
            passes = 0
            while share is None or passes < share:
                # Out of time: an iteration budget stops once anything was spent, a time share
                # once this round gave every candidate a visit.
                begun = spent if budget is not None else passes
                if until is not None and begun and time.perf_counter() >= until:
                    break
                for i in alive:
                    totals[i] += self._visit_arm(observation, arms[i][0], arms[i][1], visits[i])
                    visits[i] += 1
                    spent += 1
                passes += 1
            if len(alive) > 1:
                alive = sorted(alive, key=score, reverse=True)[: (len(alive) + 1) // 2]
        winner = alive[0]
        stats = [
            ActionStats(action, visits[i], totals[i] / visits[i] if visits[i] else 0.0)
            for i, (action, _) in enumerate(arms)
        ]
        # The winner first; the others by visits, then mean (how far each got).
        others = sorted((s for i, s in enumerate(stats) if i != winner), key=lambda s: (-s.visits, -s.mean))
        seconds = time.perf_counter() - start
        return SearchResult(stats[winner].action, spent, seconds, (stats[winner], *others))

    def _candidates(self, probe: State, legal: list[Any], budget: int | None) -> list[tuple[Any, Node]]:
        """The root actions halving compares: the heuristic's favourites (ties at random), as root edges."""
        default = TIME_ONLY_CANDIDATES if budget is None else min(16, max(2, budget // 8))
        wanted = self.config.candidates or default
        table = self.root.table(self.seat)
        children = []
        for action in legal:
            child = table.get(action)
            if child is None:
                child = table[action] = Node()
            children.append(child)
        if self._heuristic is not None:
            self._set_priors(self._heuristic, probe, self.seat, legal, children, fresh_only=False)
        order = sorted(range(len(legal)), key=lambda i: (-children[i].prior, self.rng.next_u64()))
        return [(legal[i], children[i]) for i in order[: min(wanted, len(legal))]]

    def _visit_arm(self, observation: Any, action: Any, child: Node, k: int) -> float:
        """The observer's reward from one visit of a root action in paired world ``k``."""
        world = self._world(k)
        state = self.game.determinize(observation, world)
        state.apply_legal(self.seat, action)
        child.avail += 1
        return self._descend(state, world, child, [(child, self.seat)], child.visits == 0)[self.seat]

    def _iterate(self, observation: Any, start: float) -> int:
        budget, limit = self.config.iterations, self.config.time_limit
        deadline = None if limit is None else start + limit
        done = 0
        while budget is None or done < budget:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self.iterate(observation)
            done += 1
        return done

    def iterate(self, observation: Any) -> None:
        """One ISMCTS iteration: determinize, select, expand, roll out, back up."""
        if self._probe is not None:
            self._paired_iterate(observation, self._probe)
            return
        self._descend(self.game.determinize(observation, self.rng), self.rng, self.root, [], False)

    def _paired_iterate(self, observation: Any, probe: State) -> None:
        """An iteration whose world and dice are fixed by how often its root action was visited.

        The root action is chosen first, on the decision's probe world, which
        only lists the observer's legal actions and their priors (they depend
        on what the observer sees alone, as ``run`` assumes too; a root with
        secret simultaneous choices is searched unpaired). The k-th visit of each
        root action then plays in world k: the same determinization, and
        chance drawn from the same stream, so two actions' means over their
        first k visits are compared under the same luck. Tree decisions keep
        using the search's own generator, so they never shift that stream.
        """
        action, child, expanded = self._select(self.root, probe, self.seat)
        world = self._world(child.visits)
        state = self.game.determinize(observation, world)
        state.apply_legal(self.seat, action)
        self._descend(state, world, child, [(child, self.seat)], expanded)

    def _world(self, k: int) -> Rng:
        """The generator of paired world ``k`` of this decision: its determinization and its dice."""
        return Rng(self._world_seed + k * 0x9E3779B97F4A7C15)

    def _descend(
        self, state: State, rng: Rng, node: Node, path: list[tuple[Node, int]], expanded: bool
    ) -> list[float]:
        """Select down from ``node`` until a new edge, roll out, back up; ``rng`` draws the chance.

        Returns the reward vector it backed up.
        """
        stop_at_chance = self.config.tree_to_chance
        while not expanded and not state.is_terminal():
            step = state.chance()
            if step is not None:
                state.resolve_chance(step.sample(rng))
                if stop_at_chance and path:
                    break
                continue
            actors = state.actors()
            if len(actors) == 1:
                seat = actors[0]
                action, node, expanded = self._select(node, state, seat)
                state.apply_legal(seat, action)
                path.append((node, seat))
            else:
                node, expanded = self._simultaneous(node, state, list(actors), path)
        reward = self._rollout(state, rng)
        self._backup(path, reward)
        return reward

    def _select(self, node: Node, state: State, seat: int) -> tuple[Any, Node, bool]:
        """The edge ``seat`` takes from ``node`` in this world; the flag says it was never tried.

        Availability-counting UCB plus a fading heuristic bias over the
        actions already tried; a new action (the heuristic's favourite among
        the untried, ties at random) is tried first, or, with progressive
        widening, once the tried ones have had enough visits.
        """
        legal = state.legal_actions(seat)
        table = node.table(seat)
        children: list[Node] = []
        fresh = False
        for action in legal:
            child = table.get(action)
            if child is None:
                child = table[action] = Node()
                fresh = True
            child.avail += 1
            children.append(child)
        config = self.config
        bias = config.prior_weight
        if fresh and bias and self._heuristic is not None and len(legal) > 1:
            self._set_priors(self._heuristic, state, seat, legal, children)
        c, log, sqrt = config.exploration, math.log, math.sqrt
        best = untried = -1
        best_value = untried_prior = -math.inf
        tried = visits = ties = 0
        for i, child in enumerate(children):
            n = child.visits
            if n == 0:
                prior = child.prior
                if prior > untried_prior:
                    untried, untried_prior, ties = i, prior, 1
                elif prior == untried_prior:
                    ties += 1  # reservoir sampling: each tied action is equally likely
                    if self.rng.randrange(ties) == 0:
                        untried = i
                continue
            tried += 1
            visits += n
            value = child.total / n + c * sqrt(log(child.avail) / n) + bias * child.prior / (n + 1)
            if value > best_value:
                best, best_value = i, value
        widening = config.widening
        if untried >= 0 and (best < 0 or widening is None or tried < 1 + widening * sqrt(visits)):
            return legal[untried], children[untried], True
        return legal[best], children[best], False

    @staticmethod
    def _set_priors(
        heuristic: Heuristic,
        state: State,
        seat: int,
        legal: list[Any],
        children: list[Node],
        fresh_only: bool = True,
    ) -> None:
        """Heuristic scores of the legal actions scaled to [0, 1] (0.5 each when it sees no difference).

        In the tree only unvisited edges take a prior (a visited edge keeps the
        one it was chosen with); halving's candidates take this position's.
        """
        scores = heuristic(state, seat, legal)
        low, high = min(scores), max(scores)
        span = high - low
        for child, score in zip(children, scores, strict=True):
            if child.visits == 0 or not fresh_only:
                child.prior = (score - low) / span if span else 0.5

    def _simultaneous(
        self, node: Node, state: State, actors: list[int], path: list[tuple[Node, int]]
    ) -> tuple[Node, bool]:
        """Each actor picks from its own bandit at ``node``; none sees the others' picks."""
        node.simultaneous = True
        expanded = False
        after: Node | None = None
        for seat in actors:
            action, child, new = self._select(node, state, seat)
            state.apply_legal(seat, action)
            path.append((child, seat))
            expanded = expanded or new
            if seat == self.seat:
                after = child
        if after is None:
            if node.hidden is None:
                node.hidden = Node()
            after = node.hidden
        return after, expanded

    def _rollout(self, state: State, rng: Rng) -> list[float]:
        """Play on with the rollout policy (its choices drawn from the search's generator) and score."""
        policy, choices = self._rollout_policy, self.rng
        depth = self.config.rollout_depth
        if self._seats is None:
            self._seats = len(state.scores())
        # Alone at the table (a solo game) every decision is the observer's: cut by decisions.
        at_turn = self.config.cut_at_turn and self._seats > 1
        decisions = 0
        previous = self.seat
        while not state.is_terminal():
            step = state.chance()
            if step is not None:
                state.resolve_chance(step.sample(rng))
                continue
            actors = list(state.actors())
            turn_begins = actors == [self.seat] and previous != self.seat
            if depth is not None and decisions >= depth and (turn_begins or not at_turn):
                return cutoff_reward(self._evaluate(state), self.config, self._par)
            for seat in actors:
                state.apply_legal(seat, policy.choose(state, seat, choices))
            previous = actors[-1]
            decisions += 1
        return terminal_reward(state.ranking(), state.scores(), self.config, self._par)

    @staticmethod
    def _backup(path: list[tuple[Node, int]], reward: list[float]) -> None:
        for node, seat in path:
            node.visits += 1
            node.total += reward[seat]

    # -- reading the tree ---------------------------------------------------------------------

    def root_stats(self, legal: Sequence[Any]) -> tuple[ActionStats, ...]:
        """Statistics of the observer's legal actions at the root, most visited first (stable order)."""
        table = self.root.children.get(self.seat, {})
        stats = []
        for action in legal:
            child = table.get(action)
            visits = child.visits if child else 0
            stats.append(ActionStats(action, visits, child.total / visits if child and visits else 0.0))
        return tuple(sorted(stats, key=lambda s: (-s.visits, -s.mean)))

    def _best(self, legal: Sequence[Any]) -> ActionStats:
        return self.root_stats(legal)[0]

    # -- tree reuse ---------------------------------------------------------------------------

    def advance(self, seat: int, action: Any) -> None:
        """Follow an action played in the real game, keeping the subtree below it.

        Call it for every action applied after a decision (the observer's own
        and every other seat's, in order). The tree survives only along public
        sequential choices: when the step was simultaneous (secret), or the
        action was never searched, the tree is dropped and the next search
        starts afresh.
        """
        node = self.root
        child = None if node.simultaneous else node.children.get(seat, {}).get(action)
        self.root = child if child is not None else Node()

    def reset(self) -> None:
        """Forget the tree (a new game, or a position reached by unknown moves)."""
        self.root = Node()


# -- entry points -------------------------------------------------------------------------------


def search(game: Game, observation: Any, seat: int, config: SearchConfig, seed: int) -> SearchResult:
    """One decision with a fresh tree, in this process."""
    return Search(game, seat, config, seed).run(observation)


def _root_counts(
    game: Game, observation: Any, seat: int, config: SearchConfig, seed: int
) -> tuple[int, float, list[tuple[Any, int, float]]]:
    """A worker's share of a root-parallel search: its root visits and reward sums per action."""
    result = search(game, observation, seat, config, seed)
    return (
        result.iterations,
        result.seconds,
        [(s.action, s.visits, s.mean * s.visits) for s in result.stats],
    )


def worker_seeds(seed: int, workers: int) -> list[int]:
    """Independent, reproducible seeds for the root-parallel searches of one decision."""
    rng = Rng(seed)
    return [rng.next_u64() for _ in range(workers)]


def parallel_search(
    game: Game, observation: Any, seat: int, config: SearchConfig, seed: int, executor: Executor
) -> SearchResult:
    """Root parallelism: ``config.workers`` independent searches whose root visit counts are summed.

    The iteration budget is split evenly, so the result is deterministic for a
    seed whatever the scheduling; the time limit applies to each worker.
    """
    workers = config.workers
    share = None if config.iterations is None else max(1, -(-config.iterations // workers))
    single = replace(config, iterations=share, workers=1)
    futures = [
        executor.submit(_root_counts, game, observation, seat, single, s) for s in worker_seeds(seed, workers)
    ]
    visits: dict[Any, int] = {}
    totals: dict[Any, float] = {}
    order: list[Any] = []
    iterations, seconds = 0, 0.0
    for future in futures:
        done, spent, rows = future.result()
        iterations += done
        seconds = max(seconds, spent)
        for action, n, total in rows:
            if action not in visits:
                order.append(action)
                visits[action], totals[action] = 0, 0.0
            visits[action] += n
            totals[action] += total
    stats = sorted(
        (ActionStats(a, visits[a], totals[a] / visits[a] if visits[a] else 0.0) for a in order),
        key=lambda s: (-s.visits, -s.mean),
    )
    return SearchResult(stats[0].action, iterations, seconds, tuple(stats))
