"""PIMC for 101 in native code: the search of ``pimc.py`` (``hard`` in 101) with the deals
weighed, the rollouts played and the values averaged in Rust.

The search knows only what the view shows, through two things the game derives from it:
deals from ``rules.sample_state(view, rng)`` on the native rules of the same options
(``candidates`` of them), and the view's knowledge of the unseen cards, ``hidden_cards``,
from which ``dealt`` more deals are dealt natively. ``hundred_one_pimc`` weighs them all by
the belief model (the others' play under the heuristic with ``epsilon`` any legal move),
draws the deals it searches in proportion to the weights, reshuffles each one's stock and
values every legal action by a heuristic rollout to the end of the deal, the same deal for
every action. With a count budget the choice is a function of the view and the
generator's state.
"""

from __future__ import annotations

import random
import time

from koloda._native import HundredOneCore, hundred_one_ismcts, hundred_one_pimc
from koloda.core.engine import Action, AnyRules
from koloda.core.errors import OptionError
from koloda.games.hundred_one.native import NativeHundredOneRules
from koloda.games.hundred_one.rules import HundredOneRules
from koloda.games.hundred_one.view import HundredOneView, hidden_cards


class NativeHundredOnePIMC:
    """PIMC for 101 in Rust over weighed deals, with a budget in deals (``samples``) or in
    milliseconds a move."""

    def __init__(
        self,
        rules: AnyRules,
        samples: int | None = 20000,
        milliseconds: float | None = None,
        candidates: int = 100,
        dealt: int = 5000,
        inference: bool = True,
        epsilon: float = 0.1,
        name: str = "pimc-native-101",
        lookahead: bool = True,
        lookahead_rollouts: int = 1,
    ) -> None:
        if not isinstance(rules, HundredOneRules):
            raise OptionError(f"the native PIMC plays hundred_one only, not {rules.info.name}")
        if samples is None and milliseconds is None:
            raise OptionError("the native PIMC needs a budget: samples or milliseconds")
        if lookahead_rollouts < 1:
            raise OptionError("the look ahead needs at least one playout an action")
        if (samples is not None and samples < 1) or candidates < 1:
            raise OptionError("the native PIMC needs at least one deal a move")
        self.native = (
            rules
            if isinstance(rules, NativeHundredOneRules)
            else NativeHundredOneRules(rules.options)
        )
        self.rules = rules
        self.name = name
        self.samples = samples
        self.milliseconds = milliseconds
        self.candidates = candidates
        self.dealt = dealt
        self.epsilon: float | None = epsilon if inference else None
        self.lookahead = lookahead
        """In the rollouts the seat looks one action ahead at each of its decisions, on the
        deal with its stock shuffled again (on by default: against the heuristic it gained
        +3.83 [1.70, 5.96] a deal over 200 deals, +0.72 [−1.24, 2.68] without, on the same
        deals; shuffling the stock for the look ahead gained +1.51 [0.15, 2.87] over 400
        more deals against looking ahead on the sampled stock's order)."""
        self.lookahead_rollouts = lookahead_rollouts
        self.last_samples = 0
        self.last_effective = 0.0
        self.last_candidates = 0

    def choose(self, view: HundredOneView, rng: random.Random) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        if len(legal) == 1:
            return legal[0]
        values = self.values(view, rng)
        return max(legal, key=lambda a: values[a])

    def values(
        self, view: HundredOneView, rng: random.Random, truth: object = None
    ) -> dict[Action, float]:
        """Each legal action's mean reward for the seat over the deals searched; given the
        ``truth`` (the real state: the cheater's ceiling, never a player's bot) every deal
        is the real one with its stock reshuffled."""
        if truth is not None:
            real = truth.clone() if isinstance(truth, HundredOneCore) else None
            if real is None:
                real = self.native.from_python(truth)  # type: ignore[arg-type]
            values, samples, _, _ = hundred_one_pimc(
                [real],
                samples=self.samples,
                milliseconds=self.milliseconds,
                seed=rng.getrandbits(64),
                epsilon=None,
                deals=1,
                hidden=None,
                dealt=0,
                lookahead=self.lookahead,
                lookahead_rollouts=self.lookahead_rollouts,
            )
            self.last_samples = samples
            return dict(values)
        start = time.perf_counter()
        deals: list[HundredOneCore] = [
            self.native.sample_state(view, rng) for _ in range(self.candidates)
        ]
        milliseconds = self.milliseconds
        if milliseconds is not None:
            spent = (time.perf_counter() - start) * 1000.0
            milliseconds = max(milliseconds - spent, 0.0)
        values, samples, effective, candidates = hundred_one_pimc(
            deals,
            samples=self.samples,
            milliseconds=milliseconds,
            seed=rng.getrandbits(64),
            epsilon=self.epsilon,
            deals=self.candidates + self.dealt,
            hidden=knowledge(self.native, view) if self.dealt else None,
            dealt=self.dealt,
            lookahead=self.lookahead,
            lookahead_rollouts=self.lookahead_rollouts,
        )
        self.last_samples = samples
        self.last_effective = effective
        self.last_candidates = candidates
        return dict(values)


