"""Hand scoring with hand-computed scores (S-13..S-17) and the scoring functions."""

from __future__ import annotations

import pytest
from random_play import play_lowest
from spades_helpers import SUITED, act, rules

from koloda.core.engine import DealSetup
from koloda.games.spades.actions import DOUBLE_NIL, NIL
from koloda.games.spades.scoring import contract_points, game_winners, nil_points, score_side
from koloda.games.spades.state import SpadesState

pytestmark = pytest.mark.python_engine  # the tests set a state's totals and bags directly

PLAIN = {"double_nil": False, "nil_exchange": False}


def scored(
    bids: list[str],
    totals: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
    **options: object,
) -> SpadesState:
    """Deal SUITED (seat 0 takes all 13 tricks) with dealer 3, bid, play it out."""
    game = rules(**{**PLAIN, **options})
    state = game.state_from_deal(SUITED, dealer=3)
    state.totals = list(totals)
    state.bags = list(bags)
    for bid in bids:  # dealer 3 bids first, then 0, 1, 2
        act(state, f"bid:{bid}")
    play_lowest(state)
    assert state.sheet[-1].tricks == (13, 0, 0, 0)
    return state


def test_contract_made_with_overtricks_and_set_contract() -> None:
    # rule: S-13 — side 0 bids 3 + 1 = 4 and takes 13: 40 + 9 overtricks = 49;
    # side 1 bids 2 + 3 = 5 and takes 0: set, −50.
    state = scored(["3", "3", "2", "1"])  # seats 3, 0, 1, 2
    assert state.deal_scores() == [(49, -50)]
    assert state.totals == [49, -50]
    assert state.bags == [0, 0]  # S-13: no bag penalty by default


def test_bags_accumulate_and_cost_100_at_ten() -> None:
    # rule: S-13 — option bags_penalty: 9 bags, then 9 more = 18: −100, 8 carried.
    game = rules(**PLAIN, bags_penalty=True)
    state = game.state_from_deal(SUITED, dealer=3)
    act(state, "bid:3", "bid:3", "bid:2", "bid:1")
    play_lowest(state)
    assert state.deal_scores() == [(49, -50)]
    assert state.bags == [9, 0]
    # second hand, dealer 0: give seat 0 the spades again; leader is seat 1
    state.start_deal(DealSetup(0, tuple(tuple(h) for h in SUITED)))
    act(state, "bid:2", "bid:1", "bid:2", "bid:1")  # seats 0, 1, 2, 3
    play_lowest(state)
    # side 0: contract 4, 13 tricks: 40 + 9 = 49, bags 9 + 9 = 18 -> −100, 8 left
    assert state.deal_scores()[1] == (49 - 100, -20)  # side 1: 1 + 1 set
    assert state.bags == [8, 0]
    assert state.sheet[1].sides[0].bag_penalty == -100


def test_nil_made_and_partner_contract_separate() -> None:
    # rule: S-14 — seat 2 bids nil and takes 0: +100; seat 0 bids 5 and takes 13:
    # 50 + 8 = 58 on his own account; side 0 = 158.
    # rule: S-5 — nil means taking no trick.
    state = scored(["1", "5", "1", "nil"])
    assert state.deal_scores() == [(158, -20)]
    side = state.sheet[0].sides[0]
    assert (side.nil_points, side.contract_points, side.contract) == (100, 58, 5)


def test_failed_nil_tricks_count_for_nobody() -> None:
    # rule: S-14 — seat 0 bids nil and takes 13: −100; seat 2's contract of 1 is his
    # own, with his own 0 tricks: set, −10. The nil bidder's tricks do not help him.
    state = scored(["2", "nil", "2", "1"])
    assert state.deal_scores() == [(-110, -40)]
    # rule: S-16 — negative totals stand
    assert state.totals == [-110, -40]


def test_double_nil_made_scores_200() -> None:
    # rule: S-6 — double nil doubles the nil bonus: seat 1 bids double nil blind and takes
    # nothing: +200; seat 3's 4 is set: −40; side 1 = 160.
    game = rules(nil_exchange=False)
    state = game.state_from_deal(SUITED, dealer=3)
    act(state, "look", "bid:4", "look", "bid:6", "bid:double_nil", "look", "bid:1")
    play_lowest(state)
    # side 0: 6 + 1 = 7, 13 tricks: 70 + 6 = 76
    assert state.deal_scores() == [(76, 160)]


def test_double_nil_failed_costs_200() -> None:
    # rule: S-6 — seat 0 bids double nil and takes 13: −200; seat 2 bid 2, took 0: −20.
    game = rules(nil_exchange=False)
    state = game.state_from_deal(SUITED, dealer=3)
    act(state, "look", "bid:1", "bid:double_nil", "look", "bid:1", "look", "bid:2")
    play_lowest(state)
    assert state.deal_scores() == [(-220, -20)]


