"""Gymnasium single-agent environments: one seat learns, Koloda bots play the others.

``make("spades", seat=0, opponents="normal")``, or through Gymnasium's registry once this
module is imported: ``gymnasium.make("koloda/Spades-v0", seat=0, opponents="normal")``
(``env_id``: ``koloda/King-v0``, ``koloda/HundredOne-v0`` … for every registered game;
``gymnasium.make("koloda.envs.gymnasium:koloda/King-v0")`` imports it by itself). The
observation is the learner's dict of
``observation`` and ``action_mask`` (layouts in ``koloda.envs.core``), the action an index
into the game's action space, the reward what the learner's seat was paid since its last
decision (per deal or per game: the ``reward`` option, as in ``koloda.envs.pettingzoo``);
what the bots' moves paid it before its first decision comes with its first step.
``opponents`` is a bot name of ``koloda.bots`` (``random``, ``easy``, ``normal``, ``hard``,
``ismcts:200`` …) or one name per other seat. ``deals`` ends the episode after that many
deals (0, the default: the whole game, ended after ``koloda.envs.core.DEAL_CAP`` deals if
it has not ended by then); ``max_cycles`` truncates after that many of the learner's
decisions. An episode that ends before the learner's first decision (a deal the bots finish
alone) is no episode: ``reset`` deals the next one and says how many it skipped in
``info["skipped_episodes"]``, so it never returns a finished game.

An action outside the mask ends the episode with ``info["illegal_action"]`` and the penalty
``illegal_penalty`` (``illegal_action="lose"``, the default, so that Gymnasium's checker and
random agents run): one less than the worst the rest of the episode could pay by playing on,
so breaking the rules never pays better than playing; ``illegal_action="raise"`` raises
``IllegalActionError`` instead. The opponents draw their choices from a generator seeded by
``reset(seed=…)``, so a seeded episode repeats exactly. ``action_masks()`` is the learner's
mask as booleans (what masking learners such as sb3-contrib's ``MaskablePPO`` ask for);
``reset()`` comes first: stepping before it is a ``RuntimeError``.
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
from koloda.core.errors import IllegalActionError
from koloda.core.registry import available_games
from koloda.envs.core import Match, make_match, reward_bounds
from koloda.envs.spaces import RENDER_MODES, observation_space

ILLEGAL_ACTIONS = ("raise", "lose")
MAX_SKIPPED = 1000
"""Episodes in a row without a decision of the learner after which ``reset`` gives up."""


def illegal_penalty(match: Match) -> float:
    """What ``illegal_action="lose"`` pays: one less than the worst the rest of the episode
    could pay by playing on, so that breaking the rules never pays better than playing."""
    if match.reward == "game":
        return reward_bounds(match.rules)[0] - 1.0
    return -1.0 - match.reward_bound * match.deals_left


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
        deals: int = 0,
        max_cycles: int | None = None,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES}, not {render_mode!r}")
        self.match = make_match(game, reward=reward, deals=deals, **options)
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
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.seat = seat
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.observation_space = observation_space(self.match)
        self.action_space = gymnasium.spaces.Discrete(self.match.actions.num_actions)
        self._bot_rng = random.Random(0)
        self._moves = 0
        self._pending = 0.0
        """What the learner was paid before its first decision (by reset's bot moves),
        added to the first step's reward."""
        self._started = False

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
        skipped = 0
        while True:
            deal_seed = int(self.np_random.integers(0, 2**62))
            self._bot_rng = random.Random(deal_seed)
            self.match.reset(deal_seed)
            self._moves = 0
            self._pending = self._play_bots()
            if not self.match.is_over:
                break
            skipped += 1  # the episode ended before the learner's first decision
            if skipped >= MAX_SKIPPED:
                raise RuntimeError(
                    f"seat {self.seat} had no decision in {skipped} episodes in a row"
                )
        self._started = True
        info: dict[str, Any] = {"legal_actions": self._legal_indices()}
        if skipped:
            info["skipped_episodes"] = skipped
        return self._observation(), info

    def action_masks(self) -> Any:
        """The learner's legal actions as booleans (all False when the game is over)."""
        return self.match.mask(self.seat).astype(np.bool_)

    def _legal_indices(self) -> list[int]:
        match = self.match
        return match.actions.indices(match.legal()) if match.to_act == self.seat else []

    def step(
        self, action: np.int64 | int
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        match = self.match
        if not self._started:
            raise RuntimeError("call reset() before step()")
        if match.is_over:
            raise RuntimeError("the game is over: call reset()")
        index = int(action)
        legal = match.legal()  # the learner is to act: the bots have played up to it
        in_space = 0 <= index < match.actions.num_actions
        code = match.actions.code_of(index, legal) if in_space else -1
        if code not in legal:
            if self.illegal_action == "raise":
                legal_indices = [str(i) for i in match.actions.indices(legal)]
                raise IllegalActionError(str(index), "outside the action mask", legal_indices)
            info: dict[str, Any] = {"legal_actions": [], "illegal_action": True}
            penalty = illegal_penalty(match)
            match.forfeit()
            return self._observation(), penalty, True, False, info
        paid = match.step_code(code)[self.seat] + self._pending
        self._pending = 0.0
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


VERSION = 0
"""The version in the environments' ids: it changes when observations, actions or rewards do."""


def env_id(game: str) -> str:
    """Gymnasium's id of ``game``'s environment: ``koloda/HundredOne-v0``."""
    return f"koloda/{''.join(part.title() for part in game.split('_'))}-v{VERSION}"


def register_all() -> list[str]:
    """Register every game of the registry with Gymnasium (done on import); the ids."""
    ids = []
    for game in available_games():
        name = env_id(game)
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=f"{__name__}:KolodaEnv", kwargs={"game": game})
        ids.append(name)
    return ids


ENV_IDS = register_all()
"""The registered ids, in the registry's order of games."""
