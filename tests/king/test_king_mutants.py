"""King's rates and deal scoring, hand-computed item by item."""

from __future__ import annotations

import pytest
from king_helpers import DEAL_B, PLAY_B
from random_play import card_names, play, play_lowest, setup

from koloda import load_game
from koloda.core.cards import CLUBS, cardset, parse_card, parse_cards
from koloda.core.dealing import Shuffler
from koloda.core.decks import DECK_32
from koloda.core.engine import DealSetup
from koloda.core.errors import DealError, IllegalActionError
from koloda.core.events import (
    ContractChosen,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    TrickTaken,
    TrumpNamed,
)
from koloda.games.king.actions import (
    CONTRACT_KEYS,
    ERELASH,
    LAST_TWO,
    NEGATIVE_CONTRACTS,
    NO_HEARTS,
    NO_JACKS,
    NO_KING,
    NO_QUEENS,
    NO_TRICKS,
    ORDER_BASE,
    POSITIVE,
    TRUMP_BASE,
    TRUMP_LAST,
    contract_from_key,
    contract_key,
)
from koloda.games.king.options import KingOptions
from koloda.games.king.rules import DECK_30_KING_THREE, KingRules
from koloda.games.king.scoring import (
    CLASSIC_RATES,
    Rates,
    deal_scores,
    deal_total,
    penalty_mask,
    rates_for,
    seat_penalty,
    settlement,
)
from koloda.games.king.state import KingState

NEGATIVE_KEYS = [CONTRACT_KEYS[c] for c in NEGATIVE_CONTRACTS]
THREE_24 = Rates(trick=2, jack=5, queen=5, heart=2, last_trick=10, king=24)
THREE_20 = Rates(trick=2, jack=5, queen=5, heart=2, last_trick=10, king=20)


@pytest.mark.python_engine
def test_rates_of_each_variant() -> None:
    """About the Python reference's rate tables (``scoring.rates_for``); the scenarios of the
    King folder score real deals on both engines."""
    # rule: K-7 K-20 K-26 K-27
    assert rates_for(KingOptions()) == CLASSIC_RATES
    assert Rates(trick=2, jack=4, queen=4, heart=2, last_trick=8, king=16) == CLASSIC_RATES
    assert CLASSIC_RATES.positive_trick == 3
    assert rates_for(KingOptions(variant="order")) == CLASSIC_RATES
    assert rates_for(KingOptions(variant="three")) == THREE_24
    three_proportional = KingOptions(variant="three", three_player_balance="proportional")
    assert rates_for(three_proportional) == THREE_20


@pytest.mark.python_engine
def test_the_cards_that_decide_a_deal() -> None:
    """About the Python reference's ``scoring.penalty_mask``;
    test_a_deal_decided_early_says_so_when_scored plays the rule on both engines."""
    # rule: K-12 K-26
    assert penalty_mask(NO_JACKS, DECK_32.mask) == cardset(parse_cards("JS JH JD JC"))
    assert penalty_mask(NO_QUEENS, DECK_32.mask) == cardset(parse_cards("QS QH QD QC"))
    hearts = cardset(parse_cards("7H 8H 9H 10H JH QH KH AH"))
    assert penalty_mask(NO_HEARTS, DECK_32.mask) == hearts
    assert penalty_mask(NO_KING, DECK_32.mask) == cardset(parse_cards("KH"))
    for contract in (NO_TRICKS, LAST_TWO, ERELASH, POSITIVE):
        assert penalty_mask(contract, DECK_32.mask) == 0


# One seat's haul in a deal: 3 tricks, the last trick among them, holding
# JS JH (2 jacks), QD (1 queen), 8H JH KH (3 hearts) and K♥.
TAKEN = cardset(parse_cards("JS JH QD 8H KH 7S 9C 10D AS 8D 7C 9S"))


