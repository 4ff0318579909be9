"""Tressette's card tables and helpers, checked card by card."""

from __future__ import annotations

import pytest
from random_play import play, setup
from tressette_helpers import (
    ALL_HEARTS,
    GROUP_DEAL_1,
    GROUP_DEAL_2,
    GROUP_DEAL_3,
    GROUP_PLAY_1,
    GROUP_PLAY_2,
    GROUP_PLAY_3,
    LATIN_A,
    LATIN_B,
    LATIN_C,
)

from koloda import load_game
from koloda.core.cards import CLUBS, HEARTS, SPADES, cardset, parse_card, parse_cards
from koloda.core.errors import DealError
from koloda.core.events import DealStarted, Event
from koloda.games.tressette.actions import playable_mask
from koloda.games.tressette.declarations import (
    Declaration,
    declarations_of,
    declared_points,
    hidden_constraints,
    satisfies,
)
from koloda.games.tressette.events import GameWon, PointsScored
from koloda.games.tressette.rules import TressetteRules
from koloda.games.tressette.scoring import counting_cards, trick_points, trick_winner_index
from koloda.games.tressette.state import TressetteState, WonGame


@pytest.mark.python_engine
def test_follow_suit_if_able_otherwise_any_card() -> None:
    """About the Python reference's ``actions.playable_mask``; test_why_a_card_is_refused
    plays the rule on both engines."""
    # rule: T-5
    hand = cardset(parse_cards("3S 7S 2H 4C"))
    assert playable_mask(hand, None) == hand
    assert playable_mask(hand, SPADES) == cardset(parse_cards("3S 7S"))
    assert playable_mask(hand, CLUBS) == cardset(parse_cards("4C"))
    assert playable_mask(cardset(parse_cards("3S 4C")), HEARTS) == cardset(parse_cards("3S 4C"))


@pytest.mark.python_engine
def test_counting_cards_and_trick_points() -> None:
    """About the Python reference's ``scoring.counting_cards`` and ``trick_points``; the
    scripted deals below score card points on both engines."""
    # rule: T-12
    assert counting_cards(cardset(parse_cards("3S 2S AH KD QC JC 7S 6H 5D 4C"))) == 6
    assert counting_cards(cardset(parse_cards("7S 6H 5D 4C"))) == 0
    assert trick_points(cardset(parse_cards("3S 2S AH KD"))) == 1
    assert trick_points(cardset(parse_cards("3S 2S 7H 4D"))) == 0
    assert trick_points(cardset(parse_cards("3S 2S AH KD QC JC"))) == 2


def w(text: str, hearts_special: bool = True) -> int:
    return trick_winner_index(parse_cards(text), hearts_special)


@pytest.mark.python_engine
def test_trick_goes_to_the_strongest_card_of_the_led_suit() -> None:
    """About the Python reference's ``scoring.trick_winner_index``; the scripted deals below
    take tricks on both engines."""
    # rule: T-3 T-5
    assert w("4S 3S 2S AS") == 1
    assert w("3S 2S AS KS") == 0
    assert w("KS AS 4S 2S") == 3
    assert w("5C 6C 3S 3D") == 1
    assert w("7D 4D 3C 3S") == 0
    assert w("JD QD KD AD") == 3
    assert w("6S 5S", False) == 0
    assert w("5S 6S 7S", False) == 2


@pytest.mark.python_engine
def test_trump_hearts_beat_other_suits_and_small_hearts_do_not() -> None:
    """About the Python reference's ``scoring.trick_winner_index``;
    test_a_game_won_by_the_nine_tricks_bonus_carries_its_excess trumps with hearts on both
    engines."""
    # rule: T-6
    assert w("3S 7H 2S AS") == 1
    assert w("3S 6H 5H 4H") == 0
    assert w("3S 7H JH 2S") == 2
    assert w("4H 5H 6H 7H") == 3
    assert w("6H 5H 4H 3C") == 0
    assert w("3S 7H 2S AS", hearts_special=False) == 0
    assert w("4D 3H", hearts_special=False) == 0
    assert w("4D 3H") == 1
    assert parse_card("3H") >> 4 == HEARTS


