"""Duel's heuristic: win the trick as cheaply as possible, else throw the lowest card."""

from __future__ import annotations

import random

from duel.rules import DuelRules, DuelView
from koloda.core.engine import Action


def choose(rules: DuelRules, view: DuelView, rng: random.Random) -> Action:
    legal = view.legal_actions
    if view.trick:
        led = view.trick[0]
        winners = [c for c in legal if c >> 4 == led >> 4 and c > led]
        return min(winners) if winners else min(legal)
    return max(legal)