@pytest.mark.parametrize(
    ("contract", "classic", "three"),
    [
        (NO_TRICKS, 6, 6),
        (NO_JACKS, 8, 10),
        (NO_QUEENS, 4, 5),
        (NO_HEARTS, 6, 6),
        (LAST_TWO, 8, 10),
        (NO_KING, 16, 24),
        (ERELASH, 6 + 8 + 4 + 6 + 8 + 16, 6 + 10 + 5 + 6 + 10 + 24),
        (POSITIVE, 0, 0),
    ],
)
@pytest.mark.python_engine
def test_one_seat_penalty_item_by_item(contract: int, classic: int, three: int) -> None:
    """About the Python reference's scorer (``scoring.seat_penalty``); the scenarios of the
    King folder score real deals on both engines."""
    # rule: K-7 K-26
    assert seat_penalty(contract, CLASSIC_RATES, TAKEN, 3, 1) == classic
    assert seat_penalty(contract, THREE_24, TAKEN, 3, 1) == three


@pytest.mark.python_engine
def test_no_king_costs_nothing_without_the_king() -> None:
    """About the Python reference's scorer (``scoring.seat_penalty``); the scenarios of the
    King folder score real deals on both engines."""
    # rule: K-7
    taken = cardset(parse_cards("JS JH QD 8H 7S"))
    assert seat_penalty(NO_KING, CLASSIC_RATES, taken, 2, 2) == 0
    assert seat_penalty(ERELASH, CLASSIC_RATES, taken, 2, 2) == 4 + 8 + 4 + 4 + 16


@pytest.mark.python_engine
def test_deal_scores_of_a_negative_and_a_positive_deal() -> None:
    """About the Python reference's scorer (``scoring.deal_scores``); the scenarios of the
    King folder score real deals on both engines."""
    # rule: K-7 K-20 K-10
    taken = [
        cardset(parse_cards("JS JH QD 8H")),
        cardset(parse_cards("KH 7S")),
        0,
        cardset(parse_cards("QS QH QC JC")),
    ]
    tricks = [1, 2, 0, 5]
    last = [0, 1, 0, 1]
    assert deal_scores(NO_QUEENS, CLASSIC_RATES, taken, tricks, last) == (-4, 0, 0, -12)
    assert deal_scores(NO_TRICKS, CLASSIC_RATES, taken, tricks, last) == (-2, -4, 0, -10)
    assert deal_scores(ERELASH, CLASSIC_RATES, taken, tricks, last) == (
        -(2 + 8 + 4 + 4),
        -(4 + 2 + 8 + 16),
        0,
        -(10 + 4 + 12 + 2 + 8),
    )
    assert deal_scores(POSITIVE, CLASSIC_RATES, taken, tricks, last) == (3, 6, 0, 15)


@pytest.mark.python_engine
def test_deal_totals() -> None:
    """About the Python reference's ``scoring.deal_total``; the scenarios of the King folder
    score real deals on both engines."""
    # rule: K-10 K-20 K-27
    assert [deal_total(c, CLASSIC_RATES, 8, DECK_32.mask) for c in range(7)] == [
        -16,
        -16,
        -16,
        -16,
        -16,
        -16,
        -96,
    ]
    assert deal_total(POSITIVE, CLASSIC_RATES, 8, DECK_32.mask) == 24
    deck = DECK_30_KING_THREE.mask
    assert [deal_total(c, THREE_24, 10, deck) for c in range(7)] == [
        -20,
        -20,
        -20,
        -16,
        -20,
        -24,
        -120,
    ]
    assert deal_total(ERELASH, THREE_20, 10, deck) == -116
    assert deal_total(POSITIVE, THREE_20, 10, deck) == 30


@pytest.mark.python_engine
def test_proportional_settlement() -> None:
    """About the Python reference's ``scoring.settlement``;
    test_the_final_settlement_is_proportional_only_for_three_players_who_chose_it plays it
    on both engines."""
    # rule: K-27
    assert settlement((30, -10, -20), proportional=False) == (30.0, -10.0, -20.0)
    assert settlement((30, 10, -20), proportional=True) == (15.0, 5.0, -20.0)
    assert settlement((40, 0, -30), proportional=True) == (30.0, 0.0, -30.0)
    assert settlement((0, -5, -20), proportional=True) == (0.0, 0.0, 0.0)
    assert settlement((0, 0, 0), proportional=True) == (0.0, 0.0, 0.0)
    # a result of +1 (one positive trick, one heart) shares like any other plus
    assert settlement((1, 3, -8), proportional=True) == (2.0, 6.0, -8.0)


