"""Spades' action codes and rules, checked where the broader suite leaves a change unnoticed."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from random_play import play_lowest
from spades_helpers import SUITED, act, cards
from spades_helpers import rules as any_engine_rules

from koloda.core.cards import cardset, parse_cards
from koloda.core.engine import DealSetup
from koloda.core.errors import DealError
from koloda.core.events import DealScored, DealStarted, Event, GameOver, TrickTaken
from koloda.games.spades.actions import (
    BID_BASE,
    BID_DOUBLE_NIL,
    DISCARD_BASE,
    DOUBLE_NIL,
    GIVE_BASE,
    NIL,
    TripleActions,
    bid_action,
    bid_text,
    is_nil_bid,
    is_valid_triple,
    pack,
)
from koloda.games.spades.events import (
    BidMade,
    CardsDiscarded,
    CardsExchanged,
    DiscardsReturned,
    HandPickedUp,
    SpadesBroken,
)
from koloda.games.spades.rules import SpadesRules
from koloda.games.spades.scoring import (
    SideScore,
    contract_points,
    game_winners,
    nil_points,
    score_side,
)
from koloda.games.spades.state import SpadesState


def rules(engine: str, **options: Any) -> SpadesRules:
    """The rules on ``engine``: the scenarios below hold both engines to the rules."""
    return any_engine_rules(engine=engine, **options)


@pytest.mark.python_engine
def test_bid_actions() -> None:
    """About the Python reference's action codes (``actions.bid_action``)."""
    # rule: S-4 S-5 S-6
    assert bid_action(NIL) == BID_BASE
    assert bid_action(4) == BID_BASE + 4
    assert bid_action(13) == BID_BASE + 13
    assert bid_action(DOUBLE_NIL) == BID_BASE + 14


@pytest.mark.python_engine
def test_the_discards_of_a_nil_bidder_are_every_three_cards_of_his_hand() -> None:
    """About the Python reference's ``TripleActions``, the lazy sequence of its discards and
    gifts."""
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
    assert not triples.__contains__("discard")
    assert GIVE_BASE + pack(parse_cards("2S 9S AS")) not in triples
    assert DISCARD_BASE + pack(parse_cards("2S 9S KH")) not in triples
    assert all(a in triples for a in expected)


def side(
    bids: tuple[int, int],
    tricks: tuple[int, int],
    total_before: int = 0,
    bags_before: int = 0,
    *,
    bags_penalty: bool = False,
    both_nil_failure: str = "lose_score",
) -> SideScore:
    return score_side(
        bids,
        tricks,
        total_before,
        bags_before,
        bags_penalty=bags_penalty,
        both_nil_failure=both_nil_failure,
    )


@pytest.mark.python_engine
def test_contract_made_scores_ten_a_trick_and_one_an_overtrick() -> None:
    """About the Python reference's scorer (``scoring.score_side``); test_spades_scoring.py plays
    the rule on both engines."""
    # rule: S-13
    assert contract_points(5, 5) == (50, 0)
    assert contract_points(5, 7) == (52, 2)
    assert contract_points(5, 4) == (-50, 0)
    assert side((3, 2), (4, 3)) == SideScore(52, 5, 7, 52, 0, 2, 0, 0, False)
    assert side((3, 2), (1, 3)) == SideScore(-50, 5, 4, -50, 0, 0, 0, 0, False)
    assert side((6, 7), (6, 7)) == SideScore(130, 13, 13, 130, 0, 0, 0, 0, False)


@pytest.mark.python_engine
def test_bags_cost_a_hundred_every_ten_overtricks() -> None:
    """About the Python reference's scorer (``scoring.score_side``); test_spades_scoring.py plays
    the rule on both engines."""
    # rule: S-13
    assert side((3, 2), (4, 3), 0, 7, bags_penalty=True) == SideScore(
        52, 5, 7, 52, 0, 2, 0, 9, False
    )
    assert side((3, 2), (4, 4), 0, 8, bags_penalty=True) == SideScore(
        -47, 5, 8, 53, 0, 3, -100, 1, False
    )
    assert side((1, 1), (6, 7), 0, 9, bags_penalty=True) == SideScore(
        -169, 2, 13, 31, 0, 11, -200, 0, False
    )
    assert side((3, 2), (4, 4), 0, 8, bags_penalty=False).bags == 0


