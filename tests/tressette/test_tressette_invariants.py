"""Invariants over thousands of seeded random deals, checked against small reference code."""

from __future__ import annotations

import random
from typing import Any

import pytest
from random_play import perft, random_events

from koloda import load_game
from koloda.core.dealing import Shuffler
from koloda.core.events import CardPlayed, DealScored, DealStarted, TrickTaken
from koloda.games.tressette.declarations import declarations_of
from koloda.games.tressette.events import GameWon, PointsScored
from koloda.games.tressette.state import TressetteState

RANKS = ["3", "2", "A", "K", "Q", "J", "7", "6", "5", "4"]
RANK_CODE = {"2": 0, "3": 1, "4": 2, "5": 3, "6": 4, "7": 5, "J": 9, "Q": 10, "K": 11, "A": 12}
STRONG = {RANK_CODE[r]: 10 - i for i, r in enumerate(RANKS)}
COUNTING = {RANK_CODE[r] for r in RANKS[:6]}
HEARTS = 1


def reference_declarations(hand: tuple[int, ...], hearts_special: bool, long_run: str) -> int:
    """T-7..T-11 straight from the rules text, card by card."""
    held = set(hand)
    points = 0
    for suit in range(4):
        have = {c & 15 for c in held if c >> 4 == suit}
        if {RANK_CODE["3"], RANK_CODE["2"], RANK_CODE["A"]} <= have:
            run = 3
            for face in "KQJ":
                if RANK_CODE[face] not in have:
                    break
                run += 1
            tail = {RANK_CODE[r] for r in (RANKS[6:7] if long_run == "seven" else RANKS[6:])}
            if run == 6 and tail <= have:
                points += 16
            else:
                points += (5 if hearts_special and suit == HEARTS else 3) + run - 3
    for rank in RANKS:
        count = sum(1 for c in held if c & 15 == RANK_CODE[rank])
        if count >= 3:
            points += {"7": 4, "3": 3, "2": 3, "A": 3}.get(rank, 1)
    return points


def reference_winner(trick: list[tuple[int, int]], hearts_special: bool) -> int:
    """T-6 reading: trump hearts (not 6 5 4) beat all; else the highest of the led suit."""
    lead = trick[0][1] >> 4

    def key(card: int) -> tuple[int, int]:
        rank = card & 15
        if hearts_special and card >> 4 == HEARTS and STRONG[rank] >= STRONG[RANK_CODE["7"]]:
            return (2, STRONG[rank])
        return (1, STRONG[rank]) if card >> 4 == lead else (0, 0)

    return max(trick, key=lambda sc: key(sc[1]))[0]


