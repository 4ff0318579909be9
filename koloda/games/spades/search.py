"""What an exact search of the rest of a deal needs to know of this game's states (the
trick position is all a Spades deal depends on: S-13 scores tricks only)."""

from __future__ import annotations

from koloda.core.plugin import SearchSupport, cards_in_play, trick_position
from koloda.games.spades.state import SpadesState

SEARCH: SearchSupport[SpadesState] = SearchSupport(
    cards_in_play=cards_in_play,
    position_key=trick_position,
    search_card_play_only=True,  # bids and the nil exchange come from the heuristic
)
