"""What a game shows in the lobby beyond its options dataclass: its presets and the shapes of
its options. A game's package declares one ``Lobby`` (its plug-in names it as ``lobby``); the
card room's catalogue (``koloda.server.catalog``) reads it, and the words for people are the
game's own catalogue entries (``lobby.preset.<id>``, ``lobby.option.<game>.<option>``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Preset:
    """A table the lobby offers in one click: the options that differ from the defaults.
    Its name and one-line description are the words ``lobby.preset.<id>`` and
    ``lobby.preset.<id>.help``."""

    id: str
    options: Mapping[str, Any] = field(default_factory=dict)
    rated: bool = False
    """Games at this preset's table count for the players' ratings (``koloda.club``), each
    preset a rating of its own: a game's standard table, and a variant rated apart."""


@dataclass(frozen=True, slots=True)
class OptionShape:
    """How the lobby shows an option beyond its type."""

    shown_when: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    """The option applies only when these options have one of these values (none: always)."""
    values: tuple[int, ...] = ()
    """The numbers a select offers for a number (none: the option is no number)."""
    unit: str = ""
    """The numbers' unit: the word ``lobby.unit.<unit>``, with plurals."""
    words: str = ""
    """The catalogue prefix naming the items of an ordered list."""


@dataclass(frozen=True, slots=True)
class Lobby:
    """A game in the lobby: its presets, most played first, and its options' shapes."""

    presets: tuple[Preset, ...]
    shapes: Mapping[str, OptionShape] = field(default_factory=dict)
    rank: int = 100
    """Where the game's presets stand among the games' (lower first; then by name): the
    games most played come first."""


def default_lobby(game: str) -> Lobby:
    """The lobby of a game that declares none: one preset, the game on its defaults, named
    as the game."""
    return Lobby(presets=(Preset(game),))
