"""Hand scoring with hand-computed scores (S-13..S-17), on both engines, and the Python
reference's scoring functions.

A scenario puts the game where it wants through the public API only: the hands before the
one it is about are dealt (``start_deal``) and bid and played like any other, so every
total and bag count is one a real game reaches. In them one seat holds every spade and
takes all 13 tricks (S-12), so each hand's score follows from the bids alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from random_play import legal_texts, play_lowest
from spades_helpers import SUITED, act, rules

from koloda.core.engine import DealSetup
from koloda.games.spades.actions import DOUBLE_NIL, NIL
from koloda.games.spades.scoring import contract_points, game_winners, nil_points, score_side
from koloda.games.spades.state import SpadesState

PLAIN = {"double_nil": False, "nil_exchange": False}

Hand = tuple[int, tuple[str, str, str, str]]
"""A hand played before the one a test is about: the seat that holds every spade, and each
seat's bid, seat 0 first."""

AHEAD: tuple[Hand, ...] = ((0, ("13", "nil", "nil", "1")),)
"""Side 0: 13 bid and taken (130) and seat 2's nil (+100); side 1: seat 1's nil (+100) and
seat 3's 1 set (−10). Totals 230 and 90."""
TWICE_AHEAD = AHEAD + AHEAD
"""Totals 460 and 180."""
BEHIND: tuple[Hand, ...] = ((0, ("nil", "1", "1", "1")),)
"""Seat 0's nil fails (−100), seat 2's 1 is set (−10); side 1's 2 is set. Totals −110, −20."""
BAGGED: tuple[Hand, ...] = (
    (1, ("nil", "6", "1", "4")),  # side 0: 100 − 10 = 90; side 1: 10 bid, 13 taken: 103, 3 bags
    (0, ("4", "1", "2", "1")),  # side 0: 6 bid, 13 taken: 67, 7 bags; side 1: −20
)
"""With bags_penalty: totals 157 and 83, bags 7 and 3."""
BAGGED_BELOW_ZERO: tuple[Hand, ...] = (
    (1, ("6", "6", "7", "7")),  # side 0: 13 set, −130; side 1: 13 bid and taken, 130
    (0, ("4", "1", "2", "1")),  # side 0: 67 and 7 bags; side 1: −20
)
"""With bags_penalty: totals −63 and 110, bags 7 and 0."""
TIED_AFTER: tuple[Hand, ...] = (
    (1, ("nil", "13", "4", "nil")),  # side 0: 100 − 40 = 60; side 1: 130 + 100 = 230
    (0, ("13", "nil", "nil", "1")),  # side 0: 230; side 1: 90
)
"""Totals 290 and 320."""
PAST_TARGET: tuple[Hand, ...] = (
    (0, ("13", "nil", "nil", "1")),  # 230, 90
    (1, ("nil", "13", "1", "nil")),  # 90, 230
    (0, ("6", "nil", "7", "1")),  # 130, 90
)
"""Totals 450 and 410."""


def suited(spades: int) -> tuple[tuple[int, ...], ...]:
    """SUITED turned so that seat ``spades`` holds every spade (and takes every trick)."""
    return tuple(tuple(SUITED[(seat - spades) % 4]) for seat in range(4))


def bid_all(state: SpadesState, bids: Sequence[str]) -> None:
    """Each seat bids ``bids[seat]`` in his turn, looking at his cards first unless he
    bids double nil blind (S-6)."""
    while state.phase_name == "bid":
        bid = bids[state.to_act]  # type: ignore[index]
        if bid != "double_nil" and "look" in legal_texts(state):
            act(state, "look")
        act(state, f"bid:{bid}")


def game(engine: str, before: Sequence[Hand] = (), **options: Any) -> SpadesState:
    """A game on ``engine`` after the hands ``before``, its next hand dealt by seat 3."""
    first_dealer = (3 - len(before)) % 4
    state = rules(engine=engine, **{**PLAIN, **options}).empty_state(first_dealer)
    for spades, bids in before:
        state.start_deal(DealSetup(state.next_dealer, suited(spades)))
        bid_all(state, bids)
        play_lowest(state)
        assert state.sheet[-1].tricks == tuple(13 if s == spades else 0 for s in range(4))
    return state


def scored(
    engine: str, bids: list[str], before: Sequence[Hand] = (), **options: Any
) -> SpadesState:
    """After the hands ``before``, deal SUITED (seat 0 takes all 13 tricks) with dealer 3,
    bid (seats 3, 0, 1, 2) and play it out."""
    state = game(engine, before, **options)
    state.start_deal(DealSetup(3, suited(0)))
    for bid in bids:
        act(state, f"bid:{bid}")
    play_lowest(state)
    assert state.sheet[-1].tricks == (13, 0, 0, 0)
    return state


