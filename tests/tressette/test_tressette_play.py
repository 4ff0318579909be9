"""Play: table and deck, follow suit, hearts over other suits, card points and bonuses."""

from __future__ import annotations

import itertools

import pytest
from random_play import legal_texts, play, play_lowest, setup
from tressette_helpers import GROUP_DEAL_1, GROUP_PLAY_1

from koloda import load_game
from koloda.core.cards import cardset, parse_card, parse_cards
from koloda.core.errors import DealError, IllegalActionError
from koloda.core.events import TrickTaken
from koloda.games.tressette.events import PointsScored
from koloda.games.tressette.scoring import (
    COUNTING_MASK,
    DECK_MASK,
    POWER_PLAIN,
    POWER_SPECIAL,
    trick_points,
    trick_winner_index,
)
from koloda.games.tressette.state import TressetteState

# A deal for the hearts tests (dealer 3, seat 0 leads):
HEARTS_DEAL = (
    "KS QS JS 2C AC KC QC JC 7C 6C",  # no Баба (no 3♣)
    "6H 7H 5H 4H KD QD JD 7D 6D 5D",  # void in spades: small and trump hearts
    "4S 6S 2S 3H 2H AH KH QH JH 4D",  # hearts Баба + K Q J = 8
    "3S AS 7S 5S 3D 2D AD 3C 5C 4C",  # Баба ♦ 3 + three 3s 3 = 6
)


def hearts_state(**options: object) -> TressetteState:
    rules = load_game("tressette", **options)
    state = rules.empty_state(first_dealer=3)
    state.start_deal(setup(3, *HEARTS_DEAL))
    return state  # type: ignore[return-value]


def trick_winners(events: list[object]) -> list[int]:
    return [e.seat for e in events if isinstance(e, TrickTaken)]


def test_four_players_in_two_sides_of_partners_opposite() -> None:
    # rule: T-1
    rules = load_game("tressette")
    assert rules.num_seats == 4
    state = hearts_state()
    # seat 2's Баба (8) goes to side 0 with seat 0; seat 3's 6 to side 1 with seat 1
    assert state.points == [8, 6]
    play(state, "KS 6H 4S 5S")  # seat 0 takes it: a trick of seat 0 counts for side 0
    play(state, "QS 7H 6S 7S")  # seat 1 takes it
    assert state.tricks == [1, 1, 0, 0]
    assert state.outcome() == (0.0, 0.0, 0.0, 0.0)


def test_forty_card_deck_and_rank_order() -> None:
    # rule: T-2 T-3
    rules = load_game("tressette")
    assert DECK_MASK.bit_count() == 40
    assert not any(DECK_MASK >> parse_card(c) & 1 for c in ("8S", "9H", "10D", "10C"))
    state = rules.new_state(seed=3)
    assert sorted(c for h in state.dealt for c in h) == sorted(rules.deck.cards)
    # 3 2 A K Q J 7 6 5 4 within a suit
    order = parse_cards("3S 2S AS KS QS JS 7S 6S 5S 4S")
    for stronger, weaker in itertools.pairwise(order):
        cards = [weaker, stronger]
        assert trick_winner_index(cards, True) == 1
        assert trick_winner_index(cards[::-1], True) == 0
    with pytest.raises(DealError, match="not in the 40-card deck"):
        bad = list(HEARTS_DEAL)
        bad[0] = bad[0].replace("KS", "10S")
        rules.empty_state(3).start_deal(setup(3, *bad))


def test_ten_cards_each_dealer_rotates_left_and_left_of_dealer_leads() -> None:
    # rule: T-4
    rules = load_game("tressette")
    state = rules.new_state(seed=11, first_dealer=2)
    assert [len(h) for h in state.dealt] == [10, 10, 10, 10]
    assert state.dealer == 2 and state.to_act == 3
    play_lowest(state)
    assert state.dealer == 3 and state.to_act == 0
    with pytest.raises(DealError, match="dealer must be seat 0"):
        empty = rules.empty_state(first_dealer=0)
        empty.start_deal(setup(1, *GROUP_DEAL_1))
    with pytest.raises(DealError, match="seat 1 has 9 cards"):
        empty = rules.empty_state(first_dealer=0)
        short = list(GROUP_DEAL_1)
        short[1] = short[1].rsplit(" ", 1)[0]
        empty.start_deal(setup(0, *short))


def test_follow_suit_if_able_else_any_card() -> None:
    # rule: T-5
    state = hearts_state()
    assert legal_texts(state) == set(HEARTS_DEAL[0].split())  # the leader plays anything
    play(state, "KS")
    # seat 1 has no spade: any card, and no duty to play a heart
    assert legal_texts(state) == set(HEARTS_DEAL[1].split())
    play(state, "KD")
    assert legal_texts(state) == {"4S", "6S", "2S"}
    with pytest.raises(IllegalActionError, match=r"must follow suit S \(T-5\)") as error:
        state.apply(parse_card("3H"))
    assert set(error.value.legal) == {"4S", "6S", "2S"}
    with pytest.raises(IllegalActionError, match="not in the hand of seat 2"):
        state.apply(parse_card("3S"))


