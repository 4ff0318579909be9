"""Games to 21, double games, carry-over and the group of three (T-15..T-19), scripted."""

from __future__ import annotations

from random_play import play, setup
from tressette_helpers import (
    GROUP_DEAL_1,
    GROUP_DEAL_2,
    GROUP_DEAL_3,
    GROUP_PLAY_1,
    GROUP_PLAY_2,
    GROUP_PLAY_3,
)

from koloda import load_game
from koloda.core.events import GameOver
from koloda.games.tressette.events import Declared, GameWon, PointsScored
from koloda.games.tressette.state import TressetteState, WonGame


def group_after(deals: int) -> TressetteState:
    rules = load_game("tressette")
    state: TressetteState = rules.empty_state(first_dealer=3)  # type: ignore[assignment]
    script = [
        (3, GROUP_DEAL_1, GROUP_PLAY_1),
        (0, GROUP_DEAL_2, GROUP_PLAY_2),
        (1, GROUP_DEAL_3, GROUP_PLAY_3),
    ]
    for dealer, deal, tricks in script[:deals]:
        state.start_deal(setup(dealer, *deal))
        for trick in tricks:
            play(state, trick)
    return state


def test_game_won_mid_deal_is_double_and_play_points_carry_over() -> None:
    # rule: T-15 T-16 T-17
    rules = load_game("tressette")
    state = rules.empty_state(first_dealer=3)
    events = state.start_deal(setup(3, *GROUP_DEAL_1))
    assert state.points == [16, 0]  # Трена ♥: 16 at once
    assert [e.seat for e in events if isinstance(e, Declared)] == [0]
    for trick in GROUP_PLAY_1[:4]:
        play(state, trick)
    assert state.points == [20, 0] and not state.games
    events = play(state, GROUP_PLAY_1[4])  # the 21st point, won in play at trick 5
    won = [e for e in events if isinstance(e, GameWon)]
    assert [(e.side, e.value, e.deal, e.carry) for e in won] == [(0, 42, 0, 0)]
    assert state.games == [WonGame(0, 42, 0)]  # the losers had 0 < 11: double
    assert state.points == [0, 0]
    # the deal is played to its end; what follows counts for the next game
    play(state, GROUP_PLAY_1[5])
    assert state.points == [1, 0]
    for trick in GROUP_PLAY_1[6:]:
        play(state, trick)
    assert state.points == [1 + 6 + 4, 0]  # T-13 and T-14 after the win carry over
    line = state.sheet[0]
    assert line.scores == (32, 0)
    assert (line.declared, line.card_points, line.bonuses) == ((16, 0), (6, 0), (10, 0))
    assert line.points_after == (11, 0)
    assert line.games == (WonGame(0, 42, 0),)


def test_points_beyond_21_from_declarations_do_not_carry_and_a_single_game() -> None:
    # rule: T-15 T-16 T-17 T-11
    state = group_after(1)
    assert state.points == [11, 0]
    events = state.start_deal(setup(0, *GROUP_DEAL_2))
    # declarations in seat order from the leader (seat 1): seat 1's Трена 16 first,
    # then seat 2's 12 brings side 0 from 11 to 23: a game, single as side 1 has 16
    kinds = [type(e).__name__ for e in events if isinstance(e, Declared | PointsScored | GameWon)]
    assert kinds == [
        "Declared", "PointsScored",  # seat 1: 16
        "Declared", "PointsScored", "GameWon",  # seat 2: 12
        "Declared", "PointsScored",  # seat 3: three sevens, 4 toward the next game
    ]  # fmt: skip
    won = next(e for e in events if isinstance(e, GameWon))
    assert (won.side, won.value, won.deal, won.carry) == (0, 21, 1, 0)  # 2 over 21: lost
    assert [sum(d.points for d in seat) for seat in state.declarations] == [0, 16, 12, 4]
    assert state.points == [0, 4]
    for trick in GROUP_PLAY_2:
        play(state, trick)
    line = state.sheet[1]
    assert line.scores == (12, 36)
    assert line.declared == (12, 20) and line.card_points == (0, 6) and line.bonuses == (0, 10)
    assert state.points == [0, 4 + 6 + 6 + 4]


def test_group_of_three_games_ends_with_the_deal_that_wins_the_third() -> None:
    # rule: T-18 T-17 T-15
    state = group_after(2)
    assert state.points == [0, 20]
    state.start_deal(setup(1, *GROUP_DEAL_3))
    assert state.points == [16, 20]
    events: list[object] = []
    for trick in GROUP_PLAY_3[:5]:
        events += play(state, trick)
    # side 0 reaches 21 while side 1 has 20: a single game, the third of the group
    assert state.games[-1] == WonGame(0, 21, 2) and len(state.games) == 3
    assert not state.is_over and state.to_act == 2  # the deal goes on
    for trick in GROUP_PLAY_3[5:]:
        events += play(state, trick)
    assert state.is_over
    over = [e for e in events if isinstance(e, GameOver)]
    assert over and over[0].winners == (0, 2)
    assert state.totals == [42 + 21 + 21, 0]
    # each partner gets half of his side's result
    assert state.outcome() == (42.0, 0.0, 42.0, 0.0)
    assert state.points == [11, 0]  # toward the next group's first game
    results = state.rules.results_json(state)
    assert results == {
        "totals": [84, 0],
        "games": [
            {"winner": 0, "value": 42, "deal": 0},
            {"winner": 0, "value": 21, "deal": 1},
            {"winner": 0, "value": 21, "deal": 2},
        ],
        "carry": [11, 0],
        "finished": True,
        "winner": [0],
    }
    assert [list(s) for s in state.deal_scores()] == [[32, 0], [12, 36], [32, 0]]


def test_declarations_stay_visible_to_every_seat_through_the_deal() -> None:
    # rule: T-19 T-7
    state = group_after(1)
    state.start_deal(setup(0, *GROUP_DEAL_2))
    for trick in GROUP_PLAY_2[:3]:
        play(state, trick)
    for seat in range(4):
        view = state.view(seat)
        assert view.declarations == state.declarations
        assert [d["points"] for d in view.to_json()["declarations"][2]] == [6, 3, 3]
    sheet = state.rules.score_sheet(state)
    assert sheet.sections and sheet.sections[0].rows


def test_results_of_a_saved_game_count_complete_deals_only() -> None:
    # rule: T-17 T-15
    state = group_after(1)
    state.start_deal(setup(0, *GROUP_DEAL_2))  # side 0 wins game 2 by declarations
    results = state.rules.results_json(state)
    assert results["games"] == [{"winner": 0, "value": 42, "deal": 0}]
    assert results["totals"] == [42, 0] and results["carry"] == [11, 0]
    assert results["finished"] is False and results["to_act"] == 1
