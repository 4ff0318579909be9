"""A small multilayer perceptron in numpy: forward, backward, Adam, and its file.

``Network`` maps an observation tensor (``koloda.envs.core``) to one score per action of
the game's action space that the game ever makes legal (``actions``: those indices, in
increasing order); ReLU hidden layers, a linear output. The scores of illegal actions are
never read: ``choose`` takes the best legal one, and the loss of training is the masked
softmax cross-entropy (``koloda.bots.learned.train``).

The file is a numpy ``.npz``: the layers' weights and biases stored as float16 (half the
bytes; the network computes in float32), the action indices, the names of the observation's
features (``ObservationEncoder.feature_names``) and the action codes it was trained on, so
that a bot refuses a game whose tensor or action space differ, and a JSON text of how it was
trained.
"""

from __future__ import annotations

import io
import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
NEGATIVE = np.float32(-1e9)
FLUSH_EVERY = 100
TINY = 1e-30


@dataclass
class Network:
    """Layers ``(weight, bias)``: ``weight`` is ``(inputs, outputs)``; ReLU between."""

    layers: list[tuple[FloatArray, FloatArray]]
    actions: IntArray
    """The action index of each output."""
    features: list[str] = field(default_factory=list)
    codes: list[int] = field(default_factory=list)
    """The action space's scanned codes (``ActionSpace.codes``) it was trained on."""
    about: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def create(
        cls, inputs: int, hidden: list[int], actions: IntArray, rng: np.random.Generator
    ) -> Network:
        """He-initialised weights, zero biases."""
        sizes = [inputs, *hidden, len(actions)]
        layers = []
        for a, b in itertools.pairwise(sizes):
            weight = (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32)
            layers.append((weight, np.zeros(b, dtype=np.float32)))
        return cls(layers, np.asarray(actions, dtype=np.int64))

    def params(self) -> list[FloatArray]:
        return [array for layer in self.layers for array in layer]

    def forward(self, obs: FloatArray) -> tuple[FloatArray, list[FloatArray]]:
        """The scores ``(batch, outputs)`` and each layer's input (for ``backward``)."""
        inputs = []
        x = obs
        last = len(self.layers) - 1
        for k, (weight, bias) in enumerate(self.layers):
            inputs.append(x)
            x = x @ weight + bias
            if k < last:
                x = np.maximum(x, 0.0)
        return x, inputs

    def backward(self, grad: FloatArray, inputs: list[FloatArray]) -> list[FloatArray]:
        """The gradients of ``params()`` given the loss's gradient by the scores."""
        grads: list[FloatArray] = []
        for k in range(len(self.layers) - 1, -1, -1):
            weight, _ = self.layers[k]
            x = inputs[k]
            grads[:0] = [x.T @ grad, grad.sum(axis=0)]
            if k:
                grad = (grad @ weight.T) * (x > 0)
        return grads

    def scores(self, obs: FloatArray) -> FloatArray:
        """The scores of every action of the space, ``NEGATIVE`` where it has no output."""
        out = np.full((len(obs), self.space_size()), NEGATIVE, dtype=np.float32)
        out[:, self.actions] = self.forward(obs)[0]
        return out

    def space_size(self) -> int:
        return int(self.about.get("num_actions", int(self.actions.max()) + 1))

    def choose(self, obs: FloatArray, mask: BoolArray) -> IntArray:
        """The best-scored legal action index of each row (ties: the lowest index); an
        action the network has no output for is scored below every other legal one."""
        scores = np.where(mask, self.scores(obs), -np.inf)
        best: IntArray = scores.argmax(axis=1).astype(np.int64)
        return best

    def rounded(self) -> Network:
        """The same network with its weights rounded to float16, as its file keeps them."""
        layers = [
            (w.astype(np.float16).astype(np.float32), b.astype(np.float16).astype(np.float32))
            for w, b in self.layers
        ]
        return Network(
            layers, self.actions.copy(), list(self.features), list(self.codes), dict(self.about)
        )

    def to_bytes(self) -> bytes:
        arrays: dict[str, Any] = {
            "actions": self.actions,
            "features": np.array(self.features, dtype=np.str_),
            "codes": np.array(self.codes, dtype=np.int64),
            "about": np.array(json.dumps(self.about, sort_keys=True)),
        }
        for k, (weight, bias) in enumerate(self.layers):
            arrays[f"w{k}"] = weight.astype(np.float16)
            arrays[f"b{k}"] = bias.astype(np.float16)
        out = io.BytesIO()
        np.savez_compressed(out, **arrays)
        return out.getvalue()

    def save(self, path: str | Path) -> None:
        Path(path).write_bytes(self.to_bytes())

    @classmethod
    def from_bytes(cls, data: bytes) -> Network:
        with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
            count = sum(1 for name in arrays.files if name.startswith("w"))
            layers = [
                (
                    arrays[f"w{k}"].astype(np.float32),
                    arrays[f"b{k}"].astype(np.float32),
                )
                for k in range(count)
            ]
            return cls(
                layers,
                arrays["actions"].astype(np.int64),
                [str(name) for name in arrays["features"]],
                [int(code) for code in arrays["codes"]],
                json.loads(str(arrays["about"])),
            )

    @classmethod
    def load(cls, path: str | Path) -> Network:
        return cls.from_bytes(Path(path).read_bytes())


@dataclass
class Adam:
    """Adam (descent) on a list of arrays, updated in place."""

    rate: float
    moments: list[tuple[FloatArray, FloatArray]] = field(default_factory=list)
    steps: int = 0

    def apply(self, params: list[FloatArray], grads: list[FloatArray]) -> None:
        if not self.moments:
            self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
        self.steps += 1
        b1, b2 = 0.9, 0.999
        scale = self.rate * np.sqrt(1 - b2**self.steps) / (1 - b1**self.steps)
        for param, grad, (m, v) in zip(params, grads, self.moments, strict=True):
            m *= b1
            m += (1 - b1) * grad
            v *= b2
            v += (1 - b2) * grad * grad
            param -= (scale * m / (np.sqrt(v) + 1e-8)).astype(np.float32)
            if self.steps % FLUSH_EVERY == 0:  # moments that decay to subnormal numbers
                m[np.abs(m) < TINY] = 0.0  # slow every operation on them a hundredfold
                v[v < TINY] = 0.0


def masked_cross_entropy(
    scores: FloatArray, mask: BoolArray, target: IntArray
) -> tuple[float, FloatArray]:
    """The mean cross-entropy of softmax over the legal outputs against ``target`` (an
    output column per row), and its gradient by the scores."""
    logits = np.where(mask, scores, NEGATIVE)
    logits = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(logits) * mask
    probs = exp / exp.sum(axis=1, keepdims=True)
    rows = np.arange(len(target))
    loss = float(-np.log(np.maximum(probs[rows, target], 1e-12)).mean())
    grad = probs
    grad[rows, target] -= 1.0
    grad /= len(target)
    return loss, grad.astype(np.float32)
