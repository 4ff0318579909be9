"""What a Tressette view shows: a seat's own cards, the cards played and the declared ones
(T-7, T-19), and samples that keep declared cards with their holders. The conformance suite
checks views and samples as it does every game's."""

from __future__ import annotations

import random
import re
from typing import Any

import random_play
from random_play import play, setup
from tressette_helpers import GROUP_DEAL_1, GROUP_DEAL_2, GROUP_PLAY_1, GROUP_PLAY_2

from koloda import load_game
from koloda.core.cards import SUIT_MASK, format_card, parse_card
from koloda.games.tressette.declarations import declarations_of
from koloda.games.tressette.state import TressetteState
from koloda.games.tressette.view import TressetteView

CARD_TEXT = re.compile(r"^(10|[2-9JQKA])[SHDC]$")


def random_state(options: dict[str, Any], seed: int, steps: int) -> TressetteState:
    rules = load_game("tressette", **options)
    state: TressetteState = random_play.random_state(rules, seed, steps, first_dealer=seed % 4)
    return state


def cards_in_json(value: object) -> set[str]:
    found: set[str] = set()
    if isinstance(value, str):
        if CARD_TEXT.match(value):
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in_json(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= cards_in_json(item)
    return found


def known_cards(state: TressetteState, seat: int) -> set[str]:
    """Own cards, cards played this deal, cards shown by a declaration (T-7..T-11)."""
    known = {format_card(c) for c in state.dealt[seat]} if state.dealt else set()
    known |= {format_card(c) for c in state.plays}
    for declarations in state.declarations:
        for declaration in declarations:
            known |= {format_card(c) for c in declaration.cards}
    return known


def test_views_never_contain_other_seats_hidden_cards() -> None:
    # rule: T-19 T-7
    for seed in range(30):
        for steps in (0, 7, 23, 40, 95, 200):
            state = random_state({}, seed, steps)
            for seat in range(4):
                view = state.view(seat)
                allowed = known_cards(state, seat)
                assert cards_in_json(view.to_json()) <= allowed
                shown = set(view.hand) | set(view.dealt) | {c for _, c in view.plays}
                shown |= {c for seat_d in view.declarations for d in seat_d for c in d.cards}
                assert {format_card(c) for c in shown} <= allowed
                assert view.legal_actions == (state.legal_actions() if state.to_act == seat else ())


def check_sample(view: TressetteView, rules: Any, rng: random.Random) -> TressetteState:
    sampled: TressetteState = rules.sample_state(view, rng)
    again = sampled.view(view.seat)
    assert again == view
    if view.phase_name != "play":
        assert sampled.is_over == view.is_over and sampled.to_act is None
        return sampled
    seat = view.seat
    assert tuple(sorted(sampled.dealt[seat])) == tuple(sorted(view.dealt))
    assert [h.bit_count() for h in sampled.hands] == list(view.hand_sizes)
    assert tuple(sampled.seated_plays()) == view.plays
    # every initial hand gives exactly the declarations shown
    for other in range(4):
        mask = sum(1 << c for c in sampled.dealt[other])
        found = declarations_of(other, mask, rules.options.hearts_special, rules.options.long_run)
        assert found == view.declarations[other]
    # voids shown by play are respected
    plays = view.plays
    for index, (who, card) in enumerate(plays):
        position = index % 4
        if position:
            lead = plays[index - position][1] >> 4
            if card >> 4 != lead:
                assert not sampled.hands[who] & SUIT_MASK[lead]
    return sampled


def test_sample_keeps_declared_cards_with_their_holder_and_respects_caps() -> None:
    # rule: T-9 T-10 T-11
    rules = load_game("tressette")
    state: TressetteState = rules.empty_state(first_dealer=3)  # type: ignore[assignment]
    state.start_deal(setup(3, *GROUP_DEAL_1))
    for trick in GROUP_PLAY_1:
        play(state, trick)
    state.start_deal(setup(0, *GROUP_DEAL_2))
    for trick in GROUP_PLAY_2[:2]:
        play(state, trick)
    view = state.view(0)
    rng = random.Random(5)
    seat2_rest = {parse_card(c) for c in GROUP_DEAL_2[2].split()} - {
        parse_card("3S"),
        parse_card("2S"),
    }
    for _ in range(40):
        sampled = check_sample(view, rules, rng)
        # seat 2 declared all ten of its cards: its hand is known to everyone
        assert set(sampled.dealt[2]) == {parse_card(c) for c in GROUP_DEAL_2[2].split()}
        assert sum(1 << c for c in seat2_rest) == sampled.hands[2]
        # seat 1's Трена showed 3♥ 2♥ A♥ K♥ Q♥ J♥ 7♥: it still holds the five unplayed
        declared = {parse_card(c) for c in ("AH", "KH", "QH", "JH", "7H")}
        assert all(sampled.hands[1] >> c & 1 for c in declared)
        # seat 3 declared three sevens, so 7♥ is not his (it is seat 1's anyway)
        assert not sampled.hands[3] >> parse_card("7H") & 1
