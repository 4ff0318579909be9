"""PIMC for 101 in native code: the search of ``pimc.py`` (``hard`` in 101) with the deals
weighed, the rollouts played and the values averaged in Rust.

The search knows only what the view shows, through two things the game derives from it:
deals from ``rules.sample_state(view, rng)`` on the native rules of the same options
(``candidates`` of them), and the view's knowledge of the unseen cards, ``hidden_cards``,
from which ``dealt`` more deals are dealt natively. ``pimc_hundred_one`` weighs them all by
the belief model (the others' play under the heuristic with ``epsilon`` any legal move),
draws the deals it searches in proportion to the weights, reshuffles each one's stock and
values every legal action by a heuristic rollout to the end of the deal, the same deal for
every action. With a count budget the choice is a function of the view and the
generator's state.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from koloda._native import HundredOneCore, ismcts_hundred_one, pimc_hundred_one
from koloda.core.engine import Action, AnyRules
from koloda.core.errors import OptionError
from koloda.games.hundred_one.native import NativeHundredOneRules
from koloda.games.hundred_one.rules import HundredOneRules
from koloda.games.hundred_one.view import HundredOneView, hidden_cards


def native_rules_of(rules: AnyRules, search: str) -> NativeHundredOneRules:
    """The native rules of 101's options for a native search; other games are refused."""
    if not isinstance(rules, HundredOneRules):
        raise OptionError(f"the {search} plays hundred_one only, not {rules.info.name}")
    if isinstance(rules, NativeHundredOneRules):
        return rules
    return NativeHundredOneRules(rules.options)


def real_state(native: NativeHundredOneRules, truth: object) -> HundredOneCore:
    """The real state (the cheater's) as the native search takes it."""
    if isinstance(truth, HundredOneCore):
        return truth.clone()
    return native.from_python(truth)  # type: ignore[arg-type]


def sampled_deals(
    native: NativeHundredOneRules,
    view: HundredOneView,
    rng: random.Random,
    count: int,
    milliseconds: float | None,
) -> tuple[list[HundredOneCore], float | None]:
    """``count`` deals sampled from the view by the game, and what is left of the time
    budget after sampling them."""
    start = time.perf_counter()
    deals: list[HundredOneCore] = [native.sample_state(view, rng) for _ in range(count)]
    if milliseconds is not None:
        milliseconds = max(milliseconds - (time.perf_counter() - start) * 1000.0, 0.0)
    return deals, milliseconds


class NativeHundredOneSearch:
    """What 101's native searches share: a move is the legal action ranked first by the
    search's values of the view (``values``, ``ranking``); a forced move is not searched.
    Both search deals sampled from the view and dealt from its knowledge, weighed alike."""

    native: NativeHundredOneRules
    milliseconds: float | None
    candidates: int
    dealt: int
    epsilon: float | None

    def deal_arguments(self, view: HundredOneView, rng: random.Random) -> dict[str, Any]:
        """The deals of a search of ``view`` as the bindings take them: ``candidates``
        sampled by the game, ``dealt`` more to deal natively from the view's knowledge, the
        belief model's ``epsilon``, the time left and the search's seed."""
        deals, milliseconds = sampled_deals(
            self.native, view, rng, self.candidates, self.milliseconds
        )
        return {
            "states": deals,
            "milliseconds": milliseconds,
            "seed": rng.getrandbits(64),
            "epsilon": self.epsilon,
            "deals": self.candidates + self.dealt,
            "hidden": knowledge(self.native, view) if self.dealt else None,
            "dealt": self.dealt,
        }

    def values(
        self, view: HundredOneView, rng: random.Random, truth: object = None
    ) -> dict[Action, float]:
        raise NotImplementedError

    def ranking(self, values: dict[Action, float]) -> Callable[[Action], Any]:
        """The key that orders the actions, best last: by default their values."""
        return values.__getitem__

    def choose(self, view: HundredOneView, rng: random.Random) -> Action:
        legal: tuple[Action, ...] = tuple(view.legal_actions)
        if not legal:
            raise ValueError(f"seat {view.seat} has no decision to make")
        if len(legal) == 1:
            return legal[0]
        return max(legal, key=self.ranking(self.values(view, rng)))


