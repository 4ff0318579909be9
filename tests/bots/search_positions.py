"""Seeded card-play decisions for the search tests."""

from __future__ import annotations

import random
from typing import Any

from koloda.core.info import GameInfo
from koloda.core.registry import load_game


def card_positions(
    game: str,
    count: int,
    seed: str,
    options: dict[str, Any] | None = None,
    least: int = 4,
    most: int = 30,
) -> list[Any]:
    """``count`` states at a card play with a choice, ``least`` to ``most`` cards into the
    deal (so that voids have shown), from random play."""
    rules = load_game(game, **(options or {}))
    rng = random.Random(seed)
    positions = []
    for index in range(count * 4):
        state = rules.new_state(seed=f"{seed}/{index}")
        deal = state.deal_index
        target = rng.randrange(least, most)
        plays = 0
        while state.deal_index == deal and not state.is_over:
            legal = state.legal_actions()
            cards = GameInfo.is_card_action(legal[0])
            if cards and plays >= target and len(legal) > 1:
                positions.append(state)
                break
            plays += cards
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        if len(positions) == count:
            break
    return positions
