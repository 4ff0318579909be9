"""101 scenarios: hand-built deals with hand-computed penalties, one rule after another."""

from __future__ import annotations

import json

import pytest
from hundred_one_helpers import deal, hand, legal, rules_for
from random_play import play

from koloda.core.cards import parse_card
from koloda.core.errors import DealError, IllegalActionError, OptionError
from koloda.games.hundred_one.events import NothingToDraw, Restocked, TurnSkipped
from koloda.games.hundred_one.scoring import (
    hand_penalty,
    is_game_over,
    losers,
    penalty_table,
    places,
    winners,
)
from koloda.games.hundred_one.state import (
    PHASE_AWAIT_DEAL,
    PHASE_NAME_SUIT,
    PHASE_OVER,
    PHASE_PLAY,
    HundredOneSetup,
    RestockError,
)
from koloda.records import parse_record, record_from_state, replay, results_document

# Seat 0 deals in every scenario unless said otherwise, so seat 1 plays first (H-3).
QUEEN_OUT = (["KH 9D AC", "8S QC QD", "JS 9C 10D"], "9S", "6H")
QUEENS_HELD = (["QH QS 7D", "8S 8H KH"], "9S", "JD 10C")
EFFECTS = (["9H 10H JH", "6S 7S 7C", "7H 7D 8H", "6C AC 8D"], "9S", "KH KD KC KS 10C")
FOUR_HANDS = ["6S 6H 6D", "8S 8H 8D", "9C 10H 10D", "KS KH KD"]
# Two players, 17 cards each, one card in the stock: restocks come quickly (H-11).
SMALL = "8H 9H 10H AH 6D 7D 8D 9D 10D AD 6C 7C 8C 9C 10C AC"
BIG = "6S 7S 8S JS QS KS AS QH QD QC JH JD JC KH KD KC 7H"
LONG = ([BIG, "10S " + SMALL], "9S", "6H")


def test_players_option_and_limits() -> None:
    # rule: H-1
    assert rules_for().num_seats == 4
    for players in (2, 3, 5, 6):
        assert rules_for(players=players).num_seats == players
    for players in (1, 7):
        with pytest.raises(OptionError, match="players"):
            rules_for(players=players)
    with pytest.raises(OptionError, match="hand_size"):
        rules_for(players=6, hand_size=6)  # 36 cards dealt leave no starter
    assert len(rules_for().deck.cards) == 36


def test_deal_hand_size_starter_and_stock() -> None:
    # rule: H-2
    for players, size in ((4, 3), (2, 3), (6, 5), (3, 7)):
        rules = rules_for(players=players, hand_size=size)
        state = rules.new_state(seed=f"{players}/{size}")
        setup = state.deal_setup()
        assert all(len(h) == size for h in setup.hands)
        assert len(setup.stock) == 36 - players * size - 1
        assert state.pile == [setup.starter]
        assert state.card_count() == 36
    with pytest.raises(DealError, match="3 cards, not 4"):
        deal(["6S 6H 6D", "8S 8H 8D"], "9S", hand_size=4)


def test_first_player_left_of_dealer_and_rotation() -> None:
    # rule: H-3
    state = deal(FOUR_HANDS, "9S", dealer=2)
    assert state.to_act == 3
    state = deal(FOUR_HANDS, "9S", dealer=3)
    assert state.to_act == 0
    rules = rules_for(players=3)
    game = rules.new_state(seed=5, first_dealer=1)
    while len(game.deal_scores()) < 3 and not game.is_over:
        game.apply_unchecked(game.legal_actions()[0])
    dealers = [log.setup.dealer for log in game.deal_logs()]
    assert dealers[:3] == [1, 2, 0][: len(dealers[:3])]
    with pytest.raises(DealError, match="dealer must be seat 1"):
        empty = rules.empty_state(first_dealer=1)
        empty.start_deal(HundredOneSetup(0, ((),) * 3, 0, ()))


def test_match_by_suit_or_rank() -> None:
    # rule: H-4
    state = deal(FOUR_HANDS, "9S")
    assert legal(state) == ["8S"]  # 8H and 8D match neither the spade nor the nine
    with pytest.raises(IllegalActionError, match=r"H-4") as error:
        play(state, "8H")
    assert error.value.legal == ("8S",)
    play(state, "8S")
    assert legal(state) == ["draw"]  # seat 2: 9C 10H 10D on 8S
    state = deal(FOUR_HANDS, "8C")
    assert legal(state) == ["8S", "8H", "8D"]  # the rank matches in every suit


