"""The native batch path of ``VectorEnv``: a batch of native states stepped in one call into
Rust and their observation tensors and masks encoded there (``native/src/vector.rs`` for
Spades, ``vector_king.rs``, ``vector_tressette.rs`` and ``vector_hundred_one.rs``).

The Rust encoder writes the same floats as ``ObservationEncoder.encode`` of the acting
seat's view. Where the Python encoder hashes a fact by name, the bucket is found here, once,
by running the Python encoder's own ``_fact`` on that fact alone, and handed to Rust as a
table; a position with a fact the table does not cover is declined by Rust and encoded in
Python. Games without a native batch encoder (``batch_for`` returns None) step through the
engine's Python API.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np

from koloda.core.info import CARD_ACTIONS
from koloda.envs.core import (
    SCAN_LIMIT,
    SEAT_KEYS,
    BoolArray,
    FloatArray,
    IntArray,
    ObservationEncoder,
)


def _only_index(encoder: ObservationEncoder, path: str, value: Any) -> int:
    """The one index the Python encoder adds 1 to for the fact ``path = value``, or -1."""
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder._fact(out, path, value, lambda other: None)
    found = np.flatnonzero(out)
    if len(found) == 0:
        return -1
    if len(found) != 1 or out[found[0]] != 1.0 or found[0] < encoder.off_hashed:
        raise ValueError(f"fact {path}={value!r} is not one hashed bucket")
    return int(found[0])


def _number_index(encoder: ObservationEncoder, path: str) -> int:
    """The index a number at ``path`` adds to."""
    out = np.zeros(encoder.size, dtype=np.float32)
    encoder._fact(out, path, 1, lambda other: None)
    found = np.flatnonzero(out)
    if len(found) != 1:
        raise ValueError(f"number {path} is not one hashed bucket")
    return int(found[0])


_TABLES: dict[str, Any] = {}


def spades_tables(encoder: ObservationEncoder) -> list[int]:
    """The flat table of ``SpadesTables::from_flat`` for this encoder."""
    from koloda.games.spades.actions import DISCARD_BASE, GIVE_BASE, bid_text
    from koloda.games.spades.state import PHASE_NAMES

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
    flat += [_only_index(encoder, "phase", name) for name in PHASE_NAMES]
    flat.append(_number_index(encoder, "deal"))
    flat += [_number_index(encoder, f"hand_sizes[{r}]") for r in range(4)]
    for r in range(4):
        flat += [_only_index(encoder, f"picked_up[{r}]", value) for value in (False, True)]
    for r in range(4):
        flat.append(_only_index(encoder, f"bids[{r}]", None))
        flat += [_only_index(encoder, f"bids[{r}]", bid_text(bid)) for bid in range(15)]
    flat += [_number_index(encoder, f"on_table[{r}]") for r in range(4)]
    flat += [_number_index(encoder, f"tricks_won[{r}]") for r in range(4)]
    flat += [_only_index(encoder, "spades_broken", value) for value in (False, True)]
    flat += [_number_index(encoder, f"totals[{r}]") for r in range(2)]
    flat += [_number_index(encoder, f"bags[{r}]") for r in range(2)]
    flat += _action_index(encoder)
    flat.append(_number_index(encoder, "auction[].seat"))
    rules = encoder.rules
    flat += [
        _only_index(encoder, "auction[].action", rules.format_action(base))
        for base in (DISCARD_BASE, GIVE_BASE)
    ]
    deck = sorted(rules.info.deck.cards)
    for base in (DISCARD_BASE, GIVE_BASE):
        triples = [-1] * (1 << 18)
        for a, b, c in combinations(deck, 3):
            packed = a << 12 | b << 6 | c
            text = rules.format_action(base + packed)
            triples[packed] = _only_index(encoder, "auction[].action", text)
        flat += triples
    return flat


def king_tables(encoder: ObservationEncoder) -> list[int]:
    """The flat table of ``KingTables::from_flat`` for this encoder."""
    from koloda.core.cards import format_suit
    from koloda.games.king.actions import CONTRACT_KEYS
    from koloda.games.king.state import PHASE_NAMES

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
    flat += [_only_index(encoder, "phase", name) for name in PHASE_NAMES]
    flat.append(_number_index(encoder, "deal"))
    flat += [_number_index(encoder, f"hand_sizes[{r}]") if r < n else -1 for r in range(4)]
    contracts = [_only_index(encoder, "contract", key) for key in CONTRACT_KEYS]
    flat += [_only_index(encoder, "contract", None), *contracts]
    flat += [-1] * (16 - len(contracts))
    flat.append(_only_index(encoder, "trump", None))
    flat += [_only_index(encoder, "trump", format_suit(suit)) for suit in range(4)]
    flat += [_only_index(encoder, "by_last", value) for value in (False, True)]
    flat += [_number_index(encoder, f"tricks_won[{r}]") if r < n else -1 for r in range(4)]
    flat += [_number_index(encoder, f"totals[{r}]") if r < n else -1 for r in range(4)]
    return flat + _action_index(encoder)


HUNDRED_ONE_SEATS = 6
"""Seats the 101 tables hold per-seat facts for (``MAX_SEATS`` of ``hundred_one.rs``)."""


def hundred_one_tables(encoder: ObservationEncoder) -> list[int]:
    """The flat table of ``HundredOneTables::from_flat`` for this encoder: the buckets of
    the facts of ``HundredOneView.to_json`` (a view's top and drawn cards are cards, not
    facts, and its suit is one of the four or None)."""
    from koloda.core.cards import format_suit
    from koloda.games.hundred_one.state import PHASE_NAMES

    n = encoder.num_seats
    if SEAT_KEYS[:2] != ("to_act", "dealer"):
        raise ValueError("the 101 tables assume the roles to_act, dealer")
    if n > HUNDRED_ONE_SEATS:
        raise ValueError(f"the 101 tables hold at most {HUNDRED_ONE_SEATS} seats")
    seats = range(HUNDRED_ONE_SEATS)
    flat = [
        encoder.size,
        encoder.actions.num_actions,
        n,
        encoder.off_other,
        encoder.off_roles,
    ]
    flat += [_only_index(encoder, "phase", name) for name in PHASE_NAMES]
    flat.append(_number_index(encoder, "deal"))
    flat += [_number_index(encoder, f"hand_sizes[{r}]") if r < n else -1 for r in seats]
    flat.append(_only_index(encoder, "suit", None))
    flat += [_only_index(encoder, "suit", format_suit(suit)) for suit in range(4)]
    flat += [_only_index(encoder, "named", value) for value in (False, True)]
    flat.append(_number_index(encoder, "stock_size"))
    flat.append(_number_index(encoder, "pile_size"))
    flat.append(_only_index(encoder, "drawn", None))
    flat += [_number_index(encoder, f"totals[{r}]") if r < n else -1 for r in seats]
    return flat + _action_index(encoder)


def tressette_tables(encoder: ObservationEncoder) -> list[int]:
    """The flat table of ``TressetteTables::from_flat`` for this encoder: the buckets of
    the view's facts in the order of its JSON (``TressetteView.to_json``)."""
    from koloda.games.tressette.declarations import Declaration
    from koloda.games.tressette.native import DECLARATION_KINDS
    from koloda.games.tressette.scoring import GAMES_PER_GROUP
    from koloda.games.tressette.state import PHASE_NAMES, WonGame

    if encoder.num_seats != 4 or encoder.sides != ((0, 2), (1, 3)):
        raise ValueError("the Tressette tables assume four seats in sides 0, 2 and 1, 3")
    if SEAT_KEYS[:3] != ("to_act", "dealer", "leader") or encoder.actions.codes:
        raise ValueError("the Tressette tables assume the roles to_act, dealer, leader, cards")
    declaration_keys = list(Declaration(0, "baba", (), 0).to_json())
    game_keys = list(WonGame(0, 0, 0).to_json())
    if declaration_keys != ["seat", "kind", "cards", "points"] or game_keys != [
        "winner",
        "value",
        "deal",
    ]:
        raise ValueError("the Tressette tables assume other declarations or games")
    flat = [
        encoder.size,
        encoder.actions.num_actions,
        encoder.off_played,
        encoder.off_trick,
        encoder.off_other,
        encoder.off_roles,
    ]
    flat += [_only_index(encoder, "phase", name) for name in PHASE_NAMES]
    flat.append(_number_index(encoder, "deal"))
    flat += [_number_index(encoder, f"hand_sizes[{r}]") for r in range(4)]
    flat += [_number_index(encoder, f"tricks_won[{r}]") for r in range(4)]
    for r in range(4):
        path = f"declarations[{r}][]"
        flat.append(_number_index(encoder, f"{path}.seat"))
        flat += [_only_index(encoder, f"{path}.kind", kind) for kind in DECLARATION_KINDS]
        flat.append(_number_index(encoder, f"{path}.points"))
    flat += [_number_index(encoder, f"points[{r}]") for r in range(2)]
    flat += [_number_index(encoder, f"deal_points[{r}]") for r in range(2)]
    # a list of games as long as the sides is read per side, own side first
    flat += [
        int(encoder._relative([{}] * count, 0) is not None) for count in range(GAMES_PER_GROUP + 1)
    ]
    for path in ("games[0]", "games[1]", "games[]"):
        flat += [_number_index(encoder, f"{path}.{key}") for key in game_keys]
    flat += [_number_index(encoder, f"totals[{r}]") for r in range(2)]
    flat += [_only_index(encoder, "finished", value) for value in (False, True)]
    return flat