def test_a_deal_with_an_eight_is_refused(engine: str) -> None:
    # rule: T-2
    rules = load_game("tressette", engine=engine)
    assert isinstance(rules, TressetteRules)
    hands = [
        "3H 2H AH KH QH JH 7H 6H 5H 8H",
        "3S 2C AD KS QC JD 7S 6C 5D 4S",
        "2S QS 6S 3D KD 7D 4D AC JC 5C",
        "AS JS 5S 2D QD 6D 3C KC 7C 4C",
    ]
    with pytest.raises(DealError, match="8H is not in the 40-card deck"):
        rules.state_from_deal([parse_cards(h) for h in hands])


def declared(
    seat: int, text: str, hearts_special: bool = True, long_run: str = "seven"
) -> tuple[Declaration, ...]:
    return declarations_of(seat, cardset(parse_cards(text)), hearts_special, long_run)


@pytest.mark.python_engine
def test_declarations_belong_to_their_seat_and_read_as_announced() -> None:
    """About the Python reference's ``declarations.declarations_of``;
    test_tressette_declarations.py declares on both engines."""
    # rule: T-7 T-8 T-9 T-10
    baba, triple = declared(2, "3H 2H AH KH QH 7S 7D 7C 4S 5D")
    assert baba == Declaration(2, "baba", tuple(parse_cards("3H 2H AH KH QH")), 7)
    assert triple == Declaration(2, "triple", tuple(parse_cards("7S 7D 7C")), 4)
    assert baba.to_json() == {
        "seat": 2,
        "kind": "baba",
        "cards": ["3H", "2H", "AH", "KH", "QH"],
        "points": 7,
    }
    assert declared_points((baba, triple)) == 11
    (run,) = declared(3, "3S 2S AS KS QS JS 7S 4H 5D 6C")
    assert run == Declaration(3, "long_run", tuple(parse_cards("3S 2S AS KS QS JS 7S")), 16)
    (four,) = declared(1, "AS AH AD AC 4S 5D 6C 7H 4D 5C")
    assert (four.kind, four.points) == ("triple", 3)  # T-10: four aces score as three
    assert four.to_json()["cards"] == ["AS", "AH", "AD", "AC"]
    (plain,) = declared(0, "3D 2D AD 4S 5S 6S 7H 4C 5C 6C")
    assert (plain.kind, plain.points) == ("baba", 3)  # T-7: a Баба of diamonds


@pytest.mark.python_engine
def test_several_triples_strongest_rank_first() -> None:
    """About the Python reference's ``declarations.declarations_of``;
    test_tressette_declarations.py declares on both engines."""
    # rule: T-3 T-10
    sevens_kings = declared(1, "7S 7H 7D KS KH KC 4S 5D 6C 4H")
    assert [d.cards for d in sevens_kings] == [
        tuple(parse_cards("KS KH KC")),
        tuple(parse_cards("7S 7H 7D")),
    ]
    assert [d.points for d in sevens_kings] == [1, 4]
    assert {d.seat for d in sevens_kings} == {1}


@pytest.mark.python_engine
def test_what_declarations_say_about_the_rest_of_a_hand() -> None:
    """About the Python reference's ``declarations.hidden_constraints``, which both engines'
    sampling uses."""
    # rule: T-7 T-8 T-9
    hand = "3S 2S AS KS QS JS 4H 5D 6C 4C"
    constraints = hidden_constraints(declared(0, hand), "seven")
    assert satisfies(cardset(parse_cards(hand)), constraints)
    # a Баба with K Q J but no long run: the 7 was not held
    assert not satisfies(cardset(parse_cards("3S 2S AS KS QS JS 7S 5D 6C 4C")), constraints)
    # the declared cards must be held
    assert not satisfies(cardset(parse_cards("3S 2S AS KS QS 4D 4H 5D 6C 4C")), constraints)
    hearts = "4S 5S 6S 3H 2H AH 7D 6D 5C 4C"
    constraints = hidden_constraints(declared(0, hearts), "seven")
    assert satisfies(cardset(parse_cards(hearts)), constraints)
    # the hearts Баба stopped at the ace: no K♥ (a suit without Баба comes first)
    assert not satisfies(cardset(parse_cards("4S 5S KH 3H 2H AH 7D 6D 5C 4C")), constraints)