@pytest.mark.python_engine
def test_a_nil_is_scored_apart_from_the_partner_contract() -> None:
    """About the Python reference's scorer (``scoring.nil_points``, ``score_side``);
    test_spades_scoring.py plays the rule on both engines."""
    # rule: S-14
    assert nil_points(NIL, 0) == 100
    assert nil_points(NIL, 2) == -100
    assert nil_points(DOUBLE_NIL, 0) == 200
    assert nil_points(DOUBLE_NIL, 1) == -200
    assert side((NIL, 4), (0, 5)) == SideScore(141, 4, 5, 41, 100, 1, 0, 0, False)
    assert side((4, NIL), (3, 2)) == SideScore(-140, 4, 3, -40, -100, 0, 0, 0, False)
    assert side((DOUBLE_NIL, 3), (0, 3)) == SideScore(230, 3, 3, 30, 200, 0, 0, 0, False)
    assert side((3, DOUBLE_NIL), (5, 1)) == SideScore(-168, 3, 5, 32, -200, 2, 0, 0, False)


@pytest.mark.python_engine
def test_both_partners_nil() -> None:
    """About the Python reference's scorer (``scoring.score_side``); test_spades_scoring.py plays
    the rule on both engines."""
    # rule: S-15
    assert side((NIL, NIL), (0, 0), 120) == SideScore(200, 0, 0, 0, 200, 0, 0, 0, False)
    assert side((NIL, DOUBLE_NIL), (0, 0), 120, 4, bags_penalty=True) == SideScore(
        200, 0, 0, 0, 200, 0, 0, 4, False
    )
    assert side((NIL, NIL), (1, 0), 120) == SideScore(-120, 0, 0, 0, -120, 0, 0, 0, True)
    assert side((NIL, NIL), (0, 3), -40) == SideScore(0, 0, 0, 0, 0, 0, 0, 0, True)
    assert side((DOUBLE_NIL, NIL), (2, 0), 0) == SideScore(0, 0, 0, 0, 0, 0, 0, 0, True)
    assert side((NIL, NIL), (0, 1), 120, both_nil_failure="minus_200") == SideScore(
        -200, 0, 0, 0, -200, 0, 0, 0, False
    )


@pytest.mark.python_engine
def test_the_game_is_won_at_the_target_by_the_higher_total() -> None:
    """About the Python reference's ``scoring.game_winners``; test_spades_scoring.py plays the rule
    on both engines."""
    # rule: S-17
    assert game_winners((499, 120), 500) is None
    assert game_winners((500, 120), 500) == (0,)
    assert game_winners((120, 500), 500) == (1,)
    assert game_winners((510, 530), 500) == (1,)
    assert game_winners((530, 510), 500) == (0,)
    assert game_winners((520, 520), 500) is None
    assert game_winners((-20, 300), 300) == (1,)


@pytest.mark.python_engine
def test_only_three_distinct_cards_in_increasing_order_make_a_discard() -> None:
    """About the Python reference's action codes (``actions.is_valid_triple``)."""
    # rule: S-7
    two_s, nine_s, ace_s = parse_cards("2S 9S AS")
    assert is_valid_triple(pack([two_s, nine_s, ace_s]))
    assert not is_valid_triple(1 << 18 | pack([two_s, nine_s, ace_s]))
    assert not is_valid_triple(two_s << 12 | two_s << 6 | ace_s)
    assert not is_valid_triple(two_s << 12 | ace_s << 6 | ace_s)
    assert not is_valid_triple(ace_s << 12 | nine_s << 6 | two_s)
    hand = cardset([two_s, nine_s, ace_s])
    triples = TripleActions(hand, DISCARD_BASE)
    assert DISCARD_BASE + (ace_s << 12 | nine_s << 6 | two_s) not in triples
    assert DISCARD_BASE + (two_s << 12 | two_s << 6 | ace_s) not in triples
    assert list(triples) == [DISCARD_BASE + pack([two_s, nine_s, ace_s])]


