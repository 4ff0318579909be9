"""Bidding, the blind decision, the exchange and the play, rule by rule (S-1..S-12)."""

from __future__ import annotations

import pytest
from random_play import play_lowest
from spades_helpers import SUITED, act, cards, rules

from koloda.core.cards import cardset, parse_card
from koloda.core.engine import DealSetup
from koloda.core.errors import DealError, IllegalActionError, OptionError
from koloda.games.spades.actions import BID_DOUBLE_NIL, LOOK
from koloda.games.spades.state import PHASE_BID, PHASE_DISCARD, PHASE_GIVE, PHASE_PLAY

PLAIN = {"double_nil": False, "nil_exchange": False}

# A deal with some suit length everywhere (seat: spades | hearts | diamonds | clubs).
MIXED = [
    cards("AS KS QS 2S AH KH QH 2H AD KD QD AC KC"),
    cards("JS 10S 9S JH 10H 9H JD 10D 9D QC JC 10C 9C"),
    cards("8S 7S 6S 8H 7H 6H 8D 7D 6D 8C 7C 6C 2D"),
    cards("5S 4S 3S 5H 4H 3H 5D 4D 3D 5C 4C 3C 2C"),
]


def hand_of(state: object, seat: int) -> int:
    return state.hands[seat]  # type: ignore[attr-defined, no-any-return]


def test_partnerships_share_a_score() -> None:
    # rule: S-1 — seats 0 and 2 against 1 and 3; each side has one score.
    state = rules(**PLAIN).state_from_deal(SUITED, dealer=3)
    act(state, "bid:1", "bid:2", "bid:1", "bid:3")
    play_lowest(state)
    assert len(state.deal_scores()[0]) == 2
    assert state.outcome() == (58.0, -20.0, 58.0, -20.0)  # 2 + 3 bid, 13 taken


def test_deck_and_hand_sizes_checked() -> None:
    # rule: S-2 — 52 cards, 13 each.
    game = rules()
    with pytest.raises(DealError, match="13"):
        game.state_from_deal([SUITED[0][:12], SUITED[1], SUITED[2], SUITED[3]], dealer=0)
    twice = [SUITED[0], SUITED[0], SUITED[2], SUITED[3]]
    with pytest.raises(DealError, match="twice"):
        game.state_from_deal(twice, dealer=0)
    state = game.new_state(seed=5)
    assert sorted(c for h in state.dealt for c in h) == sorted(game.deck.cards)
    assert all(len(h) == 13 for h in state.dealt)


def test_spades_are_trump() -> None:
    # rule: S-2 — a low spade beats the ace of the led suit.
    # rule: S-12 — follow suit; the highest spade, else the highest card of the led suit.
    state = rules(**PLAIN).state_from_deal(MIXED, dealer=3)
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    assert state.to_act == 0  # S-10: left of dealer 3
    act(state, "AC", "QC", "8C", "5C")
    assert state.tricks == [1, 0, 0, 0]
    act(state, "KC", "JC", "7C", "4C")
    act(state, "QD")  # seat 0 leads a diamond
    with pytest.raises(IllegalActionError, match=r"must follow suit D \(S-12\)"):
        act(state, "10C")
    act(state, "9D", "2D", "3D")
    assert state.tricks == [3, 0, 0, 0]


def test_trump_wins_over_led_suit() -> None:
    # rule: S-12 — void in the led suit, a spade takes the trick.
    hands = [
        cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"),
        cards("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"),
        cards("AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"),
        cards("AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"),
    ]
    state = rules(**PLAIN).state_from_deal(hands, dealer=0)
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    act(state, "AH", "2D", "3C", "2S")  # seat 1 leads the ace; seat 0's 2S wins
    assert state.tricks == [1, 0, 0, 0] and state.to_act == 0


def test_dealer_rotates_left() -> None:
    # rule: S-3 — the next hand is dealt by the seat to the left; a record with another
    # dealer is refused.
    state = rules(**PLAIN).state_from_deal(SUITED, dealer=2)
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    play_lowest(state)
    assert state.next_dealer == 3
    with pytest.raises(DealError, match="dealer must be seat 3"):
        state.start_deal(DealSetup(0, tuple(tuple(h) for h in SUITED)))
    game = rules(**PLAIN, max_deals=6)
    selfdealt = game.new_state(seed=1, first_dealer=1)
    dealers = []
    while not selfdealt.is_over:
        if not dealers or dealers[-1][0] != selfdealt.deal_index:
            dealers.append((selfdealt.deal_index, selfdealt.dealer))
        selfdealt.apply_unchecked(selfdealt.legal_actions()[0])
    assert [d for _, d in dealers] == [1, 2, 3, 0, 1, 2]