@pytest.mark.parametrize(
    ("before", "options", "totals", "bags"),
    [
        (AHEAD, {}, [230, 90], [0, 0]),
        (TWICE_AHEAD, {}, [460, 180], [0, 0]),
        (BEHIND, {}, [-110, -20], [0, 0]),
        (BAGGED, {"bags_penalty": True}, [157, 83], [7, 3]),
        (BAGGED_BELOW_ZERO, {"bags_penalty": True}, [-63, 110], [7, 0]),
        (TIED_AFTER, {}, [290, 320], [0, 0]),
        (PAST_TARGET, {"double_nil": True}, [450, 410], [0, 0]),
    ],
    ids=["ahead", "twice_ahead", "behind", "bagged", "bagged_below_zero", "tied", "past"],
)
def test_the_hands_before_a_scenario_reach_its_totals(
    engine: str,
    before: tuple[Hand, ...],
    options: dict[str, Any],
    totals: list[int],
    bags: list[int],
) -> None:
    # rule: S-13 S-14 — the positions the scenarios below start from, hand-computed
    state = game(engine, before, **options)
    assert (state.totals, state.bags) == (totals, bags)
    assert state.awaiting_deal and state.next_dealer == 3


def test_contract_made_with_overtricks_and_set_contract(engine: str) -> None:
    # rule: S-13 — side 0 bids 3 + 1 = 4 and takes 13: 40 + 9 overtricks = 49;
    # side 1 bids 2 + 3 = 5 and takes 0: set, −50.
    state = scored(engine, ["3", "3", "2", "1"])  # seats 3, 0, 1, 2
    assert state.deal_scores() == [(49, -50)]
    assert state.totals == [49, -50]
    assert state.bags == [0, 0]  # S-13: no bag penalty by default


def test_bags_accumulate_and_cost_100_at_ten(engine: str) -> None:
    # rule: S-13 — option bags_penalty: 9 bags, then 9 more = 18: −100, 8 carried.
    state = scored(engine, ["3", "3", "2", "1"], bags_penalty=True)
    assert state.deal_scores() == [(49, -50)]
    assert state.bags == [9, 0]
    # second hand, dealer 0: give seat 0 the spades again; leader is seat 1
    state.start_deal(DealSetup(0, suited(0)))
    act(state, "bid:2", "bid:1", "bid:2", "bid:1")  # seats 0, 1, 2, 3
    play_lowest(state)
    # side 0: contract 4, 13 tricks: 40 + 9 = 49, bags 9 + 9 = 18 -> −100, 8 left
    assert state.deal_scores()[1] == (49 - 100, -20)  # side 1: 1 + 1 set
    assert state.bags == [8, 0]
    assert state.sheet[1].sides[0].bag_penalty == -100


def test_nil_made_and_partner_contract_separate(engine: str) -> None:
    # rule: S-14 — seat 2 bids nil and takes 0: +100; seat 0 bids 5 and takes 13:
    # 50 + 8 = 58 on his own account; side 0 = 158.
    # rule: S-5 — nil means taking no trick.
    state = scored(engine, ["1", "5", "1", "nil"])
    assert state.deal_scores() == [(158, -20)]
    side = state.sheet[0].sides[0]
    assert (side.nil_points, side.contract_points, side.contract) == (100, 58, 5)


def test_failed_nil_tricks_count_for_nobody(engine: str) -> None:
    # rule: S-14 — seat 0 bids nil and takes 13: −100; seat 2's contract of 1 is his
    # own, with his own 0 tricks: set, −10. The nil bidder's tricks do not help him.
    state = scored(engine, ["2", "nil", "2", "1"])
    assert state.deal_scores() == [(-110, -40)]
    # rule: S-16 — negative totals stand
    assert state.totals == [-110, -40]


def test_double_nil_made_scores_200(engine: str) -> None:
    # rule: S-6 — double nil doubles the nil bonus: seat 1 bids double nil blind and takes
    # nothing: +200; seat 3's 4 is set: −40; side 1 = 160.
    state = game(engine, double_nil=True)
    state.start_deal(DealSetup(3, suited(0)))
    act(state, "look", "bid:4", "look", "bid:6", "bid:double_nil", "look", "bid:1")
    play_lowest(state)
    # side 0: 6 + 1 = 7, 13 tricks: 70 + 6 = 76
    assert state.deal_scores() == [(76, 160)]


