"""Views and events, for every registered game and variant: a seat's view names that seat,
offers the legal actions only to the seat to act, shows in its hand only the seat's own
cards, is plain JSON and names no card hidden from the seat (a replayed game's views are
checked with the records); every event, whole and as each seat is shown it, is plain JSON
of one type."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from game_variants import Variant
from random_play import random_events, random_state

from koloda.core.cards import parse_card
from koloda.core.dealing import Shuffler

POSITIONS = [(seed, seed * 13) for seed in range(30)]
"""(seed, random actions taken) of the positions looked at: from the first decision to the
late deals of the longest games."""
SAMPLES = 12


def card_codes(value: object) -> set[int]:
    """Every card a JSON value names (``"QS"``, and the cards of ``"discard:2H,3H"``)."""
    if isinstance(value, dict):
        return set().union(*(card_codes(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(card_codes(item) for item in value))
    found: set[int] = set()
    if isinstance(value, str):
        for part in value.rpartition(":")[2].split(","):
            with contextlib.suppress(ValueError):
                found.add(parse_card(part))
    return found


def holder(state: Any, card: int) -> int | None:
    return next((s for s, hand in enumerate(state.hands) if hand >> card & 1), None)


def test_a_view_is_its_seats_and_plain_json(variant: Variant) -> None:
    rules = variant.rules()
    for seed, steps in POSITIONS:
        state = random_state(rules, seed, steps)
        for seat in range(rules.num_seats):
            view = state.view(seat)
            assert view.seat == seat and view.to_act == state.to_act
            expected = tuple(state.legal_actions()) if state.to_act == seat else ()
            assert tuple(view.legal_actions) == expected
            own = state.hands[seat]
            assert all(own >> card & 1 for card in getattr(view, "hand", ())), "not its card"
            assert json.loads(json.dumps(view.to_json())) == view.to_json()


def test_a_view_names_no_hidden_card(variant: Variant) -> None:
    """A card of another seat's hand that a view names must be known to be there: every deal
    the view allows (``sample_state``) puts it in that same hand."""
    rules = variant.rules()
    for seed, steps in POSITIONS:
        state = random_state(rules, seed, steps)
        if state.to_act is None:
            continue
        rng = random.Random(seed)
        for seat in range(rules.num_seats):
            view = state.view(seat)
            named = {
                (card, owner)
                for card in card_codes(view.to_json())
                if (owner := holder(state, card)) not in (None, seat)
            }
            if not named:
                continue
            for _ in range(SAMPLES):
                sampled = rules.sample_state(view, rng)
                assert {(card, holder(sampled, card)) for card, _ in named} == named, (
                    f"seat {seat}'s view names hidden cards"
                )


def test_events_are_plain_json_of_one_type_whole_and_for_each_seat(variant: Variant) -> None:
    rules = variant.rules()
    for seed in range(3):
        state = rules.empty_state(first_dealer=seed % rules.num_seats)
        events = state.resume_dealing(Shuffler(f"events/{seed}"))
        events += random_events(state, random.Random(seed), deals=2)
        kinds: set[str] = set()
        for event in events:
            whole = event.to_json()
            assert json.loads(json.dumps(whole)) == whole
            kinds.add(whole["type"])
            for seat in range(rules.num_seats):
                shown = event.for_seat(seat).to_json()
                assert json.loads(json.dumps(shown)) == shown
                assert shown["type"] == whole["type"]
        assert {"deal_started", "deal_scored"} <= kinds
