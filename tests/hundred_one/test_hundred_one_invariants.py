"""101 invariants over thousands of seeded random deals and games: 36 cards always, only
legal plays (checked against the rules independently of the engine's move generator),
penalties recomputed from the cards left, and no hand or game that runs forever."""

from __future__ import annotations

import random

import pytest
from hundred_one_helpers import rules_for
from random_play import perft

from koloda.core.cards import QUEEN, cards_in
from koloda.games.hundred_one.actions import DRAW, NOTHING, PASS, SUIT_BASE
from koloda.games.hundred_one.rules import HundredOneRules
from koloda.games.hundred_one.state import (
    PHASE_AFTER_DRAW,
    PHASE_NAME_SUIT,
    PHASE_OVER,
    PHASE_PLAY,
    HundredOneState,
)

PENALTY = {4: 6, 5: 7, 6: 8, 7: 9, 8: 10, 9: 2, 10: 3, 11: 4, 12: 11}
MAX_DECISIONS_PER_DEAL = 5_000
MAX_DEALS = 200
PERFT_COUNTS = [[5, 16, 33, 68, 140], [2, 2, 4, 6, 18]]
"""Leaf counts at depths 1..5 from two seeded positions (recorded; guard against drift)."""


def matches(card: int, state: HundredOneState) -> bool:
    """H-4, H-6: same suit as the one to follow, same rank as the top card, or a queen."""
    return card >> 4 == state.suit or card & 15 == state.top & 15 or card & 15 == QUEEN


def check_decision(state: HundredOneState, action: int, voluntary: bool) -> None:
    seat = state.to_act_seat
    held = cards_in(state.hands[seat])
    if state.phase == PHASE_PLAY:
        if action == DRAW:
            if not voluntary:  # H-10: no playable card but queens
                assert not any(matches(c, state) and c & 15 != QUEEN for c in held)
        else:
            assert action in held and matches(action, state)  # H-4, H-6
    elif state.phase == PHASE_AFTER_DRAW:
        assert action == PASS or (action == state.drawn and matches(action, state))  # H-8
    else:
        assert state.phase == PHASE_NAME_SUIT and SUIT_BASE <= action < SUIT_BASE + 4


def expected_scores(hands: list[int], out: int, last: int, queen_in_hand: str) -> tuple[int, ...]:
    queen_extra = 40 if queen_in_hand == "plus_40" else 37
    scores = []
    for seat, mask in enumerate(hands):
        if seat == out:
            assert mask == 0
            scores.append(-30 if last & 15 == QUEEN else 0)  # H-14
            continue
        total = 0
        for card in cards_in(mask):
            total += PENALTY[card & 15] + (queen_extra if card & 15 == QUEEN else 0)
        scores.append(total)  # H-13, H-15
    return tuple(scores)


def play_random(
    rules: HundredOneRules, seed: int, rng: random.Random, whole_game: bool
) -> HundredOneState:
    n = rules.num_seats
    state = rules.new_state(seed=seed, first_dealer=seed % n)
    voluntary = rules.options.voluntary_draw
    decisions = 0
    deals = 0
    idle = 0  # draws in a row that found no card at all (H-11)
    while not state.is_over:
        assert state.card_count() == 36  # invariant: hands + stock + pile
        assert sum(h.bit_count() for h in state.hands) + len(state.stock) + len(
            state.pile
        ) == 36 and not any(state.hands[a] & state.hands[b] for a in range(n) for b in range(a))
        legal = state.legal_actions()
        assert legal, "a player to act always has a legal action"
        action = legal[rng.randrange(len(legal))]
        check_decision(state, action, voluntary)
        seat = state.to_act_seat
        before = len(state.sheet)
        state.apply_unchecked(action)
        decisions += 1
        if action == DRAW and state.log and state.log[-1] & 255 == NOTHING:
            idle += 1
            # H-10, H-11: with the stock and the pile both empty, every other card is in a
            # hand, so somebody holds a card of the suit to follow and must play it.
            assert voluntary or idle < n, "a standstill: nobody can draw nor play"
        elif action < 64:
            idle = 0
        assert decisions < MAX_DECISIONS_PER_DEAL, "a hand that does not end"
        if len(state.sheet) != before:
            line = state.sheet[-1]
            assert line.out == seat
            deals += 1
            decisions = 0
            if not whole_game:
                return state
            assert deals < MAX_DEALS, "a game that does not end"
    assert max(state.totals) >= 101  # H-16
    return state


def check_deal_scores(rules: HundredOneRules, seed: int, rng: random.Random) -> None:
    """Play the first deal (checked) and recompute its penalties from the cards left."""
    state = rules.new_state(seed=seed, first_dealer=seed % rules.num_seats)
    while True:
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        seat = state.to_act_seat
        hands = list(state.hands)
        state.apply(action)
        if state.sheet:
            hands[seat] ^= 1 << action  # the last card: the hand is over (H-12)
            line = state.sheet[0]
            assert line.out == seat
            assert line.scores == expected_scores(hands, seat, action, rules.options.queen_in_hand)
            return


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_deals(players: int) -> None:
    rules = rules_for(players=players)
    rng = random.Random(players)
    for seed in range(2_000):
        play_random(rules, seed, rng, whole_game=False)
    for seed in range(300):
        check_deal_scores(rules, seed, rng)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 6},
        {"players": 5, "voluntary_draw": True, "queen_in_hand": "instead_40"},
        {"players": 2, "hand_size": 17},
        {"players": 6, "hand_size": 5, "draw_six": 2, "draw_seven": 1},
    ],
)
def test_random_games(options: dict[str, object]) -> None:
    rules = rules_for(**options)
    rng = random.Random(1)
    for seed in range(60):
        state = play_random(rules, seed, rng, whole_game=True)
        assert state.phase == PHASE_OVER
        assert [sum(line.scores[s] for line in state.sheet) for s in range(rules.num_seats)] == (
            state.totals
        )


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_random_whole_games_slow(players: int) -> None:
    rules = rules_for(players=players)
    rng = random.Random(100 + players)
    for seed in range(2_000):
        play_random(rules, seed, rng, whole_game=True)


def test_perft_counts_guard_the_move_generator() -> None:
    # rule: H-4, H-8, H-9, H-10
    counts = []
    for players in (2, 4):
        state = rules_for(players=players, hand_size=6).new_state(seed="perft")
        counts.append([perft(state, depth) for depth in range(1, 6)])
    assert counts == PERFT_COUNTS
