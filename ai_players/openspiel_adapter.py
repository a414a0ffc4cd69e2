"""Our games as OpenSpiel Python games, so OpenSpiel's algorithms (``ISMCTSBot`` first) can play them.

``register(name)`` registers engine game ``name`` with pyspiel as ``zythos_<name>``;
``pyspiel.load_game("zythos_tbbr_dice", {"players": 2, "seed": 7})`` then builds it.
The mapping onto OpenSpiel's State API:

- **Players.** ``current_player()`` is the lowest seat of our ``actors()``. A
  simultaneous step (several actors) is presented sequentially, one seat after
  the other; each seat's information state comes from its own ``observe``, so a
  later seat never sees an earlier seat's secret pick.
- **Actions** are per-state indices into our ``legal_actions(seat)`` list (engines
  build it in a fixed order that depends only on what the acting seat knows, so
  an index means the same move in every determinization of that seat's view).
  ``num_distinct_actions`` is a bound per game; ``action_to_string`` is our action id.
- **Chance.** A step that enumerates its outcomes is an explicit chance node (the
  outcome is an index into ``ChanceStep.outcomes``). A step too large to list
  (TBBR Dice: up to twelve dice at once) is a *sampled* chance node: one outcome,
  ``0``, whose application draws the dice from the OpenSpiel state's own ``Rng``
  (OpenSpiel's ``SAMPLED_STOCHASTIC`` convention). Clones copy that ``Rng``, so a
  clone replays the same dice.
- **Information.** Both the information state string and the observation string
  are the ``repr`` of our ``observe(seat)``: never the full state. Our
  observations carry everything a seat may know (public history included), so
  they serve as its information state; they are not a literal perfect-recall
  action history.
- **Returns** are general-sum, in [0, 1], the reward vector our own search backs
  up (``ai_players.mcts.terminal_reward``: rank utility plus a small margin term;
  solo, the seat's own score against the game's par), so both searches optimise
  the same objective.
- ``resample_from_infostate`` is ``game.determinize`` of the seat's observation,
  seeded from OpenSpiel's probability sampler: what ``ISMCTSBot`` calls once per
  simulation. Use the Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot``:
  the C++ ``pyspiel.ISMCTSBot`` does not call this Python override (with
  open_spiel 2.0.2 it crashed the process on these games).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from ai_players.mcts import SearchConfig, cutoff_reward, terminal_reward
from ai_players.policies import Policy, evaluator, make_policy, solo_par
from engine.core import Game, Rng, State, registry

_PREFIX = "zythos_"
_SAMPLED = 0  # the one outcome of a sampled chance node
_CHANCE_RNG_SALT = 0x0C4A7CE5  # keeps the dice stream apart from the deal's hidden shuffles
_REWARD = SearchConfig()  # margin weight and score scale of the returns: our search's defaults


def short_name(name: str) -> str:
    """The OpenSpiel name of engine game ``name``: ``zythos_tbbr_dice``."""
    return _PREFIX + name


def game_type(game: Game) -> pyspiel.GameType:
    """The OpenSpiel description of an engine game."""
    bounds = game.bounds
    chance = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"Zythos {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.SAMPLED_STOCHASTIC if bounds.sampled_chance else chance.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": max(2, game.min_players), "seed": 0, "options": ""},
    )


def parse_options(text: str) -> dict[str, str]:
    """Game options from ``"toast=true,mixed_goals=true"`` (OpenSpiel parameters are flat)."""
    pairs = (item.split("=", 1) for item in text.split(",") if item)
    return {key.strip(): value.strip() for key, value in pairs}


_registered: dict[str, type[ZythosGame]] = {}


def register(name: str) -> str:
    """Register engine game ``name`` with pyspiel (once per process); returns its OpenSpiel name.

    The creator handed to pyspiel is a class, as in OpenSpiel's own Python
    games: pyspiel keeps it until after the interpreter has shut down, and a
    closure released that late aborts the process at exit.
    """
    if name not in _registered:
        engine_game = registry.get(name)
        creator = type(f"ZythosGame_{name}", (ZythosGame,), {"engine_name": name})
        pyspiel.register_game(game_type(engine_game), creator)
        _registered[name] = creator
    return short_name(name)


def register_all() -> list[str]:
    """Register every engine game."""
    return [register(game.name) for game in registry.all_games()]


# -- the game -----------------------------------------------------------------------------------


class ZythosGame(pyspiel.Game):  # type: ignore[misc]
    """One engine game at a fixed player count, options and deal seed (one subclass per engine game)."""

    engine_name = ""

    def __init__(self, params: Mapping[str, Any]) -> None:
        engine_game = registry.get(self.engine_name)
        bounds = engine_game.bounds
        players = int(params["players"])
        info = pyspiel.GameInfo(
            num_distinct_actions=bounds.distinct_actions,
            max_chance_outcomes=bounds.chance_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=bounds.game_length,
        )
        super().__init__(game_type(engine_game), info, dict(params))
        self.engine = engine_game
        self.bounds = bounds
        self.seed = int(params["seed"])
        # Built once: OpenSpiel's Clone() starts from new_initial_state(), so it must be cheap.
        self._initial = engine_game.new_state(players, parse_options(str(params["options"])), self.seed)

    def new_initial_state(self) -> ZythosState:
        return self.wrap(self._initial.clone(), self.seed ^ _CHANCE_RNG_SALT)

    def wrap(self, state: State, chance_seed: int = 0) -> ZythosState:
        """An OpenSpiel state around an engine ``state`` (not copied); ``chance_seed`` drives sampled dice."""
        if state.num_players != self.num_players():
            raise ValueError(f"a {state.num_players}-player state in a {self.num_players()}-player game")
        return ZythosState(self, _Position(self, state, Rng(chance_seed)))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> ObservationStringer:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return ObservationStringer()


class _Position:
    """The engine state, the dice ``Rng`` and per-position caches: the whole Python side of a state.

    OpenSpiel's ``Clone()`` deep-copies a Python state's attributes; one object
    with a ``__deepcopy__`` built on the engine's fast ``clone()`` keeps that
    cheap, and shares the game rather than copying it.
    """

    __slots__ = ("engine", "game", "keys", "legal", "rng")

    def __init__(self, game: ZythosGame, engine: State, rng: Rng) -> None:
        self.game = game
        self.engine = engine
        self.rng = rng
        self.legal: list[Any] | None = None
        self.keys: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        twin = _Position(self.game, self.engine.clone(), self.rng.clone())
        twin.legal, twin.keys = self.legal, dict(self.keys)  # immutable values: sharing is safe
        return twin

    def moved(self) -> None:
        self.legal = None
        self.keys = {}


class ZythosState(pyspiel.State):  # type: ignore[misc]
    """An engine state seen through OpenSpiel's State API."""

    def __init__(self, game: ZythosGame, position: _Position) -> None:
        super().__init__(game)
        self._position = position  # the only attribute: OpenSpiel's Clone() deep-copies them all

    @property
    def engine_state(self) -> State:
        """The wrapped engine state (mutated in place by ``apply_action``)."""
        return self._position.engine

    def engine_action(self, action: int) -> Any:
        """Our action behind OpenSpiel action ``action`` of the current player."""
        return self._legal()[action]

    # -- whose turn -----------------------------------------------------------------------------

    def current_player(self) -> int:
        state = self._position.engine
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if state.chance() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return min(state.actors())

    def _legal(self) -> list[Any]:
        position = self._position
        if position.legal is None:
            legal = position.engine.legal_actions(self.current_player())
            if len(legal) > self._position.game.bounds.distinct_actions:
                raise RuntimeError(f"{len(legal)} legal actions exceed the declared bound")
            position.legal = legal
        return position.legal

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._legal())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        step = self._position.engine.chance()
        assert step is not None, "not a chance node"
        if step.outcomes is None:
            return [(_SAMPLED, 1.0)]
        return [(i, p) for i, (_, p) in enumerate(step.outcomes)]

    # -- moves ----------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        position = self._position
        state = position.engine
        step = state.chance()
        if step is None:
            state.apply_legal(self.current_player(), self._legal()[action])
        elif step.outcomes is None:
            state.resolve_chance(step.sample(position.rng))
        else:
            state.resolve_chance(step.outcomes[action][0])
        position.moved()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            step = self._position.engine.chance()
            assert step is not None, "not a chance node"
            if step.outcomes is None:
                return f"{step.kind}: sampled ({step.description})"
            return f"{step.kind}: {step.outcomes[action][0]}"
        return str(self._legal()[action].id)

    # -- the end --------------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return bool(self._position.engine.is_terminal())

    def returns(self) -> list[float]:
        state = self._position.engine
        if not state.is_terminal():
            return [0.0] * state.num_players
        par = solo_par(self._position.game.engine_name)
        return terminal_reward(state.ranking(), state.scores(), _REWARD, par)

    # -- information ----------------------------------------------------------------------------

    def view_string(self, player: int) -> str:
        """``repr`` of our ``observe(player)``, cached until the next move."""
        keys = self._position.keys
        key = keys.get(player)
        if key is None:
            key = keys[player] = repr(self._position.engine.observe(player))
        return key

    def resample_from_infostate(self, player_id: int, sampler: Callable[[], float]) -> ZythosState:
        """A world consistent with ``player_id``'s view: our ``determinize``, seeded from the sampler."""
        rng = Rng(int(sampler() * (1 << 53)))
        observation = self._position.engine.observe(player_id)
        game = self._position.game
        return ZythosState(game, _Position(game, game.engine.determinize(observation, rng), rng.fork()))

    def __str__(self) -> str:
        """The full state as our snapshot JSON (hidden information included: for debugging)."""
        return self._position.game.engine.dump(self._position.engine).decode()


