"""The named bots beyond ``random``: heuristic, ismcts, pimc, and the player levels.

- ``easy``: the heuristic with 25% random moves;
- ``normal``: the heuristic;
- ``hard``: native search within 900 ms a move (within 1 s on this machine): in the trick
  games PIMC over the card play (``search.native_pimc``), in 101 the game's own ISMCTS over
  the seat's decisions on deals weighed by the others' play; ``hard-python`` is the Python
  PIMC it replaced (``pimc.py``, heuristic rollouts); ``ismcts`` is the ISMCTS bot with
  heuristic rollouts;
- ``ismcts-native``: ISMCTS in Rust over the card play of the trick games (random rollouts,
  100000 simulations a move by default; ``ismcts-native:1s`` for a time budget), the
  heuristic for the other decisions; in 101 the game's own (100000 iterations).
"""

from __future__ import annotations

import random
import re
from typing import Generic

from koloda.bots.base import AnyBot, register_bot, register_budget_bot
from koloda.core.engine import Action, AnyRules, Rules, S, V
from koloda.core.errors import OptionError
from koloda.core.info import GameInfo
from koloda.core.registry import plugin_of

HARD_MILLISECONDS = 900.0
HARD_SAMPLES = 1000
"""Deals a move of the native ``hard`` (at most ``HARD_MILLISECONDS``)."""
HARD_SAMPLES_OWN = 20000
"""Deals a move of ``hard`` in a game with its own native PIMC and no ISMCTS, at most
``HARD_MILLISECONDS``."""
HARD_ITERATIONS_OWN = 300000
"""Iterations a move of ``hard`` in a game with its own native ISMCTS (101: a walk is one
playout, cheap), at most ``HARD_MILLISECONDS``."""
PYTHON_SAMPLES = 40
"""``hard:N``'s Python search of the decisions other than card plays: at most 40 deals."""