class NativeHundredOnePIMC(NativeHundredOneSearch):
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
        self.native = native_rules_of(rules, "native PIMC")
        if samples is None and milliseconds is None:
            raise OptionError("the native PIMC needs a budget: samples or milliseconds")
        if lookahead_rollouts < 1:
            raise OptionError("the look ahead needs at least one playout an action")
        if (samples is not None and samples < 1) or candidates < 1:
            raise OptionError("the native PIMC needs at least one deal a move")
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
        more deals against looking ahead on the sampled stock's order; these matches were
        played while the PIMC still valued going out at 0)."""
        self.lookahead_rollouts = lookahead_rollouts
        self.last_samples = 0
        self.last_effective = 0.0
        self.last_candidates = 0

    def values(
        self, view: HundredOneView, rng: random.Random, truth: object = None
    ) -> dict[Action, float]:
        """Each legal action's mean reward for the seat over the deals searched; given the
        ``truth`` (the real state: the cheater's ceiling, never a player's bot) every deal
        is the real one with its stock reshuffled."""
        if truth is not None:
            found = pimc_hundred_one(
                [real_state(self.native, truth)],
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
            self.last_samples = found["samples"]
            return dict(found["values"])
        found = pimc_hundred_one(
            **self.deal_arguments(view, rng),
            samples=self.samples,
            lookahead=self.lookahead,
            lookahead_rollouts=self.lookahead_rollouts,
        )
        self.last_samples = found["samples"]
        self.last_effective = found["effective"]
        self.last_candidates = found["candidates"]
        return dict(found["values"])


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


class NativeHundredOneISMCTS(NativeHundredOneSearch):
    """ISMCTS for 101 in Rust over the seat's own decisions (``ismcts_hundred_one``): on the
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
        lookahead: int = 0,
    ) -> None:
        self.native = native_rules_of(rules, "native ISMCTS")
        if iterations is None and milliseconds is None:
            raise OptionError("the native ISMCTS needs a budget: iterations or milliseconds")
        if (iterations is not None and iterations < 1) or candidates < 1:
            raise OptionError("the native ISMCTS needs at least one iteration a move")
        self.rules = rules
        self.name = name
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.candidates = candidates
        self.dealt = dealt
        self.epsilon: float | None = epsilon
        if lookahead < 0:
            raise OptionError("the look ahead takes 0 or more playouts an action")
        self.exploration = exploration
        self.lookahead = lookahead
        """Past the tree the seat looks one action ahead with so many playouts an action,
        as the PIMC's playouts do (0, the default: the heuristic; one playout lost
        −0.61 [−1.68, 0.46] a deal to none over 300 deals at 30,000 iterations)."""
        self.last_visits: dict[Action, int] = {}
        self.last_iterations = 0
        self.last_nodes = 0

    def ranking(self, values: dict[Action, float]) -> Callable[[Action], Any]:
        """The action tried most at the root (its mean breaks a tie)."""
        visits = self.last_visits
        return lambda action: (visits[action], values[action])

    def values(
        self, view: HundredOneView, rng: random.Random, truth: object = None
    ) -> dict[Action, float]:
        """Each legal action's mean reward for the seat at the root of the tree; given the
        ``truth`` (the real state: the cheater's ceiling, never a player's bot) every walk
        is on the real hands with the stock reshuffled."""
        if truth is not None:
            found = ismcts_hundred_one(
                [real_state(self.native, truth)],
                iterations=self.iterations,
                milliseconds=self.milliseconds,
                seed=rng.getrandbits(64),
                deals=1,
                exploration=self.exploration,
                lookahead=self.lookahead,
            )
        else:
            found = ismcts_hundred_one(
                **self.deal_arguments(view, rng),
                iterations=self.iterations,
                exploration=self.exploration,
                lookahead=self.lookahead,
            )
        self.last_iterations = found["iterations"]
        self.last_nodes = found["nodes"]
        self.last_visits = {action: visits for action, _, visits in found["values"]}
        return {action: mean for action, mean, _ in found["values"]}
