"""The OpenSpiel bridge: ``import koloda.envs.openspiel`` registers every Koloda game as an
OpenSpiel Python game, ``pyspiel.load_game("python_koloda_<game>")``.

- Chance: each deal is one chance node whose outcome (one of ``CHANCE_OUTCOMES``, uniform)
  seeds the engine's own shuffle for the rest of the game, so 101's restocks are dealt by it
  too (sampled chance: the seed stands for the whole deal). A state resampled for search
  (``resample_from_infostate``) plays to the end of its deal and meets a chance node again.
- Actions: the index space of ``koloda.envs.core`` (cards are 0..63).
- Players see the tensor of ``koloda.envs.core`` (information state and observation alike:
  both are built from the seat's view alone); the information state string is the view
  itself (``repr``), the observation string its JSON.
- Utility: zero-sum, at the end only: +1 for each seat one beat and -1 for each seat that beat
  one, over the other seats (by ``state.outcome()`` when the game is over, by the points of
  the deals played when ``deals`` or the caps stopped it); partners share a result, so
  ``min_utility``/``max_utility`` are ``koloda.envs.core.reward_bounds`` (±2/3 for two sides
  of two).

Parameters: ``deals`` (int, default 0: the whole game, ended after
``koloda.envs.core.DEAL_CAP`` deals if it has not ended by then; n > 0: the game ends after n
deals; either way after at most ``decision_limit`` decisions, which is
``max_game_length``), ``seed`` (int, mixed into the deal seeds) and ``options`` (a JSON
object of the game's own options, e.g. ``'{"variant": "order"}'``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from koloda.core.errors import MissingExtraError

try:
    import numpy as np
    import pyspiel
except ModuleNotFoundError as missing:  # the research extra
    raise MissingExtraError("the OpenSpiel bridge", "research") from missing

from koloda.core.dealing import Shuffler
from koloda.core.engine import AnyRules
from koloda.core.registry import available_games, load_game
from koloda.envs.core import (
    ActionSpace,
    ObservationEncoder,
    deal_limit,
    decision_limit,
    final_reward,
    reward_bounds,
)

CHANCE_OUTCOMES = 1024
"""How many seeds one deal's chance node chooses among."""
_MAX_SEATS = 8


def game_name(game: str) -> str:
    return f"python_koloda_{game}"


def _game_type(game: str) -> Any:
    return pyspiel.GameType(
        short_name=game_name(game),
        long_name=f"Python Koloda {game}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_MAX_SEATS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"deals": 0, "seed": 0, "options": "{}"},
    )


class KolodaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One Koloda game with its options fixed, as OpenSpiel sees it."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        params = {"deals": 0, "seed": 0, "options": "{}", **(params or {})}
        rules: AnyRules = load_game(game, **json.loads(params["options"]))
        deals = int(params["deals"])
        actions = ActionSpace(rules)
        info = rules.info
        lowest, highest = reward_bounds(rules)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=actions.num_actions,
            max_chance_outcomes=CHANCE_OUTCOMES,
            num_players=info.num_seats,
            min_utility=lowest,
            max_utility=highest,
            utility_sum=0.0,
            max_game_length=decision_limit(rules, deals) + deal_limit(deals),
        )
        # pybind11 keeps attributes only when they are set after the base's __init__
        super().__init__(_game_type(game), game_info, params)
        self.rules = rules
        self.deals = deals
        self.deal_limit = deal_limit(deals)
        self.decision_limit = decision_limit(rules, deals)
        self.seed = int(params["seed"])
        self.actions = actions
        self.encoder = ObservationEncoder(rules, actions)
        self.shared = _Shared(rules, actions, self.deal_limit, self.decision_limit, self.seed)

    def new_initial_state(self) -> KolodaState:
        return KolodaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KolodaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return KolodaObserver(self, perfect_recall)


@dataclass(frozen=True)
class _Shared:
    """What every state of one game reads; OpenSpiel's clone deep-copies a state's
    attributes, and this one is shared rather than copied."""

    rules: AnyRules
    actions: ActionSpace
    deal_limit: int
    decision_limit: int
    seed: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Inner:
    """The engine's state, copied by its own fast ``clone`` when OpenSpiel clones."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.state.clone())


class KolodaState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Koloda game in progress (the engine's state) with OpenSpiel's interface."""

    def __init__(self, game: KolodaGame) -> None:
        super().__init__(game)
        self._koloda = game.shared
        self._inner = _Inner(game.rules.empty_state())
        self._decisions = 0

    @property
    def inner(self) -> Any:
        """The engine's state."""
        return self._inner.state

    @property
    def _deals_done(self) -> int:
        return len(self.inner.deal_scores())

    def is_terminal(self) -> bool:
        if self.inner.is_over:
            return True
        shared = self._koloda
        return self._deals_done >= shared.deal_limit or self._decisions >= shared.decision_limit

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.inner.awaiting_deal:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.inner.to_act
        if seat is None:  # between deals a dealing state deals by itself
            raise RuntimeError("a Koloda state with no seat to act")
        return int(seat)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self._koloda.actions.indices(self.inner.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / CHANCE_OUTCOMES
        return [(k, p) for k in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            seed = f"{self._koloda.seed}:{self.inner.deal_index}:{action}"
            self.inner.resume_dealing(Shuffler(seed))
            return
        code = self._koloda.actions.code_of(action, self.inner.legal_actions())
        self.inner.apply(code)
        self._decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal seed {action}"
        legal = self.inner.legal_actions() if player == self.inner.to_act else ()
        code = self._koloda.actions.code_of(action, legal)
        if code < 0:
            return f"decision slot {action - self._koloda.actions.slot_base}"
        return self._koloda.rules.format_action(code)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._koloda.rules.info.num_seats
        return list(final_reward(self._koloda.rules, self.inner))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KolodaState:
        """A state the player cannot tell from this one: hidden cards dealt anew."""
        seed = int(probability_sampler() * 2**62) if callable(probability_sampler) else None
        rng = random.Random(seed)
        view = self.inner.view(player_id)
        state: KolodaState = self.get_game().new_initial_state()
        state._inner = _Inner(self._koloda.rules.sample_state(view, rng))
        state._decisions = self._decisions
        return state

    def __str__(self) -> str:
        seats = range(self._koloda.rules.info.num_seats)
        return "\n".join(json.dumps(self.inner.view(s).to_json()) for s in seats)


class KolodaObserver:
    """OpenSpiel's observer: the tensor and strings of one seat's view."""

    def __init__(self, game: KolodaGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: KolodaState, player: int) -> None:
        self.tensor[:] = self.game.encoder.encode(state.inner.view(player))

    def string_from(self, state: KolodaState, player: int) -> str:
        view = state.inner.view(player)
        if self.perfect_recall:
            return repr(view)
        return json.dumps(view.to_json(), sort_keys=True)


def _register(game: str) -> type[KolodaGame]:
    """Register ``game`` with OpenSpiel under a class of its own (OpenSpiel keeps the class;
    a registered function would be freed without the GIL when Python exits)."""

    def __init__(self: KolodaGame, params: dict[str, Any] | None = None) -> None:
        KolodaGame.__init__(self, game, params)

    cls = type(f"Koloda_{game}_Game", (KolodaGame,), {"__init__": __init__})
    pyspiel.register_game(_game_type(game), cls)
    return cls


GAMES: dict[str, type[KolodaGame]] = {game: _register(game) for game in available_games()}
"""The registered game classes by Koloda name."""
