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
from typing import Any, NamedTuple

from koloda.core.engine import AnyRules
from koloda.core.errors import OptionError
from koloda.core.plugin import NativeSearch
from koloda.core.registry import available_games, game_plugin, plugin_of
from koloda.core.sampling import HiddenCards

Place = tuple[int, int, int, int]
"""One seat's hidden cards for the Rust search: ``(size, excluded, held, at_least_one)``."""
Limit = tuple[int, int, int]
"""At most so many cards of a set in a seat's hand: ``(seat, set, most)``."""


class Position(NamedTuple):
    """What a native search starts from."""

    root: Any
    """A native state that agrees with the view."""
    unseen: int
    places: list[Place]
    limits: list[Limit]


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
    cards already fill excludes the rest of it; the others are ``limits``."""
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


def limits(hidden: HiddenCards, plays: Any) -> list[Limit]:
    """The at-most sets (``Place.at_most``) the native dealer checks on every deal, as
    ``(seat, set, most)`` over the cards a seat holds now: the cards of the set it has
    played already are taken off ``most``. A set the known cards fill is an exclusion in
    ``knowledge`` and not repeated here."""
    played = 0
    for _, card in plays:
        played |= 1 << card
    out = []
    for seat, place in enumerate(hidden.places):
        for cards, most in place.at_most:
            if (place.known & cards).bit_count() >= most:
                continue
            out.append((seat, cards, most - (place.known & played & cards).bit_count()))
    return out


def position(parts: NativeSearch, view: Any, rng: random.Random) -> Position:
    """A native position that agrees with ``view``, the unseen cards, the places and the
    limits."""
    root = parts.rules.sample_state(view, rng)
    hidden = parts.hidden_cards(parts.rules, view)
    unseen, places = knowledge(hidden, view.plays)
    return Position(root, unseen, places, limits(hidden, view.plays))
