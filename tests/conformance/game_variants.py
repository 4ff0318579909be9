"""Every registered game and each of its variants, read from the registry and each game's
options dataclass, never from a list of names: a game's defaults, then each option changed
alone to every other value its type allows (a ``Literal``'s values, a flag's other value, and
every number of seats the game accepts for its ``seats_option``). The test games (Duel) are
included, registered while their options are read."""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_origin

from plugin_games import TEST_GAMES, registered

from koloda.core.engine import AnyRules
from koloda.core.errors import OptionError
from koloda.core.registry import available_games, game_plugin, load_game

SEAT_COUNTS = range(2, 9)
"""The numbers of seats tried for a game whose number of seats is an option."""


@dataclass(frozen=True)
class Variant:
    """A registered game with options, as ``load_game`` takes them."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.game + "".join(f"-{k}={v}" for k, v in self.options.items())

    def rules(self) -> AnyRules:
        return load_game(self.game, **self.options)


def _alternatives(name: str, value: Any, hint: Any, seats_option: str | None) -> list[Any]:
    """The values other than ``value`` the option ``name`` may take, where there are few."""
    if get_origin(hint) is Literal:
        return [v for v in get_args(hint) if v != value]
    if hint is bool:
        return [not value]
    if name == seats_option:
        return [n for n in SEAT_COUNTS if n != value]
    return []


def _accepted(game: str, options: dict[str, Any]) -> bool:
    try:
        load_game(game, **options)
    except OptionError:
        return False
    return True


def variants_of(game: str) -> list[Variant]:
    """The game on its defaults and with each option changed alone (those the game accepts)."""
    options = getattr(load_game(game), "options", None)
    found = [Variant(game)]
    if options is None or not dataclasses.is_dataclass(options):
        return found
    hints = typing.get_type_hints(type(options))
    seats_option = game_plugin(game).seats_option
    for option in dataclasses.fields(options):
        value = getattr(options, option.name)
        for other in _alternatives(option.name, value, hints[option.name], seats_option):
            if _accepted(game, {option.name: other}):
                found.append(Variant(game, {option.name: other}))
    return found


def registered_variants() -> list[Variant]:
    """Every variant of every game the registry has, then of each test game."""
    found = [v for game in available_games() for v in variants_of(game)]
    for game in TEST_GAMES:
        with registered(game):
            found += variants_of(game)
    return found


VARIANTS = registered_variants()
