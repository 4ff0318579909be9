"""King (Кинг): 7 negative deals, 8 positive ones, and the order and three-player variants."""

from koloda.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="king",
    rules="koloda.games.king.rules:make_rules",
    words="koloda.games.king",
    heuristic="koloda.games.king.heuristic:choose",
    search="koloda.games.king.search:SEARCH",
    native_rules="koloda.games.king.native:NativeKingRules",
    native_search="koloda.games.king.native:search_parts",
    display="koloda.games.king.display",
    web="koloda.games.king",
    help="koloda.games.king",
    vector="koloda.games.king.vector:batch",
    lobby="koloda.games.king.lobby:LOBBY",
    lesson="koloda.games.king.lesson",
)
