"""Tressette's rules object: options fixed, tables precomputed, the factory of states."""

from __future__ import annotations

import random
from typing import Any

from koloda.core.cards import CardSet
from koloda.core.decks import DECK_40, Deck
from koloda.core.engine import Action, Rules, Seat
from koloda.core.info import PARTNERS_OPPOSITE, DealReward, GameInfo, Utility
from koloda.core.options import build_options
from koloda.core.presentation import ScoreSheet
from koloda.core.rules_base import WholeDeckRules
from koloda.games.tressette import notation
from koloda.games.tressette.options import TressetteOptions
from koloda.games.tressette.scoring import COUNTING_MASK
from koloda.games.tressette.state import NUM_SEATS, TressetteState
from koloda.games.tressette.view import TressetteView, sample_state

HAND_SIZE = 10


class TressetteRules(WholeDeckRules[TressetteState]):
    """Tressette with its options fixed. ``load_game("tressette", ...)`` makes one."""

    options: TressetteOptions

    name = "tressette"

    def __init__(self, options: TressetteOptions) -> None:
        self.options = options
        self.deck: Deck = DECK_40  # T-2
        self.deck_mask: CardSet = DECK_40.mask
        self.num_seats = NUM_SEATS  # T-1
        self.hand_size = HAND_SIZE  # T-4
        self.info = GameInfo(
            name=self.name,
            num_seats=NUM_SEATS,
            sides=PARTNERS_OPPOSITE,  # T-1
            utility=Utility(
                sense=1,
                scale=8.0,
                deal_min=0.0,
                # a bound: the best declarations of two hands (a long run and three sevens,
                # 20 each, T-9, T-10), every counting card (T-12), nine and ten tricks (T-13,
                # T-14)
                deal_max=float(2 * 20 + COUNTING_MASK.bit_count() // 3 + 6 + 4),
                reward=DealReward.SIDE_DIFFERENCE,
            ),
            deck=self.deck,
            has_tricks=True,
            max_decisions_per_deal=len(self.deck),  # declarations are automatic (T-7..T-11)
        )

    # ----- states --------------------------------------------------------------------------

    def empty_state(self, first_dealer: Seat = 0) -> TressetteState:
        return TressetteState(self, first_dealer, None)

    def sample_state(self, view: TressetteView, rng: random.Random) -> TressetteState:
        return sample_state(self, view, rng)

    # ----- notation and records ------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def results_json(self, state: TressetteState) -> dict[str, Any]:
        return notation.results_json(state)

    def score_sheet(self, state: Any) -> ScoreSheet:
        from koloda.games.tressette.sheet import score_sheet

        return score_sheet(self, state)


def make_rules(**options: Any) -> TressetteRules:
    """``load_game("tressette", **options)``: unknown options and bad values raise OptionError."""
    return TressetteRules(build_options(TressetteOptions, "tressette", options))


def _conforms(rules: TressetteRules) -> Rules[TressetteState, TressetteView]:
    """Never called: lets the type checker prove the engine protocols are implemented."""
    return rules
