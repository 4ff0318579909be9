"""101's tables for the native batch path of ``VectorEnv``
(``native/src/games/hundred_one/vector.rs``): the buckets of the Python encoder that the Rust
encoder writes, found once per options.
The plug-in names ``batch`` as the game's ``vector``."""

from __future__ import annotations

from typing import Any

from koloda._native import HundredOneCore
from koloda.core.cards import format_suit
from koloda.envs.core import SEAT_KEYS, ObservationEncoder
from koloda.envs.native_batch import (
    NativeBatch,
    action_index,
    cached_tables,
    number_index,
    only_index,
)
from koloda.games.hundred_one.native import NativeHundredOneRules
from koloda.games.hundred_one.state import PHASE_NAMES

MAX_SEATS = 6
"""Seats the 101 tables hold per-seat facts for (``MAX_SEATS`` of ``hundred_one.rs``)."""


def tables(encoder: ObservationEncoder) -> list[int]:
    """The flat table of ``HundredOneTables::from_flat`` for this encoder: the buckets of
    the facts of ``HundredOneView.to_json`` (a view's top and drawn cards are cards, not
    facts, and its suit is one of the four or None)."""
    n = encoder.num_seats
    if SEAT_KEYS[:2] != ("to_act", "dealer"):
        raise ValueError("the 101 tables assume the roles to_act, dealer")
    if n > MAX_SEATS:
        raise ValueError(f"the 101 tables hold at most {MAX_SEATS} seats")
    seats = range(MAX_SEATS)
    flat = [
        encoder.size,
        encoder.actions.num_actions,
        n,
        encoder.off_other,
        encoder.off_roles,
    ]
    flat += [only_index(encoder, "phase", name) for name in PHASE_NAMES]
    flat.append(number_index(encoder, "deal"))
    flat += [number_index(encoder, f"hand_sizes[{r}]") if r < n else -1 for r in seats]
    flat.append(only_index(encoder, "suit", None))
    flat += [only_index(encoder, "suit", format_suit(suit)) for suit in range(4)]
    flat += [only_index(encoder, "named", value) for value in (False, True)]
    flat.append(number_index(encoder, "stock_size"))
    flat.append(number_index(encoder, "pile_size"))
    flat.append(only_index(encoder, "drawn", None))
    flat += [number_index(encoder, f"totals[{r}]") if r < n else -1 for r in seats]
    return flat + action_index(encoder)


def batch(rules: Any, encoder: ObservationEncoder) -> NativeBatch | None:
    """The native batch path of ``rules``: their states on the native engine, else None."""
    if not isinstance(rules, NativeHundredOneRules):
        return None
    return NativeBatch(
        encoder,
        cached_tables(HundredOneCore.batch_tables, tables, encoder),
        HundredOneCore.batch_step,
        HundredOneCore.batch_encode,
    )