def test_bidding_starts_with_dealer_and_goes_left() -> None:
    # rule: S-4 — from the dealer, each bids once 1..13 or nil; totals need not be 13.
    state = rules(**PLAIN).state_from_deal(SUITED, dealer=2)
    order = []
    for bid in ("13", "13", "nil", "12"):
        order.append(state.to_act)
        assert state.legal_actions() == tuple(range(65, 79))
        act(state, f"bid:{bid}")
    assert order == [2, 3, 0, 1]
    assert state.bids == [0, 12, 13, 13]  # sums to 38: allowed
    assert state.phase == PHASE_PLAY
    assert state.to_act == 3  # S-10: left of the dealer leads


def test_nil_is_a_bid_of_no_tricks() -> None:
    # rule: S-5
    state = rules(**PLAIN).state_from_deal(SUITED, dealer=3)
    act(state, "bid:1", "bid:1", "bid:nil", "bid:1")
    play_lowest(state)
    assert state.sheet[0].sides[1].nil_points == 100  # seat 1 took nothing


def test_blind_decision_before_seeing_cards() -> None:
    # rule: S-6 — at his turn a player chooses look or double nil; his view shows no
    # card of his hand before that; after look, double nil is no longer allowed.
    state = rules(nil_exchange=False).state_from_deal(MIXED, dealer=0)
    assert state.legal_actions() == (LOOK, BID_DOUBLE_NIL)
    for seat in range(4):
        assert state.view(seat).hand == ()
    with pytest.raises(IllegalActionError, match="look at his cards"):
        act(state, "bid:3")
    act(state, "look")
    assert state.view(0).hand == tuple(sorted(MIXED[0]))
    assert state.view(1).hand == ()
    with pytest.raises(IllegalActionError, match="before looking"):
        act(state, "bid:double_nil")
    act(state, "bid:3")
    act(state, "bid:double_nil")  # seat 1 bids blind and then picks up his cards
    assert state.view(1).hand == tuple(sorted(MIXED[1]))
    assert state.view(2).hand == ()


def test_double_nil_option_off_has_no_look() -> None:
    # rule: S-6 — option double_nil=false: no look decision, cards seen from the deal.
    state = rules(double_nil=False).state_from_deal(MIXED, dealer=0)
    assert LOOK not in state.legal_actions() and BID_DOUBLE_NIL not in state.legal_actions()
    assert state.view(2).hand == tuple(sorted(MIXED[2]))
    with pytest.raises(IllegalActionError, match="not played"):
        act(state, "bid:double_nil")


def test_exchange_when_partner_has_already_bid() -> None:
    # rule: S-7 — seat 2 bids nil after his partner seat 0 bid: seat 2 discards three at
    # once, seat 0 gives three at once and takes the discards; then seat 3 bids.
    state = rules(double_nil=False).state_from_deal(MIXED, dealer=0)
    act(state, "bid:4", "bid:3", "bid:nil")
    assert state.phase == PHASE_DISCARD and state.to_act == 2
    assert len(state.legal_actions()) == 286
    act(state, "discard:8S,8H,8D")
    assert state.phase == PHASE_GIVE and state.to_act == 0
    act(state, "give:2S,2H,KC")
    assert state.to_act == 3
    assert hand_of(state, 2) == cardset(MIXED[2]) - cardset(cards("8S 8H 8D")) + cardset(
        cards("2S 2H KC")
    )
    assert hand_of(state, 0) & cardset(cards("8S 8H 8D")) == cardset(cards("8S 8H 8D"))
    assert all(h.bit_count() == 13 for h in state.hands)
    view0, view2, view1 = state.view(0), state.view(2), state.view(1)
    assert view2.sent == tuple(cards("8S 8H 8D")) and set(view2.received) == set(cards("2S 2H KC"))
    assert set(view0.sent) == set(cards("2S 2H KC"))
    assert view1.sent == () and view1.received == ()


def test_exchange_when_partner_bids_later() -> None:
    # rule: S-7 — seat 0 (dealer) bids nil first: he discards at once, face down; seat 1
    # bids; seat 2 bids a number and then gives at once; bidding goes on with seat 3.
    state = rules(double_nil=False).state_from_deal(MIXED, dealer=0)
    act(state, "bid:nil", "discard:AS,KS,QS")
    assert state.to_act == 1 and state.phase != PHASE_GIVE
    assert state.view(0).on_table == (3, 0, 0, 0)
    assert state.hands[0].bit_count() == 10
    act(state, "bid:2", "bid:5")
    assert state.phase == PHASE_GIVE and state.to_act == 2
    act(state, "give:6S,7S,8S")
    assert state.to_act == 3
    assert state.hands[0] & cardset(cards("6S 7S 8S")) == cardset(cards("6S 7S 8S"))
    assert state.hands[2] & cardset(cards("AS KS QS")) == cardset(cards("AS KS QS"))


