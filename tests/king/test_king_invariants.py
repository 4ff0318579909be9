"""Invariants over thousands of seeded random games of each King variant.

In the first games every decision is checked against an independent, naive reading of the
play rules, and card conservation is checked at every step; every deal of every game against
its total; every game against dealer rotation and, where
the variant is zero-sum, a zero sum.
"""

from __future__ import annotations

import os
import random

import pytest

from koloda import load_game
from koloda.core.cards import HEARTS, KING, make_card
from koloda.games.king.actions import POSITIVE
from koloda.games.king.state import PHASE_PLAY, KingState

GAMES = int(os.environ.get("KOLODA_INVARIANT_GAMES", "200"))  # more: set it (e.g. 5000)
CHECKED_GAMES = 200  # games in which every play is also checked by the naive reference
KH = make_card(KING, HEARTS)


def naive_legal(state: KingState) -> set[int]:
    """The play rules read straight from docs/rules/king.md, without bitmask tricks."""
    seat = state.to_act_seat
    hand = {c for c in range(64) if state.hands[seat] >> c & 1}
    contract = state.contract
    if state.trick:
        lead = state.trick[0] // 16
        same = {c for c in hand if c // 16 == lead}
        if same:  # K-5, K-17: follow suit
            if (
                state.rules.options.king_forced_on_heart_lead
                and lead == HEARTS
                and KH in hand
                and contract in (5, 6)
            ):
                return {KH}
            return same
        if contract == POSITIVE:  # K-17: trump if void
            trumps = {c for c in hand if c // 16 == state.trump}
            return trumps or hand
        if contract in (5, 6) and KH in hand:  # K-9
            return {KH}
        return hand
    if contract == POSITIVE and seat != state.caller:  # K-18
        return {c for c in hand if c // 16 != state.trump} or hand
    if contract in (3, 5, 6):  # K-8
        return {c for c in hand if c // 16 != HEARTS} or hand
    return hand


def run_game(rules_options: dict[str, object], seed: int, check_plays: bool) -> None:
    rules = load_game("king", **rules_options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    first_dealer = seed % rules.num_seats
    state = rules.new_state(seed=seed, first_dealer=first_dealer)
    deals_seen = 0
    expected_dealer = first_dealer
    while not state.is_over:
        if check_plays and state.phase == PHASE_PLAY:
            # card conservation: hands + cards played = the deck, no card twice
            in_hands = 0
            for hand in state.hands:
                assert in_hands & hand == 0
                in_hands |= hand
            played = 0
            for p in state.plays:
                assert not played >> (p & 63) & 1
                played |= 1 << (p & 63)
            assert in_hands | played == rules.deck_mask and in_hands & played == 0
        legal = state.legal_actions()
        if check_plays and state.phase == PHASE_PLAY:
            assert set(legal) == naive_legal(state)
        action = legal[rng.randrange(len(legal))]
        if check_plays:
            state.apply(action)
        else:
            state.apply_unchecked(action)
        if len(state.sheet) > deals_seen:
            line = state.sheet[deals_seen]
            assert line.dealer == expected_dealer  # K-6, K-21
            # K-10, K-20, K-27: every deal adds up, also when it ended early
            assert sum(line.scores) == rules.deal_total(line.contract)
            if line.contract == POSITIVE and not rules.options.is_ordered:
                expected_dealer = (line.dealer - 1) % rules.num_seats
            else:
                expected_dealer = (line.dealer + 1) % rules.num_seats
            deals_seen += 1
    assert len(state.sheet) == rules.num_deals
    if rules.options.variant != "three" or rules.options.three_player_balance == "king24":
        assert sum(state.totals) == 0  # K-22


VARIANTS = [
    {"variant": "classic"},
    {"variant": "classic", "stop_when_decided": False, "king_forced_on_heart_lead": True},
    {"variant": "order"},
    {"variant": "three"},
    {"variant": "three", "three_player_balance": "proportional", "order_scope": "shared"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(map(str, o.values())))
def test_random_games_hold_every_invariant(options: dict[str, object]) -> None:
    # rule: K-5 K-8 K-9 K-10 K-17 K-18 K-6 K-21 K-22 K-12
    games = GAMES if len(options) == 1 else GAMES // 10
    for seed in range(games):
        run_game(options, seed, check_plays=seed < CHECKED_GAMES)


def test_stop_when_decided_never_changes_scores() -> None:
    # rule: K-12
    early = load_game("king")
    full = load_game("king", stop_when_decided=False)
    for seed in range(100):
        a = early.new_state(seed=seed)
        b = full.new_state(seed=seed)
        rng = random.Random(seed)
        while not a.is_over:
            legal = a.legal_actions()
            action = legal[rng.randrange(len(legal))]
            deal = a.deal_index
            a.apply(action)
            b.apply(action)
            if a.deal_index != deal and b.deal_index == deal:
                while b.deal_index == deal:  # b plays the decided deal out
                    b.apply(b.legal_actions()[0])
        assert a.totals == b.totals
