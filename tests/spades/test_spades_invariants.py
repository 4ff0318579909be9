"""Invariants over thousands of seeded random hands (docs/rules/spades.md, "Invariants")."""

from __future__ import annotations

import random

import pytest
from spades_helpers import rules

from koloda.games.spades.actions import BID_BASE, DISCARD_BASE, is_nil_bid
from koloda.games.spades.state import NON_SPADES, PHASE_PLAY, SpadesState

DECK = (1 << 13) - 1 | ((1 << 13) - 1) << 16 | ((1 << 13) - 1) << 32 | ((1 << 13) - 1) << 48

VARIANTS = [
    {},
    {"bags_penalty": True},
    {"nil_exchange": False},
    {"double_nil": False},
    {"spades_broken_by": "any_spade", "both_nil_failure": "minus_200"},
]


def biased_choice(rng: random.Random, legal: object) -> int:
    """Uniform, but numeric bids are kept low half of the time so contracts get made."""
    seq = list(legal)  # type: ignore[call-overload]
    if seq and BID_BASE + 1 in seq and rng.random() < 0.5:
        return BID_BASE + rng.randint(1, 4)
    choice: int = seq[rng.randrange(len(seq))]
    return choice


def check_hand_end(state: SpadesState, previous_total: list[int]) -> None:
    line = state.sheet[-1]
    assert sum(line.tricks) == 13  # 13 tricks a hand
    log = state.completed[-1]
    plays = [a for a in log.actions if a < 64]
    assert len(plays) == 52 and len(set(plays)) == 52  # every card once
    mask = 0
    for card in plays:
        mask |= 1 << card
    assert mask == DECK
    for side in (0, 1):
        assert previous_total[side] + line.sides[side].score == state.totals[side]
        bids = (line.bids[side], line.bids[side + 2])
        if not any(is_nil_bid(b) for b in bids):
            contract = sum(bids)
            taken = line.tricks[side] + line.tricks[side + 2]
            expected = 10 * contract + taken - contract if taken >= contract else -10 * contract
            assert line.sides[side].contract_points == expected


def run_games(variant: dict[str, object], games: int, deals: int, seed: int) -> int:
    game = rules(max_deals=deals, **variant)
    rng = random.Random(seed)
    hands = 0
    for index in range(games):
        state = game.new_state(seed=f"{seed}/{index}", first_dealer=index % 4)
        previous = list(state.totals)
        bid_order: list[int] = []
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            assert len(legal) > 0
            action = biased_choice(rng, legal)
            assert state.is_legal(action) and action in legal
            if state.phase == PHASE_PLAY:
                hand = state.hands[seat]
                if not state.trick and action < 16 and hand & NON_SPADES:
                    assert state.broken  # spades-lead restriction respected (S-11)
            elif BID_BASE <= action < DISCARD_BASE:
                bid_order.append(seat)
            deal = state.deal_index
            state.apply(action)
            if state.phase == PHASE_PLAY and not state.plays and not state.trick:
                # bidding and exchanges over: 13 cards each, the whole deck, nothing left
                assert [h.bit_count() for h in state.hands] == [13] * 4
                assert state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3] == DECK
                assert state.pending == [0, 0, 0, 0]
                dealer = state.dealer
                assert bid_order == [(dealer + k) % 4 for k in range(4)]  # from the dealer
                bid_order = []
            if state.deal_index != deal:
                hands += 1
                check_hand_end(state, previous)
                previous = list(state.totals)
        assert state.winners
        assert len(state.sheet) <= deals
    return hands


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v) or "default")
def test_random_hands_keep_invariants(variant: dict[str, object]) -> None:
    # rule: S-4 — bids recorded in order from the dealer
    # rule: S-7 — exchanges keep 13 cards a hand and the 52-card deck
    # rule: S-11 — no spade lead with other suits in hand before spades are broken
    # five variants x at least 400 hands each: over 2,000 seeded random hands in all
    hands = run_games(variant, games=60, deals=7, seed=len(str(variant)))
    assert hands >= 400