@pytest.mark.python_engine
def test_contract_keys() -> None:
    """About the Python reference's notation of contracts (``actions.contract_key``)."""
    # rule: K-7
    assert contract_key(NO_KING) == "no_king"
    assert contract_from_key("erelash") == ERELASH
    assert [contract_from_key(contract_key(c)) for c in range(8)] == list(range(8))


def test_a_deal_with_a_six_is_refused(engine: str) -> None:
    # rule: K-2
    rules = load_game("king", engine=engine)
    assert isinstance(rules, KingRules)
    hands = [
        "6S 8S 9S 10S JS QS KS AS",
        "7H 8H 9H 10H JH QH KH AH",
        "7D 8D 9D 10D JD QD KD AD",
        "7C 8C 9C 10C JC QC KC AC",
    ]
    with pytest.raises(DealError, match="6S is not in the 32-card deck"):
        rules.state_from_deal([parse_cards(h) for h in hands])


# ----- the state: refusals, events and results, with hand-built deals -------------------------


def king(engine: str, **options: object) -> KingRules:
    rules = load_game("king", engine=engine, **options)
    assert isinstance(rules, KingRules)
    return rules


def finished(rules: KingRules, seed: int) -> KingState:
    """A game played to its end, always the lowest legal action; its GameOver is checked."""
    state = rules.empty_state(first_dealer=0)
    state.resume_dealing(Shuffler(seed))
    events: list[Event] = []
    while not state.is_over:
        events = state.apply(state.legal_actions()[0])
    (over,) = [e for e in events if isinstance(e, GameOver)]
    assert over.totals == state.outcome()
    best = max(state.outcome())
    assert over.winners == tuple(s for s, v in enumerate(state.outcome()) if v == best)
    assert over.winners
    return state


# Order variant, dealer 3: seat 0 orders. Seat 1 holds spades and six hearts.
ORDERED_DEAL = (
    "7S 8S 7D 8D 9D 10D JD QD",
    "AS KS 7H 8H 9H 10H JH QH",
    "9S 10S KD AD 7C 8C 9C 10C",
    "JS QS KH AH JC QC KC AC",
)


def test_why_an_order_a_trump_or_a_card_is_refused(engine: str) -> None:
    # rule: K-23 K-18
    rules = king(engine, variant="order")
    state = rules.empty_state(first_dealer=3)
    assert state.illegal_reason(parse_card("7S")) == "no decision is due between deals"
    events = state.start_deal(setup(3, *ORDERED_DEAL))
    assert [(e.deal, e.dealer) for e in events if isinstance(e, DealStarted)] == [(0, 3)]
    order_first = "the player left of the dealer must first order a game (K-23)"
    for action in (parse_card("7S"), ORDER_BASE - 1, ORDER_BASE + 8, TRUMP_BASE):
        assert state.illegal_reason(action) == order_first
    events = play(state, "order:positive")
    assert [(e.seat, e.contract) for e in events if isinstance(e, ContractChosen)] == [
        (0, "positive")
    ]
    assert state.illegal_reason(TRUMP_LAST) == (
        "'by the last' needs the 3-card preview of the classic game (K-23)"
    )
    for action in (parse_card("7S"), ORDER_BASE, TRUMP_LAST + 1):
        assert state.illegal_reason(action) == "the trump must be named first (K-14, K-23)"
    play(state, "trump:H 7S AS 9S JS")  # seat 1 takes the trick with A♠
    assert state.to_act == 1
    assert state.illegal_reason(parse_card("7H")) == (
        "only the caller may lead trump while holding another suit (K-18)"
    )
    assert state.illegal_reason(ORDER_BASE) == "a card must be played now"
    assert state.illegal_reason(64) == "a card must be played now"
    assert parse_card("2S") == 0  # no King deck holds 2♠, card code 0
    assert state.illegal_reason(0) == "2S is not in the hand of seat 1"


