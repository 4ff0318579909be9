"""King's contracts and the encoding of its actions as small ints.

Cards are their own codes (0..63); ``order:<contract>`` is ``ORDER_BASE + contract``;
``trump:<suit>`` is ``TRUMP_BASE + suit`` and ``trump:last`` is ``TRUMP_LAST``.
"""

from __future__ import annotations

Contract = int

NO_TRICKS, NO_JACKS, NO_QUEENS, NO_HEARTS, LAST_TWO, NO_KING, ERELASH, POSITIVE = range(8)
NEGATIVE_CONTRACTS: tuple[Contract, ...] = (
    NO_TRICKS,
    NO_JACKS,
    NO_QUEENS,
    NO_HEARTS,
    LAST_TWO,
    NO_KING,
    ERELASH,
)
ALL_CONTRACTS: tuple[Contract, ...] = (*NEGATIVE_CONTRACTS, POSITIVE)

CONTRACT_KEYS = (
    "no_tricks",
    "no_jacks",
    "no_queens",
    "no_hearts",
    "last_two",
    "no_king",
    "erelash",
    "positive",
)
ORDER_BASE = 64
TRUMP_BASE = 80
TRUMP_LAST = 84

HEART_LEAD_BANNED: frozenset[Contract] = frozenset({NO_HEARTS, NO_KING, ERELASH})
"""K-8: contracts in which a heart may not be led while holding another suit."""

KING_MUST_GO: frozenset[Contract] = frozenset({NO_KING, ERELASH})
"""K-9: contracts in which K♥ must be discarded at the first opportunity."""


def contract_key(contract: Contract) -> str:
    return CONTRACT_KEYS[contract]


def contract_from_key(key: str) -> Contract:
    return CONTRACT_KEYS.index(key)
