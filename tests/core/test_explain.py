"""The hint's reason line (koloda.core.explain) against what the engine then does, and read
only from what the seat sees."""

from __future__ import annotations

import random

import pytest

from koloda import load_game
from koloda.core.events import TrickTaken
from koloda.core.explain import explain_card
from koloda.i18n.catalogue import catalogue_json

TRICK_GAMES = [("king", {}), ("king", {"variant": "three"}), ("spades", {}), ("tressette", {})]


@pytest.mark.parametrize(("game", "options"), TRICK_GAMES, ids=lambda x: str(x))
def test_the_reason_matches_what_the_card_does(game: str, options: dict[str, object]) -> None:
    rules = load_game(game, **options)
    rng = random.Random(f"explain-{game}-{options}")
    said: set[str] = set()
    for seed in range(6):
        state = rules.new_state(seed=seed)
        while not state.is_over and state.deal_index < 2:
            seat = state.to_act
            assert seat is not None
            legal = list(state.legal_actions())
            for card in legal:
                phrase = explain_card(rules, state, seat, card)
                if phrase is None:
                    assert not rules.info.is_card_action(card)  # a bid, an order, a trump
                    continue
                said.add(phrase.key)
                before = len(state.trick)  # type: ignore[attr-defined]
                after = state.clone()
                events = after.apply(card)
                taken = [e for e in events if isinstance(e, TrickTaken)]
                if before == 0:
                    assert phrase.key.startswith("hint.lead_")
                elif taken:  # the card completed the trick
                    goes_above = phrase.key in ("hint.take", "hint.trump")
                    assert goes_above == (taken[0].seat == seat), (phrase, taken[0])
                else:
                    assert phrase.key in (
                        "hint.ahead",
                        "hint.trump",
                        "hint.under",
                        "hint.discard",
                        "hint.partner_ahead",
                    )
                # the same line from any deal the seat cannot tell apart: nothing hidden is used
                sample = rules.sample_state(state.view(seat), random.Random(seed))
                assert explain_card(rules, sample, seat, card) == phrase
            state.apply(rng.choice(legal))
    assert {"hint.take", "hint.under", "hint.lead_high", "hint.lead_low"} <= said, said
    for lang in ("en", "ru"):
        words = catalogue_json(lang)
        assert all(key in words for key in said)


def test_no_reason_outside_tricks() -> None:
    rules = load_game("hundred_one")
    state = rules.new_state(seed=1)
    seat = state.to_act
    assert seat is not None
    assert all(explain_card(rules, state, seat, a) is None for a in state.legal_actions())
