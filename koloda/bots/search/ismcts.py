"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

One tree over the searching seat's information set: every iteration takes a determinization
(a full state from ``rules.sample_state``), descends the tree choosing only among the
actions legal in that determinization (UCB with availability counts), expands one node,
rolls out to the end of the current deal and backs up each mover's reward. Where the game
has a belief model (101), the determinizations are drawn by how well they explain the
others' play (``beliefs``).
"""

from __future__ import annotations

import math
import random
import time
from typing import Generic

from koloda.bots.base import legal_choices
from koloda.bots.search.beliefs import (
    BeliefModel,
    belief_model,
    likely_deals,
    weighing_deadline,
)
from koloda.bots.search.deal import deal_finished, reward_function
from koloda.bots.search.rollouts import RolloutPolicy
from koloda.core.engine import Action, Rules, S, V


class Node:
    """A node of the tree: reached by ``mover`` playing the edge's action."""

    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class ISMCTSBot(Generic[S, V]):
    """SO-ISMCTS with a budget in simulations or milliseconds (whichever is given)."""

    def __init__(
        self,
        rules: Rules[S, V],
        simulations: int | None = 1000,
        milliseconds: float | None = None,
        exploration: float = 0.7,
        rollout: RolloutPolicy[S] | None = None,
        pool: int = 48,
        inference: bool = True,
        candidates: int = 300,
        name: str = "ismcts",
    ) -> None:
        if simulations is None and milliseconds is None:
            raise ValueError("ISMCTS needs a budget: simulations or milliseconds")
        self.rules = rules
        self.name = name
        self.simulations = simulations
        self.milliseconds = milliseconds
        self.exploration = exploration
        self.rollout = rollout
        self.pool = pool
        self.rewards = reward_function(rules)
        self.beliefs: BeliefModel[S, V] | None = belief_model(rules) if inference else None
        self.candidates = candidates
        self.last_iterations = 0

    def choose(self, view: V, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        root = self.search(view, rng)
        best = max(legal, key=lambda a: root.children[a].visits if a in root.children else -1)
        return best

    def search(self, view: V, rng: random.Random) -> Node:
        """Run the budget from ``view`` and return the root of the tree."""
        rules = self.rules
        deal = view.deal
        limit = self.simulations if self.simulations is not None else 1 << 40
        deadline = (
            time.perf_counter() + self.milliseconds / 1000.0
            if self.milliseconds is not None
            else math.inf
        )
        root = Node(-1)
        pool_size = self.pool
        beliefs = self.beliefs
        pool: list[S] = (
            [
                beliefs.vary(s, rng)
                for s in likely_deals(
                    rules,
                    view,
                    beliefs,
                    candidates=self.candidates,
                    count=pool_size,
                    rng=rng,
                    deadline=weighing_deadline(self.milliseconds),
                )
            ]
            if beliefs is not None
            else []
        )
        c = self.exploration
        rollout = self.rollout
        rewards = self.rewards
        log = math.log
        sqrt = math.sqrt
        iteration = 0
        while iteration < limit:
            if iteration & 7 == 0 and time.perf_counter() >= deadline and iteration:
                break
            if len(pool) < pool_size:
                sample = rules.sample_state(view, rng)
                pool.append(sample)
                state = sample.clone()
            else:
                state = pool[iteration % pool_size].clone()
            iteration += 1
            node = root
            path = [root]
            # Selection and expansion.
            while not deal_finished(state, deal):
                legal = state.legal_actions()
                mover = state.to_act
                assert mover is not None
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    action = untried[rng.randrange(len(untried))]
                    child = Node(mover)
                    children[action] = child
                    for a in legal:
                        other = children.get(a)
                        if other is not None:
                            other.available += 1
                    state.apply_unchecked(action)
                    path.append(child)
                    break
                best_score = -math.inf
                action = legal[0]
                for a in legal:
                    other = children[a]
                    other.available += 1
                    score = other.total / other.visits + c * sqrt(
                        log(other.available) / other.visits
                    )
                    if score > best_score:
                        best_score = score
                        action = a
                node = children[action]
                state.apply_unchecked(action)
                path.append(node)
            # Rollout to the end of the deal (the hot loop: no helper calls).
            if rollout is not None:
                while not deal_finished(state, deal):
                    state.apply_unchecked(rollout(state, rng))
            else:
                uniform = rng.random
                while state.deal_index == deal and not state.is_over:
                    legal = state.legal_actions()
                    state.apply_unchecked(legal[int(uniform() * len(legal))])
            values = rewards(state, deal)
            for visited in path:
                visited.visits += 1
                if visited.mover >= 0:
                    visited.total += values[visited.mover]
        self.last_iterations = iteration
        return root