@pytest.mark.python_engine
def test_bids_in_record_notation() -> None:
    """About the Python reference's notation helpers (``actions.bid_text``, ``is_nil_bid``)."""
    # rule: S-4 S-5 S-6
    assert bid_text(NIL) == "nil"
    assert bid_text(DOUBLE_NIL) == "double_nil"
    assert bid_text(4) == "4"
    assert bid_text(13) == "13"
    assert is_nil_bid(NIL) and is_nil_bid(DOUBLE_NIL)
    assert not any(is_nil_bid(b) for b in range(1, 14))


# ----- the state: why a decision is refused, in every phase ------------------------------------

MIXED_DEAL = [
    cards("AS KS QS 2S AH KH QH 2H AD KD QD AC KC"),
    cards("JS 10S 9S JH 10H 9H JD 10D 9D QC JC 10C 9C"),
    cards("8S 7S 6S 8H 7H 6H 8D 7D 6D 8C 7C 6C 2D"),
    cards("5S 4S 3S 5H 4H 3H 5D 4D 3D 5C 4C 3C 2C"),
]


def reason(state: SpadesState, text: str) -> str | None:
    return state.illegal_reason(state.rules.parse_action(text))


def test_why_a_bid_is_refused(engine: str) -> None:
    # rule: S-4 S-6
    state = rules(engine).empty_state(first_dealer=0)
    assert reason(state, "bid:3") == "no decision is due between deals"
    state = rules(engine).state_from_deal(MIXED_DEAL, dealer=0)
    assert reason(state, "bid:3") == (
        "seat 0 must first look at his cards (look) or bid double nil blind (S-6)"
    )
    assert reason(state, "bid:nil") == reason(state, "bid:3")
    assert reason(state, "AS") == "seat 0 must bid now (S-4)"
    act(state, "look")
    assert reason(state, "look") == "seat 0 has already looked at his cards"
    assert reason(state, "bid:double_nil") == (
        "double nil may only be bid before looking at the cards (S-6)"
    )
    plain = rules(engine, double_nil=False).state_from_deal(MIXED_DEAL, dealer=0)
    assert reason(plain, "bid:double_nil") == (
        "double nil is not played at this table (S-6, option double_nil)"
    )
    assert plain.illegal_reason(BID_DOUBLE_NIL + 1) == "seat 0 must bid now (S-4)"


def test_why_a_discard_or_a_gift_is_refused(engine: str) -> None:
    # rule: S-7
    state = rules(engine, double_nil=False).state_from_deal(MIXED_DEAL, dealer=0)
    act(state, "bid:4", "bid:3", "bid:nil")  # seat 2 discards, then seat 0 gives
    discard_now = "the nil bidder must discard three cards face down (S-7)"
    assert reason(state, "8S") == discard_now
    assert state.illegal_reason(DISCARD_BASE) == discard_now  # card 0 three times
    assert state.illegal_reason(GIVE_BASE + pack(cards("8S 8H 8D"))) == discard_now
    assert reason(state, "discard:8S,8H,AS") == "AS not in the hand of seat 2"
    assert reason(state, "discard:AS,KS,8H") == "KS, AS not in the hand of seat 2"  # in card order
    act(state, "discard:8S,8H,8D")
    give_now = "the nil bidder's partner must give him three cards (S-7)"
    assert reason(state, "discard:2S,2H,KC") == give_now
    assert reason(state, "bid:3") == give_now
    assert reason(state, "give:2S,2H,JS") == "JS not in the hand of seat 0"
    assert reason(state, "give:2S,2H,KC") is None


