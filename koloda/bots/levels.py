"""The named bots beyond ``random``: heuristic, ismcts, pimc, and the player levels.

- ``easy``: the heuristic with 25% random moves;
- ``normal``: the heuristic;
- ``hard``: PIMC over sampled deals with heuristic rollouts, 900 ms a move (within 1 s on
  this machine), in 101 over deals weighed by the others' play (``search.beliefs``);
  ``ismcts`` is the ISMCTS bot with heuristic rollouts.
"""

from __future__ import annotations

import random
import re
from typing import Any

from koloda.bots.base import Bot, register_bot, register_budget_bot
from koloda.core.engine import Action, Rules
from koloda.core.errors import OptionError

HARD_MILLISECONDS = 900.0


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """``"400"`` → 400 simulations; ``"250ms"`` → 250 ms; ``"1s"`` → 1000 ms."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*", text)
    if match is None:
        raise OptionError(f"budget {text!r} is not a count (400) or a time (250ms, 1s)")
    value, unit = match.groups()
    if unit is None:
        return int(float(value)), None
    return None, float(value) * (1000.0 if unit == "s" else 1.0)


def heuristic(rules: Rules) -> Bot:
    from koloda.bots.heuristic import HeuristicBot

    return HeuristicBot(rules)


def easy(rules: Rules) -> Bot:
    from koloda.bots.heuristic import HeuristicBot

    return HeuristicBot(rules, noise=0.25, name="easy")


def normal(rules: Rules) -> Bot:
    from koloda.bots.heuristic import HeuristicBot

    return HeuristicBot(rules, name="normal")


def ismcts(rules: Rules, budget: str = "1000") -> Bot:
    from koloda.bots.search.ismcts import ISMCTSBot
    from koloda.bots.search.rollouts import rollout_policy

    simulations, milliseconds = parse_budget(budget)
    name = "ismcts" if budget == "1000" else f"ismcts:{budget}"
    return ISMCTSBot(
        rules,
        simulations=simulations,
        milliseconds=milliseconds,
        rollout=rollout_policy(rules),
        name=name,
    )


class HardBot:
    """PIMC with heuristic rollouts (exact alpha-beta near the end of a trick-game deal),
    900 ms a move; in Spades the bidding and the nil exchange come from the heuristic."""

    name = "hard"

    def __init__(self, rules: Rules, budget: str | None = None) -> None:
        from koloda.bots.heuristic import HeuristicBot

        self.search = pimc(rules, budget or f"{HARD_MILLISECONDS:g}ms")
        if budget is not None:
            self.name = f"hard:{budget}"
        self.heuristic = HeuristicBot(rules)
        self.rules = rules

    def choose(self, view: Any, rng: random.Random) -> Action:
        if self.rules.name == "spades" and view.legal_actions[0] >= 64:
            return self.heuristic.choose(view, rng)
        return self.search.choose(view, rng)


def ismcts_uniform(rules: Rules, budget: str = "1000") -> Bot:
    """ISMCTS with uniform rollouts: more, cheaper simulations."""
    from koloda.bots.search.ismcts import ISMCTSBot

    simulations, milliseconds = parse_budget(budget)
    return ISMCTSBot(
        rules,
        simulations=simulations,
        milliseconds=milliseconds,
        rollout=None,
        name="ismcts-uniform" if budget == "1000" else f"ismcts-uniform:{budget}",
    )


def hard(rules: Rules, budget: str | None = None) -> Bot:
    """``hard``; ``hard:40`` is the same bot with 40 sampled deals a move instead of a time
    budget (reproducible matches on a busy machine)."""
    if budget is not None:
        parse_budget(budget)
    return HardBot(rules, budget)


def pimc(rules: Rules, budget: str = "20") -> Bot:
    from koloda.bots.search.pimc import PIMCBot

    samples, milliseconds = parse_budget(budget)
    name = "pimc" if budget == "20" else f"pimc:{budget}"
    return PIMCBot(rules, samples=samples, milliseconds=milliseconds, name=name)


def register_all() -> None:
    register_bot("heuristic", heuristic)
    register_bot("easy", easy)
    register_bot("normal", normal)
    register_bot("hard", hard)
    register_bot("ismcts", ismcts)
    register_bot("pimc", pimc)
    register_bot("ismcts-uniform", ismcts_uniform)
    register_budget_bot("ismcts", ismcts)
    register_budget_bot("ismcts-uniform", ismcts_uniform)
    register_budget_bot("pimc", pimc)
    register_budget_bot("hard", hard)