def check_group(options: dict[str, Any], seed: int) -> int:
    rules = load_game("tressette", **options)
    state: TressetteState = rules.empty_state(first_dealer=seed % 4)  # type: ignore[assignment]
    hearts_special = rules.options.hearts_special
    pooled = rules.options.card_points == "pooled"
    rng = random.Random(seed)
    events: list[Any] = state.resume_dealing(Shuffler(seed))  # deal 0 with its events
    events += random_events(state, rng)
    assert state.is_over
    deals = 0
    # walk the event stream deal by deal
    points = [0, 0]
    games: list[tuple[int, int, int]] = []
    hands: list[set[int]] = []
    trick: list[tuple[int, int]] = []
    deal_points = [0, 0]
    deal_card_points = [0, 0]
    tricks = [0, 0, 0, 0]
    taken: list[list[int]] = [[], [], [], []]
    deal_index = 0
    for event in events:
        if isinstance(event, DealStarted):
            deal_index = event.deal
            hands = [set(h) for h in event.hands]
            assert sorted(c for h in event.hands for c in h) == sorted(rules.deck.cards)
            assert all(len(h) == 10 for h in event.hands)
            line = state.sheet[event.deal]
            for seat in range(4):  # declarations recomputed from the initial hand
                expect = reference_declarations(
                    event.hands[seat], hearts_special, rules.options.long_run
                )
                assert sum(d.points for d in line.declarations[seat]) == expect
                for declaration in line.declarations[seat]:
                    assert set(declaration.cards) <= set(event.hands[seat])
            deal_points = [0, 0]
            deal_card_points = [0, 0]
            tricks = [0, 0, 0, 0]
            taken = [[], [], [], []]
        elif isinstance(event, CardPlayed):
            if trick:  # T-5: follow suit when able
                lead = trick[0][1] >> 4
                if event.card >> 4 != lead:
                    assert not any(c >> 4 == lead for c in hands[event.seat])
            assert event.card in hands[event.seat]
            hands[event.seat].discard(event.card)
            trick.append((event.seat, event.card))
        elif isinstance(event, TrickTaken):
            assert len(trick) == 4
            assert event.seat == reference_winner(trick, hearts_special)
            tricks[event.seat] += 1
            taken[event.seat].extend(c for _, c in trick)
            trick = []
        elif isinstance(event, PointsScored):
            side = event.side
            deal_points[side] += event.points
            if event.reason == "cards":
                deal_card_points[side] += event.points
            total = points[side] + event.points
            if total >= 21 and len(games) < 3:  # T-15, T-16, T-17 by the book
                value = 42 if points[1 - side] < 11 else 21
                games.append((side, value, deal_index))
                points[side] = total - 21 if event.reason != "declarations" else 0
                points[1 - side] = 0
            else:
                points[side] = total
            assert event.game_points[side] == total
        elif isinstance(event, GameWon):
            assert games[-1] == (event.side, event.value, event.deal)
        elif isinstance(event, DealScored):
            deals += 1
            assert sum(tricks) == 10 and all(not h for h in hands)
            all_taken = [c for cards in taken for c in cards]
            assert len(all_taken) == 40
            counting = sum(1 for c in all_taken if c & 15 in COUNTING)
            assert counting == 24  # T-12: 24 counting cards per deal
            assert sum(deal_card_points) <= 8  # at most 8 card points per deal
            for side in (0, 1):
                side_cards = taken[side] + taken[side + 2]
                side_counting = sum(1 for c in side_cards if c & 15 in COUNTING)
                if pooled:
                    assert deal_card_points[side] == side_counting // 3
                else:
                    assert deal_card_points[side] <= side_counting // 3
            line = state.sheet[event.deal]
            assert list(event.scores) == deal_points
            assert list(line.card_points) == deal_card_points
            bonus = [0, 0]
            for seat in range(4):
                if tricks[seat] >= 9:
                    bonus[seat & 1] += 6
            for side in (0, 1):
                if tricks[side] + tricks[side + 2] == 10:
                    bonus[side] += 4
            assert list(line.bonuses) == bonus
            assert line.tricks == tuple(tricks)
            assert list(line.points_after) == points
    assert [(g.winner, g.value, g.deal) for g in state.games] == games
    assert len(games) == 3 and state.is_over
    totals = [sum(v for w, v, _ in games if w == side) for side in (0, 1)]
    assert state.totals == totals
    assert state.points == points
    return deals


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"card_points": "pooled"},
        {"hearts_special": False},
        {"long_run": "ten"},
    ],
)
def test_invariants_over_random_deals(options: dict[str, Any]) -> None:
    # rule: T-2 T-4 T-5 T-6 T-7 T-8 T-9 T-10 T-11 T-12 T-13 T-14 T-15 T-16 T-17 T-18
    deals = 0
    seed = 0
    while deals < 550:  # four option sets: well over 2,000 deals in all
        deals += check_group(options, seed)
        seed += 1
    assert deals >= 550


def test_reference_declarations_agree_on_many_hands() -> None:
    # rule: T-7 T-8 T-9 T-10 T-11
    rules = load_game("tressette")

    shuffler = Shuffler("declarations")
    for index in range(3000):
        cards = shuffler.shuffled(rules.deck.cards, index)
        for start in (0, 10, 20, 30):
            hand = tuple(cards[start : start + 10])
            mask = sum(1 << c for c in hand)
            for hearts_special in (True, False):
                for long_run in ("seven", "ten"):
                    found = declarations_of(0, mask, hearts_special, long_run)
                    assert sum(d.points for d in found) == reference_declarations(
                        hand, hearts_special, long_run
                    )


def test_perft_counts_from_a_fixed_position() -> None:
    # rule: T-5
    rules = load_game("tressette")
    state = rules.new_state(seed=42)
    counts = [perft(state, d) for d in range(1, 5)]
    assert counts[0] == 10
    assert counts == sorted(counts)
    assert counts == PERFT_SEED_42


PERFT_SEED_42 = [10, 42, 92, 308]


@pytest.mark.slow
def test_invariants_over_many_more_deals() -> None:
    # rule: T-12 T-15 T-16 T-17
    for options in ({}, {"card_points": "pooled"}, {"hearts_special": False, "long_run": "ten"}):
        deals = 0
        seed = 10_000
        while deals < 10_000:
            deals += check_group(options, seed)
            seed += 1


def test_a_group_tells_its_declarations_points_and_games() -> None:
    rules = load_game("tressette")
    state: TressetteState = rules.empty_state(first_dealer=2)  # type: ignore[assignment]
    events = state.resume_dealing(Shuffler("events"))
    while not state.is_over:
        events += state.apply(state.legal_actions()[0])
    kinds = {e.to_json()["type"] for e in events}
    assert {"deal_started", "card_played", "trick_taken", "points_scored", "deal_scored"} <= kinds
    assert {"declared", "game_won", "game_over"} <= kinds
