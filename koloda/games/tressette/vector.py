"""Tressette's tables for the native batch path of ``VectorEnv``
(``native/src/games/tressette/vector.rs``): the buckets of the Python encoder that the Rust encoder
writes, found once per options. The plug-in names ``batch`` as the game's ``vector``."""

from __future__ import annotations

from typing import Any

from koloda._native import TressetteCore
from koloda.envs.core import SEAT_KEYS, ObservationEncoder
from koloda.envs.native_batch import NativeBatch, cached_tables, number_index, only_index
from koloda.games.tressette.declarations import Declaration, DeclarationKind
from koloda.games.tressette.native import NativeTressetteRules
from koloda.games.tressette.scoring import GAMES_PER_GROUP
from koloda.games.tressette.state import PHASE_NAMES, WonGame

DECLARATION_KINDS: tuple[DeclarationKind, ...] = ("baba", "long_run", "triple")
"""The kinds of declarations by the native engine's codes."""


def tables(encoder: ObservationEncoder) -> list[int]:
    """The flat table of ``TressetteTables::from_flat`` for this encoder: the buckets of
    the view's facts in the order of its JSON (``TressetteView.to_json``)."""
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
    flat += [only_index(encoder, "phase", name) for name in PHASE_NAMES]
    flat.append(number_index(encoder, "deal"))
    flat += [number_index(encoder, f"hand_sizes[{r}]") for r in range(4)]
    flat += [number_index(encoder, f"tricks_won[{r}]") for r in range(4)]
    for r in range(4):
        path = f"declarations[{r}][]"
        flat.append(number_index(encoder, f"{path}.seat"))
        flat += [only_index(encoder, f"{path}.kind", kind) for kind in DECLARATION_KINDS]
        flat.append(number_index(encoder, f"{path}.points"))
    flat += [number_index(encoder, f"points[{r}]") for r in range(2)]
    flat += [number_index(encoder, f"deal_points[{r}]") for r in range(2)]
    # a list of games as long as the sides is read per side, own side first
    flat += [
        int(encoder._relative([{}] * count, 0) is not None) for count in range(GAMES_PER_GROUP + 1)
    ]
    for path in ("games[0]", "games[1]", "games[]"):
        flat += [number_index(encoder, f"{path}.{key}") for key in game_keys]
    flat += [number_index(encoder, f"totals[{r}]") for r in range(2)]
    flat += [only_index(encoder, "finished", value) for value in (False, True)]
    return flat


def batch(rules: Any, encoder: ObservationEncoder) -> NativeBatch | None:
    """The native batch path of ``rules``: their states on the native engine, else None."""
    if not isinstance(rules, NativeTressetteRules):
        return None
    return NativeBatch(
        encoder,
        cached_tables(TressetteCore.batch_tables, tables, encoder),
        TressetteCore.batch_step,
        TressetteCore.batch_encode,
    )
