"""PettingZoo AEC environments of every Koloda game: ``env("king", variant="order")``.

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
"""

from __future__ import annotations

from typing import Any, ClassVar

from koloda.core.errors import MissingExtraError

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ModuleNotFoundError as missing:  # the research extra
    raise MissingExtraError("the PettingZoo environments", "research") from missing

from koloda.envs.core import make_match
from koloda.envs.spaces import RENDER_MODES, observation_space


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class KolodaAECEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]  # untyped base
    """One Koloda game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "koloda_v0",
        "is_parallelizable": True,
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
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        n = self.match.num_seats
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {a: observation_space(self.match) for a in self.possible_agents}
        self._action_spaces = {
            a: spaces.Discrete(self.match.actions.num_actions) for a in self.possible_agents
        }
        self._seed: int | None = None
        self._resets = 0
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

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        return {"observation": self.match.observe(seat), "action_mask": self.match.mask(seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
            self._resets = 0
        deal_seed: int | str | None = None
        if self._seed is not None:
            deal_seed = f"{self._seed}:{self._resets}"
        self._resets += 1
        self.match.reset(deal_seed)
        self._init_episode()

    def _acting_agent(self) -> str:
        seat = self.match.to_act
        return self.possible_agents[0 if seat is None else seat]

    def step(self, action: int | None) -> None:
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