@pytest.mark.python_engine
def test_a_long_run_leaves_the_other_suits_constrained() -> None:
    """About the Python reference's ``declarations.hidden_constraints``, which both engines'
    sampling uses."""
    # rule: T-7 T-9
    constraints = hidden_constraints(declared(0, "3S 2S AS KS QS JS 7S 4H 5D 6C"), "seven")
    assert satisfies(cardset(parse_cards("3S 2S AS KS QS JS 7S 4H 5D 6C")), constraints)
    # with 3 2 A of hearts too he would have declared a hearts Баба
    assert not satisfies(cardset(parse_cards("3S 2S AS KS QS JS 7S 3H 2H AH")), constraints)


def test_the_first_dealer_must_be_a_seat(engine: str) -> None:
    # rule: T-1 T-4
    rules = load_game("tressette", engine=engine)
    assert isinstance(rules, TressetteRules)
    for seat in (-1, 4):
        with pytest.raises(DealError, match=f"first dealer {seat} is not a seat 0..3"):
            rules.new_state(seed=1, first_dealer=seat)
    assert rules.new_state(seed=1, first_dealer=3).dealer == 3


def test_no_card_is_legal_before_the_deal(engine: str) -> None:
    # rule: T-5
    rules = load_game("tressette", engine=engine)
    assert isinstance(rules, TressetteRules)
    state = rules.empty_state(0)
    assert state.legal_actions() == ()
    assert not any(state.is_legal(card) for card in rules.deck.cards)


@pytest.mark.python_engine
def test_no_card_is_playable_in_the_python_mask_before_the_deal() -> None:
    """About the Python reference's ``legal_card_mask``, which the native state has not."""
    # rule: T-5
    state = load_game("tressette", engine="python").empty_state(0)
    assert state.legal_card_mask() == 0


def test_each_partner_gets_half_of_his_side_games(engine: str) -> None:
    # rule: T-18
    state, _ = scripted_group(engine, 2)  # side 0 has won a double game (42) and a single (21)
    assert state.totals == [63, 0]
    assert state.outcome() == (31.5, 0.0, 31.5, 0.0)  # 63 / 2 to each partner


# ----- the state: scenarios with hand-built deals ---------------------------------------------


def tressette_rules(engine: str) -> TressetteRules:
    rules = load_game("tressette", engine=engine)
    assert isinstance(rules, TressetteRules)
    return rules


def scripted_group(engine: str, deals: int) -> tuple[TressetteState, list[Event]]:
    """The scripted group of ``tressette_helpers`` after ``deals`` deals on ``engine``, with
    its events."""
    state = tressette_rules(engine).empty_state(first_dealer=3)
    script = [
        (3, GROUP_DEAL_1, GROUP_PLAY_1),
        (0, GROUP_DEAL_2, GROUP_PLAY_2),
        (1, GROUP_DEAL_3, GROUP_PLAY_3),
    ]
    events: list[Event] = []
    for dealer, deal, tricks in script[:deals]:
        events += state.start_deal(setup(dealer, *deal))
        for trick in tricks:
            events += play_events(state, trick)
    return state, events


def play_events(state: TressetteState, text: str) -> list[Event]:
    events: list[Event] = []
    for token in text.split():
        events += state.apply(state.rules.parse_action(token))
    return events


def scored(events: list[Event]) -> list[tuple[int, int, str, tuple[int, int]]]:
    return [
        (e.side, e.points, e.reason, e.game_points) for e in events if isinstance(e, PointsScored)
    ]


def test_before_the_first_deal_the_view_names_the_first_leader(engine: str) -> None:
    # rule: T-4
    rules = tressette_rules(engine)
    for dealer in range(4):
        state = rules.empty_state(first_dealer=dealer)
        view = state.view(0)
        assert view.leader == (dealer + 1) % 4
        assert view.to_json()["leader"] == (dealer + 1) % 4
        assert view.to_act is None and not view.legal_actions


def test_between_deals_the_view_names_the_next_leader(engine: str) -> None:
    # rule: T-4
    state = tressette_rules(engine).empty_state(first_dealer=2)
    state.start_deal(setup(2, LATIN_A, LATIN_B, LATIN_C, ALL_HEARTS))  # seat 3 leads
    assert state.view(1).trick_leader == 3  # nobody has played: the leader leads
    for trick in GROUP_PLAY_1:  # the scripted deal 1 turned by three seats
        play(state, trick)
    assert state.tricks == [0, 0, 0, 10]
    assert state.awaiting_deal and state.dealer == 3
    for seat in range(4):
        assert state.view(seat).leader == 0  # the deal passed to seat 3: seat 0 leads next
    assert state.sheet[0].dealer == 2  # the sheet keeps the dealer of the deal it scores