def test_double_nil_failed_costs_200(engine: str) -> None:
    # rule: S-6 — seat 0 bids double nil and takes 13: −200; seat 2 bid 2, took 0: −20.
    state = game(engine, double_nil=True)
    state.start_deal(DealSetup(3, suited(0)))
    act(state, "look", "bid:1", "bid:double_nil", "look", "bid:1", "look", "bid:2")
    play_lowest(state)
    assert state.deal_scores() == [(-220, -20)]


def test_both_nil_made_scores_200(engine: str) -> None:
    # rule: S-15 — seats 1 and 3 both bid nil (any mix with double nil) and take nothing:
    # +200 for the side (not 100 + 200).
    state = game(engine, double_nil=True)
    state.start_deal(DealSetup(3, suited(0)))
    act(state, "look", "bid:nil", "look", "bid:4", "bid:double_nil", "look", "bid:2")
    play_lowest(state)
    assert state.deal_scores() == [(67, 200)]  # side 0: 4 + 2, 13 taken: 60 + 7


def test_both_nil_failed_loses_positive_score(engine: str) -> None:
    # rule: S-15 — seats 0 and 2 both bid nil, seat 0 takes 13: the side loses its whole
    # score: 230 -> 0 (the hand's score is −230).
    state = scored(engine, ["1", "nil", "2", "nil"], AHEAD)
    assert state.deal_scores()[-1] == (-230, -30)
    assert state.totals == [0, 60]
    assert state.sheet[-1].sides[0].lost_score


def test_both_nil_failed_with_nothing_to_lose(engine: str) -> None:
    # rule: S-15 reading — a total of 0 or below stays as it is.
    state = scored(engine, ["1", "nil", "2", "nil"], BEHIND)
    assert state.deal_scores()[-1] == (0, -30)
    assert state.totals == [-110, -50]
    assert state.sheet[-1].sides[0].lost_score


def test_both_nil_failed_minus_200_option(engine: str) -> None:
    # rule: S-15 — option both_nil_failure="minus_200".
    state = scored(engine, ["1", "nil", "2", "nil"], AHEAD, both_nil_failure="minus_200")
    assert state.deal_scores()[-1] == (-200, -30)
    assert state.totals == [30, 60]
    assert not state.sheet[-1].sides[0].lost_score


def test_both_nil_failed_takes_the_bags_with_a_positive_score(engine: str) -> None:
    # rule: S-15 (clarified) — with bags_penalty, a positive total of 157 with 7 bags
    # becomes 0, and the 7 bags go with it.
    state = scored(engine, ["1", "nil", "2", "nil"], BAGGED, bags_penalty=True)
    assert state.deal_scores()[-1] == (-157, -30)
    assert state.totals == [0, 53]
    assert state.bags == [0, 3]  # side 1 was set: no overtricks, its bags unchanged
    side = state.sheet[-1].sides[0]
    assert side.lost_score and side.bags == 0 and side.bag_penalty == 0


@pytest.mark.parametrize(
    ("before", "total", "bags"), [(BAGGED_BELOW_ZERO, -63, 7), ((), 0, 0)], ids=["below", "zero"]
)
def test_both_nil_failed_keeps_the_bags_with_nothing_to_lose(
    engine: str, before: tuple[Hand, ...], total: int, bags: int
) -> None:
    # rule: S-15 (clarified) — a total of 0 or below stays as it is, and so do its bags.
    state = scored(engine, ["1", "nil", "2", "nil"], before, bags_penalty=True)
    assert state.deal_scores()[-1] == (0, -30)
    assert state.totals[0] == total
    assert state.bags[0] == bags
    assert state.sheet[-1].sides[0].lost_score


def test_both_nil_failed_minus_200_keeps_the_bags(engine: str) -> None:
    # rule: S-15 — under both_nil_failure="minus_200" the side loses 200, never its bags.
    state = scored(
        engine,
        ["1", "nil", "2", "nil"],
        BAGGED,
        bags_penalty=True,
        both_nil_failure="minus_200",
    )
    assert state.deal_scores()[-1] == (-200, -30)
    assert state.totals == [-43, 53]
    assert state.bags == [7, 3]
    assert not state.sheet[-1].sides[0].lost_score


