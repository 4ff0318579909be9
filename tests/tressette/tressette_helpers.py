"""The Tressette tests' hand-built deals and their play: a group of three deals (building
deals and playing them scripted or lowest-legal: ``random_play``)."""

from __future__ import annotations

ALL_HEARTS = "3H 2H AH KH QH JH 7H 6H 5H 4H"
# One card of every rank to each of three seats, suits rotated: no Баба, no triple.
LATIN_A = "3S 2C AD KS QC JD 7S 6C 5D 4S"
LATIN_B = "2S QS 6S 3D KD 7D 4D AC JC 5C"
LATIN_C = "AS JS 5S 2D QD 6D 3C KC 7C 4C"

# Deal 1 of the scripted group: dealer 3, seat 0 (leader) holds every heart.
GROUP_DEAL_1 = (ALL_HEARTS, LATIN_A, LATIN_B, LATIN_C)
# Seat 0 leads hearts high to low; the others discard. Card points in tricks 1-6 only.
GROUP_PLAY_1 = (
    "3H 3S 2S AS",
    "2H 2C 3D 2D",
    "AH AD KD QD",
    "KH KS QS JS",
    "QH QC AC 3C",
    "JH JD JC KC",
    "7H 7S 6S 7C",
    "6H 6C 7D 5S",
    "5H 5D 4D 6D",
    "4H 4S 5C 4C",
)

# Deal 2: dealer 0, seat 1 (leader) holds every heart (16); seat 2 a spade Баба with
# K Q J (6), three 3s (3) and three 2s (3) = 12; seat 3 three sevens (4); seat 0 nothing.
GROUP_DEAL_2 = (
    "KD QD JD 4D KC QC JC 6C 5C 4C",
    ALL_HEARTS,
    "3S 2S AS KS QS JS 3D 3C 2D 2C",
    "7S 7D 7C 6S 6D 5S 5D 4S AD AC",
)
# In the order seat 1, 2, 3, 0.
GROUP_PLAY_2 = (
    "3H 3S 7S KD",
    "2H 2S 7D QD",
    "AH AS 7C JD",
    "KH KS 6S KC",
    "QH QS 6D QC",
    "JH JS 5S JC",
    "7H 3D AD 4D",
    "6H 3C AC 6C",
    "5H 2D 5D 5C",
    "4H 2C 4S 4C",
)

# Deal 3: dealer 1, seat 2 (leader) holds every heart; deal 1 turned by two seats.
GROUP_DEAL_3 = (LATIN_B, LATIN_C, ALL_HEARTS, LATIN_A)
GROUP_PLAY_3 = GROUP_PLAY_1
