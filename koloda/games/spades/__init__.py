"""Spades (Спейдс): partnership bidding with nil, double nil and the partner exchange."""

from koloda.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="spades",
    rules="koloda.games.spades.rules:make_rules",
    words="koloda.games.spades",
    heuristic="koloda.games.spades.heuristic:choose",
    search="koloda.games.spades.search:SEARCH",
    native_rules="koloda.games.spades.native:NativeSpadesRules",
    native_search="koloda.games.spades.native:search_parts",
    display="koloda.games.spades.display",
    web="koloda.games.spades",
    help="koloda.games.spades",
    vector="koloda.games.spades.vector:batch",
    unrated=("bid:nil", "bid:double_nil"),  # a sampled deal shows the nil bidder's cards
    lobby="koloda.games.spades.lobby:LOBBY",
    lesson="koloda.games.spades.lesson",
)
