"""What an exact search of the rest of a deal needs to know of this game's states."""

from __future__ import annotations

from collections.abc import Hashable

from koloda.core.plugin import SearchSupport, cards_in_play, trick_position
from koloda.games.tressette.state import TressetteState


def position_key(state: TressetteState) -> Hashable:
    """The trick position, and the counting cards each seat has taken (T-12)."""
    return (*trick_position(state), tuple(state.taken))


SEARCH = SearchSupport(
    cards_in_play=cards_in_play,
    position_key=position_key,
)
