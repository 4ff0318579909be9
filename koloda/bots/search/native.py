"""What the native searches (``native_ismcts``, ``native_pimc``) take from a seat's view.

A search may know only what the view shows, and it gets it through two things the game
itself derives from the view:

- a position that agrees with the view, ``rules.sample_state(view, rng)`` on the native
  engine (the public state, the seat's own hand, the others' hands as one random guess that
  serves only as the fallback deal);
- the seat's knowledge of the cards it has not seen, the game's ``hidden_cards(rules,
  view)``: how many each other seat holds, the cards a seat is known to hold, the cards it
  cannot hold, a suit it must hold.
"""

from __future__ import annotations

import random
from typing import Any

from koloda.core.engine import AnyRules
from koloda.core.errors import OptionError
from koloda.core.plugin import NativeSearch
from koloda.core.registry import available_games, game_plugin, plugin_of
from koloda.core.sampling import HiddenCards

Place = tuple[int, int, int, int]
"""One seat's hidden cards for the Rust search: ``(size, excluded, held, at_least_one)``."""


def native_games() -> list[str]:
    """The games whose card play the native searches play."""
    return [game for game in available_games() if game_plugin(game).native_search is not None]


def search_parts(rules: AnyRules, bot: str) -> NativeSearch:
    """The game's native search parts, or an ``OptionError`` naming the games that have them."""
    parts = plugin_of(rules).native_search_parts(rules)
    if parts is None:
        raise OptionError(f"{bot} plays {', '.join(native_games())} only, not {rules.info.name}")
    return parts


def knowledge(hidden: HiddenCards, plays: Any) -> tuple[int, list[Place]]:
    """The unseen cards and one place per seat for the native search: ``held`` the known
    cards not yet played, ``at_least_one`` a set the dealt cards must meet (0 when the known
    cards already do).

    An at-most set (``Place.at_most``: Tressette's undeclared combinations) that the known
    cards already fill excludes the rest of it; one that the seat could exceed only with
    several unseen cards is not passed on (the native dealer knows no such bound), so the
    deals may break it: the search then weighs some hands the public information rules
    out, and never uses more than the view shows."""
    played = 0
    for _, card in plays:
        played |= 1 << card
    places = []
    for place in hidden.places:
        if len(place.at_least_one) > 1:
            raise ValueError("the native search takes at most one at-least-one set a seat")
        must = 0
        if place.at_least_one and not place.known & place.at_least_one[0]:
            must = place.at_least_one[0] & hidden.unseen
        excluded = place.excluded
        for cards, most in place.at_most:
            if (place.known & cards).bit_count() >= most:
                excluded |= cards  # full: none more of the set
        places.append((place.size, excluded & hidden.unseen, place.known & ~played, must))
    return hidden.unseen, places


def position(parts: NativeSearch, view: Any, rng: random.Random) -> tuple[Any, int, list[Place]]:
    """A native position that agrees with ``view``, the unseen cards and the places."""
    root = parts.rules.sample_state(view, rng)
    unseen, places = knowledge(parts.hidden_cards(parts.rules, view), view.plays)
    return root, unseen, places
