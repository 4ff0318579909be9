"""How each game looks in the terminal: one module per game, ``describe(rules, view, words)``
(``words``: a ``Speaker`` for the seat of the view, with the players' names)."""

from __future__ import annotations

import importlib
from typing import Any

from koloda.core.engine import AnyRules
from koloda.i18n import Speaker


def describe_view(rules: AnyRules, view: Any, words: Speaker) -> Any:
    """The table as the seat of ``view`` sees it, as a rich renderable."""
    module = importlib.import_module(f"koloda.cli.display.{rules.name}")
    return module.describe(rules, view, words)
