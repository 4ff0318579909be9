"""``VectorEnv``: N games of one Koloda game stepped together, numpy arrays in and out.

``VectorEnv(game, num_envs, seed=…, **options)`` keeps ``num_envs`` independent games
(matches, in the sense of ``koloda.envs.core``) on the native engine when the game has one
(``engine="native"``; the Python engine otherwise, behind the same API):

- ``reset() -> (obs, mask)``: ``obs`` float32 ``(num_envs, observation_size)``, the
  view-only tensor of ``koloda.envs.core`` for each game's acting seat (``seats``);
  ``mask`` bool ``(num_envs, num_actions)``, its legal actions in the game's action space.
- ``step(actions) -> (obs, mask, rewards, dones)``: ``actions`` an int array of
  ``num_envs`` indices into the action space, one per game, chosen by that game's acting
  seat (an illegal index is a ``ValueError``, nothing applied); ``rewards`` float32
  ``(num_envs, num_seats)``: what the step paid each seat by the convention of the
  PettingZoo environment (``reward="deal"``: ``rules.info.rewards`` of every deal the step
  finished, about -1..1, zero otherwise; ``reward="game"``: ``game_reward`` when the game
  ended, +1 per seat beaten and -1 per seat that beat one, over the other seats);
  ``dones`` bool ``(num_envs,)``: the step ended that game. A finished game restarts at
  once with the next seeded deal, so ``obs`` and ``mask`` are always the new acting seat's.
- ``seats``: int ``(num_envs,)``, the acting seat of each game (whose ``obs`` and
  ``mask`` they are).

Seeds: game ``k`` (counting from 0) of environment ``i`` is dealt from the seed
``f"{seed + i}:{k}"`` — the same deals as the PettingZoo environment reset with
``seed + i`` (its ``k``-th reset), so both can be compared decision by decision. Without a
seed the deals come from the engine's own strong shuffle.

Options of the environment: ``reward`` (``"deal"`` or ``"game"``), ``deals`` (end a
game after that many deals; 0, the default: the whole game, ended after
``koloda.envs.core.DEAL_CAP`` deals if it has not ended by then), ``engine`` (``"native"``
or ``"python"``; default: native when the game has a native engine); every other option is
the game's own.

Native batch path (every game, ``koloda.envs.native_batch``): the states live in Rust, one
call steps the whole batch and one writes every observation tensor, mask and acting seat
straight into the numpy arrays (``native/src/games/<game>/vector.rs``), with the named
facts' places taken from the Python encoder itself; ``tests/envs/test_vector_env.py`` checks
every position against it. On the Python engine (``engine="python"``) the games step one by
one through the engine's API and each acting seat's view is encoded with the shared encoder —
the same tensors, more slowly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from koloda.core.errors import MissingExtraError, OptionError

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as missing:  # the research extra
    raise MissingExtraError("the vector environment", "research") from missing

from koloda.core.engine import AnyRules, View
from koloda.core.registry import load_game
from koloda.envs.core import BoolArray, FloatArray, IntArray, Match
from koloda.envs.native_batch import batch_for

_native_sample: Callable[[Any, int, Any, Any], None] | None
try:
    from koloda._native import sample_masked as _native_sample
except ImportError:  # the Python engine alone
    _native_sample = None


def sample_masked(mask: BoolArray, uniforms: npt.NDArray[np.float64]) -> IntArray:
    """Row ``i``'s ``floor(uniforms[i] * count)``-th legal index of ``mask`` (-1 for a
    row with nothing legal): natively when the extension is built, else with numpy."""
    out = np.empty(len(uniforms), dtype=np.int64)
    if _native_sample is not None:
        _native_sample(mask.view(np.uint8), mask.shape[1], uniforms, out)
        return out
    counts = mask.sum(axis=1)
    picks = np.minimum((uniforms * counts).astype(np.int64), counts - 1)
    ranks = np.cumsum(mask, axis=1) - 1
    out[:] = np.where(counts > 0, ((ranks == picks[:, None]) & mask).argmax(axis=1), -1)
    return out


def load_vector_rules(game: str, engine: str | None, **options: Any) -> tuple[AnyRules, str]:
    """The game's rules on ``engine`` and the engine; ``None`` picks the native engine when
    the game has one, the Python engine otherwise."""
    if engine is not None:
        return load_game(game, engine=engine, **options), engine
    try:
        return load_game(game, engine="native", **options), "native"
    except OptionError as error:
        if "native" not in str(error):
            raise
        return load_game(game, engine="python", **options), "python"


def _without_legal_actions(view: View) -> View:
    """The view without its list of legal actions, which the tensor leaves out anyway (the
    exchange's 286 triples would be written out as text for nothing)."""
    if dataclasses.is_dataclass(view) and "legal_actions" in _field_names(type(view)):
        return dataclasses.replace(view, legal_actions=())
    return view


@lru_cache(maxsize=64)
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


class VectorEnv:
    """``num_envs`` games of ``game`` stepped together (see the module docstring)."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        seed: int | None = None,
        *,
        reward: str = "deal",
        deals: int = 0,
        engine: str | None = None,
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.game = game
        self.num_envs = num_envs
        self.seed = seed
        self.rules, self.engine = load_vector_rules(game, engine, **options)
        first = Match(self.rules, reward=reward, deals=deals)
        self.matches = [first] + [
            Match(self.rules, reward=reward, deals=deals) for _ in range(num_envs - 1)
        ]
        self.actions = first.actions
        self.encoder = first.encoder
        for match in self.matches[1:]:  # one action space and encoder for the batch
            match.actions = self.actions
            match.encoder = self.encoder
        self.num_actions = self.actions.num_actions
        self.observation_size = self.encoder.size
        self.num_seats = self.rules.info.num_seats
        self.games = np.zeros(num_envs, dtype=np.int64)
        """How many games each environment has started (its seed counter)."""
        self.seats: IntArray = np.zeros(num_envs, dtype=np.int64)
        self._obs: FloatArray = np.zeros((num_envs, self.observation_size), dtype=np.float32)
        self._mask: BoolArray = np.zeros((num_envs, self.num_actions), dtype=np.bool_)
        self._legal: list[Any] = [()] * num_envs
        self._rows = np.arange(num_envs)
        self._batch = batch_for(self.rules, self.encoder) if self.engine == "native" else None

    def _deal_seed(self, i: int) -> str | None:
        if self.seed is None:
            return None
        return f"{self.seed + i}:{int(self.games[i])}"

    def _restart(self, i: int) -> None:
        self.matches[i].reset(self._deal_seed(i))
        self.games[i] += 1

    def _observe(self, i: int) -> None:
        match = self.matches[i]
        state = match.state
        seat = state.to_act
        assert seat is not None, "a running game has a seat to act"
        self.seats[i] = seat
        legal = state.legal_actions()
        self._legal[i] = legal
        self._obs[i] = self.encoder.encode(_without_legal_actions(state.view(seat)))
        row = self._mask[i]
        row[:] = False
        row[self.actions.indices(legal)] = True

    def _observe_all(self) -> None:
        """Fill fresh observations, the masks and the seats of every game's seat to act."""
        self._obs = np.empty((self.num_envs, self.observation_size), dtype=np.float32)
        if self._batch is None:
            for i in range(self.num_envs):
                self._observe(i)
            return
        states = [match.state for match in self.matches]
        for i in self._batch.encode(states, self._obs, self._mask, self.seats):
            self._observe(i)  # a position the native encoder leaves to Python

    def reset(self) -> tuple[FloatArray, BoolArray]:
        """Start every game anew from its first seed; the acting seats' tensors and masks."""
        self.games[:] = 0
        for i in range(self.num_envs):
            self._restart(i)
        self._observe_all()
        return self._obs, self._mask.copy()

    def step(self, actions: npt.ArrayLike) -> tuple[FloatArray, BoolArray, FloatArray, BoolArray]:
        """Apply one action index per game (by its acting seat); finished games restart."""
        chosen = np.asarray(actions, dtype=np.int64).reshape(-1)
        if chosen.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {chosen.shape}")
        in_range = (chosen >= 0) & (chosen < self.num_actions)
        if not in_range.all() or not self._mask[self._rows, np.where(in_range, chosen, 0)].all():
            bad = [
                i
                for i, a in enumerate(chosen)
                if not (0 <= a < self.num_actions and self._mask[i, a])
            ]
            raise ValueError(f"illegal action indices in games {bad[:10]}")
        rewards = np.zeros((self.num_envs, self.num_seats), dtype=np.float32)
        dones = np.zeros(self.num_envs, dtype=np.bool_)
        if self._batch is not None:
            self._step_batch(chosen, rewards, dones)
            return self._obs, self._mask.copy(), rewards, dones
        self._obs = np.empty((self.num_envs, self.observation_size), dtype=np.float32)
        for i, index in enumerate(chosen.tolist()):
            match = self.matches[i]
            code = self.actions.code_of(index, self._legal[i])
            match.state.apply_unchecked(code)
            match.decisions += 1
            paid = match._rewards()
            if any(paid):
                rewards[i] = paid
            if match.is_over:
                dones[i] = True
                self._restart(i)
            self._observe(i)
        return self._obs, self._mask.copy(), rewards, dones

    def _step_batch(self, chosen: IntArray, rewards: FloatArray, dones: BoolArray) -> None:
        """The native path: one call steps every game, one encodes every observation."""
        assert self._batch is not None
        states = [match.state for match in self.matches]
        for match in self.matches:
            match.decisions += 1
        ended = set()
        for i, scores in self._batch.step(states, chosen):
            match = self.matches[i]
            paid = match._rewards() if scores is None else match._pay((scores,))
            ended.add(i)
            if any(paid):
                rewards[i] = paid
        for i, match in enumerate(self.matches):
            if i in ended:
                over = match.is_over  # its last deal, or its cap of decisions
            else:  # no deal ended there (the step reports every end): only the cap ends it
                over = match.decisions >= match.decision_limit
                if over:  # a game's reward is paid now
                    rewards[i] = match._pay(())
            if over:
                dones[i] = True
                self._restart(i)
        self._observe_all()

    def sample(self, rng: np.random.Generator | None = None) -> IntArray:
        """A uniformly random legal action index for every game, what a random player
        would pick, drawn from ``rng`` (a fresh generator when None): game ``i`` takes the
        ``floor(u * count)``-th of its ``count`` legal indices, ``u`` the ``i``-th of
        ``rng.random(num_envs)``."""
        uniforms = (rng if rng is not None else np.random.default_rng()).random(self.num_envs)
        return sample_masked(self._mask, uniforms)

    def legal_indices(self, i: int) -> list[int]:
        """The legal action indices of game ``i`` now."""
        return [int(x) for x in np.flatnonzero(self._mask[i])]
