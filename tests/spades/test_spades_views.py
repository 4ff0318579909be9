"""What a Spades view hides: a seat's own hand until he looks (S-6), the exchanged cards
from all but the partners who passed them (S-7). The conformance suite checks views and
samples as it does every game's."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st
from random_play import random_state
from spades_helpers import SUITED, act, rules

from koloda.core.cards import parse_card
from koloda.games.spades.actions import DISCARD_HIDDEN, GIVE_HIDDEN
from koloda.games.spades.state import SpadesState

VARIANTS = [{}, {"double_nil": False}, {"nil_exchange": False}, {"spades_broken_by": "any_spade"}]


def random_position(seed: int, steps: int, variant: int) -> SpadesState:
    game = rules(max_deals=3, **VARIANTS[variant])
    state: SpadesState = random_state(game, seed, steps, first_dealer=seed % 4)
    return state


def known_cards(state: SpadesState, seat: int) -> int:
    """Every card this seat may know the place of: its own hand once picked up, the cards
    played, and the cards of the exchange it took part in."""
    known = 0
    if state.picked_up[seat]:
        known |= state.hands[seat]
    for play in state.plays:
        known |= 1 << (play & 63)
    known |= state.sent[seat] | state.received[seat] | state.pending[seat]
    return known


def card_codes(value: object) -> set[int]:
    """All card codes in a JSON value (strings like 'QS' and 'discard:2H,3H,4H')."""
    found: set[int] = set()
    if isinstance(value, dict):
        for item in value.values():
            found |= card_codes(item)
    elif isinstance(value, list):
        for item in value:
            found |= card_codes(item)
    elif isinstance(value, str):
        text = value.split(":", 1)[1] if ":" in value else value
        for part in text.split(","):
            with contextlib.suppress(ValueError):
                found.add(parse_card(part))
    return found


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 200),
    variant=st.integers(0, len(VARIANTS) - 1),
)
def test_views_hold_no_hidden_cards(seed: int, steps: int, variant: int) -> None:
    # rule: S-6 — a seat's own cards only once he has picked them up
    # rule: S-7 — the exchanged cards only to the two partners who passed them
    state = random_position(seed, steps, variant)
    for seat in range(4):
        view = state.view(seat)
        shown = card_codes(view.to_json())
        known = known_cards(state, seat)
        leaked = [c for c in shown if not known >> c & 1]
        assert not leaked, (seat, leaked)
        for other in range(4):
            if other != seat and state.in_deal:
                assert not (state.hands[other] & ~known & sum(1 << c for c in view.hand))


def test_blind_seat_sees_nothing_and_events_are_redacted() -> None:
    # rule: S-6 — no card of his own hand before looking
    game = rules()
    state = game.new_state(seed=7)
    assert all(state.view(s).hand == () for s in range(4))
    events = state.apply(state.rules.parse_action("look"))
    dealer = state.dealer
    for seat in range(4):
        shown = [card_codes(e.for_seat(seat).to_json()) for e in events]
        if seat == dealer:
            assert shown[0] == {c for c in state.dealt[dealer]}
        else:
            assert shown == [set()]


def test_exchange_contents_hidden_from_opponents_and_partner_until_taken() -> None:
    # rule: S-7 — the discards are face down: the partner learns them only on taking them
    game = rules(double_nil=False)
    state = game.state_from_deal(SUITED, dealer=3)
    events = []
    events += state.apply(game.parse_action("bid:nil"))
    events += state.apply(game.parse_action("discard:2C,3C,4C"))
    assert state.view(1).auction[-1] == (3, DISCARD_HIDDEN)
    assert state.view(0).auction[-1] == (3, DISCARD_HIDDEN)
    act(state, "bid:2")
    events += state.apply(game.parse_action("bid:3"))
    events += state.apply(game.parse_action("give:2H,3H,4H"))
    assert state.view(1).auction[1][1] != DISCARD_HIDDEN  # the partner has taken them
    assert state.view(0).auction[1] == (3, DISCARD_HIDDEN)
    assert state.view(0).auction[-1] == (1, GIVE_HIDDEN)
    for event in events:
        for seat in (0, 2):
            assert not card_codes(event.for_seat(seat).to_json())
