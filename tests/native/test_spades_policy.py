"""The native search's Spades rollout policy (``native/src/games/spades/policy.rs``) plays
the card the Python heuristic (``koloda.games.spades.heuristic``) chooses, position by
position, over seeded games of random and heuristic play."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from koloda import load_game
from koloda.games.spades.actions import is_nil_bid
from koloda.games.spades.heuristic import choose
from koloda.games.spades.view import SpadesView

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"bags_penalty": True},
    {"bags_penalty": True, "double_nil": False, "nil_exchange": False},
    {"double_nil": False, "spades_broken_by": "any_spade"},
    {"nil_exchange": False, "bags_penalty": True, "spades_broken_by": "any_spade"},
)
"""Bags on and off, double nil and the nil exchange on and off, both ways of breaking
spades (docs/rules/spades.md S-6, S-7, S-11, S-13)."""

PLAYERS = ("random", "heuristic", "mixed")
"""Who makes the decisions: a random player, the heuristic, or random bids and exchanges
with the heuristic's card play (many nil and hopeless contracts)."""

DECISIONS = 2_500
"""Card-play decisions compared per option set and player."""


@dataclass
class Tally:
    """How many positions were compared, and how many of the rare kinds among them."""

    decisions: int = 0
    nil_to_act: int = 0
    partner_nil: int = 0
    bags_made: int = 0
    mismatches: list[str] = field(default_factory=list)

    def count(self, view: SpadesView, bags_penalty: bool) -> None:
        """One more position, seen from the seat to act."""
        seat, partner = view.seat, view.partner
        bids, won = view.bids, view.tricks_won
        self.decisions += 1
        self.nil_to_act += is_nil_bid(bids[seat])
        self.partner_nil += is_nil_bid(bids[partner]) and won[partner] == 0
        side_bid = sum(bids[s] for s in (seat, partner) if not is_nil_bid(bids[s]))
        self.bags_made += bags_penalty and won[seat] + won[partner] >= side_bid


def _compare(options: dict[str, Any], player: str, seed: int) -> Tally:
    rules: Any = load_game("spades", engine="native", max_deals=4, target=300, **options)
    rng = random.Random(seed)
    heuristic_rng = random.Random(0)
    tally = Tally()
    game = 0
    while tally.decisions < DECISIONS:
        state = rules.new_state(seed=f"policy/{seed}/{game}")
        game += 1
        while not state.is_over and tally.decisions < DECISIONS:
            legal = state.legal_actions()
            seat = state.to_act
            view = state.view(seat)
            card_play = legal[0] < 64
            heuristic_acts = player == "heuristic" or (player == "mixed" and card_play)
            if heuristic_acts:
                action = choose(rules, view, heuristic_rng)
            else:
                action = legal[rng.randrange(len(legal))]
            if card_play:
                expected = action if heuristic_acts else choose(rules, view, heuristic_rng)
                got = state.policy_action()
                if got != expected:
                    tally.mismatches.append(
                        f"game {game - 1} seat {seat}: rust {got}, python {expected}, {view}"
                    )
                tally.count(view, rules.options.bags_penalty)
            state.apply_unchecked(action)
    return tally


@pytest.mark.parametrize("player", PLAYERS)
@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_the_policy_plays_the_heuristic_card(index: int, player: str) -> None:
    # rule: S-10, S-11, S-12, S-13, S-14
    tally = _compare(OPTION_SETS[index], player, seed=index * 10 + PLAYERS.index(player))
    assert tally.mismatches[:3] == []
    assert tally.decisions == DECISIONS
    assert tally.nil_to_act > 0 and tally.partner_nil > 0
    if OPTION_SETS[index].get("bags_penalty"):
        assert tally.bags_made > 0


def test_the_policy_needs_the_card_play() -> None:
    rules: Any = load_game("spades", engine="native")
    state = rules.new_state(seed=1)
    with pytest.raises(ValueError, match="no card to play"):
        state.policy_action()
