"""Duel: a toy fifth game, two players and eight cards, that lives outside the package.

It shows what adding a game takes: its own package with a ``PLUGIN``, and one registry line
(the tests add it at run time). Nothing else in Koloda knows it.
"""

from koloda.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="duel",
    rules="duel.rules:make_rules",
    words="duel",
    help="duel",
    heuristic="duel.heuristic:choose",
    search="duel.search:SEARCH",
)