def test_why_a_heart_or_the_king_of_hearts_is_refused(engine: str) -> None:
    # rule: K-8 K-9
    rules = king(engine, negative_order=["no_king", *(k for k in NEGATIVE_KEYS if k != "no_king")])
    state = rules.empty_state(first_dealer=3)
    state.start_deal(
        setup(
            3,
            "AS KS QS JS 10S 9S 7H 8H",
            "KH AH 9H 10H 7D 8D 9D 10D",
            "JH QH 8S 7S JD QD KD AD",
            "7C 8C 9C 10C JC QC KC AC",
        )
    )
    assert state.sheet == [] and state.contract == NO_KING
    assert state.illegal_reason(parse_card("7H")) == (
        "may not lead a heart while holding another suit (K-8)"
    )
    play(state, "AS")  # seat 1 is void in spades and holds K♥
    assert state.illegal_reason(parse_card("AH")) == (
        "K♥ must be discarded at the first opportunity (K-9)"
    )


@pytest.mark.parametrize(
    "options",
    [
        {"variant": "order", "three_player_balance": "proportional"},
        {"variant": "three"},
    ],
)
def test_the_final_settlement_is_proportional_only_for_three_players_who_chose_it(
    options: dict[str, object], engine: str
) -> None:
    # rule: K-27 K-22
    rules = king(engine, positive_orders_per_player=1, **options)
    state = finished(rules, 5)
    # one positive order a player: the totals do not balance (all below 0 here)
    assert sum(state.totals) < 0
    assert state.outcome() == tuple(float(t) for t in state.totals)
    assert state.illegal_reason(parse_card("7S")) == "the game is over"


def test_why_an_order_no_longer_open_is_refused(engine: str) -> None:
    # rule: K-24 K-25
    rules = king(engine, variant="order", order_scope="shared")
    state = rules.empty_state(first_dealer=3)
    state.start_deal(setup(3, *ORDERED_DEAL))
    play(state, "order:no_tricks")
    play_lowest(state)
    state.start_deal(setup(0, *ORDERED_DEAL))
    assert state.to_act == 1  # one table for all: seat 0 took no_tricks from it
    assert state.illegal_reason(ORDER_BASE + NO_TRICKS) == (
        "no_tricks is no longer open in this row of the order table (K-24, K-25)"
    )
    assert state.illegal_reason(ORDER_BASE + NO_JACKS) is None


def test_by_the_last_reads_the_eighth_card_not_the_seventh(engine: str) -> None:
    # rule: K-15 K-14
    rules = king(engine)
    state = rules.empty_state(first_dealer=0)
    for deal in range(7):  # the classic program's negative deals come first
        state.start_deal(DealSetup(deal % 4, rules.deal_hands(Shuffler("positive"), deal)))
        play_lowest(state)
    state.start_deal(
        setup(
            3,
            "AS KS QS JS 7H 8H 7D 8D",
            "10S 9S 8S 7S AH KH 9D 10D",
            "AD KD QD JD QH 7C JH 8C",  # the caller: 7th card a heart, 8th a club
            "AC KC QC JC 10C 9C 10H 9H",
        )
    )
    assert state.contract == POSITIVE and state.to_act == 2
    events = play(state, "trump:last")
    named = [(e.seat, e.suit, e.by_last) for e in events if isinstance(e, TrumpNamed)]
    assert named == [(2, CLUBS, True)]
    assert state.trump == CLUBS
    played: list[Event] = []
    while len(state.sheet) == 7:
        played += state.apply(state.legal_actions()[0])
    scored = [(e.deal, e.scores, e.ended_early) for e in played if isinstance(e, DealScored)]
    assert scored == [(7, state.sheet[7].scores, False)]
    assert sum(state.sheet[7].scores) == 8 * 3  # K-20: 3 points a trick
    assert [line.deal for line in state.sheet] == list(range(8))
    assert [(line.declarer, line.trump) for line in state.sheet[:7]] == [(None, None)] * 7
    assert [line.by_last for line in state.sheet] == [False] * 7 + [True]
    assert (state.sheet[7].trump, state.sheet[7].declarer) == (CLUBS, 2)


