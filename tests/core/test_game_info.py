"""Games describe themselves: each game's ``rules.info`` states its program and deal ranges,
and every game's plug-in provides its adapters (the facts in play are checked for every game
by ``tests/conformance``)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from koloda import available_games, load_game
from koloda.core.decks import DECK_32
from koloda.core.info import DealReward, GameInfo, Utility
from koloda.core.registry import game_plugin, plugin_of


def test_king_declares_its_program_and_its_deal_range() -> None:
    classic = load_game("king").info
    assert classic.program_length == 15  # K-7, K-13: seven negative deals, eight positive
    assert load_game("king", variant="order").info.program_length == 0  # K-22: ordered
    assert classic.utility.deal_max == 24  # K-20: 8 tricks at 3
    assert classic.utility.deal_min == -96  # K-7: erelash, every penalty to one player
    assert classic.max_decisions_per_deal == 32 + 2


def test_deal_ranges_of_101_and_spades() -> None:
    hundred = load_game("hundred_one").info
    assert hundred.utility.sense == -1  # H-13: penalties
    assert hundred.utility.deal_min == -30  # H-14
    # every card's face value (H-13: 60 a suit) and 40 more for each queen (H-15)
    assert hundred.utility.deal_max == 4 * 60 + 4 * 40
    assert hundred.max_decisions_per_deal is None
    spades = load_game("spades", both_nil_failure="minus_200").info
    assert spades.utility.deal_max == 200 + 130  # S-6 double nil made, a bid of 13 made
    assert spades.utility.deal_min == -330
    assert load_game("spades").info.utility.deal_min == float("-inf")  # S-15 lose_score


def _info(reward: DealReward, num_seats: int, sides: tuple[tuple[int, ...], ...]) -> GameInfo:
    return GameInfo(
        name="test",
        num_seats=num_seats,
        sides=sides,
        utility=Utility(sense=1, scale=10.0, deal_min=-100, deal_max=100, reward=reward),
        deck=DECK_32,
        has_tricks=True,
        max_decisions_per_deal=32,
    )


def test_rewards_hand_computed() -> None:
    share = _info(DealReward.SHARE_OF_DEAL, 4, ((0,), (1,), (2,), (3,)))
    assert share.rewards((-8, 0, -4, -4)) == (-1.0, 0.0, -0.5, -0.5)
    others = _info(DealReward.AGAINST_OTHERS, 3, ((0,), (1,), (2,)))
    # seat 0: 10 against the mean of 20 and 30, over the scale 10
    assert others.rewards((10, 20, 30)) == (-1.5, 0.0, 1.5)
    sides = _info(DealReward.SIDE_DIFFERENCE, 4, ((0, 2), (1, 3)))
    assert sides.seat_points((50, -20)) == (50.0, -20.0, 50.0, -20.0)
    assert sides.rewards((50, -20)) == (7.0, -7.0, 7.0, -7.0)
    hundred = load_game("hundred_one", players=3).info
    # 101's points are penalties: the fewest is best
    assert hundred.seat_points((0, 12, -30)) == (0.0, -12.0, 30.0)


@pytest.mark.parametrize("game", available_games())
def test_every_plugin_provides_its_adapters(game: str) -> None:
    plugin = game_plugin(game)
    rules = load_game(game)
    assert plugin_of(rules) is plugin
    state = rules.new_state(seed=1)
    seat = state.to_act
    assert seat is not None
    action = plugin.heuristic_policy()(rules, state.view(seat), random.Random(1))
    assert action in state.legal_actions()
    support = plugin.search_support()
    assert (support is not None) == rules.info.has_tricks
    model = plugin.belief_model(rules)
    if model is not None:
        assert model.prepare(state.view(seat)) is not None


GAME_NAMES = {"king", "spades", "hundred_one", "tressette"}
PACKAGE = Path(__file__).resolve().parents[2] / "koloda"


def test_no_adapter_compares_a_game_name() -> None:
    """Adapters read a game's facts; only the game packages and the registry name games."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("games/") or relative == "core/registry.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for part in (node.left, *node.comparators):
                    values = (
                        part.elts if isinstance(part, ast.Tuple | ast.List | ast.Set) else [part]
                    )
                    for value in values:
                        if isinstance(value, ast.Constant) and value.value in GAME_NAMES:
                            offenders.append(f"{relative}:{node.lineno}")
    assert not offenders, f"game names compared in adapters: {offenders}"
