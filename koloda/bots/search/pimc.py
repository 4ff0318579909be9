"""Perfect-information Monte Carlo: sample full deals consistent with the view, solve each.

For every sampled deal each legal action is valued; the action with the best mean wins.
In the trick games, once few cards remain (``exact_cards``), a deal is solved exactly by
alpha-beta over the remaining tricks — the searching side against the others (paranoid for
King's players each for himself) — with a transposition table keyed by the hands, the trick
in progress and the tricks taken. Earlier in the deal, or in 101, an action is valued by
rollouts to the end of the deal — by default the game's heuristic on each mover's view, the
same sampled deal for every action (common random numbers), which makes PIMC a one-step
policy improvement over the heuristic.

What the exact search needs of a trick game (the cards left, a transposition key, how many
cards are few enough) is the game's ``SearchSupport``; a game without one (101) is valued by
rollouts only. Where the game has a belief model (101: ``beliefs``), the deals are not taken
uniformly: a batch of ``candidates`` is weighed by how well each explains the others' play
and the deals searched are drawn in proportion to those weights (each with its stock
reshuffled).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from typing import Generic

from koloda.bots.base import legal_choices
from koloda.bots.search.beliefs import (
    BeliefModel,
    belief_model,
    likely_deals,
    weighing_deadline,
)
from koloda.bots.search.deal import deal_finished, reward_function
from koloda.bots.search.rollouts import RolloutPolicy, heuristic_rollout
from koloda.core.engine import Action, Rules, S, V
from koloda.core.plugin import SearchSupport
from koloda.core.registry import plugin_of


class PIMCBot(Generic[S, V]):
    def __init__(
        self,
        rules: Rules[S, V],
        samples: int | None = 20,
        milliseconds: float | None = None,
        exact_cards: int = 12,
        rollouts: int = 1,
        rollout: str = "heuristic",
        inference: bool = True,
        candidates: int = 300,
        name: str = "pimc",
        in_points: bool = False,
    ) -> None:
        if samples is None and milliseconds is None:
            raise ValueError("PIMC needs a budget: samples or milliseconds")
        self.rules = rules
        self.name = name
        self.samples = samples
        self.milliseconds = milliseconds
        self.info = rules.info
        self.support: SearchSupport[S] | None = plugin_of(rules).search_support()
        self.exact_cards = (
            min(exact_cards, self.support.exact_cards) if self.support is not None else -1
        )
        self.rollouts = rollouts
        self.policy: RolloutPolicy[S] | None = (
            heuristic_rollout(rules, epsilon=0.0) if rollout == "heuristic" else None
        )
        self.rewards = reward_function(rules, in_points)
        self.beliefs: BeliefModel[S, V] | None = belief_model(rules) if inference else None
        self.candidates = candidates
        self.nodes = 0
        self.last_samples = 0

    def choose(self, view: V, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        values = self.values(view, rng)
        return max(legal, key=lambda a: values[a])

    def values(self, view: V, rng: random.Random, truth: S | None = None) -> dict[Action, float]:
        """Each legal action's mean value over the sampled deals: the seat's reward of the
        deal (``in_points``: in the game's points), the same deals for every action. Given
        the ``truth`` (the real state: the cheater's ceiling, never a player's bot), every
        sample is the real deal and only the rollouts vary."""
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        seat = view.seat
        deal = view.deal
        limit = self.samples if self.samples is not None else 1 << 30
        deadline = (
            time.perf_counter() + self.milliseconds / 1000.0
            if self.milliseconds is not None
            else math.inf
        )
        totals = dict.fromkeys(legal, 0.0)
        done = 0
        likely = (
            likely_deals(
                self.rules,
                view,
                self.beliefs,
                candidates=self.candidates,
                count=min(limit, self.candidates),
                rng=rng,
                deadline=weighing_deadline(self.milliseconds),
            )
            if self.beliefs is not None and truth is None
            else []
        )
        while done < limit and (done == 0 or time.perf_counter() < deadline):
            if truth is not None:
                state = truth.clone()
            elif likely:
                state = likely[done % len(likely)]
            else:
                state = self.rules.sample_state(view, rng)
            if likely and self.beliefs is not None:
                state = self.beliefs.vary(state, rng)  # duplicates differ in the stock
            exact = 0 <= self._cards_left(state) <= self.exact_cards
            table: dict[Hashable, float] = {}
            for action in legal:
                child = state.clone()
                child.apply_unchecked(action)
                if exact:
                    value = self._alphabeta(child, seat, deal, -math.inf, math.inf, table)
                else:
                    value = self._rollouts(child, seat, deal, rng)
                totals[action] += value
            done += 1
        self.last_samples = done
        return {action: total / max(done, 1) for action, total in totals.items()}

    def _cards_left(self, state: S) -> int:
        """Cards left in hands while cards are played, or -1 (no exact search then)."""
        return -1 if self.support is None else self.support.cards_in_play(state)

    def _rollouts(self, state: S, seat: int, deal: int, rng: random.Random) -> float:
        total = 0.0
        policy = self.policy
        for _ in range(self.rollouts):
            s = state.clone()
            while not deal_finished(s, deal):
                if policy is not None:
                    s.apply_unchecked(policy(s, rng))
                else:
                    legal = s.legal_actions()
                    s.apply_unchecked(legal[rng.randrange(len(legal))])
            total += self.rewards(s, deal)[seat]
        return total / self.rollouts

    def _alphabeta(
        self,
        state: S,
        seat: int,
        deal: int,
        alpha: float,
        beta: float,
        table: dict[Hashable, float],
    ) -> float:
        self.nodes += 1
        if deal_finished(state, deal):
            return self.rewards(state, deal)[seat]
        assert self.support is not None  # an exact search only where the game supports it
        key = self.support.position_key(state)
        cached = table.get(key)
        if cached is not None:
            return cached
        mover = state.to_act
        assert mover is not None
        maximizing = self.info.same_side(seat, mover)
        best = -math.inf if maximizing else math.inf
        low, high = alpha, beta
        for action in state.legal_actions():
            child = state.clone()
            child.apply_unchecked(action)
            value = self._alphabeta(child, seat, deal, low, high, table)
            if maximizing:
                if value > best:
                    best = value
                low = max(low, best)
            else:
                if value < best:
                    best = value
                high = min(high, best)
            if low >= high:
                return best  # a bound only: not stored
        if alpha < best < beta:
            table[key] = best  # inside the window: the exact value
        return best
