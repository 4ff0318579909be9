"""Helpers for the King tests: building deals, playing scripted or lowest-legal moves."""

from __future__ import annotations

from koloda.core.cards import format_card, parse_card
from koloda.core.engine import DealSetup
from koloda.games.king.state import KingState

# Deal B: a hand-built deal used by several scenarios (seat 0..3, each in dealt order).
DEAL_B = (
    "AS KS QS JS 7H 8H 7D 8D",
    "10S 9S 8S 7S AH KH 9D 10D",
    "AD KD QD JD QH JH 7C 8C",
    "AC KC QC JC 10C 9C 10H 9H",
)

# The play of deal B in a negative deal led by seat 0 (dealer 3); 8 tricks of 4 cards.
PLAY_B = (
    "AS 7S 7C 9H",  # s0 wins
    "KS 8S 8C 10H",  # s0 wins
    "7D 10D JD 9C",  # s2 wins
    "AD 10C 8D 9D",  # s2 wins
    "KD JC QS AH",  # s2 wins
    "QD QC JS KH",  # s2 wins
    "QH KC 7H 9S",  # s2 wins
    "JH AC 8H 10S",  # s2 wins
)


def hands(*rows: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(parse_card(t) for t in row.split()) for row in rows)


def setup(dealer: int, *rows: str) -> DealSetup:
    return DealSetup(dealer, hands(*rows))


def play(state: KingState, text: str) -> list[object]:
    """Apply actions written as in a record (``"AS 7S order:no_king trump:last"``)."""
    events: list[object] = []
    for token in text.split():
        events.extend(state.apply(state.rules.parse_action(token)))
    return events


def legal_texts(state: KingState) -> set[str]:
    return {state.rules.format_action(a) for a in state.legal_actions()}


def play_lowest_until_deal_ends(state: KingState) -> int:
    """Play the lowest legal action until the current deal is scored; returns actions."""
    deals = len(state.sheet)
    count = 0
    while len(state.sheet) == deals and not state.is_over:
        state.apply(state.legal_actions()[0])
        count += 1
    return count


def card_names(cards: object) -> list[str]:
    return [format_card(c) for c in cards]  # type: ignore[attr-defined]
