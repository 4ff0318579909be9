"""The native batch path of ``VectorEnv``: a batch of native states stepped in one call into
Rust and their observation tensors and masks encoded there (``native/src/games/*/vector.rs``).

The Rust encoder writes the same floats as ``ObservationEncoder.encode`` of the acting
seat's view. Where the Python encoder places a fact by name, the place is found here, once,
by running the Python encoder's own ``_fact`` on that fact alone, and handed to Rust as a
table; a position with a fact the table does not cover is declined by Rust and encoded in
Python. Each game builds its own tables (the module its plug-in names as ``vector``, with the
helpers here: ``only_index``, ``number_index``, ``action_index``, ``cached_tables``); a game
without one (``batch_for`` returns None) steps through the engine's Python API.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from koloda.core.info import CARD_ACTIONS
from koloda.core.plugin import load_reference
from koloda.core.registry import plugin_of
from koloda.envs.core import (
    SCAN_LIMIT,
    BoolArray,
    FloatArray,
    IntArray,
    ObservationEncoder,
)


def only_index(encoder: ObservationEncoder, path: str, value: Any) -> int:
    """The one index the Python encoder adds 1 to for the fact ``path = value``, or -1."""
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder._fact(out, path, value, lambda other: None)
    found = np.flatnonzero(out)
    if len(found) == 0:
        return -1
    if len(found) != 1 or out[found[0]] != 1.0 or found[0] < encoder.off_facts:
        raise ValueError(f"fact {path}={value!r} is not one named place")
    return int(found[0])


def number_index(encoder: ObservationEncoder, path: str) -> int:
    """The index a number at ``path`` adds to."""
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder._fact(out, path, 1, lambda other: None)
    found = np.flatnonzero(out)
    if len(found) != 1:
        raise ValueError(f"number {path} is not one named place")
    return int(found[0])


def action_index(encoder: ObservationEncoder) -> list[int]:
    """Each action code below ``SCAN_LIMIT`` to its index in the action space (or -1)."""
    index = [-1] * SCAN_LIMIT
    for code in range(CARD_ACTIONS):
        index[code] = code
    for i, code in enumerate(encoder.actions.codes):
        index[code] = CARD_ACTIONS + i
    return index


_TABLES: dict[str, Any] = {}


def cached_tables(
    kind: Callable[[list[int]], Any],
    build: Callable[[ObservationEncoder], list[int]],
    encoder: ObservationEncoder,
) -> Any:
    """The tables ``kind(build(encoder))`` of these rules' options, built once."""
    rules = encoder.rules
    key = rules.info.name + json.dumps(rules.options_json(), sort_keys=True)
    if key not in _TABLES:
        _TABLES[key] = kind(build(encoder))
    return _TABLES[key]


class NativeBatch:
    """Native states of one game stepped and encoded a batch at a time."""

    def __init__(self, encoder: ObservationEncoder, tables: Any, step: Any, encode: Any) -> None:
        self.encoder = encoder
        self.tables = tables
        self._step = step
        self._encode = encode

    def step(
        self, states: Sequence[Any], indices: IntArray
    ) -> list[tuple[int, tuple[int, ...] | None]]:
        """Apply the legal action at ``indices[i]`` to ``states[i]``; the positions whose
        deal (or game) ended there, each with that deal's points (or None: the state's
        score sheet has them)."""
        ended: list[tuple[int, tuple[int, ...] | None]] = self._step(
            list(states), indices, self.tables
        )
        return ended

    def encode(
        self, states: Sequence[Any], obs: FloatArray, mask: BoolArray, seats: IntArray
    ) -> list[int]:
        """Write the acting seats, their observations and masks into the arrays, in place;
        the rows left to Python."""
        declined: list[int] = self._encode(
            list(states), self.tables, obs, mask.view(np.uint8), seats
        )
        return declined


def batch_for(rules: Any, encoder: ObservationEncoder) -> NativeBatch | None:
    """The native batch path of these rules' states, from the module the game's plug-in
    names (``vector``), or None: the game has none, or not for these rules (the Python API
    is used)."""
    reference = plugin_of(rules).vector
    if reference is None:
        return None
    try:
        build = load_reference(reference)
    except ImportError:  # the native engine is not built
        return None
    batch: NativeBatch | None = build(rules, encoder)
    return batch
