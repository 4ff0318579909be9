"""King's tables for the native batch path of ``VectorEnv``
(``native/src/games/king/vector.rs``): the buckets of the Python encoder that the Rust encoder
writes, found once per options.
The plug-in names ``batch`` as the game's ``vector``."""

from __future__ import annotations

from typing import Any

from koloda._native import KingCore
from koloda.core.cards import format_suit
from koloda.envs.core import SEAT_KEYS, ObservationEncoder
from koloda.envs.native_batch import (
    NativeBatch,
    action_index,
    cached_tables,
    number_index,
    only_index,
)
from koloda.games.king.actions import CONTRACT_KEYS
from koloda.games.king.native import NativeKingRules
from koloda.games.king.state import PHASE_NAMES


def tables(encoder: ObservationEncoder) -> list[int]:
    """The flat table of ``KingTables::from_flat`` for this encoder."""
    n = encoder.num_seats
    if SEAT_KEYS[0] != "to_act" or SEAT_KEYS[1] != "dealer" or SEAT_KEYS[3] != "declarer":
        raise ValueError("the King tables assume the roles to_act, dealer, -, declarer")
    if len(CONTRACT_KEYS) > 16:
        raise ValueError("more contracts than the King tables hold")
    flat = [
        encoder.size,
        encoder.actions.num_actions,
        n,
        encoder.off_played,
        encoder.off_trick,
        encoder.off_roles,
    ]
    flat += [only_index(encoder, "phase", name) for name in PHASE_NAMES]
    flat.append(number_index(encoder, "deal"))
    flat += [number_index(encoder, f"hand_sizes[{r}]") if r < n else -1 for r in range(4)]
    contracts = [only_index(encoder, "contract", key) for key in CONTRACT_KEYS]
    flat += [only_index(encoder, "contract", None), *contracts]
    flat += [-1] * (16 - len(contracts))
    flat.append(only_index(encoder, "trump", None))
    flat += [only_index(encoder, "trump", format_suit(suit)) for suit in range(4)]
    flat += [only_index(encoder, "by_last", value) for value in (False, True)]
    flat += [number_index(encoder, f"tricks_won[{r}]") if r < n else -1 for r in range(4)]
    flat += [number_index(encoder, f"totals[{r}]") if r < n else -1 for r in range(4)]
    return flat + action_index(encoder)


def batch(rules: Any, encoder: ObservationEncoder) -> NativeBatch | None:
    """The native batch path of ``rules``: their states on the native engine, else None."""
    if not isinstance(rules, NativeKingRules):
        return None
    return NativeBatch(
        encoder,
        cached_tables(KingCore.batch_tables, tables, encoder),
        KingCore.batch_step,
        KingCore.batch_encode,
    )
