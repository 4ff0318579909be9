"""Spades's tables for the native batch path of ``VectorEnv``
(``native/src/games/spades/vector.rs``): the buckets of the Python encoder that the Rust encoder
writes, found once per options.
The plug-in names ``batch`` as the game's ``vector``."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from koloda._native import SpadesCore
from koloda.envs.core import SEAT_KEYS, ObservationEncoder
from koloda.envs.native_batch import (
    NativeBatch,
    action_index,
    cached_tables,
    number_index,
    only_index,
)
from koloda.games.spades.actions import DISCARD_BASE, GIVE_BASE, bid_text
from koloda.games.spades.native import NativeSpadesRules
from koloda.games.spades.state import PHASE_NAMES


def tables(encoder: ObservationEncoder) -> list[int]:
    """The flat table of ``SpadesTables::from_flat`` for this encoder."""
    if encoder.num_seats != 4 or SEAT_KEYS[:2] != ("to_act", "dealer"):
        raise ValueError("the Spades tables assume four seats and roles to_act, dealer")
    actions = encoder.actions
    flat = [
        encoder.size,
        actions.num_actions,
        encoder.decisions,
        encoder.off_played,
        encoder.off_trick,
        encoder.off_other,
        encoder.off_decisions,
        encoder.off_roles,
    ]
    flat += [only_index(encoder, "phase", name) for name in PHASE_NAMES]
    flat.append(number_index(encoder, "deal"))
    flat += [number_index(encoder, f"hand_sizes[{r}]") for r in range(4)]
    for r in range(4):
        flat += [only_index(encoder, f"picked_up[{r}]", value) for value in (False, True)]
    for r in range(4):
        flat.append(only_index(encoder, f"bids[{r}]", None))
        flat += [only_index(encoder, f"bids[{r}]", bid_text(bid)) for bid in range(15)]
    flat += [number_index(encoder, f"on_table[{r}]") for r in range(4)]
    flat += [number_index(encoder, f"tricks_won[{r}]") for r in range(4)]
    flat += [only_index(encoder, "spades_broken", value) for value in (False, True)]
    flat += [number_index(encoder, f"totals[{r}]") for r in range(2)]
    flat += [number_index(encoder, f"bags[{r}]") for r in range(2)]
    flat += action_index(encoder)
    flat.append(number_index(encoder, "auction[].seat"))
    rules = encoder.rules
    flat += [
        only_index(encoder, "auction[].action", rules.format_action(base))
        for base in (DISCARD_BASE, GIVE_BASE)
    ]
    deck = sorted(rules.info.deck.cards)
    for base in (DISCARD_BASE, GIVE_BASE):
        triples = [-1] * (1 << 18)
        for a, b, c in combinations(deck, 3):
            packed = a << 12 | b << 6 | c
            text = rules.format_action(base + packed)
            triples[packed] = only_index(encoder, "auction[].action", text)
        flat += triples
    return flat


def batch(rules: Any, encoder: ObservationEncoder) -> NativeBatch | None:
    """The native batch path of ``rules``: their states on the native engine, else None."""
    if not isinstance(rules, NativeSpadesRules):
        return None
    return NativeBatch(
        encoder,
        cached_tables(SpadesCore.batch_tables, tables, encoder),
        SpadesCore.batch_step,
        SpadesCore.batch_encode,
    )