def test_why_a_card_is_refused(engine: str) -> None:
    # rule: S-10 S-11 S-12
    state = rules(engine, double_nil=False, nil_exchange=False).state_from_deal(
        MIXED_DEAL, dealer=3
    )
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    assert reason(state, "AS") == "the first trick may not be led with a spade (S-10, S-11)"
    assert reason(state, "JS") == "JS is not in the hand of seat 0"
    assert reason(state, "bid:1") == "a card must be played now"
    assert reason(state, "look") == "a card must be played now"  # code 64, after the cards
    assert state.illegal_reason(-1) == "a card must be played now"
    assert parse_cards("2S") == [0]  # card code 0 is a card of the deck, here of seat 0
    assert state.illegal_reason(0) == reason(state, "AS")
    act(state, "AC")
    assert reason(state, "JS") == "must follow suit C (S-12)"
    act(state, "QC", "8C", "5C")
    assert reason(state, "AS") == "spades may not be led until broken (S-11)"
    play_lowest(state)
    over = rules(engine, double_nil=False, nil_exchange=False, max_deals=1)
    finished = over.state_from_deal(MIXED_DEAL, dealer=3)
    act(finished, "bid:1", "bid:1", "bid:1", "bid:1")
    play_lowest(finished)
    assert finished.is_over
    assert reason(finished, "bid:1") == "the game is over"


def test_an_exchange_and_its_deal_on_the_events_and_the_sheet(engine: str) -> None:
    # rule: S-3 S-7 S-16
    state = rules(engine, double_nil=False).empty_state(first_dealer=0)
    events = state.start_deal(DealSetup(0, tuple(tuple(h) for h in MIXED_DEAL)))
    assert [(e.deal, e.dealer) for e in events if isinstance(e, DealStarted)] == [(0, 0)]
    act(state, "bid:4", "bid:3", "bid:nil")
    eight, two = cards("8S 8H 2D"), cards("2S 2H KC")
    assert not state.is_legal(DISCARD_BASE + pack([eight[0], eight[0], eight[1]]))
    discarded = state.apply(state.rules.parse_action("discard:8S,8H,2D"))
    assert [(e.seat, e.cards) for e in discarded if isinstance(e, CardsDiscarded)] == [
        (2, tuple(sorted(eight)))
    ]
    given = state.apply(state.rules.parse_action("give:2S,2H,KC"))
    assert [
        (e.nil_seat, e.partner, e.discarded, e.given)
        for e in given
        if isinstance(e, CardsExchanged)
    ] == [(2, 0, tuple(sorted(eight)), tuple(sorted(two)))]
    act(state, "bid:2")
    ended: list[Event] = []
    while not state.sheet:
        ended = state.apply(state.legal_actions()[0])
    line = state.sheet[0]
    assert (line.deal, line.dealer, line.exchanges) == (0, 0, (2,))  # seat 0 gave, not nil
    scored = [(e.deal, e.scores) for e in ended if isinstance(e, DealScored)]
    assert scored == [(0, line.scores)]


def test_the_second_side_failing_both_nils_loses_its_score_by_default(engine: str) -> None:
    # rule: S-15
    state = rules(engine, double_nil=False, nil_exchange=False).state_from_deal(
        MIXED_DEAL, dealer=0
    )
    act(state, "bid:4", "bid:nil", "bid:4", "bid:nil")  # side 1 (seats 1, 3) bids two nils
    play_lowest(state)
    line = state.sheet[0]
    assert line.tricks[1] + line.tricks[3] > 0  # the nils failed
    assert line.sides[1].score == 0  # "lose_score": its 0 points, not -200
    assert state.totals[1] == 0


def test_a_game_cut_at_max_deals_goes_to_the_higher_total(engine: str) -> None:
    # rule: S-12 S-13 S-17 (option max_deals: the game ends after that many hands)
    state = rules(engine, double_nil=False, nil_exchange=False, max_deals=1).state_from_deal(
        SUITED, dealer=0
    )
    act(state, "bid:4", "bid:1", "bid:1", "bid:1")  # side 0 bids 5, side 1 bids 2
    events: list[Event] = []
    while not state.is_over:
        events += state.apply(state.legal_actions()[0])
    assert state.tricks == [13, 0, 0, 0]  # seat 0 holds every spade: he takes every trick
    # side 0: 10 x 5 + 8 overtricks; side 1 made none of its 2
    assert state.totals == [58, -20]
    assert state.winners == (0,)
    over = [e for e in events if isinstance(e, GameOver)]
    assert over == [GameOver((58.0, -20.0), (0,))]


