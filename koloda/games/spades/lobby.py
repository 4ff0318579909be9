"""Spades in the lobby. "Spades" is the club game (nil without an exchange, no blind nil,
bags cost), the rated one; "Spades with nil and double nil" the rules' defaults (S-6, S-7)."""

from __future__ import annotations

from koloda.core.lobby import Lobby, OptionShape, Preset

LOBBY = Lobby(
    presets=(
        Preset(
            "spades",
            {
                "double_nil": False,
                "nil_exchange": False,
                "bags_penalty": True,
                "spades_broken_by": "any_spade",
            },
            rated=True,
        ),
        Preset("spades_nil"),
    ),
    shapes={
        "target": OptionShape(values=(200, 300, 500, 1000), unit="points"),
        "max_deals": OptionShape(values=(0, 5, 10, 20), unit="deals"),
    },
    rank=2,
)