def test_six_seven_ace_act_on_the_next_player() -> None:
    # rule: H-5
    hands, starter, stock = EFFECTS
    state = deal(hands, starter, stock)
    events = play(state, "6S")
    assert hand(state, 2) == ["7H", "8H", "KH", "7D"]  # drew 1 ...
    assert TurnSkipped(2) in events and state.to_act == 3  # ... and lost his turn
    play(state, "6C")
    assert len(hand(state, 0)) == 4 and state.to_act == 1
    play(state, "7C")
    assert len(hand(state, 2)) == 6 and state.to_act == 3  # a 7: draw two, skip
    play(state, "AC")
    assert len(hand(state, 0)) == 4 and state.to_act == 1  # an ace: skip only
    # other tables: 6 = draw 2, 7 = draw 1
    state = deal(hands, starter, stock, draw_six=2, draw_seven=1)
    play(state, "6S")
    assert hand(state, 2) == ["7H", "8H", "KH", "7D", "KD"]
    play(state, "6C 7C")
    assert len(hand(state, 2)) == 6  # 5 + 1


def test_effects_do_not_stack() -> None:
    # rule: H-11
    hands, starter, stock = EFFECTS
    state = deal(hands, starter, stock)
    play(state, "6S 6C 7C")
    # seat 2 holds 7H and 7D yet cannot answer the 7: he drew two and was skipped
    assert "7H" in hand(state, 2) and state.to_act == 3


def test_queen_on_anything_then_named_suit() -> None:
    # rule: H-6
    hands, starter, stock = QUEEN_OUT
    state = deal(hands, starter, stock)
    play(state, "8S JS draw pass")
    assert legal(state) == ["QD", "QC", "draw"]
    play(state, "QD")
    assert state.phase == PHASE_NAME_SUIT and state.to_act == 1
    assert legal(state) == ["suit:S", "suit:H", "suit:D", "suit:C"]
    play(state, "suit:C")
    assert state.to_act == 2 and len(hand(state, 2)) == 2  # the queen skips nobody
    assert legal(state) == ["9C"]  # 10D is not of the named suit
    with pytest.raises(IllegalActionError, match="named suit C"):
        play(state, "10D")


def test_starter_acts_on_the_first_player() -> None:
    # rule: H-7
    state = deal(FOUR_HANDS, "7C", "AS AH")
    assert hand(state, 1) == ["8S", "AS", "8H", "AH", "8D"]  # the text's example: 7♣
    assert state.to_act == 2 and len(state.stock) == 36 - 12 - 1 - 2
    assert legal(state) == ["9C"]
    state = deal(FOUR_HANDS, "6C", "AS AH")
    assert len(hand(state, 1)) == 4 and state.to_act == 2
    state = deal(FOUR_HANDS, "AC", "AS AH")
    assert len(hand(state, 1)) == 3 and state.to_act == 2
    # a queen starter: the dealer names the suit, then his left-hand neighbour plays
    state = deal(FOUR_HANDS, "QH", dealer=2)
    assert state.to_act == 2 and legal(state) == ["suit:S", "suit:H", "suit:D", "suit:C"]
    with pytest.raises(IllegalActionError, match="H-6, H-7"):
        play(state, "KD")
    play(state, "suit:D")
    assert state.to_act == 3 and legal(state) == ["KD"]  # KH: a heart, not the named suit
    assert state.actions() == (64 + 2,)


def test_draw_then_play_at_once_or_pass() -> None:
    # rule: H-8
    hands, starter, stock = EFFECTS
    state = deal(hands, starter, stock)
    play(state, "6S 6C 7C AC")
    assert legal(state) == ["draw"]  # seat 1: 7S on AC
    play(state, "draw")
    assert legal(state) == ["10C", "pass"]
    play(state, "10C")  # the drawn card, played at once
    assert hand(state, 1) == ["7S"] and state.to_act == 2
    # a drawn card that does not match: only pass
    hands, starter, stock = QUEENS_HELD
    state = deal(hands, starter, stock)
    play(state, "8S draw")
    assert legal(state) == ["pass"]
    with pytest.raises(IllegalActionError, match="only the drawn card"):
        play(state, "QS")  # H-8 (reading): only the drawn card may be played
    play(state, "pass")
    assert state.to_act == 1 and "JD" in hand(state, 0)


