"""The native PIMC of the trick games (``pimc-native``, the card play of ``hard``): legal
whole deals, the same values for the same seed and count budget, the real deal's values for
the cheater, and ``hard`` built on the native searches (101's own: its tests)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from search_positions import card_positions

from koloda.bots import make_bot
from koloda.bots.levels import HARD_ITERATIONS_OWN, HARD_SAMPLES, PythonHardBot
from koloda.bots.search.native_pimc import NativePIMCBot
from koloda.bots.tournament import deal_state, play_deal
from koloda.core.registry import load_game
from koloda.games.hundred_one.native_search import NativeHundredOneISMCTS, NativeHundredOnePIMC

GAMES = (
    ("spades", {}),
    ("spades", {"double_nil": False, "nil_exchange": False, "bags_penalty": True}),
    ("king", {}),
    ("king", {"variant": "three"}),
    ("tressette", {}),
    ("tressette", {"hearts_special": False}),
)


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_plays_whole_deals_legally(game: str, options: dict[str, Any]) -> None:
    rules = load_game(game, **options)
    bots = [make_bot("pimc-native:40", rules) for _ in range(rules.num_seats)]
    state, deal = deal_state(rules, "native-pimc", 0)
    points = play_deal(rules, bots, state, deal, random.Random(1))  # raises on an illegal move
    assert len(points) == rules.num_seats


@pytest.mark.parametrize("game", ["spades", "king", "tressette"])
def test_count_budget_and_seed_fix_the_values(game: str) -> None:
    rules = load_game(game)
    bot = NativePIMCBot(rules, samples=60)
    for state in card_positions(game, 4, "pimc-seed"):
        view = state.view(state.to_act)
        first = bot.values(view, random.Random(3))
        assert set(first) == set(view.legal_actions)
        assert bot.last_samples == 60
        assert bot.values(view, random.Random(3)) == first
        best = max(first.values())
        assert first[bot.choose(view, random.Random(3))] == best


@pytest.mark.parametrize("game", ["spades", "king", "tressette"])
def test_redealt_hidden_hands_change_nothing(game: str) -> None:
    """Two states with the same view (the others' cards dealt anew): the same values."""
    rules = load_game(game)
    bot = NativePIMCBot(rules, samples=40)
    for state in card_positions(game, 4, "pimc-hidden"):
        seat = state.to_act
        view = state.view(seat)
        other = rules.sample_state(view, random.Random(5))
        assert other.view(seat) == view
        assert bot.values(other.view(seat), random.Random(2)) == bot.values(view, random.Random(2))


@pytest.mark.parametrize("game", ["spades", "king", "tressette"])
def test_the_cheater_values_the_real_deal(game: str) -> None:
    """Given the real hands near the end of the deal every card's value is exact: the same
    whatever the seed, and not the values of deals guessed from the view."""
    rules = load_game(game)
    bot = NativePIMCBot(rules, samples=3, exact_cards=16)
    checked = 0
    deck = {"spades": 52, "king": 32, "tressette": 40}[game]  # the cards a deal plays
    for state in card_positions(game, 6, "pimc-cheater", least=deck - 14, most=deck - 8):
        seat = state.to_act
        view = state.view(seat)
        assert sum(len(state.view(s).hand) for s in range(rules.num_seats)) <= 17
        real = bot.values(view, random.Random(1), truth=state)
        assert real == bot.values(view, random.Random(2), truth=state)
        guessed = bot.values(view, random.Random(1))
        checked += real != guessed
    assert checked, "the real deal never differed from the sampled ones"


@pytest.mark.parametrize("epsilon", [None, 0.3])
def test_weighed_deals_keep_the_seed_and_the_view(epsilon: float | None) -> None:
    """Deals weighed by the bids (and with an epsilon by the cards): the same values for
    the same seed whatever the hidden hands, and not those of the unweighed deals."""
    rules = load_game("spades")
    weighed = NativePIMCBot(rules, samples=40, beliefs=True, epsilon=epsilon, candidates=500)
    plain = NativePIMCBot(rules, samples=40)
    differs = 0
    for state in card_positions("spades", 6, "pimc-beliefs"):
        seat = state.to_act
        view = state.view(seat)
        other = rules.sample_state(view, random.Random(5))
        values = weighed.values(view, random.Random(2))
        assert set(values) == set(view.legal_actions)
        assert weighed.last_samples == 40
        assert weighed.values(other.view(seat), random.Random(2)) == values
        differs += values != plain.values(view, random.Random(2))
    assert differs


def test_only_spades_hard_weighs_its_deals() -> None:
    for game, weighs in (("spades", True), ("king", False), ("tressette", False)):
        bot = make_bot("hard", load_game(game))
        assert isinstance(bot, NativePIMCBot)
        assert (bot.beliefs, bot.epsilon) == (weighs, None)


def test_hard_is_the_native_search_where_there_is_one() -> None:
    for game in ("spades", "king", "tressette"):
        bot = make_bot("hard", load_game(game))
        assert isinstance(bot, NativePIMCBot) and bot.samples == HARD_SAMPLES
        assert bot.milliseconds is not None and bot.milliseconds < 1000  # within 1 s a move
        assert isinstance(bot.others, PythonHardBot)  # bids, orders, trump calls
        counted = make_bot("hard:300", load_game(game))
        assert isinstance(counted, NativePIMCBot)
        assert (counted.samples, counted.milliseconds) == (300, None)
    hundred_one = load_game("hundred_one")
    own = make_bot("hard", hundred_one)  # 101's own native ISMCTS
    assert isinstance(own, NativeHundredOneISMCTS) and own.name == "hard"
    assert own.milliseconds is not None and own.milliseconds < 1000
    assert own.iterations == HARD_ITERATIONS_OWN
    counted_own = make_bot("hard:5000", hundred_one)
    assert isinstance(counted_own, NativeHundredOneISMCTS)
    assert (counted_own.iterations, counted_own.milliseconds) == (5000, None)
    assert isinstance(make_bot("pimc-native:50", hundred_one), NativeHundredOnePIMC)
    assert isinstance(make_bot("ismcts-native:50", hundred_one), NativeHundredOneISMCTS)
    assert isinstance(make_bot("hard-python", load_game("king")), PythonHardBot)


def test_tressette_limits_hold_for_the_real_deal() -> None:
    """The undeclared combinations the native dealer keeps (at most so many cards of a set
    in a hand, counting the cards still held) are never broken by the real hands, and the
    search's deals keep them too (the dealer refuses a root position that breaks one)."""
    from koloda.bots.search.native import limits, search_parts

    rules = load_game("tressette")
    parts = search_parts(rules, "test")
    found = 0
    for state in card_positions("tressette", 12, "limits", least=0, most=20):
        seat = state.to_act
        view = state.view(seat)
        for other, cards, most in limits(parts.hidden_cards(parts.rules, view), view.plays):
            hand = sum(1 << c for c in state.view(other).hand)
            assert other != seat and 0 <= (hand & cards).bit_count() <= most
            found += 1
    assert found, "no position had an undeclared combination to keep"
