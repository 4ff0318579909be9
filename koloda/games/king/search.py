"""What an exact search of the rest of a deal needs to know of this game's states."""

from __future__ import annotations

from collections.abc import Hashable

from koloda.core.plugin import SearchSupport, cards_in_play, trick_position
from koloda.games.king.state import KingState


def position_key(state: KingState) -> Hashable:
    """The trick position, and the penalty cards and last tricks taken (K-10)."""
    return (*trick_position(state), tuple(state.taken), tuple(state.last_tricks))


SEARCH = SearchSupport(
    cards_in_play=cards_in_play,
    position_key=position_key,
    exact_cards=8,  # earlier, a paranoid search (all against the searcher) is too pessimistic
)
