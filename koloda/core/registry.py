"""Games by name: ``load_game("king", variant="order")``."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from koloda.core.engine import Rules
from koloda.core.errors import OptionError

_GAMES = {
    "king": "koloda.games.king.rules",
    "spades": "koloda.games.spades.rules",
    "hundred_one": "koloda.games.hundred_one.rules",
    "tressette": "koloda.games.tressette.rules",
}


def available_games() -> list[str]:
    """The games this installation has (each game's package provides ``make_rules``)."""
    return sorted(name for name, module in _GAMES.items() if _has_module(module))


def _has_module(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def load_game(name: str, **options: Any) -> Rules:
    """The rules of a game with the given options; unknown games and options are errors."""
    if name not in available_games():
        raise OptionError(f"unknown game {name!r}; games: {', '.join(available_games())}")
    module = importlib.import_module(_GAMES[name])
    rules: Rules = module.make_rules(**options)
    return rules
