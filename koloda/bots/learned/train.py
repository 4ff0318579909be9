"""Train a game's ``learned`` bot on ``VectorEnv``: imitation of the ``normal`` bot.

    python -m koloda.bots.learned.train GAME --steps 4000 --seed 1 --out learned.npz

``envs`` games run side by side on the vector environment (its native batch path), whole
games of the game's default options (or ``--option key=value``). At every decision the
teacher, the ``normal`` bot, is asked for its move from the acting seat's view; that move is
the label, and the move played is the teacher's or, with probability ``noise``, a uniformly
random legal one, so that the positions learned from include those after a mistake (what the
pupil meets when it errs, as in DAgger). The observation tensors, legal masks and labels go
into a ring buffer; every gradient step first adds ``fresh`` decisions to it and then fits
the network (``model.Network``) on ``batch`` positions drawn from it: the masked softmax
cross-entropy, Adam. Everything is seeded: the same seed gives the same weights.

Why imitation and not self-play alone: docs/research/learned.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

if __name__ == "__main__":  # a training process: one BLAS thread (see .threads)
    for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")

import numpy as np

from koloda.bots.base import make_bot
from koloda.bots.learned.model import (
    Adam,
    BoolArray,
    FloatArray,
    IntArray,
    Network,
    masked_cross_entropy,
)
from koloda.bots.learned.threads import one_blas_thread
from koloda.core.errors import OptionError
from koloda.core.info import CARD_ACTIONS
from koloda.envs.vector import VectorEnv

TEACHER = "normal"


@dataclass
class Settings:
    """How a network is trained (its file keeps them)."""

    game: str
    steps: int = 4000
    seed: int = 1
    hidden: tuple[int, ...] = (256, 128)
    envs: int = 64
    batch: int = 512
    fresh: int = 128
    buffer: int = 65536
    rate: float = 1e-3
    noise: float = 0.25
    scan: int = 20000
    """Decisions of noisy teacher play whose legal actions fix the network's outputs."""
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class Log:
    losses: list[float] = field(default_factory=list)
    accuracies: list[float] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0


class Teacher:
    """The vector environment played by the noisy teacher, yielding labelled positions."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.env = VectorEnv(settings.game, settings.envs, seed=settings.seed, **settings.options)
        self.bot = make_bot(TEACHER, self.env.rules)
        self.rng = random.Random(settings.seed)
        self.noise_rng = np.random.default_rng(settings.seed)
        self.obs, self.mask = self.env.reset()

    def labels(self) -> IntArray:
        """The teacher's action index in each game now."""
        env = self.env
        out = np.empty(env.num_envs, dtype=np.int64)
        for i, match in enumerate(env.matches):
            view = match.state.view(int(env.seats[i]))
            action = self.bot.choose(view, self.rng)
            out[i] = env.actions.index_of(action, view.legal_actions)
        return out

    def step(self) -> tuple[FloatArray, BoolArray, IntArray]:
        """The positions now with the teacher's labels; then one move in every game."""
        obs, mask, labels = self.obs.copy(), self.mask, self.labels()
        explore = self.noise_rng.random(self.env.num_envs) < self.settings.noise
        played = np.where(explore, self.env.sample(self.noise_rng), labels)
        self.obs, self.mask, _, _ = self.env.step(played)
        return obs, mask, labels


