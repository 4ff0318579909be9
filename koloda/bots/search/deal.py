"""What search needs of a deal: when it is over, and what it was worth to every seat.

Search stops at the end of the current deal (a sampled state deals the next one by itself)
and scores it from ``deal_scores()``, oriented so that higher is better and scaled to about
[-1, 1] so one exploration constant suits every game.
"""

from __future__ import annotations

from collections.abc import Callable

from koloda.core.engine import GameState, Rules

Rewards = tuple[float, ...]


def deal_finished(state: GameState, deal: int) -> bool:
    """True once the deal numbered ``deal`` is complete (or the game is over)."""
    return state.deal_index != deal or state.is_over


def seat_scores(rules: Rules, scores: tuple[int, ...]) -> tuple[float, ...]:
    """One deal's points per seat, higher is better (101's penalties count negative;
    partnership games give each seat its side's points)."""
    n = rules.num_seats
    if rules.name == "hundred_one":
        return tuple(-float(s) for s in scores)
    if len(scores) == 2 and n == 4:
        return (float(scores[0]), float(scores[1]), float(scores[0]), float(scores[1]))
    return tuple(float(s) for s in scores)


def _scale(rules: Rules) -> float:
    return {"king": 16.0, "hundred_one": 40.0, "spades": 150.0, "tressette": 8.0}.get(
        rules.name, 20.0
    )


def reward_function(rules: Rules) -> Callable[[GameState, int], Rewards]:
    """The search's reward of a finished deal per seat.

    King uses the seat's own points; 101 the seat's points against the mean of the others'
    (the game is won by having fewer penalty points than the others, and another player's
    penalty helps as much as being spared one's own); partnership games (Spades, Tressette)
    the difference between the two sides, so that each side plays zero-sum.
    """
    scale = _scale(rules)
    partnership = rules.name in ("spades", "tressette")

    def rewards(state: GameState, deal: int) -> Rewards:
        all_scores = state.deal_scores()
        if deal >= len(all_scores):
            return (0.0,) * rules.num_seats
        points = seat_scores(rules, all_scores[deal])
        if partnership:
            a = (points[0] - points[1]) / scale
            return (a, -a, a, -a)
        if rules.name == "king":  # a deal's points total 16, 24 or 96 (erelash)
            total = sum(abs(p) for p in points) or 1.0
            return tuple(2.0 * p / total for p in points)
        if rules.name == "hundred_one":  # what counts is having fewer points than the others
            n = len(points)
            total = sum(points)
            return tuple((p - (total - p) / (n - 1)) / scale for p in points)
        return tuple(p / scale for p in points)

    return rewards