def test_the_deal_started_event_names_the_dealer(engine: str) -> None:
    # rule: T-4
    state = tressette_rules(engine).empty_state(first_dealer=1)
    events = state.start_deal(setup(1, LATIN_B, LATIN_C, ALL_HEARTS, LATIN_A))
    started = [e for e in events if isinstance(e, DealStarted)]
    assert [(e.deal, e.dealer) for e in started] == [(0, 1)]
    assert started[0].to_json()["dealer"] == 1


def test_a_state_awaiting_its_first_deal_can_be_cloned(engine: str) -> None:
    # rule: T-4 T-5
    rules = tressette_rules(engine)
    state = rules.empty_state(first_dealer=3)
    copy = state.clone()
    for each in (state, copy):
        each.start_deal(setup(3, *GROUP_DEAL_1))
        for trick in GROUP_PLAY_1:
            play(each, trick)
    assert copy.sheet == state.sheet and copy.points == state.points == [11, 0]


def test_why_a_card_is_refused(engine: str) -> None:
    # rule: T-5
    rules = tressette_rules(engine)
    state = rules.empty_state(first_dealer=3)
    assert state.illegal_reason(parse_card("3H")) == "no decision is due between deals"
    state.start_deal(setup(3, *GROUP_DEAL_1))  # seat 0 holds every heart
    assert state.illegal_reason(parse_card("3H")) is None
    for action in (-1, 64, 65):
        assert not state.is_legal(action)
        assert state.illegal_reason(action) == "a card must be played now"
    assert parse_card("2S") == 0  # the lowest card code is a card of the deck
    assert state.illegal_reason(0) == "2S is not in the hand of seat 0"
    other = rules.empty_state(first_dealer=0)
    other.start_deal(setup(0, *NINE_TRICKS_DEAL))
    play(other, "4S 2H")  # seat 3 holds spades
    assert other.illegal_reason(parse_card("AD")) == "must follow suit S (T-5)"
    full, _ = scripted_group(engine, 3)
    assert full.is_over
    assert full.illegal_reason(parse_card("3H")) == "the group is over"


def test_a_game_won_mid_deal_is_not_a_result_until_the_deal_is_complete(engine: str) -> None:
    # rule: T-15 T-17
    state = tressette_rules(engine).empty_state(first_dealer=3)
    state.start_deal(setup(3, *GROUP_DEAL_1))
    for trick in GROUP_PLAY_1[:5]:
        play(state, trick)
    assert state.games == [WonGame(0, 42, 0)]  # won at trick 5 of the first deal
    assert state.view(2).settled_games == 0
    results = state.rules.results_json(state)
    assert results["games"] == [] and results["totals"] == [0, 0]


def test_points_scored_events_show_both_sides_points_and_the_reason(engine: str) -> None:
    # rule: T-13 T-14 T-15
    state, first = scripted_group(engine, 1)
    assert scored(first)[0] == (0, 16, "declarations", (16, 0))
    assert scored(first)[-2:] == [(0, 6, "nine_tricks", (7, 0)), (0, 4, "all_tricks", (11, 0))]
    second = state.start_deal(setup(0, *GROUP_DEAL_2))
    # side 1 scores while side 0 keeps its 11: the event shows both
    assert scored(second)[0] == (1, 16, "declarations", (11, 16))


def test_the_games_of_a_group_are_numbered_in_order(engine: str) -> None:
    # rule: T-18
    state, events = scripted_group(engine, 3)
    won = [(e.game, e.deal) for e in events if isinstance(e, GameWon)]
    assert won == [(0, 0), (1, 1), (2, 2)]
    assert [g.deal for g in state.games] == [0, 1, 2]


