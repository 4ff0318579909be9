"""101's rules object: options fixed, tables precomputed, the factory of states."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from koloda.core.cards import Card, CardSet, format_card
from koloda.core.dealing import Shuffler
from koloda.core.deals import check_hands
from koloda.core.decks import DECK_36, Deck
from koloda.core.engine import Action, DealSetup, Rules, Seat
from koloda.core.errors import DealError
from koloda.core.info import DealReward, GameInfo, Utility, seats_alone
from koloda.core.options import build_options
from koloda.core.presentation import ScoreSheet
from koloda.core.rules_base import RulesBase
from koloda.games.hundred_one import notation
from koloda.games.hundred_one.options import HundredOneOptions
from koloda.games.hundred_one.scoring import OUT_ON_QUEEN_BONUS, penalty_table
from koloda.games.hundred_one.state import HundredOneSetup, HundredOneState
from koloda.games.hundred_one.view import HundredOneView, sample_state


class HundredOneRules(RulesBase[HundredOneState]):
    """101 with its options fixed. ``load_game("hundred_one", players=...)`` makes one."""

    options: HundredOneOptions

    name = "hundred_one"

    def __init__(self, options: HundredOneOptions) -> None:
        self.options = options
        self.deck: Deck = DECK_36
        self.deck_mask: CardSet = DECK_36.mask
        self.num_seats = options.players
        self.hand_size = options.hand_size
        self.penalties: tuple[int, ...] = penalty_table(options)
        self.info = GameInfo(
            name=self.name,
            num_seats=self.num_seats,
            sides=seats_alone(self.num_seats),
            utility=Utility(
                sense=-1,  # H-13: penalty points
                scale=40.0,
                deal_min=float(OUT_ON_QUEEN_BONUS),  # H-14: out on a queen
                deal_max=float(sum(self.penalties[c] for c in self.deck.cards)),
                reward=DealReward.AGAINST_OTHERS,  # H-16: fewer points than the others win
            ),
            deck=self.deck,
            has_tricks=False,
            max_decisions_per_deal=None,  # H-11: the pile is reshuffled as often as needed
            hands_shown_at_deal_end=True,  # H-13: the cards left in hand are counted
        )

    # ----- states --------------------------------------------------------------------------

    def empty_state(self, first_dealer: Seat = 0) -> HundredOneState:
        return HundredOneState(self, first_dealer, None)

    def state_from_deal(
        self,
        hands: Sequence[Sequence[Card]],
        starter: Card,
        stock: Sequence[Card],
        dealer: Seat = 0,
        restocks: Sequence[Sequence[Card]] = (),
        seed: int | str | None = None,
    ) -> HundredOneState:
        """A game whose first hand is given (hands in dealt order, stock top card first).

        Reshuffles take ``restocks`` first; with a ``seed`` further ones (and later hands)
        come from a seeded shuffle.
        """
        state = self.empty_state(dealer)
        state.start_deal(
            HundredOneSetup(
                dealer,
                tuple(tuple(h) for h in hands),
                starter,
                tuple(stock),
                tuple(tuple(r) for r in restocks),
            )
        )
        if seed is not None:
            state.shuffler = Shuffler(seed)
        return state

    def deal_setup(self, shuffler: Shuffler, deal: int, dealer: Seat) -> HundredOneSetup:
        """H-2: a hand dealt one card at a time from the dealer's left, then the starter;
        the rest is the stock (top card first)."""
        return self.setup_from_cards(shuffler.shuffled(self.deck.cards, deal), dealer)

    def setup_from_cards(self, cards: Sequence[Card], dealer: Seat) -> HundredOneSetup:
        """H-2: the setup of a hand dealt from a shuffled deck (the order of dealing)."""
        n = self.num_seats
        dealt = n * self.hand_size
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(dealt):
            hands[(dealer + 1 + i) % n].append(cards[i])
        return HundredOneSetup(
            dealer, tuple(tuple(h) for h in hands), cards[dealt], tuple(cards[dealt + 1 :])
        )

    def check_setup(self, setup: DealSetup, deal: int) -> HundredOneSetup:
        """``setup`` as a hand of 101 once checked: each seat holds hand_size cards; hands,
        starter and stock are exactly the deck."""
        if not isinstance(setup, HundredOneSetup):
            raise DealError(f"deal {deal}: a 101 deal needs a starter and a stock")
        seen = check_hands(
            setup.hands,
            deal=deal,
            num_seats=self.num_seats,
            hand_size=self.hand_size,
            deck_mask=self.deck_mask,
            deck_name="36",
            whole_deck=False,
        )
        for card in (setup.starter, *setup.stock):
            if not 0 <= card < 64 or not self.deck_mask >> card & 1:
                raise DealError(f"deal {deal}: {format_card(card)} is not in the 36-card deck")
            if seen >> card & 1:
                raise DealError(f"deal {deal}: {format_card(card)} is dealt twice")
            seen |= 1 << card
        if seen != self.deck_mask:
            missing = " ".join(format_card(c) for c in self.deck.cards if not seen >> c & 1)
            raise DealError(f"deal {deal}: hands, starter and stock miss {missing}")
        for index, restock in enumerate(setup.restocks):
            if len(set(restock)) != len(restock) or any(
                not self.deck_mask >> c & 1 for c in restock
            ):
                raise DealError(f"deal {deal}: restock {index} is not a set of deck cards")
        return setup

    def sample_state(self, view: HundredOneView, rng: random.Random) -> HundredOneState:
        return sample_state(self, view, rng)

    # ----- notation and records ------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def setup_from_json(self, deal: dict[str, Any]) -> DealSetup:
        return notation.setup_from_json(deal)

    def setup_to_json(self, setup: DealSetup) -> dict[str, Any]:
        return notation.setup_to_json(setup)

    def results_json(self, state: HundredOneState) -> dict[str, Any]:
        return notation.results_json(state)

    def deal_results_json(self, state: HundredOneState, deal: int) -> dict[str, Any]:
        return notation.deal_results_json(state, deal)

    def score_sheet(self, state: Any) -> ScoreSheet:
        from koloda.games.hundred_one.sheet import score_sheet

        return score_sheet(self, state)


def make_rules(**options: Any) -> HundredOneRules:
    """``load_game("hundred_one", **options)``: unknown options and bad values are errors."""
    return HundredOneRules(build_options(HundredOneOptions, "hundred_one", options))


def _conforms(rules: HundredOneRules) -> Rules[HundredOneState, HundredOneView]:
    """Never called: lets the type checker prove the engine protocols are implemented."""
    return rules
