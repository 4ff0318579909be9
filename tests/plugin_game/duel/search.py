"""What an exact search needs of Duel's states."""

from __future__ import annotations

from collections.abc import Hashable

from duel.rules import DuelState
from koloda.core.plugin import SearchSupport


def cards_in_play(state: DuelState) -> int:
    return -1 if state.to_act is None else sum(h.bit_count() for h in state.hands)


def position_key(state: DuelState) -> Hashable:
    return (tuple(state.hands), tuple(state.trick), state.to_act, tuple(state.tricks))


SEARCH = SearchSupport(cards_in_play=cards_in_play, position_key=position_key, exact_cards=8)
