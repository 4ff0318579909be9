"""King (Кинг): 7 negative deals, 8 positive ones, and the order and three-player variants."""

from koloda.core.plugin import GamePlugin, NativeTuning

PLUGIN = GamePlugin(
    name="king",
    rules="koloda.games.king.rules:make_rules",
    words="koloda.games.king",
    heuristic="koloda.games.king.heuristic:choose",
    search="koloda.games.king.search:SEARCH",
    native_rules="koloda.games.king.native:NativeKingRules",
    # every seat plays for itself there (max-n, no pruning): solved from 12 cards, 3 tricks;
    # the playouts look one card ahead (measured stronger against hard-python in King)
    native_search=NativeTuning(
        "koloda.games.king.view:hidden_cards", exact_cards=12, lookahead=True
    ),
    display="koloda.games.king.display",
    web="koloda.games.king",
    help="koloda.games.king",
    vector="koloda.games.king.vector:batch",
    lobby="koloda.games.king.lobby:LOBBY",
    lesson="koloda.games.king.lesson",
)