def knowledge(
    rules: HundredOneRules, view: HundredOneView
) -> tuple[int, list[tuple[int, int, int]]]:
    """The unseen cards and one ``(seat, size, excluded)`` per place for the native dealing,
    from ``hidden_cards``: its places come seat by seat, as many cards as each hand holds
    (the viewer's own place holds none), then the stock (seat ``num_seats``)."""
    hidden = hidden_cards(rules, view)
    unseen = hidden.unseen
    *hands, stock = hidden.places
    places: list[tuple[int, int, int]] = []
    index = 0
    for seat in range(view.num_seats):
        if seat == view.seat:
            index += 1  # his own place: his hand, no unseen card
            continue
        held = 0
        while held < view.hand_sizes[seat] and index < len(hands):
            place = hands[index]
            places.append((seat, place.size, place.excluded & unseen))
            held += place.size
            index += 1
        if held != view.hand_sizes[seat]:
            raise ValueError(f"the hidden places do not add up to seat {seat}'s hand")
    places.append((view.num_seats, stock.size, stock.excluded & unseen))
    return unseen, places


class NativeHundredOneISMCTS:
    """ISMCTS for 101 in Rust over the seat's own decisions (``hundred_one_ismcts``): on the
    deals PIMC draws (weighed by the belief model), the seat's later decisions are taken on
    what it knows at them, not on the hidden hands of the deal; the others play the
    heuristic. A budget in iterations or in milliseconds a move."""

    def __init__(
        self,
        rules: AnyRules,
        iterations: int | None = 20000,
        milliseconds: float | None = None,
        candidates: int = 100,
        dealt: int = 5000,
        epsilon: float = 0.1,
        exploration: float = 0.7,
        name: str = "ismcts-native-101",
    ) -> None:
        if not isinstance(rules, HundredOneRules):
            raise OptionError(f"this search plays hundred_one only, not {rules.info.name}")
        if iterations is None and milliseconds is None:
            raise OptionError("the native ISMCTS needs a budget: iterations or milliseconds")
        if (iterations is not None and iterations < 1) or candidates < 1:
            raise OptionError("the native ISMCTS needs at least one iteration a move")
        self.native = (
            rules
            if isinstance(rules, NativeHundredOneRules)
            else NativeHundredOneRules(rules.options)
        )
        self.rules = rules
        self.name = name
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.candidates = candidates
        self.dealt = dealt
        self.epsilon = epsilon
        self.exploration = exploration
        self.last_visits: dict[Action, int] = {}
        self.last_iterations = 0
        self.last_nodes = 0

    def choose(self, view: HundredOneView, rng: random.Random) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        if len(legal) == 1:
            return legal[0]
        values = self.values(view, rng)
        visits = self.last_visits
        return max(legal, key=lambda a: (visits[a], values[a]))

    def values(
        self, view: HundredOneView, rng: random.Random, truth: object = None
    ) -> dict[Action, float]:
        """Each legal action's mean reward for the seat at the root of the tree; given the
        ``truth`` (the real state: the cheater's ceiling, never a player's bot) every walk
        is on the real hands with the stock reshuffled."""
        if truth is not None:
            real = truth.clone() if isinstance(truth, HundredOneCore) else None
            if real is None:
                real = self.native.from_python(truth)  # type: ignore[arg-type]
            values, iterations, _, _, nodes = hundred_one_ismcts(
                [real],
                iterations=self.iterations,
                milliseconds=self.milliseconds,
                seed=rng.getrandbits(64),
                deals=1,
                exploration=self.exploration,
            )
        else:
            start = time.perf_counter()
            deals: list[HundredOneCore] = [
                self.native.sample_state(view, rng) for _ in range(self.candidates)
            ]
            milliseconds = self.milliseconds
            if milliseconds is not None:
                spent = (time.perf_counter() - start) * 1000.0
                milliseconds = max(milliseconds - spent, 0.0)
            values, iterations, _, _, nodes = hundred_one_ismcts(
                deals,
                iterations=self.iterations,
                milliseconds=milliseconds,
                seed=rng.getrandbits(64),
                epsilon=self.epsilon,
                deals=self.candidates + self.dealt,
                hidden=knowledge(self.native, view) if self.dealt else None,
                dealt=self.dealt,
                exploration=self.exploration,
            )
        self.last_iterations = iterations
        self.last_nodes = nodes
        self.last_visits = {action: visits for action, _, visits in values}
        return {action: mean for action, mean, _ in values}
