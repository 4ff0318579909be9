"""Games by name: ``load_game("king", variant="order")``.

Each game package declares its ``PLUGIN`` (``core.plugin.GamePlugin``); adding a game is one
line here.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Mapping
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from koloda.core.engine import AnyRules
from koloda.core.errors import OptionError
from koloda.core.plugin import GamePlugin

_GAMES = {
    "king": "koloda.games.king",
    "spades": "koloda.games.spades",
    "hundred_one": "koloda.games.hundred_one",
    "tressette": "koloda.games.tressette",
}

DEFAULT_GAME = "king"
"""The game a command plays when it is not told which."""


ENTRY_POINTS = "koloda.games"
"""The entry-point group by which an installed distribution adds a game: ``name = package``
(the package declares its ``PLUGIN``), e.g. in its ``pyproject.toml``::

    [project.entry-points."koloda.games"]
    whist = "koloda_whist"
"""


def _games() -> dict[str, str]:
    """Every game's name and package: the entry points of the installed distributions, then
    the games of this package (which win over a name said twice)."""
    return _installed(tuple(sys.path)) | _GAMES


@cache
def _installed(path: tuple[str, ...]) -> dict[str, str]:
    """The games the distributions on ``path`` (``sys.path``) add, read once per path."""
    return {point.name: point.value for point in entry_points(group=ENTRY_POINTS)}


def available_games() -> list[str]:
    """The games this installation has."""
    return sorted(name for name, module in _games().items() if _has_module(module))


def _has_module(module: str) -> bool:
    if module in sys.modules:  # imported already: no need to look for it on the path
        return True
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def game_plugin(name: str) -> GamePlugin:
    """The plug-in of the game called ``name``; an unknown game is an OptionError."""
    module = _games().get(name)
    if module is None or not _has_module(module):
        raise OptionError(f"unknown game {name!r}; games: {', '.join(available_games())}")
    plugin: GamePlugin = importlib.import_module(module).PLUGIN
    return plugin


def load_game(name: str, engine: str | None = None, **options: Any) -> AnyRules:
    """The rules of a game with the given options; unknown games and options are errors.
    ``engine`` is ``native`` (the Rust crate) or ``python`` (the readable reference); unless
    told, ``DEFAULT_ENGINE`` (``$KOLODA_ENGINE``, else native when ``koloda._native`` is
    built), or ``python`` for a game with no native engine.

    >>> rules = load_game("king", variant="order")
    >>> rules.info.num_seats, rules.info.deck.name
    (4, '32')
    """
    return game_plugin(name).make_rules(engine, **options)


def load_rules(name: str, options: Mapping[str, Any], engine: str | None = None) -> AnyRules:
    """The rules of a game from options that came from outside (a record, a request): as
    :func:`load_game`, but ``engine`` is the caller's choice and never one of the options.

    >>> load_rules("spades", {"engine": "native"})
    Traceback (most recent call last):
    ...
    koloda.core.errors.OptionError: spades: unknown option engine (the engine is not a rule option)
    """
    if "engine" in options:
        raise OptionError(f"{name}: unknown option engine (the engine is not a rule option)")
    return load_game(name, engine, **options)


def plugin_of(rules: AnyRules) -> GamePlugin:
    """The plug-in of the game ``rules`` belong to."""
    return game_plugin(rules.info.name)
