"""The engine's contract in play, for every registered game and variant: an unknown option,
or a value an option's type does not allow, is refused; a game awaiting its first deal waits
(no one to act, nothing scored) and clones, and its first dealer must be a seat; seeded
random games never put a card in two hands or one from outside the deck, offer legal actions
whenever someone is to act, score each deal within the game's declared range, refuse an
illegal action without changing anything, play an unchecked action (the search's fast path)
as a checked one, clone independently and repeat themselves for the same seed."""

from __future__ import annotations

import dataclasses
import random
import typing
from typing import Any, Literal

import pytest
from game_variants import VARIANTS, Variant
from plugin_games import TEST_GAMES
from random_play import advance, random_state

from koloda.core.cards import parse_card
from koloda.core.dealing import Shuffler
from koloda.core.errors import DealError, IllegalActionError, OptionError
from koloda.core.registry import available_games, load_game

SEEDS = range(4)
DEALS = 6
"""Deals each random game plays at most (a Spades game to 500 may never end at random)."""


def is_card_notation(rules: Any, action: int) -> bool:
    try:
        return parse_card(rules.format_action(action)) == action
    except ValueError:
        return False


def check_step(state: Any, rng: random.Random, decisions: int) -> None:
    """One random action, checked against the contract before it is applied."""
    info = state.rules.info
    assert state.to_act is not None and 0 <= state.to_act < info.num_seats
    held = 0
    for hand in state.hands:
        assert not held & hand, "a card in two hands"
        held |= hand
    assert held & ~info.deck.mask == 0, "a hand holds a card not in the deck"
    legal = list(state.legal_actions())
    assert legal and len(set(legal)) == len(legal)
    action = legal[rng.randrange(len(legal))]
    assert state.is_legal(action)
    assert info.is_card_action(action) == is_card_notation(state.rules, action)
    if info.max_decisions_per_deal is not None:
        assert decisions <= info.max_decisions_per_deal
    state.apply(action)


def check_deal_scores(state: Any, deal: int) -> None:
    info = state.rules.info
    scores = state.deal_scores()[deal]
    assert len(scores) == (len(info.sides) if info.is_partnership else info.num_seats)
    low, high = info.utility.deal_min, info.utility.deal_max
    assert all(low <= s <= high for s in scores), (scores, low, high)


def test_the_game_describes_itself(variant: Variant) -> None:
    rules = variant.rules()
    info = rules.info
    assert info.name == variant.game == rules.name
    assert info.num_seats == rules.num_seats
    seats = sorted(s for side in info.sides for s in side)
    assert seats == list(range(info.num_seats)), "the sides share out the seats"
    assert info.is_partnership == any(len(side) > 1 for side in info.sides)


def test_an_unknown_option_or_a_value_its_type_refuses_is_an_error(variant: Variant) -> None:
    with pytest.raises(OptionError, match="no_such_option"):
        load_game(variant.game, **variant.options, no_such_option=True)
    options = getattr(variant.rules(), "options", None)
    if options is None or not dataclasses.is_dataclass(options):
        return
    hints = typing.get_type_hints(type(options))
    for option in dataclasses.fields(options):
        if typing.get_origin(hints[option.name]) is Literal:
            with pytest.raises(OptionError, match=option.name):
                load_game(variant.game, **{**variant.options, option.name: "no-such-value"})


def test_a_first_dealer_who_is_no_seat_is_refused(variant: Variant) -> None:
    rules = variant.rules()
    for seat in (-1, rules.num_seats):
        with pytest.raises(DealError):
            rules.empty_state(first_dealer=seat)
        with pytest.raises(DealError):
            rules.new_state(seed=1, first_dealer=seat)