def test_queens_only_may_draw() -> None:
    # rule: H-9
    hands, starter, stock = QUEENS_HELD
    state = deal(hands, starter, stock)
    play(state, "8S")
    assert legal(state) == ["QS", "QH", "draw"]


def test_must_play_a_playable_card() -> None:
    # rule: H-10
    hands, starter, stock = EFFECTS
    state = deal(hands, starter, stock)
    play(state, "6S")
    with pytest.raises(IllegalActionError, match="H-10"):
        play(state, "draw")
    state = deal(hands, starter, stock, voluntary_draw=True)
    play(state, "6S")
    assert legal(state) == ["6C", "draw"]
    play(state, "draw pass")
    assert state.to_act == 0


def test_restock_from_the_discard_pile() -> None:
    # rule: H-11
    hands, starter, stock = LONG
    state = deal(hands, starter, stock, restocks=("10S 9S JS",))
    play(state, "10S JS")
    assert legal(state) == ["draw"]
    play(state, "draw pass KS")
    assert state.stock == [] and state.pile == [parse_card(c) for c in ["9S", "10S", "JS", "KS"]]
    events = play(state, "draw")
    assert Restocked(3) in events and state.epoch == 1
    assert legal(state) == ["10S", "pass"]  # the new stock's top card, playable at once
    play(state, "10S")
    assert state.stock == [parse_card("JS"), parse_card("9S")]  # top last: 9S, then JS
    assert state.pile == [parse_card("KS"), parse_card("10S")]
    assert state.card_count() == 36
    # a record's restock must be the pile below its top card
    state = deal(hands, starter, stock, restocks=("10S 9S 8S",))
    play(state, "10S JS draw pass KS")
    with pytest.raises(RestockError, match="restock 0"):
        play(state, "draw")
    # seeded: the reshuffle is reproducible and kept for the record
    firsts = []
    for _ in range(2):
        state = deal(hands, starter, stock, seed=7)
        play(state, "10S JS draw pass KS draw")
        assert sorted(state.restocks[0]) == sorted(parse_card(c) for c in ["9S", "10S", "JS"])
        assert state.current_log().setup.restocks == state.restocks  # type: ignore[attr-defined]
        firsts.append(state.restocks)
    assert firsts[0] == firsts[1]


def test_nothing_left_to_draw_passes() -> None:
    # rule: H-11
    hands, starter, stock = LONG
    state = deal(hands, starter, stock, voluntary_draw=True)
    play(state, "draw pass")  # seat 1 takes the only card of the stock
    events = play(state, "draw")  # no stock, nothing under the starter
    assert NothingToDraw(0) in events
    assert state.to_act == 1 and state.phase == PHASE_PLAY and len(hand(state, 0)) == 17


def test_last_card_has_no_effect() -> None:
    # rule: H-12
    state = deal(["KH", "6S"], "9S", "AS")
    play(state, "6S")
    assert state.phase == PHASE_AWAIT_DEAL
    assert hand(state, 0) == ["KH"] and state.deal_scores() == [(4, 0)]
    state = deal(["KH", "QD"], "9S", "AS")
    play(state, "QD")  # no suit to name: the hand is over
    assert state.phase == PHASE_AWAIT_DEAL and state.deal_scores() == [(4, -30)]