def _action_index(encoder: ObservationEncoder) -> list[int]:
    index = [-1] * SCAN_LIMIT
    for code in range(CARD_ACTIONS):
        index[code] = code
    for i, code in enumerate(encoder.actions.codes):
        index[code] = CARD_ACTIONS + i
    return index


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


def _tables(kind: Any, build: Any, encoder: ObservationEncoder) -> Any:
    """The tables of these rules' options, built once."""
    rules = encoder.rules
    key = rules.info.name + json.dumps(rules.options_json(), sort_keys=True)
    if key not in _TABLES:
        _TABLES[key] = kind(build(encoder))
    return _TABLES[key]


def batch_for(rules: Any, encoder: ObservationEncoder) -> NativeBatch | None:
    """The native batch path of these rules' states, or None (the Python API is used)."""
    try:
        from koloda import _native
        from koloda.games.hundred_one.native import NativeHundredOneRules
        from koloda.games.king.native import NativeKingRules
        from koloda.games.spades.native import NativeSpadesRules
        from koloda.games.tressette.native import NativeTressetteRules
    except ImportError:
        return None
    if isinstance(rules, NativeSpadesRules):
        tables = _tables(_native.SpadesBatchTables, spades_tables, encoder)
        return NativeBatch(encoder, tables, _native.spades_batch_step, _native.spades_batch_encode)
    if isinstance(rules, NativeKingRules):
        tables = _tables(_native.KingBatchTables, king_tables, encoder)
        return NativeBatch(encoder, tables, _native.king_batch_step, _native.king_batch_encode)
    if isinstance(rules, NativeHundredOneRules):
        tables = _tables(_native.HundredOneBatchTables, hundred_one_tables, encoder)
        return NativeBatch(
            encoder, tables, _native.hundred_one_batch_step, _native.hundred_one_batch_encode
        )
    if isinstance(rules, NativeTressetteRules):
        tables = _tables(_native.TressetteBatchTables, tressette_tables, encoder)
        return NativeBatch(
            encoder, tables, _native.tressette_batch_step, _native.tressette_batch_encode
        )
    return None