class ObservationStringer:
    """OpenSpiel's Python observer interface, strings only: a seat's view, never the full state."""

    tensor = None
    dict: dict[str, Any] = {}

    def set_from(self, state: ZythosState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: ZythosState, player: int) -> str:
        return state.view_string(player)


# -- helpers for OpenSpiel's bots ---------------------------------------------------------------


def seeded_resampler(seed: int) -> Callable[[ZythosState, int], ZythosState]:
    """An ``ISMCTSBot.set_resampler`` callback drawing worlds from a seeded stream.

    The bot's default samples with a clock-seeded ``UniformProbabilitySampler``;
    this one makes its searches reproducible for a seed.
    """
    stream = Rng(seed)

    def resample(state: ZythosState, player: int) -> ZythosState:
        return state.resample_from_infostate(player, stream.random)

    return resample


class EngineRolloutEvaluator:
    """An OpenSpiel ``Evaluator`` that rolls out on the engine state, as our search does.

    ``depth`` decisions of ``policy`` (``"random"`` or ``"greedy"``), then the
    game's static evaluation ``value`` (``policies.LEAF_VALUES``) scored by
    margin, or play to the end without a depth: the same leaf evaluation as
    ``ai_players.mcts``, to compare the two tree searches with the rollouts
    held equal. Priors are uniform.
    """

    def __init__(
        self,
        game: str,
        policy: str = "random",
        depth: int | None = None,
        seed: int = 0,
        value: str = "default",
    ) -> None:
        self.policy: Policy = make_policy(policy, game)
        self.depth = depth
        self.rng = Rng(seed)
        self._evaluate = evaluator(game, value)
        self._par = solo_par(game)

    def evaluate(self, state: ZythosState) -> np.ndarray:
        world = state.engine_state.clone()
        rng, decisions = self.rng, 0
        while not world.is_terminal():
            step = world.chance()
            if step is not None:
                world.resolve_chance(step.sample(rng))
                continue
            if self.depth is not None and decisions >= self.depth:
                return np.array(cutoff_reward(self._evaluate(world), _REWARD, self._par))
            for seat in list(world.actors()):
                world.apply_legal(seat, self.policy.choose(world, seat, rng))
            decisions += 1
        return np.array(terminal_reward(world.ranking(), world.scores(), _REWARD, self._par))

    def prior(self, state: ZythosState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]
