"""Games by name: ``load_game("king", variant="order")``."""

from __future__ import annotations

import importlib
from typing import Any

from koloda.core.engine import Rules
from koloda.core.errors import OptionError

_GAMES = {
    "king": "koloda.games.king.rules",
}


def available_games() -> list[str]:
    return sorted(_GAMES)


def load_game(name: str, **options: Any) -> Rules:
    """The rules of a game with the given options; unknown games and options are errors."""
    if name not in _GAMES:
        raise OptionError(f"unknown game {name!r}; games: {', '.join(available_games())}")
    module = importlib.import_module(_GAMES[name])
    rules: Rules = module.make_rules(**options)
    return rules
