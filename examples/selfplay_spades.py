# ruff: noqa: E402
"""Self-play on ``koloda.envs.VectorEnv``: a linear softmax policy (numpy only) learns Spades
by playing all four seats against itself, then meets the ``random`` bot in a duplicate match.

    python examples/selfplay_spades.py --minutes 5 --deals 300
    python examples/selfplay_spades.py --minutes 5 --ray            # evaluation on Ray
    python examples/selfplay_spades.py --minutes 5 --ray ray://head:10001

Training: ``--envs`` games run side by side on the vector environment (the native batch
path); every seat samples its action from ``softmax(obs @ W + b)`` over the legal mask. A
deal's reward (``rules.info.rewards`` of the deal, the side's points against the other
side's, about -1..1) is the return of each decision the seat made in it; REINFORCE with the
batch's mean return as the baseline updates the shared weights after every ``--batch``
finished decisions (Adam).

Evaluation: ``koloda.bots.tournament.duplicate_match`` of the greedy policy (its most
probable legal action) against ``random`` over ``--deals`` duplicate deals (each deal played
twice, the sides swapped); the one-sided paired t-test gives the p-value that the policy is
stronger. ``--workers N`` plays the deals in N processes, ``--ray [ADDRESS]`` on a Ray
cluster (a local one without an address); the result does not depend on either.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

# Small matrices: BLAS threads would only contend for the cores the games need, so they are
# turned off before numpy loads (hence imports below this line).
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from koloda import load_game
from koloda.bots.base import AnyBot
from koloda.bots.learned.model import Adam
from koloda.bots.random_bot import RandomBot
from koloda.bots.tournament import duplicate_match
from koloda.core.engine import Action, AnyRules, View
from koloda.envs import VectorEnv
from koloda.envs.core import ActionSpace, ObservationEncoder

FloatArray = npt.NDArray[np.float32]
GAME = "spades"
OPTIONS: dict[str, Any] = {"both_nil_failure": "minus_200"}
"""Spades' rules but one: partners who both bid nil lose 200 when either fails (S-15's
other reading). Under the default, ``lose_score``, such a side's total drops to zero, and
deal one starts from zero, so opening with double nil beside a double-nil partner scores 0
whatever happens: self-play finds that in a minute, and it beats ``random`` (about -150 a
deal) without learning to play."""


@dataclass
class Policy:
    """A linear softmax policy over the game's action space."""

    weights: FloatArray
    bias: FloatArray

    @classmethod
    def zeros(cls, observation_size: int, num_actions: int) -> Policy:
        return cls(
            np.zeros((observation_size, num_actions), dtype=np.float32),
            np.zeros(num_actions, dtype=np.float32),
        )

    def logits(self, obs: FloatArray, mask: npt.NDArray[np.bool_]) -> FloatArray:
        out = np.where(mask, obs @ self.weights + self.bias, np.float32(-1e9))
        return np.asarray(out, dtype=np.float32)

    def probabilities(self, obs: FloatArray, mask: npt.NDArray[np.bool_]) -> FloatArray:
        logits = self.logits(obs, mask)
        logits -= logits.max(axis=1, keepdims=True)
        p: FloatArray = (np.exp(logits) * mask).astype(np.float32)
        p /= p.sum(axis=1, keepdims=True)
        return p


class PolicyBot:
    """The policy as a Koloda bot: it sees only its view, and plays its most probable legal
    action (ties: the lowest index)."""

    name = "selfplay"

    def __init__(self, rules: AnyRules, policy: Policy) -> None:
        self.rules = rules
        self.policy = policy
        self.actions = ActionSpace(rules)
        self.encoder = ObservationEncoder(rules, self.actions)

    def choose(self, view: View, rng: random.Random) -> Action:
        legal = view.legal_actions
        obs = self.encoder.encode(view)
        indices = np.array(self.actions.indices(legal))
        order = np.argsort(indices, kind="stable")  # ties: the lowest index
        logits = obs @ self.policy.weights[:, indices] + self.policy.bias[indices]
        best = order[int(logits[order].argmax())]
        return legal[int(best)]


@dataclass
class TrainingLog:
    decisions: int = 0
    deals: int = 0
    updates: int = 0
    seconds: float = 0.0
    mean_returns: list[float] = field(default_factory=list)


