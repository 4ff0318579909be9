"""King's rules object: options fixed, tables precomputed, the factory of states."""

from __future__ import annotations

import random
from typing import Any

from koloda.core.cards import ACE, CLUBS, SPADES, CardSet, make_card
from koloda.core.decks import DECK_32, Deck
from koloda.core.engine import Action, Rules, Seat
from koloda.core.info import DealReward, GameInfo, Utility, seats_alone
from koloda.core.options import build_options
from koloda.core.presentation import ScoreSheet
from koloda.core.rules_base import WholeDeckRules
from koloda.games.king import notation
from koloda.games.king.actions import (
    ALL_CONTRACTS,
    CONTRACT_KEYS,
    NEGATIVE_CONTRACTS,
    POSITIVE,
    Contract,
    contract_from_key,
)
from koloda.games.king.options import KingOptions
from koloda.games.king.scoring import Rates, deal_total, penalty_mask, rates_for
from koloda.games.king.state import KingState
from koloda.games.king.view import KingView, sample_state

DECK_30_KING_THREE = Deck(
    "30",
    tuple(c for c in DECK_32.cards if c not in (make_card(ACE, SPADES), make_card(ACE, CLUBS))),
)
"""King for three: the 32-card deck without the two black aces (K-26)."""


class KingRules(WholeDeckRules[KingState]):
    """King with its options fixed. ``load_game("king", variant=...)`` makes one."""

    options: KingOptions

    name = "king"

    def __init__(self, options: KingOptions) -> None:
        self.options = options
        self.rates: Rates = rates_for(options)
        self.deck: Deck = DECK_30_KING_THREE if options.variant == "three" else DECK_32
        self.deck_mask: CardSet = self.deck.mask
        self.num_seats = options.num_seats
        self.hand_size = len(self.deck) // self.num_seats
        self.num_tricks = self.hand_size
        self.program: tuple[Contract, ...] = (
            *(contract_from_key(k) for k in options.negative_order),
            *(POSITIVE,) * 8,
        )
        """The classic sequence of contracts, one per deal (K-7, K-11, K-13, K-21)."""
        self.decisive_mask: tuple[CardSet, ...] = tuple(
            penalty_mask(c, self.deck_mask) for c in ALL_CONTRACTS
        )
        self.info = GameInfo(
            name=self.name,
            num_seats=self.num_seats,
            sides=seats_alone(self.num_seats),
            utility=Utility(
                sense=1,
                scale=16.0,
                deal_min=float(min(self.deal_total(c) for c in NEGATIVE_CONTRACTS)),
                deal_max=float(self.deal_total(POSITIVE)),
                reward=DealReward.SHARE_OF_DEAL,  # a deal's points are fixed by its contract
            ),
            deck=self.deck,
            has_tricks=True,
            max_decisions_per_deal=len(self.deck) + 2,  # an order, a trump call, the cards
            program_length=0 if options.is_ordered else len(self.program),
            program=() if options.is_ordered else tuple(CONTRACT_KEYS[c] for c in self.program),
        )

    # ----- program and order table ---------------------------------------------------------

    @property
    def num_rows(self) -> int:
        """Rows of the order table: one per player, one shared, none in the classic game."""
        if not self.options.is_ordered:
            return 0
        return self.num_seats if self.options.order_scope == "per_player" else 1

    def initial_rows(self) -> tuple[tuple[int, ...], ...]:
        """K-24: each row holds every negative game once and the positive game P times."""
        row = tuple(
            self.options.positive_orders_per_player if c == POSITIVE else 1 for c in ALL_CONTRACTS
        )
        return (row,) * self.num_rows

    def row_of(self, seat: Seat) -> int:
        return seat if self.options.order_scope == "per_player" else 0

    @property
    def num_deals(self) -> int:
        if not self.options.is_ordered:
            return len(self.program)
        per_row = len(NEGATIVE_CONTRACTS) + self.options.positive_orders_per_player
        return per_row * self.num_rows

    def is_complete(self, deals_played: int, rows: tuple[tuple[int, ...], ...]) -> bool:
        """The game ends after the program, or when every row of the order table is full."""
        if not self.options.is_ordered:
            return deals_played >= len(self.program)
        return all(count == 0 for row in rows for count in row)

    def deal_total(self, contract: Contract) -> int:
        return deal_total(contract, self.rates, self.num_tricks, self.deck_mask)

    # ----- states --------------------------------------------------------------------------

    def empty_state(self, first_dealer: Seat = 0) -> KingState:
        return KingState(self, first_dealer, None)

    def sample_state(self, view: KingView, rng: random.Random) -> KingState:
        return sample_state(self, view, rng)

    # ----- notation and records ------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def results_json(self, state: KingState) -> dict[str, Any]:
        return notation.results_json(self, state)

    def score_sheet(self, state: Any) -> ScoreSheet:
        from koloda.games.king.sheet import score_sheet

        return score_sheet(self, state)


def make_rules(**options: Any) -> KingRules:
    """``load_game("king", **options)``: unknown options and bad values raise OptionError."""
    return KingRules(build_options(KingOptions, "king", options))


def _conforms(rules: KingRules) -> Rules[KingState, KingView]:
    """Never called: lets the type checker prove the engine protocols are implemented."""
    return rules