# Deal 2 after the scripted deal 1 (side 0 carries 11): dealer 0, seat 1 leads. Seat 2 holds
# nine trump and small hearts but not 3H (no Баба, no declaration anywhere); his partner's
# lone 3H takes one trick, seat 2 the other nine.
NINE_TRICKS_DEAL = (
    "3H QS 4D 2D KD 5C 3S JD 7D 6D",
    "4S 5S 3D 2C AC 6C KC QC 5D 7C",
    "2H AH KH QH JH 7H 6H 5H 4H 3C",
    "KS JS AD 2S AS 4C 7S 6S QD JC",
)
NINE_TRICKS_PLAY = (  # the first trick from seat 1, then from each trick's winner
    "4S 2H KS QS",  # seat 2 trumps: 1 card point (2H KS QS)
    "AH JS 3H 5S",  # seat 0's 3H: 1
    "4D 3D KH AD",  # seat 2 trumps: 1
    "QH 2S 2D 2C",  # 1
    "JH AS KD AC",  # 1
    "7H 7S 3S KC",  # two counting cards: 0
    "6H 6S JD QC",  # 0
    "5H QD 7D 5D",  # 0
    "4H JC 6D 7C",  # 0
    "3C 4C 5C 6C",  # 0
)


def test_a_game_won_by_the_nine_tricks_bonus_carries_its_excess(engine: str) -> None:
    # rule: T-13 T-14 T-15 T-16 T-17
    state, _ = scripted_group(engine, 1)
    assert state.points == [11, 0]
    assert not any(state.start_deal(setup(0, *NINE_TRICKS_DEAL))[1:])  # no declaration
    events: list[Event] = []
    for trick in NINE_TRICKS_PLAY:
        events += play_events(state, trick)
    assert state.sheet[1].tricks == (1, 0, 9, 0)
    assert state.sheet[1].card_points == (5, 0)
    # 11 + 5 = 16 before the bonuses; the 6 for nine tricks make 22: a double game won in
    # play, its one point beyond 21 carried; then the 4 for all ten tricks
    assert scored(events)[-2:] == [(0, 6, "nine_tricks", (22, 0)), (0, 4, "all_tricks", (5, 0))]
    won = [(e.side, e.value, e.game, e.carry) for e in events if isinstance(e, GameWon)]
    assert won == [(0, 42, 1, 1)]
    assert state.points == [1 + 4, 0]
    assert state.sheet[1].bonuses == (10, 0)


# Deal 3 after the scripted deals 1 and 2 (two games won, side 1 at 20): dealer 1, seat 2
# leads. Seat 3's Трена of hearts wins the third game for side 1 at once; seat 1's three 3s
# and three 2s (6), five card points, nine tricks (6) and all ten (4) then bring side 1 to 21
# again in the same deal.
FOURTH_GAME_DEAL = (
    "AS AD KD QS JS 7D 6S 6D 5S 4S",
    "3S 3D 3C 2S 2D 2C KS QD JC 7S",
    "AC KC QC JD 7C 6C 5D 5C 4D 4C",
    ALL_HEARTS,
)
FOURTH_GAME_PLAY = (
    "4C 3H AS 3C",
    "2H AD 3S AC",
    "AH KD 3D KC",
    "KH QS 2S QC",
    "QH JS 2D JD",
    "JH 7D 2C 7C",
    "7H 6S KS 6C",
    "6H 6D QD 5D",
    "5H 5S JC 5C",
    "4H 4S 7S 4D",
)


def test_no_fourth_game_in_the_deal_that_won_the_third(engine: str) -> None:
    # rule: T-15 T-16 T-17 T-18
    state, _ = scripted_group(engine, 2)
    assert state.points == [0, 20] and len(state.games) == 2
    events = state.start_deal(setup(1, *FOURTH_GAME_DEAL))
    assert [(e.side, e.value, e.game, e.carry) for e in events if isinstance(e, GameWon)] == [
        (1, 42, 2, 0)  # 20 + 16 while side 0 has 0: double; no carry from declarations
    ]
    assert state.points == [0, 6]
    for trick in FOURTH_GAME_PLAY:
        events += play_events(state, trick)
    assert state.sheet[2].tricks == (0, 0, 0, 10)
    assert state.points == [0, 6 + 5 + 6 + 4]  # 21 again, but the group has its three games
    assert len(state.games) == 3 and sum(isinstance(e, GameWon) for e in events) == 1
    assert state.is_over and state.totals == [42 + 21, 42]
    assert state.outcome() == (31.5, 21.0, 31.5, 21.0)
