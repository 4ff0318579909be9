"""How each game looks in the terminal: one module per game, ``describe(rules, view, words)``
(``words``: a ``Speaker`` for the seat of the view, with the players' names)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from koloda.core.engine import AnyRules
from koloda.i18n import Speaker


def display_module(rules: AnyRules) -> ModuleType:
    """The game's display module: ``describe`` and, where the game has them, its own
    ``deal_breakdown`` and ``HELP_KEYS`` (catalogue keys of what F1 adds for the game)."""
    return importlib.import_module(f"koloda.cli.display.{rules.name}")


def describe_view(rules: AnyRules, view: Any, words: Speaker) -> Any:
    """The table as the seat of ``view`` sees it, as a rich renderable."""
    return display_module(rules).describe(rules, view, words)


def help_keys(rules: AnyRules) -> frozenset[str]:
    """The game's own lines of the keys' help (Spades: the exchange's marks and nil's
    confirmation), as catalogue keys."""
    return frozenset(getattr(display_module(rules), "HELP_KEYS", ()))
