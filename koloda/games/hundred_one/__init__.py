"""101 (Сто одно): the Russian shedding game of docs/rules/hundred_one.md."""

from koloda.core.plugin import GamePlugin

PLUGIN = GamePlugin(
    name="hundred_one",
    rules="koloda.games.hundred_one.rules:make_rules",
    words="koloda.games.hundred_one",
    heuristic="koloda.games.hundred_one.heuristic:choose",
    beliefs="koloda.games.hundred_one.beliefs:HundredOneBeliefs",
    seats_option="players",  # H-1: records may give the number of players by their names
    native_rules="koloda.games.hundred_one.native:NativeHundredOneRules",
    native_pimc="koloda.games.hundred_one.native_search:NativeHundredOnePIMC",
    native_ismcts="koloda.games.hundred_one.native_search:NativeHundredOneISMCTS",
    display="koloda.games.hundred_one.display",
    web="koloda.games.hundred_one",
    help="koloda.games.hundred_one",
    vector="koloda.games.hundred_one.vector:batch",
    lobby="koloda.games.hundred_one.lobby:LOBBY",
    lesson="koloda.games.hundred_one.lesson",
)