def test_both_nil_made_scores_200() -> None:
    # rule: S-15 — seats 1 and 3 both bid nil (any mix with double nil) and take nothing:
    # +200 for the side (not 100 + 200).
    game = rules(nil_exchange=False)
    state = game.state_from_deal(SUITED, dealer=3)
    act(state, "look", "bid:nil", "look", "bid:4", "bid:double_nil", "look", "bid:2")
    play_lowest(state)
    assert state.deal_scores() == [(67, 200)]  # side 0: 4 + 2, 13 taken: 60 + 7


def test_both_nil_failed_loses_positive_score() -> None:
    # rule: S-15 — seats 0 and 2 both bid nil, seat 0 takes 13: the side loses its whole
    # score: 320 -> 0 (the hand's score is −320).
    state = scored(["1", "nil", "2", "nil"], totals=(320, 10))
    assert state.deal_scores() == [(-320, -30)]
    assert state.totals == [0, -20]
    assert state.sheet[0].sides[0].lost_score


def test_both_nil_failed_with_nothing_to_lose() -> None:
    # rule: S-15 reading — a total of 0 or below stays as it is.
    state = scored(["1", "nil", "2", "nil"], totals=(-70, 0))
    assert state.deal_scores() == [(0, -30)]
    assert state.totals == [-70, -30]


def test_both_nil_failed_minus_200_option() -> None:
    # rule: S-15 — option both_nil_failure="minus_200".
    state = scored(["1", "nil", "2", "nil"], totals=(320, 0), both_nil_failure="minus_200")
    assert state.deal_scores() == [(-200, -30)]
    assert state.totals == [120, -30]


def test_both_nil_failed_takes_the_bags_with_a_positive_score() -> None:
    # rule: S-15 (clarified) — with bags_penalty, a positive total of 320 with 7 bags
    # becomes 0, and the 7 bags go with it.
    state = scored(["1", "nil", "2", "nil"], (320, 10), (7, 3), bags_penalty=True)
    assert state.deal_scores() == [(-320, -30)]
    assert state.totals == [0, -20]
    assert state.bags == [0, 3]  # side 1 was set: no overtricks, its bags unchanged
    side = state.sheet[0].sides[0]
    assert side.lost_score and side.bags == 0 and side.bag_penalty == 0


@pytest.mark.parametrize("total", [-70, 0])
def test_both_nil_failed_keeps_the_bags_with_nothing_to_lose(total: int) -> None:
    # rule: S-15 (clarified) — a total of 0 or below stays as it is, and so do its bags.
    state = scored(["1", "nil", "2", "nil"], (total, 0), (7, 0), bags_penalty=True)
    assert state.deal_scores() == [(0, -30)]
    assert state.totals == [total, -30]
    assert state.bags == [7, 0]
    assert state.sheet[0].sides[0].lost_score


def test_both_nil_failed_minus_200_keeps_the_bags() -> None:
    # rule: S-15 — under both_nil_failure="minus_200" the side loses 200, never its bags.
    state = scored(
        ["1", "nil", "2", "nil"],
        (320, 0),
        (7, 0),
        bags_penalty=True,
        both_nil_failure="minus_200",
    )
    assert state.deal_scores() == [(-200, -30)]
    assert state.totals == [120, -30]
    assert state.bags == [7, 0]
    assert not state.sheet[0].sides[0].lost_score


def test_bags_restart_after_both_nil_failure_over_three_hands() -> None:
    # rule: S-15 (clarified) — the bags a side earned are lost with its score, so the
    # count restarts: three hands with bags_penalty, seat 0 taking all 13 tricks each time.
    game = rules(**PLAIN, bags_penalty=True)
    state = game.state_from_deal(SUITED, dealer=3)
    act(state, "bid:3", "bid:3", "bid:2", "bid:1")  # seats 3, 0, 1, 2
    play_lowest(state)
    # side 0: 3 + 1 = 4, 13 taken: 40 + 9 = 49 and 9 bags; side 1: 2 + 3 set: −50
    assert state.totals == [49, -50] and state.bags == [9, 0]
    state.start_deal(DealSetup(0, tuple(tuple(h) for h in SUITED)))
    act(state, "bid:nil", "bid:2", "bid:nil", "bid:1")  # seats 0, 1, 2, 3
    play_lowest(state)
    # side 0 both nil, seat 0 takes 13: 49 -> 0 and the 9 bags go; side 1: 3 set: −30
    assert state.deal_scores()[1] == (-49, -30)
    assert state.totals == [0, -80] and state.bags == [0, 0]
    state.start_deal(DealSetup(1, tuple(tuple(h) for h in SUITED)))
    act(state, "bid:1", "bid:1", "bid:1", "bid:3")  # seats 1, 2, 3, 0
    play_lowest(state)
    # side 0: 1 + 3 = 4, 13 taken: 49 and 9 bags — 9, not 18: no bag penalty
    assert state.deal_scores()[2] == (49, -20)
    assert state.totals == [49, -100] and state.bags == [9, 0]
    assert state.sheet[2].sides[0].bag_penalty == 0


