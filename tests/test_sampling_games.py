"""Every game's hidden cards, as data: the real deal always honours what a view says of its
hidden cards, and every sampled state honours all of it and looks, from the viewing seat,
exactly like the view it came from."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_state

from koloda import load_game
from koloda.core.cards import CardSet, parse_card
from koloda.core.engine import DealSetup
from koloda.core.sampling import HiddenCards, InconsistentViewError, deal_hidden
from koloda.games.hundred_one import view as hundred_one_view
from koloda.games.king import view as king_view
from koloda.games.spades import view as spades_view
from koloda.games.tressette import view as tressette_view

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "king": [
        {"variant": "classic"},
        {"variant": "order"},
        {"variant": "three"},
        {"variant": "classic", "king_forced_on_heart_lead": True},
    ],
    "spades": [{"max_deals": 3}, {"max_deals": 3, "spades_broken_by": "any_spade"}],
    "tressette": [{}, {"long_run": "ten"}, {"hearts_special": False}],
    "hundred_one": [{"players": 2}, {"players": 4}, {"players": 6, "voluntary_draw": True}],
}


def random_position(game: str, options: dict[str, Any], seed: int, steps: int) -> Any:
    return random_state(load_game(game, **options), seed, steps)


def placed(game: str, hidden: HiddenCards, state: Any, view: Any) -> tuple[CardSet, ...]:
    """Where ``state`` holds the unseen cards, place by place (101 aside)."""
    unseen = hidden.unseen
    hands = [hand & unseen for hand in state.hands]
    if game != "spades":
        return tuple(hands)
    face_down = spades_view._hidden(state.rules, view)[3]
    return (*hands, *(state.pending[seat] & unseen for seat in face_down))


def check_hundred_one(hidden: HiddenCards, state: Any, view: Any) -> None:
    """A seat's places of 101 are groups of its cards: its unseen cards must split into them
    (asked of the exact sampler itself), and the stock may hold only cards it may hold."""
    owners = hundred_one_view._hidden(state.rules, view)[1]
    unseen = hidden.unseen
    for seat, hand in enumerate(state.hands):
        places = tuple(p for (s, _), p in zip(owners, hidden.places, strict=False) if s == seat)
        deal_hidden(HiddenCards(hand & unseen, places), random.Random(0))
    stock = 0
    for card in state.stock:
        stock |= 1 << card
    assert stock & unseen == stock and not stock & hidden.places[-1].excluded
    assert len(state.stock) == hidden.places[-1].size


def check(game: str, variant: int, seed: int, steps: int, seat: int, sample_seed: int) -> None:
    options = OPTIONS[game][variant % len(OPTIONS[game])]
    state = random_position(game, options, seed, steps)
    rules = state.rules
    seat %= rules.num_seats
    view = state.view(seat)
    sampled = rules.sample_state(view, random.Random(sample_seed))
    assert sampled.view(seat) == view
    if not state.in_deal or (game == "tressette" and view.phase_name != "play"):
        return
    module = {
        "king": king_view,
        "spades": spades_view,
        "tressette": tressette_view,
        "hundred_one": hundred_one_view,
    }[game]
    hidden: HiddenCards = module.hidden_cards(rules, view)
    if game == "hundred_one":
        check_hundred_one(hidden, sampled, view)
        return
    assert hidden.is_satisfied_by(placed(game, hidden, state, view)), "the truth is excluded"
    assert hidden.is_satisfied_by(placed(game, hidden, sampled, view))


POSITIONS = {
    "variant": st.integers(0, 3),
    "seed": st.integers(0, 10_000),
    "seat": st.integers(0, 5),
    "sample_seed": st.integers(0, 2**32),
}


@settings(max_examples=120, deadline=None)
@given(steps=st.integers(0, 500), **POSITIONS)
def test_king_samples_honour_the_view(
    variant: int, seed: int, steps: int, seat: int, sample_seed: int
) -> None:
    # rule: K-5, K-8, K-9, K-14, K-15, K-17, K-18
    check("king", variant, seed, steps, seat, sample_seed)


@settings(max_examples=120, deadline=None)
@given(steps=st.integers(0, 200), **POSITIONS)
def test_spades_samples_honour_the_view(
    variant: int, seed: int, steps: int, seat: int, sample_seed: int
) -> None:
    # rule: S-7, S-11, S-12
    check("spades", variant, seed, steps, seat, sample_seed)


@settings(max_examples=80, deadline=None)
@given(steps=st.integers(0, 120), **POSITIONS)
def test_tressette_samples_honour_the_view(
    variant: int, seed: int, steps: int, seat: int, sample_seed: int
) -> None:
    # rule: T-5, T-7, T-10, T-11
    check("tressette", variant, seed, steps, seat, sample_seed)


@settings(max_examples=120, deadline=None)
@given(steps=st.integers(0, 150), **POSITIONS)
def test_hundred_one_samples_honour_the_view(
    variant: int, seed: int, steps: int, seat: int, sample_seed: int
) -> None:
    # rule: H-8, H-10, H-11
    check("hundred_one", variant, seed, steps, seat, sample_seed)


def test_a_view_no_deal_fits_is_refused() -> None:
    """A King view whose hand sizes cannot hold the unseen cards (a forged view)."""
    state = random_position("king", {"variant": "classic"}, 4, 3)
    view = state.view(0)
    forged = type(view)(**{**view.__dict__, "hand_sizes": (8, 8, 8, 7)})
    try:
        state.rules.sample_state(forged, random.Random(1))
    except InconsistentViewError as error:
        assert f"deal {view.deal}" in str(error)
    else:
        raise AssertionError("a forged view was sampled")


def test_voids_that_leave_one_deal_give_that_deal() -> None:
    # rule: K-5
    # Seat 0 leads A♥, A♦, A♣ and the others follow only in their own long suit, throwing
    # every spade they hold: hearts can only be seat 1's, diamonds seat 2's, clubs seat 3's.
    rules = load_game("king")
    state = rules.empty_state(first_dealer=3)
    deal = (
        "AH KH AD KD AC KC AS KS",
        "7H 8H 9H 10H JH QH 9S JS",
        "7D 8D 9D 10D JD QD 7S QS",
        "7C 8C 9C 10C JC QC 8S 10S",
    )
    state.start_deal(DealSetup(3, tuple(tuple(map(parse_card, row.split())) for row in deal)))
    for card in ["AH", "7H", "7S", "8S", "AD", "9S", "7D", "10S", "AC", "JS", "QS", "7C"]:
        state.apply(rules.parse_action(card))
    view = state.view(0)
    hidden = king_view.hidden_cards(rules, view)
    assert hidden.unseen.bit_count() == 15
    for seed in range(30):
        sampled = rules.sample_state(view, random.Random(seed))
        assert sampled.hands == state.hands
