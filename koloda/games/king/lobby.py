"""King in the lobby: the classic game, ordering and the game for three, and when each option
applies (K-11: the program of negative deals is the classic game's; K-23..K-25 the order
variants'; K-27 the three players'). The classic game and the game with ordering are rated,
each apart; the game for three is not (its balance is a table's choice)."""

from __future__ import annotations

from koloda.core.lobby import Lobby, OptionShape, Preset

LOBBY = Lobby(
    presets=(
        Preset("king_classic", {"variant": "classic"}, rated=True),
        Preset("king_order", {"variant": "order"}, rated=True),
        Preset("king_three", {"variant": "three"}),
    ),
    shapes={
        "negative_order": OptionShape(shown_when={"variant": ("classic",)}, words="contract."),
        "positive_orders_per_player": OptionShape(
            shown_when={"variant": ("order", "three")}, values=tuple(range(1, 9)), unit="games"
        ),
        "order_scope": OptionShape(shown_when={"variant": ("order", "three")}),
        "three_player_balance": OptionShape(shown_when={"variant": ("three",)}),
    },
    rank=1,
)
