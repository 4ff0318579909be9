"""PettingZoo AEC environments of every Koloda game: ``env("king", variant="order")``, or by
the versioned id as PettingZoo's own games are, ``from koloda.envs.pettingzoo import king_v0;
king_v0.env(variant="order")`` (``<game>_v0`` for every registered game; ``metadata["name"]``
is that id).

Agents are ``player_0 .. player_{N-1}`` (seat numbers). Each observation is a dict:
``observation`` the float32 tensor built only from that seat's view and ``action_mask`` an
int8 mask of its legal actions (all zero when it is not its turn); the layouts of both are in
``koloda.envs.core``. Options of the environment (the rest are the game's own options):

- ``reward``: ``"deal"`` (default) pays each seat ``rules.info.rewards`` of every finished
  deal; ``"game"`` pays only at the end, +1 per seat beaten and -1 per seat that beat one,
  over the number of other seats.
- ``deals``: end the episode after this many deals (0, the default: the whole game, ended
  after ``koloda.envs.core.DEAL_CAP`` deals if it has not ended by then, and after
  ``decision_limit`` decisions: every episode is bounded).
- ``max_cycles``: truncate every agent after this many decisions in all (default: none).
- ``render_mode``: ``"ansi"`` (``render()`` returns the table as text) or ``"human"``
  (prints it).

``reset()`` comes first: stepping or observing before it is a ``RuntimeError``. ``state()``
is the whole table for a centralised critic: every seat's observation, in seat order
(``state_space``), so it shows every hand. The turns follow the rules (whoever is to act),
so the environment is not parallelizable (``metadata["is_parallelizable"]`` is False and
``aec_to_parallel`` refuses it).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar

from koloda.core.errors import MissingExtraError

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ModuleNotFoundError as missing:  # the research extra
    raise MissingExtraError("the PettingZoo environments", "research") from missing

from koloda.core.registry import available_games
from koloda.envs.core import OBS_BOUND, make_match
from koloda.envs.spaces import RENDER_MODES, observation_space

VERSION = 0
"""The version in the environments' ids (``king_v0``): it changes when an environment's
observations, actions or rewards change."""


def env_id(game: str) -> str:
    """The versioned id of ``game``'s environment (``king_v0``)."""
    return f"{game}_v{VERSION}"


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class KolodaAECEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # untyped base
    """One Koloda game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "koloda_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        reward: str = "deal",
        deals: int = 0,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.match = make_match(game, reward=reward, deals=deals, **options)
        self.game = game
        self.metadata = {**self.metadata, "name": env_id(game)}  # type: ignore[misc]  # per game
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        n = self.match.num_seats
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {a: observation_space(self.match) for a in self.possible_agents}
        self._action_spaces = {
            a: spaces.Discrete(self.match.actions.num_actions) for a in self.possible_agents
        }
        size = self.match.encoder.size * n
        self.state_space = spaces.Box(-OBS_BOUND, OBS_BOUND, (size,), dtype=np.float32)
        self._seed: int | None = None
        self._resets = 0
        self._started = False
        self._init_episode()

    def _init_episode(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.num_moves = 0
        self.agent_selection = self._acting_agent()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def _require_reset(self) -> None:
        if not self._started:
            raise RuntimeError("call reset() before step(), observe() or state()")

    def observe(self, agent: str) -> dict[str, Any]:
        self._require_reset()
        seat = self._seat[agent]
        return {"observation": self.match.observe(seat), "action_mask": self.match.mask(seat)}

    def action_mask(self, agent: str) -> Any:
        """The agent's legal actions (int8, all zero when it is not to act)."""
        self._require_reset()
        return self.match.mask(self._seat[agent])

    def state(self) -> Any:
        """Every seat's observation in seat order (``state_space``): the whole table."""
        self._require_reset()
        return np.concatenate([self.match.observe(s) for s in range(self.match.num_seats)])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
            self._resets = 0
        deal_seed: int | str | None = None
        if self._seed is not None:
            deal_seed = f"{self._seed}:{self._resets}"
        self._resets += 1
        self.match.reset(deal_seed)
        self._started = True
        self._init_episode()

    def _acting_agent(self) -> str:
        seat = self.match.to_act
        return self.possible_agents[0 if seat is None else seat]

    def step(self, action: int | None) -> None:
        self._require_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is no action")
        self._cumulative_rewards[agent] = 0.0
        paid = self.match.step_index(int(action))
        self.num_moves += 1
        for seat, value in enumerate(paid):
            self.rewards[self.possible_agents[seat]] = value
        if self.match.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.num_moves >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self._deaths_pending():
            self._deads_step_first()
        else:
            self.agent_selection = self._acting_agent()
        if self.render_mode == "human":
            self.render()

    def _deaths_pending(self) -> bool:
        return any(self.terminations[a] or self.truncations[a] for a in self.agents)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.match.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str, **options: Any) -> KolodaAECEnv:
    """A PettingZoo AEC environment of ``game`` (environment options in the module
    docstring; every other option is the game's own, as ``koloda.load_game`` takes them)."""
    return KolodaAECEnv(game, **options)


def raw_env(game: str, **options: Any) -> KolodaAECEnv:
    """The same as ``env`` (PettingZoo's naming)."""
    return KolodaAECEnv(game, **options)


def _versioned(game: str) -> SimpleNamespace:
    """What ``from koloda.envs.pettingzoo import king_v0`` gives: ``env`` and ``raw_env``
    of that game."""

    def make(**options: Any) -> KolodaAECEnv:
        return KolodaAECEnv(game, **options)

    return SimpleNamespace(env=make, raw_env=make, game=game, name=env_id(game))


def __getattr__(name: str) -> Any:
    """``king_v0`` and the other versioned ids of the registered games."""
    for game in available_games():
        if name == env_id(game):
            return _versioned(game)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