def test_equal_totals_at_max_deals_share_the_win(engine: str) -> None:
    # rule: S-13 S-17 (option max_deals: both sides win on a tie)
    state = rules(engine, double_nil=False, nil_exchange=False, max_deals=1).state_from_deal(
        SUITED, dealer=0
    )
    act(state, "bid:13", "bid:13", "bid:1", "bid:1")  # both sides bid 14 tricks
    play_lowest(state)
    assert state.tricks == [13, 0, 0, 0]
    assert state.totals == [-140, -140]  # neither side made its 14: -10 x 14 each
    assert state.is_over and state.winners == (0, 1)


def test_a_self_dealt_game_announces_the_next_deal_with_the_last_card(engine: str) -> None:
    # rule: S-2 S-3
    state = rules(engine, double_nil=False).new_state(seed=7)
    events: list[Event] = []
    while state.deal_number == 0:
        events = state.apply(state.legal_actions()[0])
    assert [e.deal for e in events if isinstance(e, DealScored)] == [0]
    started = [e for e in events if isinstance(e, DealStarted)]
    assert [(e.deal, e.dealer) for e in started] == [(1, 1)]  # the deal passes to the left
    dealt = state.deal_logs()[-1].setup.hands
    assert started[0].hands == dealt
    assert [len(hand) for hand in dealt] == [13] * 4
    assert len({c for hand in dealt for c in hand}) == 52
    while len(state.sheet) < 2:
        events = state.apply(state.legal_actions()[0])
    assert [(line.deal, line.dealer) for line in state.sheet] == [(0, 0), (1, 1)]
    assert (state.deal_number, state.dealer) == (2, 2)
    assert [(e.deal, e.dealer) for e in events if isinstance(e, DealStarted)] == [(2, 2)]


