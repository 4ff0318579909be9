"""Spades (Спейдс): partnership bidding with nil, double nil and the partner exchange."""

from koloda.core.plugin import GamePlugin, NativeTuning

PLUGIN = GamePlugin(
    name="spades",
    rules="koloda.games.spades.rules:make_rules",
    words="koloda.games.spades",
    heuristic="koloda.games.spades.heuristic:choose",
    search="koloda.games.spades.search:SEARCH",
    native_rules="koloda.games.spades.native:NativeSpadesRules",
    # the playouts look one card ahead at the seat's side's turns: +4.6 [-0.9, 10.0] a deal
    # over 300 deals against the same search without (p 0.049); two deep gained +1.3 more
    # over 150 deals (p 0.35) at ten times the cost. The deals are drawn by how well they
    # explain the bids (beliefs): +9.1 [2.5, 15.8] over 300 deals against the same search
    # without (pimc-native:300, p 0.0037); also by the cards played, it lost
    native_search=NativeTuning(
        "koloda.games.spades.view:hidden_cards", lookahead=True, beliefs=True
    ),
    display="koloda.games.spades.display",
    web="koloda.games.spades",
    help="koloda.games.spades",
    vector="koloda.games.spades.vector:batch",
    unrated=("bid:nil", "bid:double_nil"),  # a sampled deal shows the nil bidder's cards
    lobby="koloda.games.spades.lobby:LOBBY",
    lesson="koloda.games.spades.lesson",
)
