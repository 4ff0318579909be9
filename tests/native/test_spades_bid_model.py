"""The native search's model of Spades bids reads a hand as the Python heuristic bids it
(``koloda.games.spades.heuristic._bid``, ported in ``native/src/games/spades/policy.rs``),
and its belief model (``beliefs_tricks.rs``) weighs a bid the heuristic would not make below
the one it would."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from koloda._native import spades_bid_model
from koloda.games.spades.actions import BID_BASE, NIL
from koloda.games.spades.heuristic import _bid

LEGAL = tuple(range(BID_BASE, BID_BASE + 14))


def _mask(cards: list[int]) -> int:
    return sum(1 << card for card in cards)


@pytest.mark.parametrize("partner_nil", [False, True])
def test_the_model_bids_as_the_heuristic(partner_nil: bool) -> None:
    # rule: S-4, S-5
    deck = [suit << 4 | rank for suit in range(4) for rank in range(13)]
    rng = random.Random(11)
    nils = 0
    for _ in range(5_000):
        hand = tuple(sorted(rng.sample(deck, 13)))
        bids = [-1, -1, NIL if partner_nil else -1, -1]
        view = SimpleNamespace(hand=hand, seat=0, bids=bids)
        expected = _bid(view, LEGAL) - BID_BASE  # type: ignore[arg-type]
        nil, number, weight = spades_bid_model(_mask(list(hand)), partner_nil, expected)
        assert (0 if nil else number) == expected, hand
        assert weight == 1.0
        nils += nil
    assert (nils > 0) != partner_nil  # weak hands bid nil unless the partner has


def test_bids_far_from_the_hand_weigh_less() -> None:
    # rule: S-4, S-5
    strong = _mask([12, 11, 10, 28, 44, 17, 18, 19, 33, 34, 49, 50, 51])  # ♠AKQ, ♥A, ♦A
    weak = _mask([0, 1, 2, 16, 17, 18, 19, 32, 33, 34, 48, 49, 50])  # no honours
    nil, number, _ = spades_bid_model(strong, False)
    assert not nil and 4 <= number <= 6
    weights = [spades_bid_model(strong, False, bid)[2] for bid in range(number, 14)]
    assert weights[0] == 1.0
    assert weights == sorted(weights, reverse=True) and weights[-1] < 0.5
    assert spades_bid_model(strong, False, 0)[2] < 0.1  # nil with the ace of spades
    assert spades_bid_model(weak, False)[0]
    assert spades_bid_model(weak, False, 0)[2] > spades_bid_model(weak, False, 4)[2]
    with pytest.raises(ValueError, match="13 cards"):
        spades_bid_model(strong & ~1 << 12, False)
