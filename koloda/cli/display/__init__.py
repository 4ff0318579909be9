"""How each game looks in the terminal: one module per game, ``describe(rules, view, names)``."""

from __future__ import annotations

import importlib
from typing import Any

from koloda.core.engine import AnyRules


def describe_view(rules: AnyRules, view: Any, names: list[str]) -> Any:
    """The table as the seat of ``view`` sees it, as a rich renderable."""
    module = importlib.import_module(f"koloda.cli.display.{rules.name}")
    return module.describe(rules, view, names)
