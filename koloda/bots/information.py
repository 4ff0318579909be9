"""What seeing the hidden cards is worth, decision by decision: how far a bot that does not
see them can come towards one that does (the ``cheater``).

At each decision of games played by a reference bot, an evaluator that is handed the real
state (``values(view, rng, truth=state)``) values every legal action on the real deal. A
bot's *regret* there is the best of those values less the value of its action. The same
evaluator, handed ``deals`` deals drawn from the seat's view (``rules.sample_state``)
instead of the real one (or drawn by a belief model of the others' play, ``sample_deals``),
gives what the seat could know:

- the *one-step Bayesian* choice, the action best on average over those deals (the best a
  player could do at this decision, playing on as the evaluator does, if the deals are what
  the view allows), and
- the *expected value of perfect information* (EVPI): the mean over the deals of each deal's
  best value less the mean value of that choice. It is what seeing the cards is worth to
  the seat here, on average; no bot that does not see them can take it back.

A bot that does not see the cards removes at most about ``1 − EVPI / regret of the
reference`` of the reference's regret; in matches the cheater's gain over the reference is
that regret. Values are the evaluator's (for 101, the seat's reward: its points less the
others' mean, over 40).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from koloda.core.engine import Action, AnyRules

SampleDeals = Callable[[Any, random.Random, int], list[Any]]
"""Draws so many deals (states) that agree with a view."""


class TruthEvaluator(Protocol):
    """Values a view's legal actions on the real state it is handed."""

    def values(
        self, view: Any, rng: random.Random, truth: object = None
    ) -> dict[Action, float]: ...


def bayes_choice(deal_values: Sequence[Mapping[Action, float]]) -> tuple[Action, float]:
    """The action best on average over the deals' values (the first listed on a tie) and
    the expected value of perfect information: the deals' mean best value less its mean."""
    if not deal_values:
        raise ValueError("the value of information needs at least one deal")
    actions = list(deal_values[0])
    if any(set(values) != set(actions) for values in deal_values):
        raise ValueError("every deal must value the same actions")
    count = len(deal_values)
    mean = {a: sum(values[a] for values in deal_values) / count for a in actions}
    choice = max(actions, key=mean.__getitem__)
    seeing = sum(max(values.values()) for values in deal_values) / count
    return choice, seeing - mean[choice]


@dataclass
class Tally:
    """Sums over the decisions of one kind (in the evaluator's values)."""

    decisions: int = 0
    regret: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    bayes_regret: float = 0.0
    evpi: float = 0.0

    def add(self, other: Tally) -> None:
        self.decisions += other.decisions
        for name, value in other.regret.items():
            self.regret[name] += value
        self.bayes_regret += other.bayes_regret
        self.evpi += other.evpi


def measure_game(
    rules: AnyRules,
    seed: str,
    reference: Any,
    bots: Mapping[str, Any],
    truth: TruthEvaluator,
    per_deal: TruthEvaluator,
    deals: int,
    kind_of: Callable[[tuple[Action, ...]], str | None],
    sample_deals: SampleDeals | None = None,
    first_deal_only: bool = True,
) -> dict[str, Tally]:
    """Plays the game ``seed`` with ``reference`` at every seat and measures every
    decision with a choice: each of ``bots``' regret (the reference's as ``"reference"``),
    the one-step Bayesian's regret and the EVPI over ``deals`` deals of the view, tallied
    by ``kind_of(legal actions)`` (None: not measured). The deals are
    ``sample_deals(view, rng, deals)``, by default the game's samples of the view."""
    if sample_deals is None:
        sample_deals = _view_samples(rules)
    tallies: dict[str, Tally] = defaultdict(Tally)
    state = rules.new_state(seed=seed)
    play = random.Random(f"{seed}-play")
    for number, view in _decisions(state, reference, play, first_deal_only):
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        rng = random.Random(f"{seed}-{number}")
        kind = kind_of(legal)
        if kind is None:
            continue
        real = truth.values(view, rng, truth=state)
        best = max(real.values())
        tally = tallies[kind]
        tally.decisions += 1
        for name, bot in {"reference": reference, **bots}.items():
            tally.regret[name] += best - real[bot.choose(view, random.Random(rng.random()))]
        sampled = [
            per_deal.values(view, rng, truth=deal) for deal in sample_deals(view, rng, deals)
        ]
        choice, evpi = bayes_choice(sampled)
        tally.bayes_regret += best - real[choice]
        tally.evpi += evpi
    return dict(tallies)


def _view_samples(rules: AnyRules) -> SampleDeals:
    def sample(view: Any, rng: random.Random, count: int) -> list[Any]:
        return [rules.sample_state(view, rng) for _ in range(count)]

    return sample


def _decisions(
    state: Any, reference: Any, rng: random.Random, first_deal_only: bool
) -> Iterator[tuple[int, Any]]:
    """Each view with more than one legal action, as ``reference`` plays ``state`` on
    (the first deal only, or the whole game)."""
    number = 0
    while not state.is_over and not (first_deal_only and state.deal_index > 0):
        view = state.view(state.to_act)
        if len(view.legal_actions) > 1:
            yield number, view
            number += 1
        state.apply(reference.choose(view, rng))
