"""Shared helpers of the 101 tests: hand-built deals, and the legal actions and a hand in
record notation (playing actions so written: ``random_play.play``)."""

from __future__ import annotations

from typing import Any

from random_play import card_names

from koloda import load_game
from koloda.core.cards import cards_in, parse_card, parse_cards
from koloda.core.decks import DECK_36
from koloda.games.hundred_one.rules import HundredOneRules
from koloda.games.hundred_one.state import HundredOneState


def rules_for(**options: Any) -> HundredOneRules:
    rules = load_game("hundred_one", **options)
    assert isinstance(rules, HundredOneRules)
    return rules


def deal(
    hands: list[str],
    starter: str,
    stock_top: str = "",
    dealer: int = 0,
    restocks: tuple[str, ...] = (),
    seed: int | None = None,
    **options: Any,
) -> HundredOneState:
    """A first hand with the given cards; the stock is ``stock_top`` (top first) followed by
    every card not named, lowest code first."""
    options.setdefault("players", len(hands))
    parsed = [parse_cards(h) for h in hands]
    options.setdefault("hand_size", len(parsed[0]))
    rules = rules_for(**options)
    first = parse_card(starter)
    top = parse_cards(stock_top)
    used = {first, *top, *(c for h in parsed for c in h)}
    stock = top + [c for c in DECK_36.cards if c not in used]
    return rules.state_from_deal(
        parsed, first, stock, dealer, [parse_cards(r) for r in restocks], seed=seed
    )


def legal(state: HundredOneState) -> list[str]:
    return [state.rules.format_action(a) for a in state.legal_actions()]


def hand(state: HundredOneState, seat: int) -> list[str]:
    return card_names(cards_in(state.hands[seat]))
