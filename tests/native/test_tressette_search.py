"""The native search in Tressette: the rollout policy is the heuristic's card play, card for
card, under every rule option; ``ismcts-native`` plays whole deals legally, chooses the same
card for the same seed and count budget, and never reads the hidden hands."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from koloda.bots import make_bot
from koloda.bots.search.native import knowledge
from koloda.bots.search.native_ismcts import NativeISMCTSBot
from koloda.bots.tournament import deal_state, play_deal
from koloda.core.registry import load_game
from koloda.games.tressette.heuristic import choose
from koloda.games.tressette.native import NativeTressetteState
from koloda.games.tressette.view import hidden_cards

OPTION_SETS: list[dict[str, Any]] = [
    {"hearts_special": special, "card_points": points, "long_run": run}
    for special, points, run in itertools.product(
        (True, False), ("per_trick", "pooled"), ("seven", "ten")
    )
]


def _card_positions(options: dict[str, Any], count: int, seed: str) -> list[Any]:
    """Seeded decisions with a choice, a few tricks into a deal (so that voids have shown),
    from random play on the native engine."""
    rules = load_game("tressette", engine="native", **options)
    rng = random.Random(seed)
    positions = []
    for index in range(count * 4):
        state = rules.new_state(seed=f"{seed}/{index}")
        target = rng.randrange(4, 34)
        for _ in range(target):
            state.apply_unchecked(rng.choice(state.legal_actions()))
        while len(state.legal_actions()) < 2 and state.in_deal:
            state.apply_unchecked(state.legal_actions()[0])
        if state.in_deal:
            positions.append(state)
        if len(positions) == count:
            break
    return positions


@pytest.mark.parametrize("options", OPTION_SETS)
def test_policy_card_is_the_heuristics_card(options: dict[str, Any]) -> None:
    """Whole groups of seeded play, half the cards the heuristic's and half random: at
    every decision the native policy plays the card ``heuristic.choose`` plays."""
    rules = load_game("tressette", engine="native", **options)
    rng = random.Random(f"policy/{sorted(options.items())}")
    decisions = 0
    for game in range(3):
        state = rules.new_state(seed=f"policy/{game}", first_dealer=game % 4)
        deals = 0
        while not state.is_over and deals < 6:
            assert isinstance(state, NativeTressetteState)
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            card = state.policy_action()
            assert card == choose(rules, view, rng), (view.hand, view.plays)
            decisions += 1
            deal = state.deal_index
            state.apply(card if rng.random() < 0.5 else rng.choice(view.legal_actions))
            deals += state.deal_index != deal
    assert decisions >= 400


def test_policy_card_needs_a_card_to_play() -> None:
    rules = load_game("tressette", engine="native")
    state = rules.empty_state(0)
    with pytest.raises(ValueError, match="no card"):
        state.policy_action()


@pytest.mark.parametrize("options", OPTION_SETS[::3])
def test_plays_whole_deals_legally(options: dict[str, Any]) -> None:
    rules = load_game("tressette", **options)
    bots = [make_bot("ismcts-native:300", rules) for _ in range(rules.num_seats)]
    for index in range(2):
        state, deal = deal_state(rules, "native-ismcts", index)
        scores = play_deal(rules, bots, state, deal, random.Random(index))  # apply() checks
        assert len(scores) == rules.num_seats


@pytest.mark.parametrize("engine", ["python", "native"])
@pytest.mark.parametrize("options", OPTION_SETS[::5])
def test_same_seed_and_count_same_choice(engine: str, options: dict[str, Any]) -> None:
    rules = load_game("tressette", engine=engine, **options)
    bot = NativeISMCTSBot(rules, simulations=1500)
    for state in _card_positions(options, 4, "same"):
        view = state.view(state.to_act)
        first = bot.search(view, random.Random(5))
        second = bot.search(view, random.Random(5))
        assert first == second
        action, visits, simulations, fallbacks = first
        assert simulations == 1500 and sum(v for _, v in visits) == 1500
        assert action in view.legal_actions
        assert {card for card, _ in visits} <= set(view.legal_actions)
        assert fallbacks == 0


@pytest.mark.parametrize("options", OPTION_SETS[::2])
def test_hidden_cards_change_nothing(options: dict[str, Any]) -> None:
    """Other seats' hidden cards redealt in the true state (any state with the same view):
    the same search, visit for visit."""
    rules = load_game("tressette", engine="native", **options)
    bot = NativeISMCTSBot(rules, simulations=800)
    differing = 0
    for state in _card_positions(options, 5, "hidden"):
        seat = state.to_act
        view = state.view(seat)
        other = rules.sample_state(view, random.Random(99))
        assert other.view(seat) == view
        differing += any(other.view(s).hand != state.view(s).hand for s in range(4) if s != seat)
        first = bot.search(view, random.Random(7))
        second = bot.search(other.view(seat), random.Random(7))
        assert first == second
    assert differing, "no position had hidden cards to redeal"


def test_knowledge_carries_declared_cards_and_voids() -> None:
    """The declared cards not yet played are held for sure; the true hands agree with every
    place (so do the deals the search makes from it)."""
    rules = load_game("tressette", engine="native")
    declared = 0
    for state in _card_positions({}, 40, "knowledge"):
        seat = state.to_act
        view = state.view(seat)
        unseen, places = knowledge(hidden_cards(rules, view), view.plays)
        own = sum(1 << card for card in view.hand)
        played = sum(1 << card for _, card in view.plays)
        assert unseen & (own | played) == 0
        assert places[seat][0] == 0
        for other, (size, excluded, held, must) in enumerate(places):
            if other == seat:
                continue
            hand = sum(1 << card for card in state.view(other).hand)
            shown = 0
            for found in view.declarations[other]:
                for card in found.cards:
                    shown |= 1 << card
            assert held == shown & ~played
            declared += held != 0
            assert hand & held == held
            assert (hand & ~held) & ~unseen == 0
            assert (hand & ~held).bit_count() == size
            assert hand & excluded == 0
            assert must == 0
    assert declared, "no position had declared cards in a hidden hand"
