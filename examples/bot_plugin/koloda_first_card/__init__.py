"""An example of a bot from outside Koloda: ``first-card`` plays the lowest-coded legal
action (the first card of its hand it may play, else the first decision).

Its distribution declares the entry point (``pyproject.toml``)::

    [project.entry-points."koloda.bots"]
    first-card = "koloda_first_card:make"

and once it is installed (or its folder, with the ``.dist-info`` beside it, is on
``PYTHONPATH``), ``koloda tournament king --bots first-card,random``, the card room's lobby
and ``make_bot("first-card", rules)`` know it. Without installing it:
``koloda tournament king --bot koloda_first_card:make --bots make,random``.
"""

from __future__ import annotations

import random
from typing import Any

from koloda.bots.base import legal_choices
from koloda.core.engine import Action, AnyRules


class FirstCard:
    """The bot: the smallest legal action code, whatever the game."""

    name = "first-card"

    def choose(self, view: Any, rng: random.Random) -> Action:
        return min(legal_choices(view))


def make(rules: AnyRules) -> FirstCard:
    """The factory the entry point names: one bot for a game's rules (any game)."""
    return FirstCard()
