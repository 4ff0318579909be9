"""The value of seeing the hidden cards (``koloda/bots/information.py``): the one-step
Bayesian's choice and the EVPI computed by hand, nothing to gain where the hidden cards do
not matter, something where they do, and the measured decisions are the game's."""

from __future__ import annotations

import random
from typing import Any

import pytest

from koloda import load_game
from koloda.bots import make_bot
from koloda.bots.information import bayes_choice, measure_game
from koloda.core.engine import Action


def test_bayes_choice_and_evpi_by_hand() -> None:
    # a is worth 1 on the first deal and 0 on the second, b 0 and 0.8: on average a (0.5)
    # beats b (0.4); seeing the deal, one takes 1 or 0.8, 0.9 on average: EVPI 0.4
    choice, evpi = bayes_choice([{"a": 1.0, "b": 0.0}, {"a": 0.0, "b": 0.8}])
    assert choice == "a"
    assert evpi == pytest.approx(0.4)
    # the same values on every deal: nothing to gain by seeing which deal it is
    choice, evpi = bayes_choice([{"a": 0.2, "b": 0.7}] * 3)
    assert (choice, evpi) == ("b", 0.0)


def test_bayes_choice_refuses_bad_values() -> None:
    with pytest.raises(ValueError, match="at least one deal"):
        bayes_choice([])
    with pytest.raises(ValueError, match="same actions"):
        bayes_choice([{"a": 1.0}, {"b": 1.0}])


class ByCards:
    """Values every action by a fixed function of the view and, if ``hidden``, of the
    next seat's hand in the state it is handed (deterministic: no noise to mistake for
    information)."""

    def __init__(self, hidden: bool) -> None:
        self.hidden = hidden

    def values(self, view: Any, rng: random.Random, truth: object = None) -> dict[Action, float]:
        assert truth is not None
        state: Any = truth
        seen = tuple(view.hand)
        if self.hidden:
            seen += tuple(state.view((view.seat + 1) % view.num_seats).hand)
        return {a: random.Random(f"{sorted(seen)}-{a}").random() for a in view.legal_actions}


def measured(hidden: bool) -> dict[str, Any]:
    rules = load_game("hundred_one")
    return measure_game(
        rules,
        "information-test",
        reference=make_bot("heuristic", rules),
        bots={"random": make_bot("random", rules)},
        truth=ByCards(hidden),
        per_deal=ByCards(hidden),
        deals=8,
        kind_of=lambda legal: "any",
    )


def test_nothing_is_gained_where_hidden_cards_do_not_matter() -> None:
    tally = measured(hidden=False)["any"]
    assert tally.decisions >= 3
    assert tally.evpi == 0.0
    assert tally.bayes_regret == 0.0
    # the bots' regrets are measured all the same: the heuristic's values are arbitrary
    assert tally.regret["reference"] > 0.0 and tally.regret["random"] > 0.0


def test_seeing_the_next_hand_is_worth_something_where_it_matters() -> None:
    tally = measured(hidden=True)["any"]
    assert tally.evpi > 0.0
    assert tally.bayes_regret > 0.0


def test_the_decisions_measured_are_the_first_deals_choices() -> None:
    rules = load_game("hundred_one")
    heuristic = make_bot("heuristic", rules)
    state = rules.new_state(seed="information-test")
    rng = random.Random("information-test-play")
    choices = 0
    while state.deal_index == 0 and not state.is_over:
        view = state.view(state.to_act)
        choices += len(view.legal_actions) > 1
        state.apply(heuristic.choose(view, rng))
    assert measured(hidden=False)["any"].decisions == choices
