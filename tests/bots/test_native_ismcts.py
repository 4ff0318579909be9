"""The native ISMCTS bot (``ismcts-native``): legal whole deals in Spades and King
(Tressette: tests/native), the same choice for the same seed and count budget, no use of
hidden cards, and better than random."""

from __future__ import annotations

import random
from typing import Any

import pytest
from search_positions import card_positions

from koloda.bots import make_bot
from koloda.bots.random_bot import RandomBot
from koloda.bots.search.native import knowledge
from koloda.bots.search.native_ismcts import NativeISMCTSBot
from koloda.bots.tournament import deal_state, play_deal
from koloda.core.info import GameInfo
from koloda.core.registry import load_game
from koloda.games.spades.view import hidden_cards as spades_hidden

GAMES = (
    ("spades", {}),
    ("spades", {"double_nil": False, "nil_exchange": False, "bags_penalty": True}),
    ("king", {}),
    ("king", {"variant": "three"}),
    ("king", {"variant": "order"}),
)


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_plays_whole_deals_legally(game: str, options: dict[str, Any]) -> None:
    rules = load_game(game, **options)
    bots = [make_bot("ismcts-native:300", rules) for _ in range(rules.num_seats)]
    for index in range(2):
        state, deal = deal_state(rules, "native-ismcts", index)
        scores = play_deal(rules, bots, state, deal, random.Random(index))  # apply() checks
        assert len(scores) == rules.num_seats


@pytest.mark.parametrize("engine", ["python", "native"])
@pytest.mark.parametrize(("game", "options"), GAMES[::2])
def test_same_seed_and_count_same_choice(engine: str, game: str, options: dict[str, Any]) -> None:
    rules = load_game(game, engine=engine, **options)
    bot = NativeISMCTSBot(rules, simulations=1500)
    for state in card_positions(game, 4, "same", options):
        view = state.view(state.to_act)
        first = bot.search(view, random.Random(5))
        second = bot.search(view, random.Random(5))
        assert first == second
        action, visits, simulations, fallbacks = first
        assert simulations == 1500 and sum(v for _, v in visits) == 1500
        assert action in view.legal_actions
        assert {card for card, _ in visits} <= set(view.legal_actions)
        assert fallbacks == 0


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_hidden_cards_change_nothing(game: str, options: dict[str, Any]) -> None:
    """Other seats' hidden cards redealt in the true state (any state with the same view):
    the same search, visit for visit."""
    rules = load_game(game, **options)
    bot = NativeISMCTSBot(rules, simulations=800)
    differing = 0
    for state in card_positions(game, 5, "hidden", options):
        seat = state.to_act
        view = state.view(seat)
        other = rules.sample_state(view, random.Random(99))
        assert other.view(seat) == view
        differing += any(
            other.view(s).hand != state.view(s).hand for s in range(rules.num_seats) if s != seat
        )
        first = bot.search(view, random.Random(7))
        second = bot.search(other.view(seat), random.Random(7))
        assert first == second
    assert differing, "no position had hidden cards to redeal"


def test_knowledge_carries_voids_and_exchanged_cards() -> None:
    """The search is told the voids a seat's plays show, and the cards the exchange showed."""
    rules = load_game("spades")
    for state in card_positions("spades", 12, "voids"):
        seat = state.to_act
        view = state.view(seat)
        unseen, places = knowledge(spades_hidden(rules, view), view.plays)
        own = sum(1 << card for card in view.hand)
        played = sum(1 << card for _, card in view.plays)
        assert unseen & (own | played) == 0
        assert places[seat][0] == 0
        for other, (size, excluded, held, _) in enumerate(places):
            if other == seat:
                continue
            assert held & played == 0
            assert size + held.bit_count() == view.hand_sizes[other]
            for index, (who, card) in enumerate(view.plays):
                lead = view.plays[index - index % 4][1] >> 4
                if who == other and card >> 4 != lead:
                    suit = ((1 << 13) - 1) << (16 * lead)
                    assert excluded & suit == unseen & suit  # a void shown
            if view.received and other == seat ^ 2:
                received = sum(1 << card for card in view.sent)
                assert held == received & ~played  # what the seat gave its partner


def test_each_game_gets_its_ismcts() -> None:
    from koloda.games.hundred_one.native_search import NativeHundredOneISMCTS

    own = make_bot("ismcts-native:2000", load_game("hundred_one"))  # 101's own search
    assert isinstance(own, NativeHundredOneISMCTS) and own.iterations == 2000
    assert make_bot("ismcts-native:250ms", load_game("king")).name == "ismcts-native:250ms"
    assert make_bot("ismcts-native", load_game("spades")).name == "ismcts-native"


class _RandomPlay:
    """Random card play with the heuristic's bids: what the search side has but the search."""

    name = "random-play"

    def __init__(self, rules: Any) -> None:
        from koloda.bots.heuristic import HeuristicBot

        self.heuristic = HeuristicBot(rules)
        self.random = RandomBot(rules)

    def choose(self, view: Any, rng: random.Random) -> int:
        if GameInfo.is_card_action(view.legal_actions[0]):
            return int(self.random.choose(view, rng))
        return int(self.heuristic.choose(view, rng))


def test_beats_random_in_spades() -> None:
    """Duplicate deals: the native ISMCTS side against random card play (both bidding with
    the heuristic), then the seats swapped; the search side's points less the other's."""
    rules = load_game("spades", double_nil=False, nil_exchange=False)
    search = NativeISMCTSBot(rules, simulations=3000)
    rand = _RandomPlay(rules)
    margins = []
    for index in range(6):
        for search_side in (0, 1):
            bots: list[Any] = [search if seat % 2 == search_side else rand for seat in range(4)]
            state, deal = deal_state(rules, "beats-random", index)
            points = play_deal(rules, bots, state, deal, random.Random(index))
            margins.append(points[search_side] - points[1 - search_side])
    assert sum(margins) / len(margins) > 40, margins
    assert sum(m > 0 for m in margins) >= 8, margins