def test_double_nil_bidder_exchanges_too() -> None:
    # rule: S-7 — a double nil bidder picks up his cards to discard.
    state = rules().state_from_deal(MIXED, dealer=0)
    act(state, "look", "bid:3", "bid:double_nil")
    assert state.phase == PHASE_DISCARD and state.to_act == 1
    assert state.view(1).hand == tuple(sorted(MIXED[1]))
    act(state, "discard:JS,10S,9S", "look", "bid:2")  # seat 2 (the other side) bids
    assert state.phase == PHASE_BID and state.to_act == 3
    act(state, "look", "bid:4")
    assert state.phase == PHASE_GIVE and state.to_act == 3  # the partner gives at once
    act(state, "give:2C,3C,4C")
    assert state.hands[1] & cardset(cards("2C 3C 4C")) == cardset(cards("2C 3C 4C"))
    assert state.phase == PHASE_PLAY


def test_both_nil_no_exchange_and_discards_return() -> None:
    # rule: S-8 — both partners nil: no exchange; the first nil bidder's discards go back
    # (S-7 reading) and the second discards nothing.
    state = rules(double_nil=False).state_from_deal(MIXED, dealer=0)
    act(state, "bid:nil", "discard:AS,KS,QS", "bid:2", "bid:nil")
    assert state.phase == PHASE_BID and state.to_act == 3
    assert state.hands[0] == cardset(MIXED[0])
    assert state.hands[2] == cardset(MIXED[2])
    assert state.pending == [0, 0, 0, 0]
    # seat 3 bids nil after seat 1 bid 2: seat 3 discards, seat 1 gives
    act(state, "bid:nil", "discard:5S,4S,3S", "give:JS,10S,9S")
    assert state.phase == PHASE_PLAY


def test_both_nil_second_bidder_after_partner_nil() -> None:
    # rule: S-8 — the partner already bid nil: the second nil bidder does not discard.
    state = rules(double_nil=False).state_from_deal(MIXED, dealer=0)
    act(state, "bid:nil", "discard:AS,KS,QS", "bid:2", "bid:nil", "bid:3")
    assert state.phase == PHASE_PLAY  # no discard by seat 2, no gift from seat 1
    assert [h.bit_count() for h in state.hands] == [13] * 4


def test_no_exchange_option() -> None:
    # rule: S-9 — option nil_exchange=false.
    state = rules(nil_exchange=False, double_nil=False).state_from_deal(MIXED, dealer=0)
    act(state, "bid:nil", "bid:2", "bid:3", "bid:1")
    assert state.phase == PHASE_PLAY
    assert state.hands == [cardset(h) for h in MIXED]


def test_first_lead_left_of_dealer_not_spades() -> None:
    # rule: S-10 — the player left of the dealer leads, any suit but spades.
    state = rules(**PLAIN).state_from_deal(MIXED, dealer=3)
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    assert state.to_act == 0
    assert not any(c < 16 for c in state.legal_actions())
    with pytest.raises(IllegalActionError, match=r"S-10"):
        act(state, "AS")
    # a leader with nothing but spades leads one
    state = rules(**PLAIN).state_from_deal(SUITED, dealer=3)
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    assert state.legal_actions() == tuple(SUITED[0])


def test_spades_broken_only_by_a_discard() -> None:
    # rule: S-11 — no spade lead until a spade was discarded on another suit.
    hands = [
        cards("AS KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"),
        cards("QS JS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"),
        cards("10S 9S 8S KH AH KD AD 2C 3C 4C 5C 6C 7C"),
        cards("7S 6S 5S 4S 3S 2S 8C 9C 10C JC QC KC AC"),
    ]
    state = rules(**PLAIN).state_from_deal(hands, dealer=3)
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    act(state, "2H", "QS", "AH", "2S")  # seat 1, void in hearts, plays QS
    assert state.broken  # QS on a heart lead: a discard of a spade breaks them
    assert state.to_act == 1  # QS won
    assert any(c < 16 for c in state.legal_actions())


def test_spade_led_from_all_spade_hand_does_not_break() -> None:
    # rule: S-11 reading — a spade led from an all-spade hand does not break spades;
    # option spades_broken_by="any_spade" lets it.
    for option, broken in (("discard", False), ("any_spade", True)):
        state = rules(**PLAIN, spades_broken_by=option).state_from_deal(SUITED, dealer=3)
        act(state, "bid:1", "bid:1", "bid:1", "bid:1", "2S", "2H", "2D", "2C")
        assert state.broken is broken


def test_unbroken_spades_block_the_lead() -> None:
    # rule: S-11 — after the first trick, with spades not broken, a spade may not be led.
    state = rules(**PLAIN).state_from_deal(MIXED, dealer=3)
    act(state, "bid:1", "bid:1", "bid:1", "bid:1", "AC", "QC", "8C", "5C")
    with pytest.raises(IllegalActionError, match=r"not be led until broken \(S-11\)"):
        act(state, "AS")


def test_unknown_option_and_bad_values() -> None:
    # rule: S-17 — option target must be positive; unknown options are errors.
    with pytest.raises(OptionError):
        rules(target=0)
    with pytest.raises(OptionError, match="unknown option"):
        rules(jokers=True)
    with pytest.raises(OptionError):
        rules(both_nil_failure="nothing")


def test_card_codes() -> None:
    assert parse_card("10S") in SUITED[0]
