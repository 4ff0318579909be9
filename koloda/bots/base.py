"""The bot protocol and the registry of bots by name.

A name may carry a budget after a colon for the search bots: ``ismcts:400`` (simulations
a move) or ``ismcts:250ms`` (milliseconds a move); ``pimc:20`` (sampled deals a move).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from koloda.bots import plugins
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
_BUILTIN: dict[str, BotFactory] = {}
_REGISTERED: dict[str, BotFactory] = {}
_BUDGET_BOTS: dict[str, BudgetFactory] = {}
_OUTSIDE: dict[str, BotFactory] = {}
"""The factories of bots from outside, loaded by reference (``module:factory``)."""
_loading_builtin = False
_builtin_loaded = False


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``factory(rules)`` the bot called ``name`` in this process, before or after the
    built-in bots are loaded: a name registered here wins over every other source
    (``koloda.bots.plugins``). The card room's worker processes make it too when the factory
    can be imported by its module and name (``module:factory``); a bot made by a lambda or a
    local function plays in this process only."""
    if _loading_builtin:
        _BUILTIN[name] = factory
    else:
        _REGISTERED[name] = factory


def register_budget_bot(name: str, factory: BudgetFactory) -> None:
    """A bot that also accepts ``name:budget`` (its factory parses the budget text)."""
    _BUDGET_BOTS[name] = factory


def available_bots() -> list[str]:
    """Every bot's name: the built-in ones, those registered in code and those from outside
    (entry points of ``koloda.bots``, ``--bot`` references)."""
    _load_builtin()
    return sorted(set(_BUILTIN) | set(_REGISTERED) | set(plugins.outside_references()))


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


def bot_factory(name: str) -> BotFactory | None:
    """The factory of the bot called ``name`` (no budget): registered in code, named by
    ``--bot`` (``KOLODA_BOTS``), built in, or an entry point, in that order; None when no
    source has it."""
    _load_builtin()
    if name in _REGISTERED:
        return _REGISTERED[name]
    environment = plugins.environment_references()
    if name in environment:
        return _outside(environment[name])
    if name in _BUILTIN:
        return _BUILTIN[name]
    points = plugins.entry_point_references()
    return _outside(points[name]) if name in points else None


def _outside(reference: str) -> BotFactory:
    if reference not in _OUTSIDE:
        _OUTSIDE[reference] = plugins.load_factory(reference)
    return _OUTSIDE[reference]


def bot_reference(name: str) -> str | None:
    """How another process makes the bot ``name`` registered in code here
    (``module:factory``), or None: it is no such bot, or another process finds it by itself
    (built in, an entry point, ``KOLODA_BOTS``), or its factory cannot be imported."""
    factory = _REGISTERED.get(name.partition(":")[0])
    return None if factory is None else plugins.reference_of(factory)


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
    factory = bot_factory(name)
    if factory is None:
        raise OptionError(f"unknown bot {name!r}; bots: {', '.join(available_bots())}")
    return factory(rules)


def _load_builtin() -> None:
    """Register the built-in bots once, whatever was registered before."""
    global _loading_builtin, _builtin_loaded
    if _builtin_loaded:
        return
    from koloda.bots import levels, random_bot

    _loading_builtin = True
    try:
        register_bot("random", random_bot.RandomBot)
        levels.register_all()
    finally:
        _loading_builtin = False
    _builtin_loaded = True


def legal_choices(view: Any) -> tuple[Action, ...]:
    """The seat's legal actions, or a ``ValueError`` when it has no decision to make."""
    legal: tuple[Action, ...] = tuple(view.legal_actions)
    if not legal:
        raise ValueError(f"seat {view.seat} has no decision to make")
    return legal