def test_the_fast_path_refuses_a_decision_between_deals(engine: str) -> None:
    # rule: K-23 — on either engine a decision between deals is refused, fast path or not,
    # and changes nothing
    rules = king(engine, variant="order")
    state = rules.empty_state(first_dealer=0)
    with pytest.raises(ValueError, match="no decision is due"):
        state.apply_unchecked(ORDER_BASE + NO_TRICKS)
    with pytest.raises(IllegalActionError, match="no decision is due between deals"):
        state.apply(ORDER_BASE + NO_TRICKS)
    assert state.awaiting_deal and state.sheet == [] and state.deal_logs() == []


@pytest.mark.python_engine
def test_the_python_fast_path_names_the_refused_decision() -> None:
    """About the Python reference's fast path: it refuses with an ``IllegalActionError``
    naming the action (the native one raises a plain ``ValueError``; the protocol leaves an
    illegal ``apply_unchecked`` to the caller)."""
    # rule: K-23
    state = load_game("king", engine="python", variant="order").empty_state(first_dealer=0)
    with pytest.raises(IllegalActionError) as refused:
        state.apply_unchecked(ORDER_BASE + NO_TRICKS)
    assert (refused.value.action, refused.value.reason) == ("order:no_tricks", "no decision is due")
    assert refused.value.legal == ()
    assert state.awaiting_deal and state.sheet == []


def test_a_deal_decided_early_says_so_when_scored(engine: str) -> None:
    # rule: K-12
    rules = king(
        engine, negative_order=["no_queens", *(k for k in NEGATIVE_KEYS if k != "no_queens")]
    )
    state = rules.empty_state(first_dealer=3)
    state.start_deal(setup(3, *DEAL_B))
    events = []
    for trick in PLAY_B[:7]:  # the fourth queen falls in trick 7
        events += play(state, trick)
    scored = [(e.deal, e.scores, e.ended_early) for e in events if isinstance(e, DealScored)]
    assert scored == [(0, (0, 0, -16, 0), True)]


def test_a_game_awaiting_its_first_deal_can_be_cloned(engine: str) -> None:
    # rule: K-4 K-6
    rules = king(engine)
    state = rules.empty_state(first_dealer=3)
    copy = state.clone()
    for each in (state, copy):
        assert each.to_act is None and each.legal_actions() == ()
        each.start_deal(setup(3, *DEAL_B))
        for trick in PLAY_B:
            play(each, trick)
    assert copy.sheet == state.sheet and copy.totals == state.totals
    assert copy.deal_logs() == state.deal_logs()


def test_the_first_dealer_must_be_a_seat(engine: str) -> None:
    # rule: K-1 K-6
    for options, seats in (({}, 4), ({"variant": "three"}, 3)):
        rules = king(engine, **options)
        for seat in (-1, seats):
            with pytest.raises(
                DealError, match=f"^first dealer {seat} is not a seat 0..{seats - 1}$"
            ):
                rules.empty_state(first_dealer=seat)
        assert rules.empty_state(first_dealer=seats - 1).first_dealer == seats - 1


def test_events_of_a_deal_carry_its_cards_and_the_next_deal_follows(engine: str) -> None:
    # rule: K-6 K-23 K-19
    rules = king(engine, variant="order")
    state = rules.empty_state(first_dealer=3)
    events = state.start_deal(setup(3, *ORDERED_DEAL))
    started = [e for e in events if isinstance(e, DealStarted)]
    assert [e.hands for e in started] == [setup(3, *ORDERED_DEAL).hands]
    assert state.view(1).contract is None  # nothing ordered yet
    events = play(state, "order:no_tricks 7S AS 9S JS")
    (taken,) = [e for e in events if isinstance(e, TrickTaken)]
    assert (taken.seat, card_names(taken.cards)) == (1, ["7S", "AS", "9S", "JS"])
    dealing = rules.new_state(seed=7)
    last: list[Event] = []
    while not dealing.sheet:
        last = dealing.apply(dealing.legal_actions()[0])
    # the action that ends a deal also deals the next one (K-6: the next dealer)
    assert [(e.deal, e.dealer) for e in last if isinstance(e, DealStarted)] == [(1, 1)]
