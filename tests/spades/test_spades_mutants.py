"""Spades' action codes and rules, checked where the broader suite leaves a change unnoticed."""

from __future__ import annotations

from itertools import combinations

from koloda.core.cards import cardset, parse_cards
from koloda.games.spades.actions import (
    BID_BASE,
    DISCARD_BASE,
    DOUBLE_NIL,
    GIVE_BASE,
    NIL,
    TripleActions,
    bid_action,
    pack,
)


def test_bid_actions() -> None:
    # rule: S-4 S-5 S-6
    assert bid_action(NIL) == BID_BASE
    assert bid_action(4) == BID_BASE + 4
    assert bid_action(13) == BID_BASE + 13
    assert bid_action(DOUBLE_NIL) == BID_BASE + 14


def test_the_discards_of_a_nil_bidder_are_every_three_cards_of_his_hand() -> None:
    # rule: S-7
    hand_cards = parse_cards("2S 9S AS 3H QH")
    hand = cardset(hand_cards)
    triples = TripleActions(hand, DISCARD_BASE)
    expected = [DISCARD_BASE + pack(t) for t in combinations(sorted(hand_cards), 3)]
    assert len(triples) == 10
    assert list(triples) == expected
    assert triples[1:4] == tuple(expected[1:4])
    assert triples[::3] == tuple(expected[::3])
    assert triples == expected and triples == tuple(expected)
    assert triples == TripleActions(hand, DISCARD_BASE)
    assert triples != TripleActions(hand, GIVE_BASE)
    assert triples != TripleActions(cardset(parse_cards("2S 9S AS 3H KH")), DISCARD_BASE)
    assert triples != expected[:-1]
    assert hash(triples) == hash(TripleActions(hand, DISCARD_BASE))
    assert hash(triples) != hash(TripleActions(hand, GIVE_BASE))
    assert triples.__eq__("discards") is NotImplemented
    assert "discard" not in triples
    assert GIVE_BASE + pack(parse_cards("2S 9S AS")) not in triples
    assert DISCARD_BASE + pack(parse_cards("2S 9S KH")) not in triples
    assert all(a in triples for a in expected)
