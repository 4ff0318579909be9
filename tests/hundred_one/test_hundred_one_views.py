"""101 views hide every face-down card; ``sample_state`` never contradicts a view."""

from __future__ import annotations

import json
import random

from hundred_one_helpers import deal, rules_for
from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import advance, play, random_state

from koloda.core.cards import QUEEN, cards_in, format_card
from koloda.games.hundred_one.actions import DRAW, DREW, PASS, SUIT_BASE
from koloda.games.hundred_one.events import CardDrawn
from koloda.games.hundred_one.scoring import QUEENS
from koloda.games.hundred_one.state import FOLLOW, NAMED_FOLLOW, HundredOneState
from koloda.games.hundred_one.view import HundredOneView


def random_position(players: int, seed: int, steps: int, **options: object) -> HundredOneState:
    rules = rules_for(players=players, **options)
    state: HundredOneState = random_state(rules, seed, steps, first_dealer=seed % players)
    return state


def revealed_by_draws(view: HundredOneView) -> dict[int, int]:
    """For each seat whose last act was a draw by choice then pass, with nothing taken or
    played since: the non-queen cards he could have played then (H-10). At most the drawn
    card may be among them."""
    follow = QUEENS if view.starter is not None and view.starter & 15 == QUEEN else 0
    if view.starter is not None and view.starter & 15 != QUEEN:
        follow = FOLLOW[view.starter]
    last_draw: dict[int, tuple[int, int]] = {}
    for index, entry in enumerate(view.log):
        seat, code = entry >> 8, entry & 255
        if code < SUIT_BASE:
            follow = FOLLOW[code] if code & 15 != QUEEN else QUEENS
        elif code < SUIT_BASE + 4:
            follow = NAMED_FOLLOW[code - SUIT_BASE]
        elif code == DRAW:
            last_draw[seat] = (index, follow & ~QUEENS)
    out = {}
    for seat, (index, banned) in last_draw.items():
        since = [e & 255 for e in view.log[index + 1 :] if e >> 8 == seat]
        if since in ([DREW], [DREW, PASS]):
            out[seat] = banned
    return out


@settings(max_examples=250, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4, 6]),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
    seat=st.integers(0, 5),
    sample_seed=st.integers(0, 1_000),
    voluntary=st.booleans(),
)
def test_sample_state_agrees_with_the_view(
    players: int, seed: int, steps: int, seat: int, sample_seed: int, voluntary: bool
) -> None:
    state = random_position(players, seed, steps, voluntary_draw=voluntary)
    seat %= players
    view = state.view(seat)
    rules = state.rules
    sampled = rules.sample_state(view, random.Random(sample_seed))
    assert sampled.view(seat) == view  # own hand, public history, sizes, legal actions
    if not view.in_deal:
        return
    assert sampled.hands[seat] == state.hands[seat]
    assert [h.bit_count() for h in sampled.hands] == [h.bit_count() for h in state.hands]
    assert sampled.pile == state.pile and len(sampled.stock) == len(state.stock)
    assert sampled.card_count() == 36
    union = sum(sampled.hands) + sum(1 << c for c in sampled.stock + sampled.pile)
    assert union == rules.deck_mask
    if not voluntary:
        for other, banned in revealed_by_draws(view).items():
            if other != seat:
                assert (sampled.hands[other] & banned).bit_count() <= 1
    # the sampled state plays on to the end of the game
    advance(sampled, random.Random(sample_seed), steps=300)


def test_draw_by_choice_is_remembered() -> None:
    # rule: H-10
    state = deal(["9H JH AH", "8S 8H 8D", "9C 10H 10D", "KS KH KD"], "9S")
    play(state, "8S draw")  # seat 2 had no spade and no 8 (nor a queen to hide)
    play(state, "pass")
    view = state.view(0)
    for sample_seed in range(50):
        sampled = state.rules.sample_state(view, random.Random(sample_seed))
        spades_or_eights = sum(
            1
            for c in cards_in(sampled.hands[2])
            if (c >> 4 == 0 or c & 15 == 6) and c & 15 != QUEEN
        )
        assert spades_or_eights <= 1  # only the card drawn may be one (queens may hide)


def test_views_hide_other_hands_and_the_stock() -> None:
    for players in (2, 4, 6):
        for seed in range(30):
            state = random_position(players, seed, seed * 3)
            if not state.view(0).in_deal:
                continue
            for seat in range(players):
                view = state.view(seat)
                hidden = 0
                for other in range(players):
                    if other != seat:
                        hidden |= state.hands[other]
                for card in state.stock:
                    hidden |= 1 << card
                if state.drawn >= 0 and state.to_act_seat != seat:
                    assert view.drawn is None
                shown = set(view.hand) | set(view.pile) | {view.top}
                if view.drawn is not None:
                    shown.add(view.drawn)
                assert not any(hidden >> c & 1 for c in shown if c is not None)
                assert view.hand == cards_in(state.hands[seat])
                text = json.dumps(view.to_json())
                for card in cards_in(hidden):
                    assert f'"{format_card(card)}"' not in text


def test_drawn_card_events_are_redacted() -> None:
    state = deal(["QH QS 7D", "8S 8H KH"], "9S", "JD 10C")
    events = play(state, "8S draw")
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn and drawn[0].card >= 0
    assert drawn[0].for_seat(1).to_json() == {"type": "card_drawn", "seat": 0, "forced": False}
    assert drawn[0].for_seat(0).to_json()["card"] == "JD"
    assert state.view(0).drawn is not None and state.view(1).drawn is None
