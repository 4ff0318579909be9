"""The encoding of 101's actions as small ints, and the codes of its public log.

Cards are their own codes (0..63); ``suit:<S/H/D/C>`` is ``SUIT_BASE + suit``; ``draw`` and
``pass`` are ``DRAW`` and ``PASS``. The state's public log stores ``seat << 8 | code`` where
code is an action or one of the automatic steps below (never a drawn card's identity).
"""

from __future__ import annotations

SUIT_BASE = 64
DRAW = 70
PASS = 71

# Automatic steps in the public log (codes >= 128; never actions).
DREW = 128
"""A card went from the stock into the seat's hand (its identity is not logged)."""
NOTHING = 129
"""H-11: the seat had to draw but no card was left anywhere."""
RESTOCK = 130
"""H-11: the discard pile but its top card became the new stock."""

SUIT_ACTIONS: tuple[int, ...] = (SUIT_BASE, SUIT_BASE + 1, SUIT_BASE + 2, SUIT_BASE + 3)


def is_card_action(action: int) -> bool:
    return 0 <= action < SUIT_BASE


def is_suit_action(action: int) -> bool:
    return SUIT_BASE <= action < SUIT_BASE + 4