BREAK_DEAL = [
    cards("2S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS AC"),
    cards("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
    cards("3S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"),
    cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD"),
]


def test_bids_the_breaking_discard_and_the_trick_on_the_events(engine: str) -> None:
    # rule: S-4 S-11 S-12
    state = rules(engine, double_nil=False, nil_exchange=False).state_from_deal(
        BREAK_DEAL, dealer=0
    )
    events: list[Event] = []
    for text in ("bid:3", "bid:2", "bid:1", "bid:4", "2H", "3S", "AD", "2S"):
        events += state.apply(state.rules.parse_action(text))
    bids = [(e.seat, e.contract) for e in events if isinstance(e, BidMade)]
    assert bids == [(0, "3"), (1, "2"), (2, "1"), (3, "4")]  # from the dealer, to the left
    # seat 2, void in hearts, breaks spades with 3S; seat 0's 2S after it breaks nothing
    assert [e for e in events if isinstance(e, SpadesBroken)] == [SpadesBroken(2)]
    assert state.broken
    taken = [e for e in events if isinstance(e, TrickTaken)]
    assert taken == [TrickTaken(2, tuple(cards("2H 3S AD 2S")))]  # the highest spade wins
    assert state.to_act == 2


def test_a_blind_double_nil_picks_up_and_a_second_nil_gets_the_discards_back(engine: str) -> None:
    # rule: S-6 S-7 S-8
    state = rules(engine).state_from_deal(MIXED_DEAL, dealer=0)
    events = state.apply(state.rules.parse_action("bid:double_nil"))
    assert [(e.seat, e.cards) for e in events if isinstance(e, HandPickedUp)] == [
        (0, tuple(sorted(MIXED_DEAL[0])))  # he picks up his cards to discard (S-6, S-7)
    ]
    act(state, "discard:2S,2H,QD", "look", "bid:3", "look")
    assert state.hands[0].bit_count() == 10
    events = state.apply(state.rules.parse_action("bid:nil"))  # seat 2: both partners nil
    assert [e for e in events if isinstance(e, DiscardsReturned)] == [DiscardsReturned(0)]
    assert state.hands[0] == cardset(MIXED_DEAL[0])  # no exchange: the discards go back
    assert (state.phase_name, state.to_act) == ("bid", 3)


def test_no_trick_leader_is_shown_until_the_bidding_is_over(engine: str) -> None:
    # rule: S-4 S-10
    state = rules(engine, double_nil=False, nil_exchange=False).state_from_deal(
        MIXED_DEAL, dealer=2
    )
    act(state, "bid:1", "bid:1", "bid:1")
    assert all(state.view(seat).trick_leader is None for seat in range(4))
    act(state, "bid:1")
    assert [state.view(seat).trick_leader for seat in range(4)] == [3] * 4  # left of the dealer


def test_who_has_picked_up_his_cards(engine: str) -> None:
    # rule: S-6
    state = rules(engine).state_from_deal(MIXED_DEAL, dealer=1)
    assert state.view(0).picked_up == (False, False, False, False)  # nobody has looked yet
    act(state, "look")
    assert state.view(3).picked_up == (False, True, False, False)  # the dealer bids first
    assert len(state.view(1).hand) == 13 and state.view(2).hand == ()
    plain = rules(engine, double_nil=False).state_from_deal(MIXED_DEAL, dealer=1)
    assert plain.view(2).picked_up == (True, True, True, True)  # no blind bid: all look


def test_nil_bids_without_the_exchange_receive_nothing(engine: str) -> None:
    # rule: S-7 S-9
    state = rules(engine, double_nil=False, nil_exchange=False).state_from_deal(
        MIXED_DEAL, dealer=3
    )
    act(state, "bid:1", "bid:nil", "bid:1", "bid:nil")  # seats 3, 0, 1, 2
    assert all(state.view(seat).received == () for seat in range(4))
    assert all(state.view(seat).sent == () for seat in range(4))
    play_lowest(state)
    assert state.sheet[0].exchanges == ()  # no nil bidder exchanged cards (S-9)


def test_with_double_nil_a_seat_is_not_shown_his_cards_at_the_deal(engine: str) -> None:
    # rule: S-6
    setup = DealSetup(0, tuple(tuple(h) for h in MIXED_DEAL))
    blind = rules(engine).empty_state(first_dealer=0).start_deal(setup)
    shown = [e.for_seat(1) for e in blind if isinstance(e, DealStarted)]
    assert [(e.deal, e.dealer, e.hands) for e in shown] == [(0, 0, ((),) * 4)]
    plain = rules(engine, double_nil=False).empty_state(first_dealer=0).start_deal(setup)
    shown = [e.for_seat(1) for e in plain if isinstance(e, DealStarted)]
    assert [e.hands[1] for e in shown] == [setup.hands[1]]  # he sees his own hand at once
    assert [e.hands[0] for e in shown] == [()]


def test_the_first_dealer_is_one_of_the_four_seats(engine: str) -> None:
    # rule: S-1 S-3
    assert rules(engine).empty_state(first_dealer=3).dealer == 3
    for seat in (4, -1):
        with pytest.raises(DealError, match=f"first dealer {seat} is not a seat 0..3"):
            rules(engine).empty_state(first_dealer=seat)


def test_a_game_awaiting_its_first_deal_shows_nothing_dealt_and_can_be_cloned(engine: str) -> None:
    # rule: S-3 S-4 S-17
    state = rules(engine).empty_state(first_dealer=2)
    copy = state.clone()
    for each in (state, copy):
        for seat in range(4):
            view = each.view(seat)
            assert (view.phase, view.deal, view.dealer, view.to_act) == (0, 0, 2, None)
            assert (view.hand, view.hand_sizes, view.picked_up) == ((), (0,) * 4, (False,) * 4)
            assert (view.auction, view.sent, view.received, view.on_table) == (
                (),
                (),
                (),
                (0,) * 4,
            )
            assert (view.plays, view.trick, view.trick_leader, view.tricks_won) == (
                (),
                (),
                None,
                (0,) * 4,
            )
            assert view.spades_broken is False and view.legal_actions == ()
            assert (view.totals, view.bags, view.sheet, view.winners) == ((0, 0), (0, 0), (), ())
        assert each.deal_logs() == [] and each.deal_scores() == []
        each.start_deal(DealSetup(2, tuple(tuple(h) for h in SUITED)))
        assert each.to_act == 2  # S-4: the dealer bids first
        act(each, "look", "bid:1", "look", "bid:1", "look", "bid:10", "look", "bid:1")
        play_lowest(each)
    assert copy.sheet == state.sheet and copy.totals == state.totals == [112, -20]
    assert copy.deal_logs() == state.deal_logs() and len(copy.deal_logs()) == 1
