"""The ``learned`` bot: a small network trained per game (``koloda.bots.learned.train``),
its weights shipped in the game's package as ``learned.npz``.

A view in, an action out: the view's observation tensor (``koloda.envs.core``, the same as
``VectorEnv``'s), one numpy forward pass of the network, the best-scored legal action (ties:
the lowest index of the action space; no randomness, so the same view gets the same move).
The network's file names the observation's features it was trained on, and the bot reads
them by name from today's tensor, so a fact added to a game's views later is left out
rather than shifting the others. It plays a game on the options it was trained on; other
options are an ``OptionError``. Method, reasons and results: docs/research/learned.md.
"""

from __future__ import annotations

import importlib.resources
import json
import random
from typing import Any

from koloda.core.engine import Action, AnyRules
from koloda.core.errors import MissingExtraError, OptionError
from koloda.core.registry import plugin_of
from koloda.extras import missing_packages

WEIGHTS = "learned.npz"
"""The file of a game's weights in its package."""


def weights_bytes(rules: AnyRules) -> bytes:
    """The bytes of the game's shipped weights; a game without them is an OptionError."""
    package = plugin_of(rules).rules.partition(":")[0].rpartition(".")[0]
    resource = importlib.resources.files(package) / WEIGHTS
    if not resource.is_file():
        raise OptionError(f"{rules.info.name} has no learned bot (no {WEIGHTS} in {package})")
    return resource.read_bytes()


class LearnedBot:
    """The game's trained network as a bot (see the module docstring)."""

    name = "learned"

    def __init__(self, rules: AnyRules, data: bytes | None = None) -> None:
        if "numpy" in missing_packages("research"):
            raise MissingExtraError("the learned bot", "research")
        import numpy as np

        from koloda.bots.learned.model import Network
        from koloda.envs.core import ActionSpace, ObservationEncoder

        network = Network.from_bytes(data if data is not None else weights_bytes(rules))
        trained = network.about.get("options", {})
        if _key(rules.options_json()) != _key(trained):
            raise OptionError(
                f"the learned bot of {rules.info.name} plays it on the options it was trained "
                f"on: {json.dumps(trained, sort_keys=True)}"
            )
        self.rules = rules
        self.network = network
        self.actions = ActionSpace(rules)
        if list(self.actions.codes) != network.codes:
            raise OptionError(f"the learned bot of {rules.info.name} knows other actions")
        self.encoder = ObservationEncoder(rules, self.actions)
        now = {name: i for i, name in enumerate(self.encoder.feature_names)}
        columns = [now.get(name, -1) for name in network.features]
        self._columns = np.array([c if c >= 0 else 0 for c in columns], dtype=np.int64)
        self._present = np.array([c >= 0 for c in columns], dtype=np.float32)
        self._output = {int(a): k for k, a in enumerate(network.actions)}

    def choose(self, view: Any, rng: random.Random) -> Action:
        import numpy as np

        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        if len(legal) == 1:
            return legal[0]
        obs = self.encoder.encode(view)[self._columns] * self._present
        scores = self.network.forward(obs[None, :])[0][0]
        indices = self.actions.indices(legal)
        best: Action = legal[0]
        best_key = (-np.inf, 0)
        for action, index in zip(legal, indices, strict=True):
            column = self._output.get(index)
            score = float(scores[column]) if column is not None else -1e9
            key = (score, -index)
            if key > best_key:
                best, best_key = action, key
        return best


def _key(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True)


def learned(rules: AnyRules) -> LearnedBot:
    """The bot level ``learned``: the game's shipped network."""
    return LearnedBot(rules)
