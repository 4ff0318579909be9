"""Tressette by the Russian 19th-century rules (docs/rules/tressette.md, T-1..T-19)."""

from koloda.core.plugin import GamePlugin, NativeTuning

PLUGIN = GamePlugin(
    name="tressette",
    rules="koloda.games.tressette.rules:make_rules",
    words="koloda.games.tressette",
    heuristic="koloda.games.tressette.heuristic:choose",
    search="koloda.games.tressette.search:SEARCH",
    native_rules="koloda.games.tressette.native:NativeTressetteRules",
    native_search=NativeTuning("koloda.games.tressette.view:hidden_cards"),
    display="koloda.games.tressette.display",
    web="koloda.games.tressette",
    help="koloda.games.tressette",
    vector="koloda.games.tressette.vector:batch",
    lobby="koloda.games.tressette.lobby:LOBBY",
    lesson="koloda.games.tressette.lesson",
)