def output_actions(teacher: Teacher) -> IntArray:
    """Every card index and scanned decision, and the slots of the large decisions up to
    the last one legal in ``scan`` decisions of noisy teacher play."""
    env = teacher.env
    seen = np.zeros(env.num_actions, dtype=np.bool_)
    for _ in range(max(1, teacher.settings.scan // env.num_envs)):
        seen |= teacher.step()[1].any(axis=0)
    base = env.actions.slot_base
    slots = np.flatnonzero(seen[base:])
    top = base + (int(slots.max()) + 1 if len(slots) else 0)
    in_deck = [c for c in range(CARD_ACTIONS) if seen[c]]
    return np.array(in_deck + list(range(CARD_ACTIONS, top)), dtype=np.int64)


class Buffer:
    """A ring of labelled positions, the mask and label as columns of the outputs."""

    def __init__(self, size: int, inputs: int, actions: IntArray, num_actions: int) -> None:
        self.obs = np.zeros((size, inputs), dtype=np.float16)
        self.mask = np.zeros((size, len(actions)), dtype=np.bool_)
        self.target = np.zeros(size, dtype=np.int64)
        self.column = np.full(num_actions, -1, dtype=np.int64)
        self.column[actions] = np.arange(len(actions))
        self.actions = actions
        self.count = 0
        self.next = 0

    def add(self, obs: FloatArray, mask: BoolArray, labels: IntArray) -> None:
        target = self.column[labels]
        keep = target >= 0  # a label the outputs lack is left out
        for row in np.flatnonzero(keep):
            k = self.next
            self.obs[k] = obs[row]
            self.mask[k] = mask[row, self.actions]
            self.target[k] = target[row]
            self.next = (k + 1) % len(self.target)
            self.count = min(self.count + 1, len(self.target))

    def sample(self, size: int, rng: np.random.Generator) -> tuple[FloatArray, BoolArray, IntArray]:
        rows = rng.integers(0, self.count, size)
        return self.obs[rows].astype(np.float32), self.mask[rows], self.target[rows]


def train(
    settings: Settings, progress: Callable[[int, Log], None] | None = None
) -> tuple[Network, Log]:
    """A network trained by ``settings`` and the log of its losses (one per step)."""
    if settings.steps < 1:
        raise OptionError("steps must be at least 1")
    with one_blas_thread():
        return _train(settings, progress)


def _train(settings: Settings, progress: Callable[[int, Log], None] | None) -> tuple[Network, Log]:
    started = time.perf_counter()
    teacher = Teacher(settings)
    env = teacher.env
    actions = output_actions(teacher)
    rng = np.random.default_rng(settings.seed)
    network = Network.create(env.observation_size, list(settings.hidden), actions, rng)
    network.features = env.encoder.feature_names
    network.codes = list(env.actions.codes)
    buffer = Buffer(settings.buffer, env.observation_size, actions, env.num_actions)
    adam = Adam(settings.rate)
    log = Log()
    while buffer.count < settings.batch:
        buffer.add(*teacher.step())
    for step in range(settings.steps):
        added = 0
        while added < settings.fresh:
            buffer.add(*teacher.step())
            added += env.num_envs
        obs, mask, target = buffer.sample(settings.batch, rng)
        scores, inputs = network.forward(obs)
        loss, grad = masked_cross_entropy(scores, mask, target)
        picked = np.where(mask, scores, -np.inf).argmax(axis=1)
        log.losses.append(loss)
        log.accuracies.append(float((picked == target).mean()))
        adam.apply(network.params(), network.backward(grad, inputs))
        if progress is not None:
            progress(step, log)
    log.decisions = int(env.games.sum())
    log.seconds = time.perf_counter() - started
    network.about = describe(settings, env, log)
    return network, log


def describe(settings: Settings, env: VectorEnv, log: Log) -> dict[str, Any]:
    """What the network's file says of how it was made."""
    tail = max(1, len(log.losses) // 20)
    return {
        "game": settings.game,
        "options": env.rules.options_json(),
        "num_actions": env.num_actions,
        "observation_size": env.observation_size,
        "method": f"imitation of {TEACHER}",
        "steps": settings.steps,
        "seed": settings.seed,
        "hidden": list(settings.hidden),
        "batch": settings.batch,
        "noise": settings.noise,
        "rate": settings.rate,
        "final_loss": round(float(np.mean(log.losses[-tail:])), 4),
        "final_accuracy": round(float(np.mean(log.accuracies[-tail:])), 4),
    }


def parse_options(items: list[str]) -> dict[str, Any]:
    """``key=value`` texts as options (a value that reads as JSON is taken as such)."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise OptionError(f"option {item!r} is not key=value")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m koloda.bots.learned.train")
    parser.add_argument("game")
    parser.add_argument("--steps", type=int, default=4000, help="gradient steps")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="the .npz file to write")
    parser.add_argument("--hidden", default="256,128", help="hidden layers' sizes")
    parser.add_argument("--noise", type=float, default=0.25, help="random moves' share")
    parser.add_argument("--option", action="append", default=[], help="a game option k=v")
    args = parser.parse_args(argv)
    try:
        settings = Settings(
            args.game,
            steps=args.steps,
            seed=args.seed,
            hidden=tuple(int(x) for x in args.hidden.split(",") if x),
            noise=args.noise,
            options=parse_options(args.option),
        )
        network, log = train(settings, progress=_report)
    except (OptionError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    network.save(args.out)
    about = network.about
    print(
        f"\n{args.game}: {settings.steps} steps, {log.seconds:.0f} s, loss "
        f"{about['final_loss']}, agreement with {TEACHER} {about['final_accuracy']:.1%}, "
        f"{os.path.getsize(args.out) / 1024:.0f} KB -> {args.out}"
    )
    return 0


def _report(step: int, log: Log) -> None:
    if (step + 1) % 250 == 0:
        tail = log.losses[-250:]
        right = log.accuracies[-250:]
        print(
            f"step {step + 1}: loss {np.mean(tail):.4f} agreement {np.mean(right):.1%}",
            flush=True,
        )


if __name__ == "__main__":
    sys.exit(main())
