"""Gymnasium single-agent environments: one seat learns, Koloda bots play the others.

``make("spades", seat=0, opponents="normal")``: the observation is the learner's dict of
``observation`` and ``action_mask`` (layouts in ``koloda.envs.core``), the action an index
into the game's action space, the reward what the learner's seat was paid since its last
decision (per deal or per game: the ``reward`` option, as in ``koloda.envs.pettingzoo``).
``opponents`` is a bot name of ``koloda.bots`` (``random``, ``easy``, ``normal``, ``hard``,
``ismcts:200`` …) or one name per other seat. ``max_cycles`` truncates after that many of
the learner's decisions. An action outside the mask ends the episode with reward -1 and
``info["illegal_action"]`` (``illegal_action="lose"``, the default, as PettingZoo's classic
games do), or raises the engine's ``IllegalActionError`` (``illegal_action="raise"``).
The opponents draw their choices from a generator seeded by ``reset(seed=…)``, so a seeded
episode repeats exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from koloda.core.errors import MissingExtraError

try:
    import gymnasium
    import numpy as np
except ModuleNotFoundError as missing:  # the research extra
    raise MissingExtraError("the Gymnasium environments", "research") from missing

from koloda.bots import AnyBot, make_bot
from koloda.envs.core import make_match
from koloda.envs.spaces import RENDER_MODES, observation_space

ILLEGAL_REWARD = -1.0
"""What the learner is paid for an illegal action under ``illegal_action="lose"``."""


class KolodaEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a Koloda game against bots (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES)}  # noqa: RUF012  # Env declares it so

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "normal",
        *,
        reward: str = "deal",
        max_deals: int | None = None,
        max_cycles: int | None = None,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.match = make_match(game, reward=reward, max_deals=max_deals, **options)
        n = self.match.num_seats
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat 0..{n - 1}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{n - 1} opponents are needed, not {len(names)}")
        others = [s for s in range(n) if s != seat]
        self.bots: dict[int, AnyBot] = {
            s: make_bot(name, self.match.rules) for s, name in zip(others, names, strict=True)
        }
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.seat = seat
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.observation_space = observation_space(self.match)
        self.action_space = gymnasium.spaces.Discrete(self.match.actions.num_actions)
        self._bot_rng = random.Random(0)
        self._moves = 0

    def _observation(self) -> dict[str, Any]:
        return {
            "observation": self.match.observe(self.seat),
            "action_mask": self.match.mask(self.seat),
        }

    def _play_bots(self) -> float:
        """Let the bots play until the learner acts or the game ends; the learner's pay."""
        paid = 0.0
        match = self.match
        while not match.is_over and match.to_act != self.seat:
            seat = match.to_act
            if seat is None:  # between deals the state deals by itself; never waits here
                raise RuntimeError("the game awaits a deal")
            choice = self.bots[seat].choose(match.state.view(seat), self._bot_rng)
            paid += match.step_code(choice)[self.seat]
        return paid

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        deal_seed = int(self.np_random.integers(0, 2**62))
        self._bot_rng = random.Random(deal_seed)
        self.match.reset(deal_seed)
        self._moves = 0
        self._play_bots()
        return self._observation(), {"legal_actions": self._legal_indices()}

    def _legal_indices(self) -> list[int]:
        match = self.match
        return match.actions.indices(match.legal()) if match.to_act == self.seat else []

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        match = self.match
        if match.is_over:
            raise RuntimeError("the game is over: call reset()")
        index = int(action)
        if self.illegal_action == "lose" and not match.mask(self.seat)[index]:
            info: dict[str, Any] = {"legal_actions": [], "illegal_action": True}
            match.forfeit()
            return self._observation(), ILLEGAL_REWARD, True, False, info
        paid = match.step_index(index)[self.seat]
        self._moves += 1
        paid += self._play_bots()
        terminated = match.is_over
        truncated = (
            not terminated and self.max_cycles is not None and self._moves >= self.max_cycles
        )
        if self.render_mode == "human":
            self.render()
        info = {"legal_actions": self._legal_indices()}
        return self._observation(), float(paid), terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.match.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text


def make(
    game: str, seat: int = 0, opponents: str | Sequence[str] = "normal", **options: Any
) -> KolodaEnv:
    """A Gymnasium environment of ``game`` where ``seat`` learns against bots."""
    return KolodaEnv(game, seat, opponents, **options)
