"""How a game looks in the terminal. Each game's plug-in names its display module
(``GamePlugin.display``, kept in the game's own package); a game without one is drawn by the
generic display (``koloda.cli.display.generic``) from its view and ``GameInfo``. The lines
every table shows (the top line, the trick, the tricks taken, the hand, whose turn it is and
the legal moves) are drawn by the display kit (``koloda.cli.display.kit``) for all of them.

A display module has ``describe(rules, view, words)`` (``words``: a ``Speaker`` for the seat
of the view, with the players' names) and, where the game has them:

- ``deal_breakdown(rules, line, words, tricks, left)``: how a deal's score came about;
- ``HELP_KEYS``: (slot, catalogue key) pairs, the lines the keys' help (F1) adds for the
  game (``HELP_SLOTS``: ``cards``, ``moves``);
- ``PROMPTS``: (action head, catalogue key) pairs, the prompt of a decision among actions
  of that head (``bid`` → "Your bid: …"), and ``CARD_PROMPTS`` the same for a decision
  that includes cards (``draw`` → "play a card or draw");
- ``REFUSALS``: (pattern, catalogue key) pairs, the engine's reasons for refusing a move and
  the words that say them to the player;
- ``CONFIRM``: actions (in notation) asked again before they are made;
- ``PICKS``: action heads of decisions of several cards at once, chosen with the card
  picker (``tui.pick_<head>`` says what is picked);
- ``HEADER_FLAGS``: (view JSON key, catalogue key) pairs, said on the table's top line when
  the view's value is true;
- ``SIDE_COUNTS``: (view JSON key, catalogue key, shown when zero) triples, a side's
  counts the scoreboard shows beside its total (points toward a game, bags);
- ``SCOREBOARD_NOTE``: the catalogue key of what the scoreboard's numbers mean.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from koloda.core.engine import AnyRules
from koloda.core.registry import plugin_of
from koloda.i18n import Speaker

GENERIC = "koloda.cli.display.generic"
"""The display of a game whose plug-in names none."""


def display_module(rules: AnyRules) -> ModuleType:
    """The game's display module (its plug-in's ``display``, else the generic one)."""
    return importlib.import_module(plugin_of(rules).display or GENERIC)


def game_name(rules: AnyRules, words: Speaker) -> str:
    """The game's name in the reader's language (``game.<name>``), or as the registry knows
    it where its words say none."""
    key = f"game.{rules.name}"
    return words.word(key) if _known(words, key) else rules.name


def game_help(rules: AnyRules, words: Speaker) -> str:
    """The game in one line (``help.<name>``), or nothing where its words say none."""
    key = f"help.{rules.name}"
    return words.word(key) if _known(words, key) else ""


def _known(words: Speaker, key: str) -> bool:
    return words.catalogue.get(key) is not None or words.english.get(key) is not None


def describe_view(rules: AnyRules, view: Any, words: Speaker) -> Any:
    """The table as the seat of ``view`` sees it, as a rich renderable."""
    return display_module(rules).describe(rules, view, words)


HELP_SLOTS = ("cards", "moves")
"""Where the keys' help (``tui.help``) takes a game's own lines: after what it says of the
cards (``cards``) and after taking a move back (``moves``)."""


def help_keys(rules: AnyRules) -> dict[str, str]:
    """The game's own lines of the keys' help by slot (``HELP_SLOTS``), as catalogue keys."""
    return dict(display_pairs(rules, "HELP_KEYS"))


def display_pairs(rules: AnyRules, name: str) -> tuple[tuple[str, str], ...]:
    """One of the display module's tables of pairs (``PROMPTS``, ``REFUSALS``, …), or none."""
    pairs: Sequence[tuple[str, str]] = getattr(display_module(rules), name, ())
    return tuple(pairs)


def display_names(rules: AnyRules, name: str) -> frozenset[str]:
    """One of the display module's sets of names (``CONFIRM``, ``PICKS``), or none."""
    return frozenset(getattr(display_module(rules), name, ()))


def display_key(rules: AnyRules, name: str) -> str | None:
    """One of the display module's catalogue keys (``SCOREBOARD_NOTE``), or None."""
    key: str | None = getattr(display_module(rules), name, None)
    return key
