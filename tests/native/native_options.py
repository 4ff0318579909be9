"""The option sets the differential tests play: every rule option of each native game."""

from __future__ import annotations

import itertools
from typing import Any

SPADES_TARGETS = (500, 150, 100, 300)


def spades_option_sets() -> list[dict[str, Any]]:
    """Every combination of the rule options of docs/rules/spades.md (S-6, S-9, S-13, S-15,
    S-11), each with a target (S-17) and a deal limit that keep random games short."""
    sets = []
    combos = itertools.product(
        (True, False),
        (True, False),
        (False, True),
        ("lose_score", "minus_200"),
        ("discard", "any_spade"),
    )
    for index, (double_nil, exchange, bags, both_nil, broken_by) in enumerate(combos):
        sets.append(
            {
                "double_nil": double_nil,
                "nil_exchange": exchange,
                "bags_penalty": bags,
                "both_nil_failure": both_nil,
                "spades_broken_by": broken_by,
                "target": SPADES_TARGETS[index % len(SPADES_TARGETS)],
                "max_deals": 3 + index % 3,
            }
        )
    return sets


REVERSED_NEGATIVES = [
    "erelash",
    "no_king",
    "last_two",
    "no_hearts",
    "no_queens",
    "no_jacks",
    "no_tricks",
]


def king_option_sets() -> list[dict[str, Any]]:
    """Each variant (K-0) with each rule option of docs/rules/king.md: the negative order (K-11),
    K♥ forced on a heart lead (K-9), the early end (K-12), the order table's size and scope
    (K-24) and the three-player balance (K-27)."""
    sets: list[dict[str, Any]] = []
    for stop, forced, reverse in itertools.product((True, False), (False, True), (False, True)):
        options: dict[str, Any] = {"stop_when_decided": stop, "king_forced_on_heart_lead": forced}
        if reverse:
            options["negative_order"] = REVERSED_NEGATIVES
        sets.append(options)
    for variant, scope, orders in itertools.product(
        ("order", "three"), ("per_player", "shared"), (8, 1, 3)
    ):
        index = len(sets)
        options = {
            "variant": variant,
            "order_scope": scope,
            "positive_orders_per_player": orders,
            "stop_when_decided": index % 2 == 0,
            "king_forced_on_heart_lead": index % 3 == 0,
        }
        if variant == "three":
            options["three_player_balance"] = ("king24", "proportional")[index % 2]
        sets.append(options)
    return sets


def tressette_option_sets() -> list[dict[str, Any]]:
    """Every combination of the rule options of docs/rules/tressette.md: the trump hearts (T-6,
    T-7), card points per trick or pooled (T-12) and the long run (T-9)."""
    combos = itertools.product((True, False), ("per_trick", "pooled"), ("seven", "ten"))
    return [
        {"hearts_special": hearts, "card_points": points, "long_run": run}
        for hearts, points, run in combos
    ]


def hundred_one_option_sets() -> list[dict[str, Any]]:
    """Every rule option of docs/rules/hundred_one.md: 2 to 6 players (H-1), the hand size (H-2),
    the draws of a 6 and a 7 (H-5), drawing by choice (H-10) and the queen held (H-15) —
    each value in some set, the booleans in every combination."""
    sets: list[dict[str, Any]] = []
    for voluntary, queen in itertools.product((False, True), ("plus_40", "instead_40")):
        sets.append({"voluntary_draw": voluntary, "queen_in_hand": queen})
    shapes = [(2, 3), (3, 5), (5, 7), (6, 1), (2, 17), (6, 5), (4, 8), (3, 2)]
    for index, (players, hand_size) in enumerate(shapes):
        sets.append(
            {
                "players": players,
                "hand_size": hand_size,
                "draw_six": index % 5,
                "draw_seven": (index * 3 + 4) % 5,
                "voluntary_draw": index % 2 == 1,
                "queen_in_hand": ("plus_40", "instead_40")[index // 2 % 2],
            }
        )
    return sets


OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "hundred_one": hundred_one_option_sets(),
    "spades": spades_option_sets(),
    "king": king_option_sets(),
    "tressette": tressette_option_sets(),
}
CASES = [(game, index) for game, sets in OPTION_SETS.items() for index in range(len(sets))]


def case_id(case: tuple[str, int]) -> str:
    game, index = case
    options = OPTION_SETS[game][index]
    return game + ":" + (",".join(f"{k}={v}" for k, v in options.items()) or "defaults")
