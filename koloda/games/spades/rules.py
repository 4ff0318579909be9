"""Spades rules object: options fixed, the factory of states and the record hooks."""

from __future__ import annotations

import math
import random
from typing import Any

from koloda.core.cards import CardSet
from koloda.core.decks import DECK_52, Deck
from koloda.core.engine import Action, Rules, Seat
from koloda.core.info import PARTNERS_OPPOSITE, DealReward, GameInfo, Utility
from koloda.core.options import build_options
from koloda.core.presentation import ScoreSheet
from koloda.core.rules_base import WholeDeckRules
from koloda.games.spades import notation
from koloda.games.spades.options import SpadesOptions
from koloda.games.spades.scoring import BAG_PENALTY, NIL_VALUE
from koloda.games.spades.state import NUM_TRICKS, SpadesState
from koloda.games.spades.view import SpadesView, sample_state

HAND_SIZE = 13


class SpadesRules(WholeDeckRules[SpadesState]):
    """Spades with its options fixed. ``load_game("spades", **options)`` makes one."""

    options: SpadesOptions

    name = "spades"
    num_seats = 4
    hand_size = HAND_SIZE  # S-2

    def __init__(self, options: SpadesOptions) -> None:
        self.options = options
        self.deck: Deck = DECK_52  # S-2
        self.deck_mask: CardSet = self.deck.mask
        bags = BAG_PENALTY if options.bags_penalty else 0
        self.info = GameInfo(
            name=self.name,
            num_seats=4,
            sides=PARTNERS_OPPOSITE,  # S-1
            utility=Utility(
                sense=1,
                scale=150.0,
                # a double nil and a bid of 13 beside it, made or failed (S-13, S-14); under
                # S-15's lose_score a side may lose any score it has
                deal_min=-math.inf
                if options.both_nil_failure == "lose_score"
                else float(-2 * NIL_VALUE - 10 * NUM_TRICKS - bags),
                deal_max=float(2 * NIL_VALUE + 10 * NUM_TRICKS),
                reward=DealReward.SIDE_DIFFERENCE,
            ),
            deck=self.deck,
            has_tricks=True,
            max_decisions_per_deal=4 + 4 + 2 + 2 + len(self.deck),  # looks, bids, exchanges
        )

    # ----- states --------------------------------------------------------------------------

    def empty_state(self, first_dealer: Seat = 0) -> SpadesState:
        return SpadesState(self, first_dealer, None)

    def sample_state(self, view: SpadesView, rng: random.Random) -> SpadesState:
        return sample_state(self, view, rng)

    # ----- notation and records ------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text)

    def format_action(self, action: Action) -> str:
        return notation.format_action(action)

    def results_json(self, state: SpadesState) -> dict[str, Any]:
        return notation.results_json(state)

    def score_sheet(self, state: Any) -> ScoreSheet:
        from koloda.games.spades.sheet import score_sheet

        return score_sheet(self, state)


def make_rules(**options: Any) -> SpadesRules:
    """``load_game("spades", **options)``: unknown options and bad values raise OptionError."""
    return SpadesRules(build_options(SpadesOptions, "spades", options))


def _conforms(rules: SpadesRules) -> Rules[SpadesState, SpadesView]:
    """Never called: lets the type checker prove the engine protocols are implemented."""
    return rules
