"""Playing one game through both engines at once and comparing them decision by decision.

``Lockstep`` drives a Python-engine state and a native-engine state with the same deals
(the same seeded ``Shuffler``) and the same random decisions, and after every decision
compares the legal actions, the whole state as both engines keep it (``fingerprint``), the
deal scores, the outcome, the events of a checked ``apply``, and — after every decision of
the games it is asked to watch — each seat's view and its JSON. Now and then it also tries
an illegal action on both (the same error), clones both and goes on with the clones, and
samples a full state from a view with the same draws.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from plain_data import as_tuples

from koloda import IllegalActionError, load_game
from koloda.core.engine import AnyRules, AnyState
from koloda.games.hundred_one.native import position as hundred_one_position
from koloda.games.king.native import position as king_position
from koloda.games.spades.native import position as spades_position
from koloda.games.tressette.native import position as tressette_position

Fingerprint = Callable[[Any], tuple[Any, ...]]


POSITIONS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "hundred_one": hundred_one_position,
    "spades": spades_position,
    "king": king_position,
    "tressette": tressette_position,
}
"""Each game's reading of a Python-engine state's whole position, as the native engine gives
its own (``_position``)."""


def fingerprint(game: str) -> Fingerprint:
    """A state's whole position as its engine reads it: the native state's ``_position()``,
    the game's ``position(state)`` of a Python state."""
    position = POSITIONS[game]

    def read(state: Any) -> tuple[Any, ...]:
        native = hasattr(state, "_position")
        return (state.is_over, state._position() if native else as_tuples(position(state)))

    return read


class Mismatch(AssertionError):
    """The engines disagree; the message says where."""


