"""Ratings fitted from pair matches, shared by the bot ladder (``koloda ladder``) and the
arena (``koloda arena``).

Every two bots play a duplicate match (``koloda.bots.tournament.duplicate_match``: each deal
played again with the seats rotated, so the cards' luck cancels) of the same seeded deals
(``play_pairs``). Each duplicate deal is one head-to-head result between the two: the
better mean score per seat wins, equal means tie (``PairResult.record``). The ratings are
fitted by the club's own OpenSkill update (``ratings.rate_teams``), starting from a new
player's rating and taking the pairs' deals in turn (the first deal of every pair, then the
second, …); then every rating is moved by the same amount so that the anchor, the first
bot named, has a new player's μ and shows 1500 (``fit``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple

from koloda.bots.tournament import MatchResult, duplicate_match
from koloda.club.ratings import MU, Rating, ranks_of, rate_teams
from koloda.core.engine import AnyRules

INTERVAL_SIGMAS = 2.0
"""The interval shown around a fitted rating: this many σ either side (about 95%)."""


class PairResult(NamedTuple):
    """One pair's duplicate match: the two bots and their scores deal by deal (each bot's
    mean score per seat, higher is better)."""

    first: str
    second: str
    first_scores: Sequence[float]
    second_scores: Sequence[float]

    def record(self) -> tuple[int, int, int]:
        """The first bot's deals won, tied and lost against the second."""
        pairs = list(zip(self.first_scores, self.second_scores, strict=True))
        won = sum(1 for a, b in pairs if a > b)
        tied = sum(1 for a, b in pairs if a == b)
        return won, tied, len(pairs) - won - tied


def play_pairs(
    rules: AnyRules,
    names: Sequence[str],
    deals: int,
    seed: str = "0",
    on_deal: Callable[[str, str, int], None] | None = None,
    ray: str | None = None,
) -> list[PairResult]:
    """Every two of ``names`` (in the order named) play ``deals`` duplicate deals of the
    seed ``seed``, here or on a Ray cluster (``ray``: its address, or ``"local"``).
    ``on_deal(first, second, index)`` is told of every duplicate deal played."""
    results: list[PairResult] = []
    for first, second in combinations(names, 2):

        def told(index: int, _: MatchResult, pair: tuple[str, str] = (first, second)) -> None:
            if on_deal is not None:
                on_deal(pair[0], pair[1], index)

        match = duplicate_match(rules, [first, second], deals, seed=seed, on_deal=told, ray=ray)
        results.append(PairResult(first, second, match.per_deal[first], match.per_deal[second]))
    return results


def fit(
    names: Sequence[str], outcomes: Sequence[tuple[str, str, Sequence[float], Sequence[float]]]
) -> dict[str, Rating]:
    """The bots' ratings from each pair's per-deal scores (``first``, ``second``, their
    scores deal by deal; a ``PairResult`` is one): one head-to-head update per deal, the
    pairs' deals in turn, then all moved so that the first bot's μ is a new player's."""
    ratings = {name: Rating() for name in names}
    longest = max((len(first) for _, _, first, _ in outcomes), default=0)
    for index in range(longest):
        for a, b, first, second in outcomes:
            if index >= len(first):
                continue
            ranks = ranks_of([first[index], second[index]])
            (new_a,), (new_b,) = rate_teams([[ratings[a]], [ratings[b]]], ranks)
            ratings[a], ratings[b] = new_a, new_b
    shift = MU - ratings[names[0]].mu
    return {name: Rating(r.mu + shift, r.sigma) for name, r in ratings.items()}


def standings(ratings: dict[str, Rating]) -> list[tuple[str, Rating]]:
    """The bots strongest first (by μ; equal μ in the order named)."""
    return sorted(ratings.items(), key=lambda row: -row[1].mu)


def interval(rating: Rating) -> tuple[int, int]:
    """The displayed rating's interval: ``INTERVAL_SIGMAS`` σ either side, in display
    points."""
    half = INTERVAL_SIGMAS * rating.sigma
    low, high = Rating(rating.mu - half, rating.sigma), Rating(rating.mu + half, rating.sigma)
    return low.display(), high.display()