def test_score_side_both_nil_failure_and_bags() -> None:
    # rule: S-15 (clarified) — the side scorer directly: a failed double-nil pair.
    def failed(total: int, bags: int, rule: str) -> tuple[int, int, bool]:
        side = score_side((NIL, NIL), (0, 2), total, bags, bags_penalty=True, both_nil_failure=rule)
        return side.score, side.bags, side.lost_score

    assert failed(250, 8, "lose_score") == (-250, 0, True)
    assert failed(1, 9, "lose_score") == (-1, 0, True)
    assert failed(0, 8, "lose_score") == (0, 8, True)
    assert failed(-40, 8, "lose_score") == (0, 8, True)
    assert failed(250, 8, "minus_200") == (-200, 8, False)
    assert failed(-40, 8, "minus_200") == (-200, 8, False)
    # both nils made: +200, bags untouched
    made = score_side(
        (NIL, DOUBLE_NIL), (0, 0), 250, 8, bags_penalty=True, both_nil_failure="lose_score"
    )
    assert (made.score, made.bags, made.lost_score) == (200, 8, False)


def test_first_to_target_wins() -> None:
    # rule: S-17 — side 0 reaches 500 (400 + 158), side 1 does not: side 0 wins.
    state = scored(["1", "5", "1", "nil"], totals=(400, 300))
    assert state.is_over and state.winners == (0,)


def test_both_past_target_higher_total_wins() -> None:
    # rule: S-17 — both sides past 500 on the same hand: the higher total wins, even the
    # side that was behind. Side 0: 460 + 67 = 527; side 1: 480 + 200 (both nil) = 680.
    game = rules(nil_exchange=False)
    state = game.state_from_deal(SUITED, dealer=3)
    state.totals = [460, 480]
    act(state, "look", "bid:nil", "look", "bid:4", "bid:double_nil", "look", "bid:2")
    play_lowest(state)
    assert state.totals == [527, 680]
    assert state.is_over and state.winners == (1,)


def test_equal_totals_past_target_play_another_hand() -> None:
    # rule: S-17 — equal totals past 500: another hand is played.
    state = scored(["1", "5", "1", "nil"], totals=(442, 620))  # 442 + 158, 620 − 20
    assert state.totals == [600, 600]
    assert not state.is_over and state.awaiting_deal
    state.start_deal(DealSetup(0, tuple(tuple(h) for h in SUITED)))
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    play_lowest(state)
    # side 0: 2 bid, 13 taken: 20 + 11 = 31; side 1: −20
    assert state.totals == [631, 580]
    assert state.is_over and state.winners == (0,)


def test_target_option() -> None:
    # rule: S-17 — option target.
    state = scored(["1", "3", "1", "1"], target=40)
    assert state.totals == [49, -20]
    assert state.is_over and state.winners == (0,)


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(NIL, 0, 100), (NIL, 1, -100), (DOUBLE_NIL, 0, 200), (DOUBLE_NIL, 4, -200)],
)
def test_nil_points(bid: int, tricks: int, points: int) -> None:
    # rule: S-14
    assert nil_points(bid, tricks) == points


def test_contract_points() -> None:
    # rule: S-13
    assert contract_points(7, 7) == (70, 0)
    assert contract_points(7, 9) == (72, 2)
    assert contract_points(7, 6) == (-70, 0)


def test_score_side_examples() -> None:
    # rule: S-13, S-14, S-15 — direct calls to the side scorer.
    side = score_side(
        (4, NIL), (6, 1), 0, 0, bags_penalty=False, both_nil_failure="lose_score"
    )  # nil failed −100; partner 4 with 6: 42
    assert side.score == -58
    side = score_side((4, 3), (2, 3), 0, 0, bags_penalty=False, both_nil_failure="lose_score")
    assert side.score == -70
    side = score_side(
        (NIL, DOUBLE_NIL), (0, 0), 100, 0, bags_penalty=False, both_nil_failure="lose_score"
    )
    assert side.score == 200
    side = score_side((2, 2), (6, 5), 0, 5, bags_penalty=True, both_nil_failure="lose_score")
    assert (side.score, side.bags, side.bag_penalty) == (47 - 100, 2, -100)


def test_game_winners() -> None:
    # rule: S-17
    assert game_winners((499, 100), 500) is None
    assert game_winners((500, 100), 500) == (0,)
    assert game_winners((510, 520), 500) == (1,)
    assert game_winners((510, 510), 500) is None
