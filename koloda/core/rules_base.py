"""Defaults the games' rules objects share: options and plain deals as JSON, per-deal scores.

A game overrides what it records differently (101's starter and stock, its ``out``).
"""

from __future__ import annotations

from typing import Any

from koloda.core.deals import setup_from_json, setup_to_json
from koloda.core.engine import DealSetup, GameState
from koloda.core.options import options_to_json


class RulesBase:
    options: Any

    def options_json(self) -> dict[str, Any]:
        """The options as a record writes them (the variant, and what differs from defaults)."""
        return options_to_json(self.options)

    def setup_from_json(self, deal: dict[str, Any]) -> DealSetup:
        return setup_from_json(deal)

    def setup_to_json(self, setup: DealSetup) -> dict[str, Any]:
        return setup_to_json(setup)

    def deal_results_json(self, state: GameState, deal: int) -> dict[str, Any]:
        """records.md: a complete deal's ``scores``."""
        return {"scores": list(state.deal_scores()[deal])}
