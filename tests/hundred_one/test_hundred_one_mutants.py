"""101's action codes and rules, checked where the broader suite leaves a change unnoticed."""

from __future__ import annotations

from koloda.games.hundred_one.actions import (
    DRAW,
    PASS,
    SUIT_ACTIONS,
    SUIT_BASE,
    is_card_action,
    is_suit_action,
)


def test_card_and_suit_actions_are_told_apart() -> None:
    # rule: H-4 H-6
    assert is_card_action(0) and is_card_action(SUIT_BASE - 1)
    assert not is_card_action(-1) and not is_card_action(SUIT_BASE)
    assert all(is_suit_action(a) for a in SUIT_ACTIONS)
    assert not is_suit_action(SUIT_BASE - 1) and not is_suit_action(SUIT_BASE + 4)
    assert not is_suit_action(DRAW) and not is_suit_action(PASS)
    assert not any(is_card_action(a) for a in SUIT_ACTIONS)