def train(
    seconds: float,
    envs: int = 64,
    batch: int = 4096,
    rate: float = 0.01,
    seed: int = 0,
    max_updates: int | None = None,
    progress: bool = True,
) -> tuple[Policy, TrainingLog]:
    """Self-play REINFORCE for ``seconds`` (or ``max_updates`` updates, whichever first)."""
    env = VectorEnv(GAME, envs, seed=seed, deals=1, **OPTIONS)
    policy = Policy.zeros(env.observation_size, env.num_actions)
    optimizer = Adam(rate)
    rng = np.random.default_rng(seed)
    log = TrainingLog()
    # each game's decisions of its current deal: (obs, mask, action, seat)
    pending: list[list[tuple[FloatArray, Any, int, int]]] = [[] for _ in range(envs)]
    done_obs: list[FloatArray] = []
    done_mask: list[Any] = []
    done_action: list[int] = []
    done_return: list[float] = []
    obs, mask = env.reset()
    started = time.perf_counter()
    bar = _progress(seconds, progress)
    with bar:
        task = bar.add_task("self-play", total=seconds)
        while time.perf_counter() - started < seconds and (
            max_updates is None or log.updates < max_updates
        ):
            p = policy.probabilities(obs, mask)
            cumulative = p.cumsum(axis=1)
            draws = rng.random((envs, 1), dtype=np.float32) * cumulative[:, -1:]
            actions = (cumulative < draws).sum(axis=1).clip(0, env.num_actions - 1)
            actions = np.where(mask[np.arange(envs), actions], actions, mask.argmax(axis=1))
            seats = env.seats.copy()
            for i in range(envs):
                pending[i].append((obs[i], mask[i], int(actions[i]), int(seats[i])))
            obs, mask, rewards, dones = env.step(actions)
            log.decisions += envs
            for i in np.flatnonzero(dones).tolist():
                for o, m, a, seat in pending[i]:
                    done_obs.append(o)
                    done_mask.append(m)
                    done_action.append(a)
                    done_return.append(float(rewards[i, seat]))
                pending[i] = []
                log.deals += 1
            if len(done_action) >= batch:
                _update(policy, optimizer, done_obs, done_mask, done_action, done_return)
                log.mean_returns.append(float(np.mean(done_return)))
                log.updates += 1
                done_obs, done_mask, done_action, done_return = [], [], [], []
            bar.update(task, completed=min(seconds, time.perf_counter() - started))
    log.seconds = time.perf_counter() - started
    return policy, log


def _update(
    policy: Policy,
    optimizer: Adam,
    obs: list[FloatArray],
    masks: list[Any],
    actions: list[int],
    returns: list[float],
) -> None:
    """One REINFORCE step: the gradient of the mean of advantage * log pi(a | obs)."""
    x = np.stack(obs)
    m = np.stack(masks)
    g = np.asarray(returns, dtype=np.float32)
    advantage = g - g.mean()
    scale = advantage.std()
    if scale > 0:
        advantage /= scale
    p = policy.probabilities(x, m)
    onehot = np.zeros_like(p)
    onehot[np.arange(len(actions)), actions] = 1.0
    delta = (onehot - p) * advantage[:, None] / len(actions)
    # ascent on the expected return: Adam descends the negated gradient
    optimizer.apply([policy.weights, policy.bias], [-(x.T @ delta), -delta.sum(axis=0)])


def evaluate(
    policy: Policy,
    deals: int,
    seed: str = "selfplay",
    workers: int = 1,
    ray: str | None = None,
) -> dict[str, Any]:
    """A duplicate match of the greedy policy against ``random``: the tournament summary
    (means per deal, intervals, win rates, the p-value that the policy is stronger)."""
    rules = load_game(GAME, engine="native", **OPTIONS)
    if ray is not None and __name__ != "__main__":  # Ray's workers cannot import this file
        from ray import cloudpickle

        cloudpickle.register_pickle_by_value(sys.modules[__name__])  # type: ignore[no-untyped-call]
    bots: list[AnyBot] = [PolicyBot(rules, policy), RandomBot(rules)]
    result = duplicate_match(
        rules, ["selfplay", "random"], deals, seed=seed, bots=bots, workers=workers, ray=ray
    )
    return result.summary()


def _progress(seconds: float, enabled: bool) -> Any:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed:.0f}/{task.total:.0f} s"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not enabled,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="training time")
    parser.add_argument("--envs", type=int, default=64, help="games stepped together")
    parser.add_argument("--batch", type=int, default=4096, help="decisions per update")
    parser.add_argument("--rate", type=float, default=0.01, help="Adam's learning rate")
    parser.add_argument("--deals", type=int, default=300, help="duplicate deals in evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="evaluation processes")
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="evaluate on a Ray cluster (a local one without ADDRESS)",
    )
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    args = parser.parse_args()
    policy, log = train(
        args.minutes * 60, envs=args.envs, batch=args.batch, rate=args.rate, seed=args.seed
    )
    started = time.perf_counter()
    summary = evaluate(policy, args.deals, seed=str(args.seed), workers=args.workers, ray=args.ray)
    report: dict[str, Any] = {
        "training": {
            "seconds": round(log.seconds, 1),
            "decisions": log.decisions,
            "deals": log.deals,
            "updates": log.updates,
            "decisions_per_second": round(log.decisions / log.seconds),
            "mean_return_first_updates": [round(x, 3) for x in log.mean_returns[:3]],
            "mean_return_last_updates": [round(x, 3) for x in log.mean_returns[-3:]],
        },
        "evaluation_seconds": round(time.perf_counter() - started, 1),
        "match": summary,
    }
    if args.json:
        print(json.dumps(report))
        return
    train_part = report["training"]
    print(
        f"trained {train_part['seconds']} s: {log.decisions:,} decisions, {log.deals:,} deals, "
        f"{log.updates} updates ({train_part['decisions_per_second']:,} decisions/s)"
    )
    for name, row in summary["bots"].items():
        low, high = row["ci95"]
        print(
            f"  {name:>9}: mean {row['mean']:+8.2f} per deal  95% CI [{low:+.2f}, {high:+.2f}]"
            f"  win rate {row['win_rate']:.1%}"
        )
    print(f"  p-value (selfplay stronger than random): {summary['p_value']:.3g}")


if __name__ == "__main__":
    main()
