"""Dealing a view's unseen cards consistently with what is known (for ``sample_state``).

A game describes what a view knows of its hidden cards as data, a ``HiddenCards``: the unseen
cards and the places they lie in (the other hands, a stock, face-down discards), each place
with how many of them it gets, the cards it cannot hold (voids shown, cards it would have had
to play, cards known to lie elsewhere), the cards it is known to hold, sets it holds at least
one card of and sets it holds at most so many cards of. ``deal_hidden`` deals the unseen cards
to the places under all of it, and the game builds its state from the deal.

``revealed_by_play`` reads, through a game's own legality test, which cards a play shows its
player did not hold.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from koloda.core.cards import Card, CardSet, cards_in

R = TypeVar("R")
V = TypeVar("V")
T = TypeVar("T")

_CACHE_LIMIT = 512


class InconsistentViewError(ValueError):
    """No deal of the unseen cards agrees with the view."""


@dataclass(frozen=True, slots=True)
class Place:
    """Somewhere unseen cards lie: a hand, a stock, a face-down discard."""

    size: int
    """How many of the unseen cards it gets."""
    excluded: CardSet = 0
    """Cards it cannot be dealt."""
    known: CardSet = 0
    """Cards it holds for sure, besides the unseen ones dealt to it (they are not unseen, but
    they count towards ``at_least_one`` and ``at_most``)."""
    at_least_one: tuple[CardSet, ...] = ()
    """Sets it holds at least one card of."""
    at_most: tuple[tuple[CardSet, int], ...] = ()
    """``(set, most)``: it holds at most ``most`` cards of ``set``."""


@dataclass(frozen=True, slots=True)
class HiddenCards:
    """Everything a view knows of where its unseen cards are."""

    unseen: CardSet
    places: tuple[Place, ...]

    def is_satisfied_by(self, deal: Sequence[CardSet]) -> bool:
        """Whether ``deal`` (the unseen cards dealt to each place) honours every constraint."""
        if len(deal) != len(self.places):
            return False
        dealt = 0
        for cards, place in zip(deal, self.places, strict=True):
            if cards & dealt or cards & ~self.unseen or cards.bit_count() != place.size:
                return False
            dealt |= cards
            if cards & place.excluded:
                return False
            held = cards | place.known
            if not all(held & mask for mask in place.at_least_one):
                return False
            if any((held & mask).bit_count() > most for mask, most in place.at_most):
                return False
        return dealt == self.unseen


def deal_hidden(hidden: HiddenCards, rng: random.Random, tries: int = 16) -> tuple[CardSet, ...]:
    """The unseen cards dealt to the places (one set per place, in order), honouring every
    constraint; ``InconsistentViewError`` when no such deal exists.

    A few random deals come first: the most constrained cards one by one, each to a place
    that may take it chosen in proportion to its room, then the cards every place may take
    shuffled into the room left (without constraints this is a uniform random deal). When
    they keep failing, an exhaustive search finds a deal or proves there is none.
    """
    problem = _problem_of(hidden)
    for _ in range(tries):
        deal = problem.random_deal(rng)
        if deal is not None:
            return deal
    deal = problem.search(rng)
    if deal is None:
        raise InconsistentViewError("no deal of the unseen cards agrees with the view")
    return deal


def per_view(build: Callable[[R, V], T]) -> Callable[[R, V], T]:
    """``build(rules, view)`` remembered for the last few (rules, view) objects.

    A search samples the same view hundreds of times a move; views are immutable, so what a
    game reads from one (its ``HiddenCards``) is read once. Objects are matched by identity:
    an equal but distinct view is simply read again.
    """
    cache: dict[tuple[int, int], tuple[R, V, T]] = {}

    @functools.wraps(build)
    def cached(rules: R, view: V) -> T:
        key = (id(rules), id(view))
        hit = cache.get(key)
        if hit is not None and hit[0] is rules and hit[1] is view:
            return hit[2]
        result = build(rules, view)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[key] = (rules, view, result)  # holding them keeps their ids from being reused
        return result

    return cached


_PROBLEMS: dict[int, tuple[HiddenCards, _Problem]] = {}


def _problem_of(hidden: HiddenCards) -> _Problem:
    hit = _PROBLEMS.get(id(hidden))
    if hit is not None and hit[0] is hidden:
        return hit[1]
    problem = _Problem(hidden)
    if len(_PROBLEMS) >= _CACHE_LIMIT:
        _PROBLEMS.clear()
    _PROBLEMS[id(hidden)] = (hidden, problem)
    return problem


class _Problem:
    """``HiddenCards`` reduced to what the dealing loops need."""

    __slots__ = (
        "allowed",
        "caps",
        "free",
        "groups",
        "places",
        "sets",
        "sizes",
        "unseen",
    )

    def __init__(self, hidden: HiddenCards) -> None:
        unseen = hidden.unseen
        places = hidden.places
        sizes = [place.size for place in places]
        total = sum(sizes)
        if total != unseen.bit_count():
            raise InconsistentViewError(f"{unseen.bit_count()} unseen cards for {total} places")
        known = 0
        allowed: list[CardSet] = []
        sets: list[tuple[CardSet, ...]] = []
        caps: list[list[tuple[CardSet, int]]] = []
        for index, place in enumerate(places):
            if place.known & (unseen | known) or place.size < 0:
                raise InconsistentViewError(f"place {index}: its known cards are placed twice")
            known |= place.known
            may = unseen & ~place.excluded if place.size else 0
            if may.bit_count() < place.size:
                raise InconsistentViewError(
                    f"place {index} needs {place.size} cards but may take {may.bit_count()}"
                )
            allowed.append(may)
            wanted = []
            for mask in place.at_least_one:
                if mask & place.known:
                    continue
                if not mask & may:
                    raise InconsistentViewError(f"place {index} cannot hold a card it must hold")
                wanted.append(mask & may)
            sets.append(tuple(wanted))
            binding = []
            for mask, most in place.at_most:
                left = most - (mask & place.known).bit_count()
                if left < 0:
                    raise InconsistentViewError(f"place {index} already holds too many cards")
                if left < min(place.size, (mask & may).bit_count()):
                    binding.append((mask & may, left))
            caps.append(binding)
        self.unseen = unseen
        self.sizes = sizes
        self.allowed = allowed
        self.sets = sets
        self.caps = caps
        self.places = len(places)
        live = [p for p, size in enumerate(sizes) if size]
        capped = 0
        for p in live:
            for mask, _ in caps[p]:
                capped |= mask
        classes = (
            [(unseen, 0)] if unseen else []
        )  # cards by the places that may take them (a bit per place)
        for p in live:
            may = allowed[p]
            split = []
            for mask, where in classes:
                if mask & may:
                    split.append((mask & may, where | 1 << p))
                if mask & ~may:
                    split.append((mask & ~may, where))
            classes = split
        everywhere = sum(1 << p for p in live)
        free = 0
        groups: list[tuple[tuple[int, ...], tuple[Card, ...]]] = []
        for mask, where in classes:
            if not where:
                raise InconsistentViewError("an unseen card fits in no place")
            if where == everywhere:
                free |= mask & ~capped
                mask &= capped
                if not mask:
                    continue
            groups.append((tuple(p for p in live if where >> p & 1), cards_in(mask)))
        self.free = free
        """The cards every place may take without a cap counting them."""
        self.groups = groups
        """The other cards, by the places that may take them."""

    # ----- random deals ------------------------------------------------------------------

    def random_deal(self, rng: random.Random) -> tuple[CardSet, ...] | None:
        room = self.sizes[:]
        dealt = [0] * self.places
        groups = self.groups[:]
        if len(groups) > 1:
            rng.shuffle(groups)
            groups.sort(key=_place_count)  # the most constrained cards first
        capped = any(self.caps)
        random_number = rng.random
        if capped:
            left = [[most for _, most in caps] for caps in self.caps]
            all_caps = self.caps
            for where, cards in groups:
                order = list(cards)
                rng.shuffle(order)
                for card in order:
                    total = 0
                    choices = []
                    for p in where:
                        r = room[p]
                        if r and _fits(all_caps[p], left[p], card):
                            choices.append(p)
                            total += r
                    if not total:
                        return None
                    pick = int(random_number() * total)
                    for p in choices:
                        pick -= room[p]
                        if pick < 0:
                            break
                    room[p] -= 1
                    dealt[p] |= 1 << card
                    _take(all_caps[p], left[p], card)
        else:
            # Places drawn in proportion to their room, card after card, give every card of
            # a group a uniformly random slot among the group's places: no shuffle needed.
            for where, cards in groups:
                for card in cards:
                    total = 0
                    for p in where:
                        total += room[p]
                    if not total:
                        return None
                    pick = int(random_number() * total)
                    for p in where:
                        pick -= room[p]
                        if pick < 0:
                            break
                    room[p] -= 1
                    dealt[p] |= 1 << card
        free = list(cards_in(self.free))
        rng.shuffle(free)
        start = 0
        for p, r in enumerate(room):
            if r:
                mask = 0
                for card in free[start : start + r]:
                    mask |= 1 << card
                dealt[p] |= mask
                start += r
        for p, wanted in enumerate(self.sets):
            for mask in wanted:
                if not dealt[p] & mask:
                    return None
        return tuple(dealt)

    # ----- exhaustive search -------------------------------------------------------------

    def search(self, rng: random.Random) -> tuple[CardSet, ...] | None:
        """Depth first: a card for every unmet ``at_least_one`` set, then a place for every
        card a cap still counts; the rest is a matching of cards to room. Each node is pruned
        when the cards left cannot fill the room left even without sets and caps."""
        dealt = [0] * self.places
        left = [[most for _, most in caps] for caps in self.caps]
        found = self._solve(dealt, self.sizes[:], self.unseen, left, rng)
        return None if found is None else tuple(found)

    def _allowed_now(self, left: list[list[int]]) -> list[CardSet]:
        allowed = self.allowed[:]
        for p, caps in enumerate(self.caps):
            for (mask, _), most in zip(caps, left[p], strict=True):
                if not most:
                    allowed[p] &= ~mask
        return allowed

    def _solve(
        self,
        dealt: list[CardSet],
        room: list[int],
        pool: CardSet,
        left: list[list[int]],
        rng: random.Random,
    ) -> list[CardSet] | None:
        allowed = self._allowed_now(left)
        matched = _match(pool, allowed, room, rng)
        if matched is None:
            return None
        for p, wanted in enumerate(self.sets):
            for mask in wanted:
                if dealt[p] & mask:
                    continue
                if not room[p]:
                    return None
                options = list(cards_in(mask & pool & allowed[p]))
                rng.shuffle(options)
                for card in options:
                    found = self._place(card, p, dealt, room, pool, left, rng)
                    if found is not None:
                        return found
                return None
        best: list[int] | None = None
        best_card = -1
        for p, caps in enumerate(self.caps):
            if not room[p]:
                continue
            for (mask, _), most in zip(caps, left[p], strict=True):
                counted = mask & pool & allowed[p]
                if most and most < min(room[p], counted.bit_count()):
                    for card in cards_in(counted):
                        where = [
                            q for q in range(self.places) if room[q] and allowed[q] >> card & 1
                        ]
                        if best is None or len(where) < len(best):
                            best, best_card = where, card
        if best is None:
            return [d | m for d, m in zip(dealt, matched, strict=True)]
        rng.shuffle(best)
        for p in best:
            found = self._place(best_card, p, dealt, room, pool, left, rng)
            if found is not None:
                return found
        return None

    def _place(
        self,
        card: Card,
        p: int,
        dealt: list[CardSet],
        room: list[int],
        pool: CardSet,
        left: list[list[int]],
        rng: random.Random,
    ) -> list[CardSet] | None:
        dealt[p] |= 1 << card
        room[p] -= 1
        _take(self.caps[p], left[p], card)
        found = self._solve(dealt, room, pool & ~(1 << card), left, rng)
        dealt[p] &= ~(1 << card)
        room[p] += 1
        _take(self.caps[p], left[p], card, 1)
        return found


def _place_count(group: tuple[tuple[int, ...], tuple[Card, ...]]) -> int:
    return len(group[0])


def _fits(caps: list[tuple[CardSet, int]], left: list[int], card: Card) -> bool:
    for (mask, _), most in zip(caps, left, strict=True):
        if not most and mask >> card & 1:
            return False
    return True


def _take(caps: list[tuple[CardSet, int]], left: list[int], card: Card, change: int = -1) -> None:
    for i, (mask, _) in enumerate(caps):
        if mask >> card & 1:
            left[i] += change


def _match(
    pool: CardSet, allowed: list[CardSet], room: list[int], rng: random.Random
) -> list[CardSet] | None:
    """The cards of ``pool`` put in places with room, each where ``allowed``, filling every
    place's room exactly; None when impossible (augmenting paths, Kuhn's algorithm)."""
    places = len(room)
    free = room[:]
    held: list[list[Card]] = [[] for _ in range(places)]
    order = list(range(places))
    rng.shuffle(order)
    cards = list(cards_in(pool))
    rng.shuffle(cards)
    options = {card: [p for p in order if free[p] and allowed[p] >> card & 1] for card in cards}

    def augment(card: Card, visited: list[bool]) -> bool:
        for p in options[card]:
            if visited[p]:
                continue
            visited[p] = True
            if free[p]:
                free[p] -= 1
                held[p].append(card)
                return True
            for i, other in enumerate(held[p]):
                if augment(other, visited):
                    held[p][i] = card
                    return True
        return False

    for card in cards:
        if not options[card]:
            return None
        direct = next((p for p in options[card] if free[p]), -1)
        if direct >= 0:
            free[direct] -= 1
            held[direct].append(card)
        elif not augment(card, [False] * places):
            return None
    out = []
    for cards_held in held:
        mask = 0
        for card in cards_held:
            mask |= 1 << card
        out.append(mask)
    return out


def revealed_by_play(is_legal_with: Callable[[CardSet], bool], candidates: CardSet) -> CardSet:
    """The cards of ``candidates`` that a player cannot have held when he made a play.

    ``is_legal_with(extra)`` asks the game's own rules whether the play was legal had the
    player also held ``extra``. Trick-game duties ("follow suit", "trump when void", "play
    K♥ at the first chance", "no heart lead while holding another suit") are all of the form
    "holding any card of X forbids this play", so a set of extra cards forbids the play
    exactly when one of its cards alone does; the witnesses are found by halving the
    candidates (a few legality tests per play, not one per card).
    """
    if not candidates or is_legal_with(candidates):
        return 0
    cards = cards_in(candidates)
    found = 0
    stack = [cards]
    while stack:
        group = stack.pop()
        if len(group) == 1:
            found |= 1 << group[0]
            continue
        half = len(group) // 2
        for part in (group[:half], group[half:]):
            mask = 0
            for card in part:
                mask |= 1 << card
            if not is_legal_with(mask):
                stack.append(part)
    return found