def test_a_game_awaiting_its_first_deal_waits_and_clones(variant: Variant) -> None:
    """Before its first deal a game has no one to act and nothing to score; it and its clone,
    dealt alike, play alike."""
    rules = variant.rules()
    state = rules.empty_state(first_dealer=rules.num_seats - 1)
    clone = state.clone()
    for each in (state, clone):
        assert each.to_act is None and not each.legal_actions() and not each.is_over
        assert each.deal_logs() == [] and each.deal_scores() == []
        assert all(view.to_act is None and not view.legal_actions for view in views(each))
        each.resume_dealing(Shuffler("first deal"))
        advance(each, random.Random(1), deals=2)
    assert state.deal_logs() == clone.deal_logs() and state.deal_logs()
    assert state.deal_logs()[0].setup.dealer == rules.num_seats - 1
    assert state.deal_scores() == clone.deal_scores() and views(state) == views(clone)


def test_random_games_keep_the_engine_contract(variant: Variant) -> None:
    rules = variant.rules()
    for seed in SEEDS:
        state = rules.new_state(seed=seed, first_dealer=seed % rules.num_seats)
        rng = random.Random(seed)
        decisions, deal = 0, state.deal_index
        while not state.is_over and state.deal_index < DEALS:
            decisions += 1
            check_step(state, rng, decisions)
            if state.deal_index != deal or state.is_over:
                check_deal_scores(state, deal)
                decisions, deal = 0, state.deal_index
        if state.is_over:
            assert state.to_act is None and not state.legal_actions()
            assert len(state.outcome()) == rules.num_seats


def views(state: Any) -> list[Any]:
    return [state.view(seat) for seat in range(state.rules.num_seats)]


def test_an_illegal_action_is_refused_and_changes_nothing(variant: Variant) -> None:
    rules = variant.rules()
    refused = 0
    for seed in SEEDS:
        state = random_state(rules, seed, steps=seed * 7)
        if state.to_act is None:
            continue
        legal = set(state.legal_actions())
        before = views(state)
        for action in [c for c in rules.info.deck.cards if c not in legal][:4]:
            with pytest.raises(IllegalActionError):
                state.apply(action)
            refused += 1
            assert views(state) == before and set(state.legal_actions()) == legal
    assert refused, "no position offered an illegal card"


def test_an_unchecked_action_plays_as_a_checked_one(variant: Variant) -> None:
    rules = variant.rules()
    for seed in SEEDS:
        checked = rules.new_state(seed=seed, first_dealer=seed % rules.num_seats)
        unchecked = checked.clone()
        rng = random.Random(seed)
        while checked.to_act is not None and checked.deal_index < DEALS:
            legal = checked.legal_actions()
            action = legal[rng.randrange(len(legal))]
            checked.apply(action)
            unchecked.apply_unchecked(action)
            assert unchecked.to_act == checked.to_act
            assert list(unchecked.legal_actions()) == list(checked.legal_actions())
        assert views(unchecked) == views(checked)
        assert unchecked.deal_scores() == checked.deal_scores()
        assert unchecked.deal_logs() == checked.deal_logs()
        assert unchecked.outcome() == checked.outcome()


def test_a_clone_plays_on_alone(variant: Variant) -> None:
    rules = variant.rules()
    for seed in SEEDS:
        state = random_state(rules, seed, steps=seed * 5)
        before = views(state)
        clone = state.clone()
        assert views(clone) == before
        advance(clone, random.Random(seed), deals=2)
        assert views(state) == before, "playing a clone changed its original"
        advance(state, random.Random(seed), deals=2)
        assert views(state) == views(clone)
        assert state.deal_logs() == clone.deal_logs()
        assert state.deal_scores() == clone.deal_scores()


def test_a_seed_repeats_its_game(variant: Variant) -> None:
    rules = variant.rules()
    first = random_state(rules, 11, deals=DEALS)
    again = random_state(rules, 11, deals=DEALS)
    assert [log.setup for log in first.deal_logs()] == [log.setup for log in again.deal_logs()]
    assert first.deal_scores() == again.deal_scores() and views(first) == views(again)


def test_the_suite_covers_every_registered_game() -> None:
    """The suite's variants are read from the registry: each game it has, and Duel."""
    covered = {v.game for v in VARIANTS}
    assert covered == set(available_games()) | set(TEST_GAMES)