def parse_budget(text: str) -> tuple[int | None, float | None]:
    """``"400"`` → 400 simulations; ``"250ms"`` → 250 ms; ``"1s"`` → 1000 ms."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*", text)
    if match is None:
        raise OptionError(f"budget {text!r} is not a count (400) or a time (250ms, 1s)")
    value, unit = match.groups()
    if unit is None:
        return int(float(value)), None
    return None, float(value) * (1000.0 if unit == "s" else 1.0)


def heuristic(rules: AnyRules) -> AnyBot:
    from koloda.bots.heuristic import HeuristicBot

    return HeuristicBot(rules)


def easy(rules: AnyRules) -> AnyBot:
    from koloda.bots.heuristic import HeuristicBot

    return HeuristicBot(rules, noise=0.25, name="easy")


def normal(rules: AnyRules) -> AnyBot:
    from koloda.bots.heuristic import HeuristicBot

    return HeuristicBot(rules, name="normal")


def ismcts(rules: AnyRules, budget: str = "1000") -> AnyBot:
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


class PythonHardBot(Generic[S, V]):
    """The PIMC of ``pimc.py`` with heuristic rollouts (exact alpha-beta near the end of a
    trick-game deal), 900 ms a move; where the game's search plays cards only (Spades'
    bidding and nil exchange), the other decisions come from the heuristic. It was ``hard``
    before the native search; ``hard-python`` keeps it for comparison."""

    name = "hard-python"

    def __init__(self, rules: Rules[S, V], budget: str | None = None) -> None:
        from koloda.bots.heuristic import HeuristicBot

        self.search = pimc(rules, budget or f"{HARD_MILLISECONDS:g}ms")
        if budget is not None:
            self.name = f"hard-python:{budget}"
        self.heuristic = HeuristicBot(rules)
        self.rules = rules
        support = plugin_of(rules).search_support()
        self.cards_only = support is not None and support.search_card_play_only

    def choose(self, view: V, rng: random.Random) -> Action:
        legal = view.legal_actions
        if self.cards_only and legal and not GameInfo.is_card_action(legal[0]):
            return self.heuristic.choose(view, rng)
        return self.search.choose(view, rng)


def ismcts_uniform(rules: AnyRules, budget: str = "1000") -> AnyBot:
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


def hard(rules: AnyRules, budget: str | None = None) -> AnyBot:
    """``hard``: in the trick games the card play is PIMC in native code, ``HARD_SAMPLES``
    deals a move within ``HARD_MILLISECONDS``; ``hard:400`` searches 400 deals a move with
    no time limit (the same moves on any machine), ``hard:500ms`` as many as 500 ms allow.
    The other decisions are ``hard-python``'s (King's orders and trump calls searched by the
    Python PIMC, 900 ms or, under a count budget, at most ``PYTHON_SAMPLES`` deals; Spades'
    bids by the heuristic). In Spades the deals searched are drawn by how well they explain
    the others' bids (the game's ``NativeSearch.beliefs``). In 101 it is the game's own
    native ISMCTS over deals weighed by the others' play, ``HARD_ITERATIONS_OWN``
    iterations within ``HARD_MILLISECONDS`` (``hard:N``: N iterations)."""
    samples: int | None = HARD_SAMPLES
    milliseconds: float | None = HARD_MILLISECONDS
    if budget is not None:
        samples, milliseconds = parse_budget(budget)
    name = "hard" if budget is None else f"hard:{budget}"
    plugin = plugin_of(rules)
    parts = plugin.native_search_parts(rules)
    if parts is None:
        iterations = HARD_ITERATIONS_OWN if budget is None else samples
        searcher: AnyBot | None = plugin.native_ismcts_bot(rules, iterations, milliseconds, name)
        if searcher is not None:
            return searcher
        if budget is None:
            samples = HARD_SAMPLES_OWN
        own = plugin.native_pimc_bot(rules, samples, milliseconds, name)
        return own if own is not None else PythonHardBot(rules, budget)
    from koloda.bots.search.native_pimc import NativePIMCBot

    python_budget = budget
    if samples is not None and budget is not None:
        python_budget = str(min(samples, PYTHON_SAMPLES))
    return NativePIMCBot(
        rules,
        samples=samples,
        milliseconds=milliseconds,
        exact_cards=parts.tuning.exact_cards,
        lookahead=parts.tuning.lookahead,
        beliefs=parts.tuning.beliefs,
        name=name,
        others=PythonHardBot(rules, python_budget),
    )


def hard_python(rules: AnyRules, budget: str | None = None) -> AnyBot:
    """``hard-python``: the Python PIMC that was ``hard`` before the native search."""
    if budget is not None:
        parse_budget(budget)
    return PythonHardBot(rules, budget)


def pimc(rules: AnyRules, budget: str = "20") -> AnyBot:
    from koloda.bots.search.pimc import PIMCBot

    samples, milliseconds = parse_budget(budget)
    name = "pimc" if budget == "20" else f"pimc:{budget}"
    return PIMCBot(rules, samples=samples, milliseconds=milliseconds, name=name)


def cheater(rules: AnyRules, budget: str = "20") -> AnyBot:
    """``cheater``: PIMC given the real hands (``cheater:40``: 40 rollouts of the real deal
    a move); a ceiling for measurements, refused by the web table."""
    from koloda.bots.search.cheater import CheaterBot

    samples, _ = parse_budget(budget)
    if samples is None:
        raise OptionError("the cheater's budget is a count of rollouts (cheater:40)")
    return CheaterBot(
        rules, samples=samples, name="cheater" if budget == "20" else f"cheater:{budget}"
    )


NATIVE_ISMCTS_SIMULATIONS = 100000


def ismcts_native(rules: AnyRules, budget: str = f"{NATIVE_ISMCTS_SIMULATIONS}") -> AnyBot:
    """ISMCTS in native code: over the card play of the trick games, and the game's own
    where it has one (101)."""
    from koloda.bots.search.native_ismcts import NativeISMCTSBot

    simulations, milliseconds = parse_budget(budget)
    default = budget == f"{NATIVE_ISMCTS_SIMULATIONS}"
    name = "ismcts-native" if default else f"ismcts-native:{budget}"
    own = plugin_of(rules).native_ismcts_bot(rules, simulations, milliseconds, name)
    if own is not None:
        bot: AnyBot = own
        return bot
    return NativeISMCTSBot(
        rules,
        simulations=simulations,
        milliseconds=milliseconds,
        name="ismcts-native" if default else f"ismcts-native:{budget}",
    )


NATIVE_PIMC_SAMPLES = 200


def pimc_native(rules: AnyRules, budget: str = f"{NATIVE_PIMC_SAMPLES}") -> AnyBot:
    """PIMC in native code: over the card play of the trick games, and the game's own where
    it has one (101)."""
    samples, milliseconds = parse_budget(budget)
    name = "pimc-native" if budget == f"{NATIVE_PIMC_SAMPLES}" else f"pimc-native:{budget}"
    plugin = plugin_of(rules)
    own = plugin.native_pimc_bot(rules, samples, milliseconds, name)
    if own is not None:
        bot: AnyBot = own
        return bot
    from koloda.bots.search.native_pimc import NativePIMCBot

    return NativePIMCBot(rules, samples=samples, milliseconds=milliseconds, name=name)


def learned(rules: AnyRules) -> AnyBot:
    """``learned``: the game's shipped network (``koloda.bots.learned``); a game without
    one, other options, or no numpy is an OptionError (so no table offers it there)."""
    from koloda.bots.learned import LearnedBot
    from koloda.core.errors import MissingExtraError

    try:
        return LearnedBot(rules)
    except MissingExtraError as missing:
        raise OptionError(str(missing)) from None


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
    register_bot("ismcts-native", ismcts_native)
    register_budget_bot("ismcts-native", ismcts_native)
    register_budget_bot("pimc", pimc)
    register_bot("pimc-native", pimc_native)
    register_budget_bot("pimc-native", pimc_native)
    register_budget_bot("hard", hard)
    register_bot("hard-python", hard_python)
    register_budget_bot("hard-python", hard_python)
    register_bot("cheater", cheater)
    register_budget_bot("cheater", cheater)
    register_bot("learned", learned)
