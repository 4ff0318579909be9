"""The shared sampler of hidden cards: every deal it returns honours every constraint, it
finds a deal whenever one exists (checked against brute force), and it says so when none does.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from koloda.core.cards import SUIT_MASK, CardSet, cards_in, cardset
from koloda.core.sampling import (
    HiddenCards,
    InconsistentViewError,
    Place,
    deal_hidden,
    per_view,
    revealed_by_play,
)


def brute_force(hidden: HiddenCards) -> list[tuple[CardSet, ...]]:
    """Every deal that honours the constraints, by trying every deal."""
    cards = cards_in(hidden.unseen)
    sizes = [place.size for place in hidden.places]
    if sum(sizes) != len(cards):
        return []
    found = []
    for owners in itertools.product(range(len(sizes)), repeat=len(cards)):
        counts = Counter(owners)
        if any(counts[p] != size for p, size in enumerate(sizes)):
            continue
        deal = [0] * len(sizes)
        for card, p in zip(cards, owners, strict=True):
            deal[p] |= 1 << card
        if hidden.is_satisfied_by(deal):
            found.append(tuple(deal))
    return found


@st.composite
def small_problems(draw: st.DrawFn) -> HiddenCards:
    """Up to 8 unseen cards among 1..3 places, with random constraints of every kind."""
    unseen_cards = draw(st.lists(st.integers(0, 12), min_size=3, max_size=8, unique=True))
    unseen = cardset(unseen_cards)
    count = draw(st.integers(1, 3))
    cut = sorted(draw(st.lists(st.integers(0, len(unseen_cards)), min_size=count - 1)))
    bounds = [0, *cut[: count - 1], len(unseen_cards)]
    sizes = [bounds[i + 1] - bounds[i] for i in range(count)]
    if draw(st.integers(0, 9)) == 0:  # sometimes the sizes do not even add up
        sizes[0] += draw(st.integers(-1, 1))
    sizes[0] = max(sizes[0], 0)
    others = [16 + i for i in range(6)]  # cards known to lie in the places
    places = []
    for size in sizes:
        mask = st.integers(0, (1 << 13) - 1)
        known = 0
        for card in draw(st.lists(st.sampled_from(others), max_size=2, unique=True)):
            others.remove(card)
            known |= 1 << card
        wide = st.integers(0, (1 << 22) - 1)
        ones = st.integers(0, 2 if size else 0)
        places.append(
            Place(
                size,
                excluded=draw(mask) & draw(mask) & draw(mask),  # sparse
                known=known,
                at_least_one=tuple(draw(mask) | draw(wide) & known for _ in range(draw(ones))),
                at_most=tuple(draw(st.lists(st.tuples(mask, st.integers(0, 2)), max_size=3))),
            )
        )
    return HiddenCards(unseen, tuple(places))


@settings(max_examples=400, deadline=None)
@given(hidden=small_problems(), seed=st.integers(0, 2**32), tries=st.sampled_from([0, 1, 16]))
def test_a_deal_is_found_exactly_when_one_exists(
    hidden: HiddenCards, seed: int, tries: int
) -> None:
    """With no random tries at all the exhaustive search alone decides."""
    possible = brute_force(hidden)
    rng = random.Random(seed)
    if not possible:
        with pytest.raises(InconsistentViewError):
            deal_hidden(hidden, rng, tries)
        return
    deal = deal_hidden(hidden, rng, tries)
    assert hidden.is_satisfied_by(deal)
    assert deal in possible


def test_an_unconstrained_deal_is_uniform() -> None:
    hidden = HiddenCards(cardset([0, 1, 2, 3]), (Place(2), Place(2)))
    rng = random.Random(5)
    counts = Counter(deal_hidden(hidden, rng) for _ in range(6000))
    assert len(counts) == 6
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_a_void_keeps_the_rest_uniform() -> None:
    """Seat 0 shows a void in spades: the spades split uniformly between the other two, as
    every consistent deal is equally likely."""
    spades = cardset([0, 1, 2])
    hidden = HiddenCards(
        spades | cardset([16, 17, 18]), (Place(2, excluded=spades), Place(2), Place(2))
    )
    rng = random.Random(6)
    counts = Counter(deal_hidden(hidden, rng) for _ in range(9000))
    assert len(counts) == len(brute_force(hidden))
    mean = 9000 / len(counts)
    assert all(0.8 * mean < n < 1.2 * mean for n in counts.values()), counts


# ----- tight positions: exactly one deal fits -------------------------------------------


def only_deal(hidden: HiddenCards) -> tuple[CardSet, ...]:
    (deal,) = brute_force(hidden)
    return deal


@pytest.mark.parametrize("tries", [0, 16])
def test_the_single_deal_behind_a_chain_of_voids_is_found(tries: int) -> None:
    # A may take 0..3, B only 0, C only 1 and 4, D only 4 and 5: B gets 0, so A needs 1..3 and
    # C must take 4, leaving 5 to D. Greedy dealing often gives 0 or 4 away and fails.
    everything = cardset(range(6))
    hidden = HiddenCards(
        everything,
        (
            Place(3, excluded=everything & ~cardset([0, 1, 2, 3])),
            Place(1, excluded=everything & ~cardset([0])),
            Place(1, excluded=everything & ~cardset([1, 4])),
            Place(1, excluded=everything & ~cardset([4, 5])),
        ),
    )
    expected = only_deal(hidden)
    assert expected == (cardset([1, 2, 3]), cardset([0]), cardset([4]), cardset([5]))
    for seed in range(200):
        assert deal_hidden(hidden, random.Random(seed), tries) == expected


@pytest.mark.parametrize("tries", [0, 16])
def test_the_single_deal_behind_must_hold_sets_is_found(tries: int) -> None:
    # rule: K-15
    # The caller by the last card holds a trump (spades); the only spade left must be his,
    # and the other seat is void in hearts, so the hearts are his too.
    unseen = cardset([0, 16, 17, 32, 33, 34])
    hidden = HiddenCards(
        unseen,
        (
            Place(3, at_least_one=(SUIT_MASK[0],)),
            Place(3, excluded=SUIT_MASK[1]),
        ),
    )
    expected = only_deal(hidden)
    assert expected[0] == cardset([0, 16, 17])
    for seed in range(100):
        assert deal_hidden(hidden, random.Random(seed), tries) == expected


@pytest.mark.parametrize("tries", [0, 16])
def test_the_single_deal_behind_caps_is_found(tries: int) -> None:
    # Tressette-like: each seat declared no triple, so holds at most two cards of each rank
    # (one card of rank r in each suit: cards r, 16 + r, 32 + r, 48 + r); the known cards
    # already count. Seat 0 holds two 7s and may take neither 2 nor K (43), seat 1 two kings
    # and takes neither 1 nor 2: only the caps forbid 7 (37) to seat 0 and K to seat 1.
    sevens = cardset([5, 21, 37, 53])
    kings = cardset([11, 27, 43, 59])
    caps = ((sevens, 2), (kings, 2))
    unseen = cardset([37, 43, 1, 2])
    hidden = HiddenCards(
        unseen,
        (
            Place(1, known=cardset([5, 21]), at_most=caps, excluded=cardset([2, 43])),
            Place(1, known=cardset([11, 27]), at_most=caps, excluded=cardset([1, 2])),
            Place(2, at_most=caps),
        ),
    )
    expected = only_deal(hidden)
    assert expected == (cardset([1]), cardset([37]), cardset([2, 43]))
    for seed in range(100):
        assert deal_hidden(hidden, random.Random(seed), tries) == expected


def test_known_cards_count_for_the_sets() -> None:
    # a played trump already shows the caller's last card may have been a trump
    hidden = HiddenCards(
        cardset([16, 17]), (Place(1, known=cardset([0]), at_least_one=(SUIT_MASK[0],)), Place(1))
    )
    assert len({deal_hidden(hidden, random.Random(seed)) for seed in range(40)}) == 2


# ----- impossible constraints -----------------------------------------------------------


@pytest.mark.parametrize(
    ("hidden", "reason"),
    [
        (HiddenCards(cardset([0, 1]), (Place(1),)), "2 unseen cards for 1 places"),
        (
            HiddenCards(cardset([0, 1]), (Place(1, excluded=2), Place(1, excluded=2))),
            "fits in no place",
        ),
        (
            HiddenCards(cardset([0, 1]), (Place(2, excluded=1), Place(0))),
            "needs 2 cards but may take 1",
        ),
        (
            HiddenCards(cardset([0, 1]), (Place(1, known=1), Place(1))),
            "placed twice",
        ),
        (
            HiddenCards(
                cardset([0, 1, 2]),
                (Place(1, excluded=6), Place(1, excluded=6), Place(1)),
            ),
            "no deal",
        ),
        (
            HiddenCards(cardset([0, 1]), (Place(1, at_least_one=(4,)), Place(1))),
            "cannot hold a card it must hold",
        ),
        (
            HiddenCards(
                cardset([0, 1]), (Place(1, at_least_one=(1,)), Place(1, at_least_one=(1,)))
            ),
            "no deal",
        ),
        (
            HiddenCards(cardset([0, 1]), (Place(1, known=4, at_most=((5, 0),)), Place(1))),
            "already holds too many",
        ),
        (
            HiddenCards(
                cardset([0, 1]),
                (Place(1, at_least_one=(3,), at_most=((3, 0),)), Place(1)),
            ),
            "no deal",
        ),
    ],
)
def test_impossible_constraints_raise(hidden: HiddenCards, reason: str) -> None:
    for tries in (0, 16):
        with pytest.raises(InconsistentViewError, match=reason):
            deal_hidden(hidden, random.Random(1), tries)


# ----- what a play reveals --------------------------------------------------------------


def follow_suit(hand: CardSet, card: int, lead_suit: int) -> bool:
    """A toy rule: follow the led suit if able, else play any card; K♥ (27) must go when
    void."""
    follow = hand & SUIT_MASK[lead_suit]
    if follow:
        return bool(follow >> card & 1)
    if hand >> 27 & 1:
        return card == 27
    return True


@pytest.mark.parametrize(("card", "lead_suit"), [(2, 0), (3, 1), (40, 0), (27, 2), (41, 1)])
def test_revealed_by_play_finds_each_witness(card: int, lead_suit: int) -> None:
    candidates = cardset(range(0, 13)) | cardset(range(16, 29)) | cardset(range(32, 45))
    candidates &= ~(1 << card)
    revealed = revealed_by_play(
        lambda extra: follow_suit(extra | 1 << card, card, lead_suit), candidates
    )
    one_by_one = cardset(
        c for c in cards_in(candidates) if not follow_suit(1 << c | 1 << card, card, lead_suit)
    )
    assert revealed == one_by_one


def test_per_view_reads_each_view_object_once() -> None:
    calls: list[object] = []

    @per_view
    def read(rules: str, view: tuple[int, ...]) -> int:
        calls.append(view)
        return len(view)

    view = (1, 2, 3)
    assert read("r", view) == read("r", view) == 3
    assert len(calls) == 1
    assert read("r", tuple([1, 2, 3])) == 3  # an equal but distinct view is read again
    assert len(calls) == 2
