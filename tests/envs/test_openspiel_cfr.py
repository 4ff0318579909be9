"""OpenSpiel's CFR solves a tiny game through the bridge, over the real deals: Duel (the test
game of ``tests/plugin_game``) cut to four cards (A K Q of spades and the A of hearts), two
each and one deal, so its whole tree (24 orders of the deck, then the play) fits a test. The
bridge's perfect-recall information states are what CFR and the exploitability walk."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from plugin_games import registered  # type: ignore[import-not-found]  # noqa: E402

from koloda.core.cards import ACE, HEARTS, KING, QUEEN, SPADES, make_card  # noqa: E402
from koloda.core.decks import Deck  # noqa: E402


@pytest.fixture
def tiny_duel(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The bridge's game of Duel with four cards and one deal."""
    from koloda.envs import core
    from koloda.envs import openspiel as bridge

    with registered("duel"):
        from duel import rules  # type: ignore[import-not-found]

        cards = (*(make_card(r, SPADES) for r in (ACE, KING, QUEEN)), make_card(ACE, HEARTS))
        tiny = Deck("4", cards)
        monkeypatch.setattr(rules, "DECK", tiny)
        monkeypatch.setattr(rules, "HAND_SIZE", 2)
        monkeypatch.setattr(rules, "DEALS", 1)
        info = dataclasses.replace(rules.DuelRules.info, deck=tiny, max_decisions_per_deal=4)
        monkeypatch.setattr(rules.DuelRules, "info", info)
        monkeypatch.setattr(core, "_LAYOUTS", {})  # the tiny game's facts, forgotten after
        if bridge.game_name("duel") not in pyspiel.registered_names():
            bridge._register("duel")
        yield pyspiel.load_game(bridge.game_name("duel"), {"deals": 1})


def test_the_tiny_game_deals_the_real_deck(tiny_duel: Any) -> None:
    state = tiny_duel.new_initial_state()
    assert [p for _, p in state.chance_outcomes()] == [0.25] * 4
    assert tiny_duel.max_game_length() == 4 + 1
    assert (tiny_duel.min_utility(), tiny_duel.max_utility()) == (-1.0, 1.0)


def test_cfr_reaches_an_exploitability_below_five_hundredths(tiny_duel: Any) -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    solver = cfr.CFRSolver(tiny_duel)
    solver.evaluate_and_update_policy()
    first = exploitability.exploitability(tiny_duel, solver.average_policy())
    assert first > 0.1, "the game has decisions that matter"
    for _ in range(29):
        solver.evaluate_and_update_policy()
    value = exploitability.exploitability(tiny_duel, solver.average_policy())
    assert 0.0 <= value < 0.05
