"""King's positive deals: preview and "by the last", trumps, the caller, rotation."""

from __future__ import annotations

import pytest
from random_play import legal_texts, play, play_lowest, setup

from koloda import load_game
from koloda.core.cards import CLUBS, SPADES
from koloda.core.dealing import Shuffler
from koloda.core.engine import DealSetup
from koloda.core.errors import DealError, IllegalActionError
from koloda.core.events import TrickTaken, TrumpNamed
from koloda.games.king.actions import POSITIVE
from koloda.games.king.state import KingState

POSITIVE_DEAL = (
    "AS KS QS JS 7H 8H 7D 8D",
    "10S 9S 8S 7S AH KH 9D 10D",
    "AD KD QD JD QH JH 7C 8C",  # the caller: first 3 diamonds, 8th card a club
    "AC KC QC JC 10C 9C 10H 9H",
)


def classic_after_negative_deals() -> KingState:
    """A classic game (first dealer 0) after its 7 negative deals, played lowest-first."""
    rules = load_game("king")
    state = rules.empty_state(first_dealer=0)
    for deal in range(7):
        assert state.next_dealer == deal % 4  # K-6: the deal passes to the left
        state.start_deal(DealSetup(deal % 4, rules.deal_hands(Shuffler("positive"), deal)))
        play_lowest(state)
    return state


def test_first_positive_deal_rotation_and_caller_preview() -> None:
    # rule: K-13 K-14
    state = classic_after_negative_deals()
    assert state.next_dealer == 3  # K-13: the dealer keeps rotating left
    with pytest.raises(DealError, match="dealer must be seat 3"):
        state.start_deal(setup(0, *POSITIVE_DEAL))
    state.start_deal(setup(3, *POSITIVE_DEAL))
    assert state.to_act == 2  # the caller sits at the dealer's right
    caller_view = state.view(2)
    assert [state.rules.format_action(c) for c in caller_view.dealt] == ["AD", "KD", "QD"]
    assert caller_view.is_preview
    for seat in (0, 1, 3):  # the others have been dealt nothing yet
        assert state.view(seat).hand == ()
    assert legal_texts(state) == {"trump:S", "trump:H", "trump:D", "trump:C", "trump:last"}


def test_by_the_last_makes_the_eighth_card_trump() -> None:
    # rule: K-15 K-14 K-16
    state = classic_after_negative_deals()
    state.start_deal(setup(3, *POSITIVE_DEAL))
    events = play(state, "trump:last")
    named = [e for e in events if isinstance(e, TrumpNamed)]
    assert named and named[0].suit == CLUBS and named[0].by_last  # suit of 8C
    assert state.view(0).trump == CLUBS  # everyone sees which suit became trump
    assert state.to_act == 2  # the caller leads (K-16)
    assert len(state.view(0).hand) == 8


def test_must_trump_when_void_and_only_caller_leads_trump() -> None:
    # rule: K-17 K-18 K-19
    state = classic_after_negative_deals()
    state.start_deal(setup(3, *POSITIVE_DEAL))
    play(state, "trump:C")
    assert {"7C", "8C"} <= legal_texts(state)  # the caller may lead trump (K-18)
    play(state, "AD")
    # seat 3 is void in diamonds: he must trump (K-17)
    assert legal_texts(state) == {"AC", "KC", "QC", "JC", "10C", "9C"}
    with pytest.raises(IllegalActionError, match="must play a trump"):
        state.apply(state.rules.parse_action("10H"))
    events = play(state, "9C 7D 9D")
    assert [e.seat for e in events if isinstance(e, TrickTaken)] == [3]  # the trump wins
    # seat 3 holds trumps and hearts: a non-caller may not lead trump (K-18)
    assert legal_texts(state) == {"10H", "9H"}
    with pytest.raises(IllegalActionError, match="K-18"):
        state.apply(state.rules.parse_action("AC"))


def test_no_duty_to_overtrump() -> None:
    # rule: K-17 K-19 K-23
    rules = load_game("king", variant="order")
    state = rules.empty_state(first_dealer=0)
    state.start_deal(
        setup(
            0,
            "8S 9S 10S QS KS KH AH AC",
            "7D 8D 9D 10D JD QD KD AD",
            "7S AS 7H 8H 9H 10H JH QH",
            "JS 7C 8C 9C 10C JC QC KC",
        )
    )
    play(state, "order:positive trump:S 7D 7S JS")
    # seat 0 must trump but need not beat J♠: 8S, 9S, 10S are legal too
    assert legal_texts(state) == {"8S", "9S", "10S", "QS", "KS"}
    events = play(state, "8S")
    assert [e.seat for e in events if isinstance(e, TrickTaken)] == [3]


def test_positive_deal_scores_three_a_trick_and_caller_deals_next() -> None:
    # rule: K-20 K-21
    state = classic_after_negative_deals()
    state.start_deal(setup(3, *POSITIVE_DEAL))
    play(state, "trump:S")
    play_lowest(state)
    line = state.sheet[-1]
    assert line.contract == POSITIVE and line.trump == SPADES and line.declarer == 2
    assert sum(line.scores) == 24 and all(s % 3 == 0 and s >= 0 for s in line.scores)
    assert state.next_dealer == 2  # the caller deals the next deal
    callers = [2]
    rules = state.rules
    while not state.is_over:
        dealer = state.next_dealer
        state.start_deal(DealSetup(dealer, rules.deal_hands(Shuffler("p"), state.deal_index)))
        callers.append(state.to_act)  # type: ignore[arg-type]
        assert state.to_act == (dealer - 1) % 4
        play(state, "trump:last")
        play_lowest(state)
    assert callers == [2, 1, 0, 3, 2, 1, 0, 3]  # each player calls twice, moving right


def test_classic_game_result_is_zero_sum_with_fifteen_deals() -> None:
    # rule: K-22 K-10 K-11
    rules = load_game(
        "king",
        negative_order=[
            "erelash",
            "no_king",
            "last_two",
            "no_hearts",
            "no_queens",
            "no_jacks",
            "no_tricks",
        ],
    )
    state = rules.new_state(seed=11)
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    assert len(state.sheet) == 15
    assert [rules.format_action(64 + line.contract)[6:] for line in state.sheet[:7]] == [
        "erelash",
        "no_king",
        "last_two",
        "no_hearts",
        "no_queens",
        "no_jacks",
        "no_tricks",
    ]
    penalties = sum(sum(line.scores) for line in state.sheet[:7])
    positives = sum(sum(line.scores) for line in state.sheet[7:])
    assert (penalties, positives) == (-192, 192)
    assert sum(state.totals) == 0
    assert state.outcome() == tuple(float(t) for t in state.totals)
