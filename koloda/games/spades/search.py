"""What an exact search of the rest of a deal needs to know of this game's states."""

from __future__ import annotations

from collections.abc import Hashable

from koloda.core.plugin import SearchSupport, cards_in_play
from koloda.games.spades.state import SpadesState


def position_key(state: SpadesState) -> Hashable:
    """What the rest of the deal depends on: hands, trick in progress, mover, tricks taken."""
    return (tuple(state.hands), tuple(state.trick), state.to_act, tuple(state.tricks))


SEARCH = SearchSupport(
    cards_in_play=cards_in_play,
    position_key=position_key,
    search_card_play_only=True,  # bids and the nil exchange come from the heuristic
)