def test_small_heart_loses_and_trump_heart_wins_a_trick_of_another_suit() -> None:
    # rule: T-6
    state = hearts_state()
    events = play(state, "KS 6H 4S 5S")  # ♥6 is no trump: K♠ wins
    events += play(state, "QS 7H 6S 7S")  # ♥7 is a trump: it beats Q♠
    assert trick_winners(events) == [0, 1]
    # hearts ordinary: Q♠ wins the second trick as well
    plain = hearts_state(hearts_special=False)
    events = play(plain, "KS 6H 4S 5S") + play(plain, "QS 7H 6S 7S")
    assert trick_winners(events) == [0, 0]
    # and the hearts Баба scores 3 + 3 faces instead of 5 + 3
    assert plain.points == [6, 6]


def test_highest_trump_heart_wins_and_a_heart_lead_is_a_plain_suit_too() -> None:
    # rule: T-6
    cards = parse_cards("KS 7H QH 2S")
    assert trick_winner_index(cards, True) == 2  # ♥Q over ♥7
    assert trick_winner_index(cards, False) == 3  # 2♠ highest of the led suit
    cards = parse_cards("4H 6H 5C 5H")
    assert trick_winner_index(cards, True) == 1  # small hearts led: the highest heart
    cards = parse_cards("6H 7H 3S 2H")
    assert trick_winner_index(cards, True) == 3
    cards = parse_cards("5S 4H 6H 4S")
    assert trick_winner_index(cards, True) == 0  # small hearts never win another suit
    assert POWER_SPECIAL != POWER_PLAIN


def test_card_points_per_trick() -> None:
    # rule: T-12
    assert COUNTING_MASK.bit_count() == 24
    assert trick_points(cardset(parse_cards("KS JS 2D 4C"))) == 1
    assert trick_points(cardset(parse_cards("KS JS 7D 4C"))) == 0
    assert trick_points(cardset(parse_cards("3S 2S AS KS"))) == 1  # 4 → 1
    state = hearts_state()
    play(state, "KS 6H 4S 5S")  # one counting card: nothing
    play(state, "QS 7H 6S 7S")  # one counting card: nothing
    assert state.points == [8, 6]
    events = play(state, "KD 4D AD JC")  # K, A, J: one point to seat 3's side
    assert trick_winners(events) == [3]
    scored = [e for e in events if isinstance(e, PointsScored)]
    assert [(e.side, e.points, e.reason) for e in scored] == [(1, 1, "cards")]
    assert state.points == [8, 7]


def test_pooled_card_points_are_counted_at_the_end_of_the_deal() -> None:
    # rule: T-12
    rules = load_game("tressette", card_points="pooled")
    state = rules.empty_state(first_dealer=3)
    state.start_deal(setup(3, *GROUP_DEAL_1))
    for trick in GROUP_PLAY_1[:9]:
        play(state, trick)
    assert state.points == [16, 0]  # nothing for cards yet
    play(state, GROUP_PLAY_1[9])
    # side 0 took all 24 counting cards: 8 points, then 6 + 4: 16 + 8 + 10 = 34
    assert state.sheet[0].scores == (34, 0)
    assert state.sheet[0].card_points == (8, 0)
    # 16 + 8 = 24 ≥ 21 at the end of the deal: the excess 3 came from play and carries
    assert state.games[0].value == 42
    assert state.points == [3 + 6 + 4, 0]


def test_nine_tricks_by_one_player_and_all_ten_by_a_side() -> None:
    # rule: T-13 T-14
    rules = load_game("tressette")
    state = rules.empty_state(first_dealer=3)
    state.start_deal(setup(3, *GROUP_DEAL_1))
    for trick in GROUP_PLAY_1:
        play(state, trick)
    line = state.sheet[0]
    assert line.tricks == (10, 0, 0, 0)
    assert line.bonuses == (6 + 4, 0)
    assert line.card_points == (6, 0)


def test_nine_tricks_without_all_ten() -> None:
    # rule: T-13 T-14
    rules = load_game("tressette")
    state = rules.empty_state(first_dealer=3)
    # seat 0 has nine hearts and 4♠; seat 1 the 3♠ takes the spade trick
    state.start_deal(
        setup(
            3,
            "3H 2H AH KH QH JH 7H 6H 5H 4S",
            "3S 2C AD KS QC JD 7S 6C 5D 4H",
            "2S QS 6S 3D KD 7D 4D AC JC 5C",
            "AS JS 5S 2D QD 6D 3C KC 7C 4C",
        )
    )
    play(state, "4S 3S 2S AS")  # seat 1 wins with 3♠ (3 counting cards: 1 point)
    play(state, "4H 5C 4C 3H")  # seat 1 leads ♥4; seat 0 must follow and takes it
    play_lowest(state)
    line = state.sheet[0]
    assert line.tricks[0] == 9 and line.tricks[1] == 1
    assert line.bonuses == (6, 0)  # nine tricks for seat 0, no all-tricks bonus for anyone