@dataclass
class Tally:
    decisions: int = 0
    games: int = 0
    view_checks: int = 0
    illegal_checks: int = 0
    clones: int = 0
    samples: int = 0
    events: int = 0
    deals: int = 0
    options: list[dict[str, Any]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.decisions += other.decisions
        self.games += other.games
        self.view_checks += other.view_checks
        self.illegal_checks += other.illegal_checks
        self.clones += other.clones
        self.samples += other.samples
        self.events += other.events
        self.deals += other.deals


def _error_of(state: AnyState, action: int) -> str | None:
    try:
        state.apply(action)
    except IllegalActionError as error:
        return str(error)
    return None


class Lockstep:
    """One game on both engines (``game`` with ``options``), dealt from ``seed``."""

    def __init__(self, game: str, options: dict[str, Any], seed: int) -> None:
        self.game = game
        self.options = options
        self.python: AnyRules = load_game(game, **options)
        self.native: AnyRules = load_game(game, engine="native", **options)
        self.fingerprint = fingerprint(game)
        self.rng = random.Random(f"{game}/{seed}")
        first_dealer = seed % self.python.num_seats
        self.a: AnyState = self.python.new_state(seed=seed, first_dealer=first_dealer)
        self.b: AnyState = self.native.new_state(seed=seed, first_dealer=first_dealer)
        self.where = f"{game} {options} seed {seed}"
        self.deals = -1

    def fail(self, step: int, what: str, left: Any, right: Any) -> None:
        raise Mismatch(
            f"{self.where}, decision {step}: {what}\n python: {left!r}\n native: {right!r}"
        )

    def compare_views(self, step: int, tally: Tally) -> None:
        for seat in range(self.python.num_seats):
            left, right = self.a.view(seat), self.b.view(seat)
            if left != right:
                self.fail(step, f"view of seat {seat}", left, right)
            if left.to_json() != right.to_json():
                self.fail(step, f"view JSON of seat {seat}", left.to_json(), right.to_json())
        tally.view_checks += 1

    def compare(self, step: int) -> None:
        a, b = self.a, self.b
        if self.fingerprint(a) != self.fingerprint(b):
            self.fail(step, "state", self.fingerprint(a), self.fingerprint(b))
        if a.outcome() != b.outcome():
            self.fail(step, "outcome", a.outcome(), b.outcome())
        if a.deal_index != self.deals:  # a deal was scored: its scores and the sheet
            self.deals = a.deal_index
            if a.deal_scores() != b.deal_scores():
                self.fail(step, "deal scores", a.deal_scores(), b.deal_scores())
        if (a.is_over, a.awaiting_deal, a.deal_index, a.next_dealer) != (
            b.is_over,
            b.awaiting_deal,
            b.deal_index,
            b.next_dealer,
        ):
            self.fail(step, "progress", a, b)

    def play(self, tally: Tally, watched: int, max_decisions: int) -> None:
        """Plays the game to its end (or ``max_decisions``) in lockstep, comparing every
        seat's view after each of the first ``watched`` decisions too."""
        rng = self.rng
        step = 0
        self.compare(step)
        if watched > 0:
            self.compare_views(step, tally)
        while not self.a.is_over and step < max_decisions:
            a, b = self.a, self.b
            legal = a.legal_actions()
            other = b.legal_actions()
            if legal != other or tuple(legal) != tuple(other):
                self.fail(step, "legal actions", tuple(legal), tuple(other))
            if rng.random() < 0.01:
                self.try_illegal(step, tally)
            if rng.random() < 0.01:
                self.a, self.b = a.clone(), b.clone()
                a, b = self.a, self.b
                tally.clones += 1
            if rng.random() < 0.003:
                self.try_sample(step, tally)
            action = legal[rng.randrange(len(legal))]
            deals = len(a.deal_scores())
            if rng.random() < 0.4:
                left, right = a.apply(action), b.apply(action)
                if left != right:
                    self.fail(step, f"events of {self.python.format_action(action)}", left, right)
                tally.events += len(left)
            else:
                a.apply_unchecked(action)
                b.apply_unchecked(action)
            step += 1
            tally.decisions += 1
            tally.deals += len(a.deal_scores()) - deals
            self.compare(step)
            if step <= watched:
                self.compare_views(step, tally)
        if self.a.is_over:
            logs_a, logs_b = self.a.deal_logs(), self.b.deal_logs()
            if logs_a != logs_b:
                self.fail(step, "deal logs", logs_a, logs_b)
        tally.games += 1

    def try_illegal(self, step: int, tally: Tally) -> None:
        """An action that is not legal: both engines refuse it with the same message and
        change nothing."""
        legal = set(self.a.legal_actions()) if self.a.to_act is not None else set()
        cards = [c for c in range(64) if c & 15 < 13]
        candidates = [*cards, *range(64, 80), 1 << 18, (1 << 18) + 1, 1 << 19]
        illegal = [c for c in candidates if c not in legal]
        action = self.rng.choice(illegal)
        before = self.fingerprint(self.b)
        left, right = _error_of(self.a, action), _error_of(self.b, action)
        if left != right or left is None:
            self.fail(step, f"error for illegal action {action}", left, right)
        if self.fingerprint(self.b) != before:
            self.fail(step, "state after an illegal action", before, self.fingerprint(self.b))
        tally.illegal_checks += 1

    def try_sample(self, step: int, tally: Tally) -> None:
        """A full state sampled from a seat's view with the same draws is the same deal."""
        seat = self.rng.randrange(self.python.num_seats)
        view = self.b.view(seat)
        seed = self.rng.random()
        left = self.python.sample_state(self.a.view(seat), random.Random(seed))
        right = self.native.sample_state(view, random.Random(seed))
        if self.fingerprint(left) != self.fingerprint(right):
            self.fail(step, f"state sampled for seat {seat}", left, right)
        if tuple(left.legal_actions()) != tuple(right.legal_actions()):
            self.fail(step, "legal actions of a sample", left, right)
        tally.samples += 1


def run(
    game: str,
    options: dict[str, Any],
    decisions: int,
    seed: int,
    watched: int = 300,
) -> Tally:
    """Plays games of ``game`` with ``options`` on both engines until ``decisions`` have been
    compared; the first ``watched`` decisions compare every seat's view (and its JSON)
    after every decision too."""
    tally = Tally(options=[options])
    index = 0
    while tally.decisions < decisions:
        lockstep = Lockstep(game, options, seed * 1_000 + index)
        lockstep.play(tally, watched - tally.decisions, decisions - tally.decisions)
        index += 1
    return tally