def test_penalty_per_card() -> None:
    # rule: H-13
    table = penalty_table(rules_for().options)
    values = {"6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 2, "K": 4, "A": 11}
    for rank, points in values.items():
        for suit in "SHDC":
            assert table[parse_card(rank + suit)] == points
    mask = sum(1 << parse_card(c) for c in ["6S", "10H", "JD", "KC", "AS"])
    assert hand_penalty(mask, table) == 6 + 10 + 2 + 4 + 11


def test_going_out_on_a_queen() -> None:
    # rule: H-14
    hands, starter, stock = QUEEN_OUT
    state = deal(hands, starter, stock)
    play(state, "8S JS draw pass QD suit:C 9C 9D QC")
    # seat 0 keeps KH AC and the drawn 6H: 4 + 11 + 6; seat 2 keeps 10D
    assert state.deal_scores() == [(21, -30, 10)]
    assert state.totals == [21, -30, 10]
    assert state.sheet[0].out == 1 and state.sheet[0].out_on_queen


def test_queens_left_in_hand() -> None:
    # rule: H-15
    hands, starter, stock = QUEENS_HELD
    state = deal(hands, starter, stock)
    play(state, "8S draw pass 8H draw pass KH")
    # seat 0: QH QS 7D JD 10C = (3 + 40) * 2 + 7 + 2 + 10
    assert state.deal_scores() == [(105, 0)]
    state = deal(hands, starter, stock, queen_in_hand="instead_40")
    play(state, "8S draw pass 8H draw pass KH")
    assert state.deal_scores() == [(40 * 2 + 7 + 2 + 10, 0)]


def test_game_to_101() -> None:
    # rule: H-16
    hands, starter, stock = QUEENS_HELD
    state = deal(hands, starter, stock)
    play(state, "8S draw pass 8H draw pass KH")
    assert state.phase == PHASE_OVER and state.is_over and state.to_act is None
    assert state.outcome() == (-105.0, 0.0)
    state = deal(hands, starter, stock, queen_in_hand="instead_40")
    play(state, "8S draw pass 8H draw pass KH")
    assert not state.is_over and state.next_dealer == 1  # 99 < 101: play on
    assert places([30, 105, 12, 30]) == [2, 4, 1, 2]


# Seat 1 goes out on three sevens; seats 2 and 0 hold two queens each and draw (H-9, H-5).
TWO_LOSERS = (["QH QC AC", "7S 7H 7D", "QD QS 8D"], "9S", "6D 6H 10C 8H 8C 9C")


def test_every_player_at_101_loses() -> None:
    # rule: H-16 — two players pass 101 in the same hand: both have lost, not only the
    # highest. Seat 1 plays 7S: seat 2 draws 6D 6H and is skipped; seat 0 holds only
    # queens playable, draws 10C and keeps it; 7H: seat 2 draws 8H 8C; seat 0 draws 9C;
    # 7D: seat 1 is out.
    hands, starter, stock = TWO_LOSERS
    state = deal(hands, starter, stock)
    play(state, "7S draw pass 7H draw pass 7D")
    # seat 0: QH QC AC 10C 9C = 43 + 43 + 11 + 10 + 9; seat 2: QD QS 8D 6D 6H 8H 8C
    assert state.deal_scores() == [(116, 0, 122)]
    assert state.is_over and state.outcome() == (-116.0, -0.0, -122.0)
    assert losers(state.totals) == [0, 2] and winners(state.totals) == [1]
    assert places(state.totals) == [2, 1, 3]
    # the record's results list both losers, lowest seat first (docs/records.md)
    document = json.loads(json.dumps(record_from_state(state.rules, state)))
    record = parse_record(document)
    results = results_document(record, replay(record))
    assert results["finished"] is True and results["totals"] == [116, 0, 122]
    assert results["winner"] == [1] and results["loser"] == [0, 2]


@pytest.mark.parametrize(("kept", "stock", "total"), [("9D", "JD KD", 101), ("10D", "JD JC", 100)])
def test_exactly_101_ends_the_game(kept: str, stock: str, total: int) -> None:
    # rule: H-16 — "reaches or exceeds 101": 101 ends the game, 100 does not. Seat 0 keeps
    # QH QS and one card, draws two: 43 + 43 + the three others.
    state = deal([f"QH QS {kept}", "8S 8H KH"], "9S", stock)
    play(state, "8S draw pass 8H draw pass KH")
    assert state.totals == [total, 0]
    assert state.is_over is (total == 101)
    assert losers(state.totals) == ([0] if total == 101 else [])
    if total == 101:
        assert state.phase == PHASE_OVER and state.to_act is None
    else:
        assert state.phase == PHASE_AWAIT_DEAL and state.next_dealer == 1


def test_losers_and_winners_from_totals() -> None:
    # rule: H-16 — every total of 101 or more loses; the fewest points win, ties share.
    assert losers([101, 40, 150, 100]) == [0, 2]
    assert losers([100, 0]) == []
    assert winners([101, 40, 150, 40]) == [1, 3]
    assert is_game_over([100, 101]) and not is_game_over([100, -30])
