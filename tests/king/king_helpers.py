"""The King tests' hand-built deal: deal B and its play (building deals and playing them
scripted or lowest-legal: ``random_play``)."""

from __future__ import annotations

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