def test_bags_restart_after_both_nil_failure_over_three_hands(engine: str) -> None:
    # rule: S-15 (clarified) — the bags a side earned are lost with its score, so the
    # count restarts: three hands with bags_penalty, seat 0 taking all 13 tricks each time.
    state = scored(engine, ["3", "3", "2", "1"], bags_penalty=True)  # seats 3, 0, 1, 2
    # side 0: 3 + 1 = 4, 13 taken: 40 + 9 = 49 and 9 bags; side 1: 2 + 3 set: −50
    assert state.totals == [49, -50] and state.bags == [9, 0]
    state.start_deal(DealSetup(0, suited(0)))
    act(state, "bid:nil", "bid:2", "bid:nil", "bid:1")  # seats 0, 1, 2, 3
    play_lowest(state)
    # side 0 both nil, seat 0 takes 13: 49 -> 0 and the 9 bags go; side 1: 3 set: −30
    assert state.deal_scores()[1] == (-49, -30)
    assert state.totals == [0, -80] and state.bags == [0, 0]
    state.start_deal(DealSetup(1, suited(0)))
    act(state, "bid:1", "bid:1", "bid:1", "bid:3")  # seats 1, 2, 3, 0
    play_lowest(state)
    # side 0: 1 + 3 = 4, 13 taken: 49 and 9 bags — 9, not 18: no bag penalty
    assert state.deal_scores()[2] == (49, -20)
    assert state.totals == [49, -100] and state.bags == [9, 0]
    assert state.sheet[2].sides[0].bag_penalty == 0


def test_first_to_target_wins(engine: str) -> None:
    # rule: S-17 — side 0 reaches 500 (460 + 158), side 1 does not (180 − 20): side 0 wins.
    state = scored(engine, ["1", "5", "1", "nil"], TWICE_AHEAD)
    assert state.totals == [618, 160]
    assert state.is_over and state.winners == (0,)


def test_both_past_target_higher_total_wins(engine: str) -> None:
    # rule: S-17 — both sides past 500 on the same hand: the higher total wins, even the
    # side that was behind. Side 0: 450 + 67 = 517; side 1: 410 + 200 (both nil) = 610.
    state = game(engine, PAST_TARGET, double_nil=True)
    assert state.totals == [450, 410]
    state.start_deal(DealSetup(3, suited(0)))
    act(state, "look", "bid:nil", "look", "bid:4", "bid:double_nil", "look", "bid:2")
    play_lowest(state)
    assert state.totals == [517, 610]
    assert state.is_over and state.winners == (1,)


def test_equal_totals_past_target_play_another_hand(engine: str) -> None:
    # rule: S-17 — equal totals past 500: another hand is played. Side 0: 290 + 230
    # (13 bid and taken, and a nil); side 1: 320 + 200 (both nil made).
    state = scored(engine, ["nil", "13", "nil", "nil"], TIED_AFTER)
    assert state.totals == [520, 520]
    assert not state.is_over and state.awaiting_deal
    state.start_deal(DealSetup(0, suited(0)))
    act(state, "bid:1", "bid:1", "bid:1", "bid:1")
    play_lowest(state)
    # side 0: 2 bid, 13 taken: 20 + 11 = 31; side 1: −20
    assert state.totals == [551, 500]
    assert state.is_over and state.winners == (0,)


def test_target_option(engine: str) -> None:
    # rule: S-17 — option target.
    state = scored(engine, ["1", "3", "1", "1"], target=40)
    assert state.totals == [49, -20]
    assert state.is_over and state.winners == (0,)


@pytest.mark.python_engine
def test_score_side_both_nil_failure_and_bags() -> None:
    """About the Python reference's scorer (``scoring.score_side``), also at totals and bags
    no game reaches (a side's total and its bags agree modulo 10, so 0 or 1 with 8 or 9
    bags never comes): the scenarios above play the rule on both engines."""

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


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [(NIL, 0, 100), (NIL, 1, -100), (DOUBLE_NIL, 0, 200), (DOUBLE_NIL, 4, -200)],
)
@pytest.mark.python_engine
def test_nil_points(bid: int, tricks: int, points: int) -> None:
    """About the Python reference's ``scoring.nil_points``; the scenarios above play the rule
    on both engines."""
    # rule: S-14
    assert nil_points(bid, tricks) == points


@pytest.mark.python_engine
def test_contract_points() -> None:
    """About the Python reference's ``scoring.contract_points``; the scenarios above play the
    rule on both engines."""
    # rule: S-13
    assert contract_points(7, 7) == (70, 0)
    assert contract_points(7, 9) == (72, 2)
    assert contract_points(7, 6) == (-70, 0)


@pytest.mark.python_engine
def test_score_side_examples() -> None:
    """About the Python reference's scorer (``scoring.score_side``); the scenarios above play
    the rule on both engines."""
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


@pytest.mark.python_engine
def test_game_winners() -> None:
    """About the Python reference's ``scoring.game_winners``; the scenarios above play the
    rule on both engines."""
    # rule: S-17
    assert game_winners((499, 100), 500) is None
    assert game_winners((500, 100), 500) == (0,)
    assert game_winners((510, 520), 500) == (1,)
    assert game_winners((510, 510), 500) is None
