"""What search needs of a deal: when it is over, and what it was worth to every seat.

Search stops at the end of the current deal (a sampled state deals the next one by itself)
and scores it from ``deal_scores()`` as the game's ``info`` says (``GameInfo.rewards``:
oriented so that higher is better and scaled to about [-1, 1], so one exploration constant
suits every game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from koloda.core.engine import GameState, Rules, S, V

Rewards = tuple[float, ...]


def deal_finished(state: GameState[Any], deal: int) -> bool:
    """True once the deal numbered ``deal`` is complete (or the game is over)."""
    return state.deal_index != deal or state.is_over


def reward_function(rules: Rules[S, V], in_points: bool = False) -> Callable[[S, int], Rewards]:
    """The search's reward of a finished deal per seat (0 for a deal not finished): scaled to
    about [-1, 1], or ``in_points`` in the game's points (``GameInfo.reward_points``)."""
    info = rules.info
    unfinished = (0.0,) * info.num_seats
    convert = info.reward_points if in_points else info.rewards

    def rewards(state: S, deal: int) -> Rewards:
        all_scores = state.deal_scores()
        if deal >= len(all_scores):
            return unfinished
        return convert(all_scores[deal])

    return rewards
