"""The bot protocol and the registry of bots by name.

A name may carry a budget after a colon for the search bots: ``ismcts:400`` (simulations
a move) or ``ismcts:250ms`` (milliseconds a move); ``pimc:20`` (sampled deals a move).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from koloda.core.engine import Action, AnyRules, V_contra
from koloda.core.errors import OptionError


class Bot(Protocol[V_contra]):
    """A player program for views of type ``V_contra``. It sees only a view, and may sample
    full states only through ``rules.sample_state(view, rng)``."""

    @property
    def name(self) -> str: ...

    def choose(self, view: V_contra, rng: random.Random) -> Action: ...


def decide(bot: Bot[Any], state: Any, rng: random.Random) -> Action:
    """The bot's move at ``state``: from the seat's view, or from the state itself for a bot
    that ``sees_everything`` (the cheater, a ceiling for measurements only)."""
    if getattr(bot, "sees_everything", False):
        action: Action = bot.choose_seeing(state, rng)  # type: ignore[attr-defined]
        return action
    return bot.choose(state.view(state.to_act), rng)


def sees_everything(name: str) -> bool:
    """Whether the bot called ``name`` reads the real state (never a player's opponent)."""
    return name.partition(":")[0] in _SEEING


_SEEING = {"cheater"}


AnyBot = Bot[Any]
"""A bot for a game picked at run time (its view class is known only then)."""
BotFactory = Callable[[AnyRules], AnyBot]
BudgetFactory = Callable[[AnyRules, str], AnyBot]
_BOTS: dict[str, BotFactory] = {}
_BUDGET_BOTS: dict[str, BudgetFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def register_budget_bot(name: str, factory: BudgetFactory) -> None:
    """A bot that also accepts ``name:budget`` (its factory parses the budget text)."""
    _BUDGET_BOTS[name] = factory


def available_bots() -> list[str]:
    _load_builtin()
    return sorted(_BOTS)


def bots_for(rules: AnyRules) -> list[str]:
    """The bots that play this game (a bot made for some games only, such as
    ``ismcts-native``, refuses the others with an OptionError when it is made)."""
    names = []
    for name in available_bots():
        try:
            make_bot(name, rules)
        except OptionError:
            continue
        names.append(name)
    return names


def make_bot(name: str, rules: AnyRules) -> AnyBot:
    """The bot called ``name`` for this game; unknown names are an OptionError."""
    _load_builtin()
    base, sep, budget = name.partition(":")
    if sep:
        if base not in _BUDGET_BOTS:
            raise OptionError(
                f"bot {base!r} takes no budget; budgeted bots: {', '.join(sorted(_BUDGET_BOTS))}"
            )
        return _BUDGET_BOTS[base](rules, budget)
    if name not in _BOTS:
        raise OptionError(f"unknown bot {name!r}; bots: {', '.join(sorted(_BOTS))}")
    return _BOTS[name](rules)


def _load_builtin() -> None:
    if not _BOTS:
        from koloda.bots import levels, random_bot

        register_bot("random", random_bot.RandomBot)
        levels.register_all()


def legal_choices(view: Any) -> tuple[Action, ...]:
    """The seat's legal actions, or a ``ValueError`` when it has no decision to make."""
    legal: tuple[Action, ...] = tuple(view.legal_actions)
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    return legal
