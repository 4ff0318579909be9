"""Beliefs: which of the deals consistent with a view are likely, given what the others did.

``rules.sample_state`` deals the unseen cards uniformly among the places they may be. But the
other players' choices say more than the rules do: a 101 player who sheds a 6 when he could
have followed with an ace probably holds no ace of that suit. A *belief model* weighs a
sampled deal by how likely the others' public actions were, had they held those cards, under
a model of how they play (Buro, Long, Furtak & Sturtevant 2009, "Improving state evaluation,
inference, and search in trick-based card games"); the search then uses deals drawn in
proportion to those weights.
"""

from __future__ import annotations

import math
import random
import time

from koloda.core.engine import Rules, S, V
from koloda.core.plugin import BeliefModel
from koloda.core.registry import plugin_of

__all__ = ["BeliefModel", "belief_model", "likely_deals", "resample", "weighted_samples"]

FEWEST_CANDIDATES = 16
"""Weighed even when the time for weighing is up."""
WEIGHING_SHARE = 0.4
"""At most this share of a search's time budget goes to weighing deals."""


def weighing_deadline(milliseconds: float | None) -> float:
    """The ``time.perf_counter()`` moment weighing must stop, for a search of that budget."""
    if milliseconds is None:
        return math.inf
    return time.perf_counter() + WEIGHING_SHARE * milliseconds / 1000.0


def weighted_samples(
    rules: Rules[S, V],
    view: V,
    model: BeliefModel[S, V],
    candidates: int,
    rng: random.Random,
    deadline: float = math.inf,
) -> list[tuple[S, float]]:
    """``candidates`` deals consistent with ``view``, each with its weight (fewer when the
    ``time.perf_counter()`` deadline passes first, but at least ``FEWEST_CANDIDATES``)."""
    prepared = model.prepare(view)
    out = []
    for k in range(candidates):
        if k >= FEWEST_CANDIDATES and k % 8 == 0 and time.perf_counter() > deadline:
            break
        sample = rules.sample_state(view, rng)
        out.append((sample, model.weight(prepared, sample, rng)))
    return out


def resample(pairs: list[tuple[S, float]], count: int, rng: random.Random) -> list[S]:
    """``count`` deals drawn in proportion to their weights (systematic resampling); when
    every weight is zero the deals are taken as they come."""
    if not pairs:
        return []
    total = sum(w for _, w in pairs)
    if total <= 0.0:
        return [pairs[i % len(pairs)][0] for i in range(count)]
    step = total / count
    point = rng.random() * step
    chosen: list[S] = []
    running = 0.0
    for state, w in pairs:
        running += w
        while point < running and len(chosen) < count:
            chosen.append(state)
            point += step
    while len(chosen) < count:  # rounding at the very end
        chosen.append(pairs[-1][0])
    return chosen


def likely_deals(
    rules: Rules[S, V],
    view: V,
    model: BeliefModel[S, V],
    candidates: int,
    count: int,
    rng: random.Random,
    deadline: float = math.inf,
) -> list[S]:
    """``count`` deals for a search: ``candidates`` sampled and weighed (until ``deadline``),
    then drawn in proportion to their weights (empty between deals: nothing is hidden)."""
    if not view.in_deal:
        return []
    pairs = weighted_samples(rules, view, model, candidates, rng, deadline)
    return resample(pairs, count, rng)


def belief_model(rules: Rules[S, V]) -> BeliefModel[S, V] | None:
    """The game's belief model, if its plug-in has one."""
    return plugin_of(rules).belief_model(rules)
