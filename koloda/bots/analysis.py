"""Post-game analysis: what each decision of a seat cost, as the search values it.

A finished (or saved) game is replayed from its record; at every decision of the analysed
seat the search (PIMC on that seat's view only: the others' hands are sampled, never read)
values each legal action in the game's points of the deal — the own side's points less the
other side's in the partnership games, one's points less the others' mean in 101, one's own
points in King — and the decision's *loss* is the best value less the value of the action
taken. A forced move (one legal action) loses nothing and costs no search. The budget is a
count of sampled deals, so the same record, seed and budget give the same analysis on any
machine.

In the trick games every decision before the card play (bids, the exchange, contracts,
trumps) is valued by playouts in which each seat plays the game's heuristic on its own view:
no hand it could not see is read there. The playouts have one known bias: their defenders
never try to set a nil bid, so the heuristic's nils succeed nearly always in them (96 in
100, 72 among the ``hard`` bots) and a blind double nil looks better than looking at one's
cards. Spades' nil and double nil are therefore never offered as the better move (its
plug-in lists them as ``unrated``); when the player bid one, it is valued as any move is,
and the values overrate it: a nil said to have cost points cost at least about that much.

The exact search, which does read the sampled hands, starts once the seat holds three cards
or fewer (two in King of four), so it could fuse at most one later choice of the seat. Of the 29
card mistakes it found there in seeded Spades and Tressette games, the native ISMCTS played
the player's card in one.

A game with its own search over the seat's information sets (101's native ISMCTS, which
``hard`` plays) is valued by it instead: PIMC's playouts make the seat's later decisions by
the heuristic, and in 101 that misjudges the suit to name. Of 23 suits PIMC called mistakes
in eight seeded games, the ISMCTS named the same suit as the player 13 times. A sampled deal
of the budget is ``ITERATIONS_PER_SAMPLE`` of its iterations, and its rewards are turned
back into points by the game's scale.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from koloda.bots.search.pimc import PIMCBot
from koloda.core.engine import Action, AnyRules, AnyState
from koloda.core.info import DealReward
from koloda.core.plugin import native_engine_error
from koloda.core.registry import plugin_of
from koloda.records.record import Record

DEFAULT_SAMPLES = 24
"""Sampled deals per decision: enough for the costly mistakes to stand out."""

ITERATIONS_PER_SAMPLE = 1000
"""Iterations of a game's own ISMCTS for each sampled deal of the budget (24,000 a decision
by default: about 0.05 s of a core in 101, with ``hard``'s 5,100 weighed deals)."""

Values = Callable[[Any, random.Random], dict[Action, float]]
"""Each legal action's value in points from a view, with a generator."""


@dataclass(frozen=True)
class Decision:
    """One decision of the analysed seat, valued."""

    number: int
    """The decision's index among all the game's actions (from 0)."""
    deal: int
    """The deal's index (from 0)."""
    move: int
    """The action's index in its deal (from 0, as the record lists the deal's actions)."""
    seat: int
    chosen: Action
    values: dict[Action, float] = field(default_factory=dict)
    """Each legal action's value in points (empty for a forced move; an action of the
    plug-in's ``unrated`` only when taken)."""
    hand: tuple[Action, ...] = ()
    """The seat's hand before the decision (cards, as actions)."""
    view: Any = field(default=None, compare=False, repr=False)
    """The seat's view before the decision (the position, for people)."""

    @property
    def forced(self) -> bool:
        return not self.values

    @property
    def best(self) -> Action:
        if not self.values:
            return self.chosen
        return max(self.values, key=lambda a: self.values[a])

    @property
    def loss(self) -> float:
        """Points the chosen action gave away on average against the best one (≥ 0)."""
        if not self.values:
            return 0.0
        return max(0.0, self.values[self.best] - self.values[self.chosen])


def positions(
    rules: AnyRules, record: Record, seat: int
) -> Iterator[tuple[int, int, int, AnyState, Action]]:
    """Each decision of ``seat`` in the record: (action index in the game, deal, action
    index in the deal, the state before it, the action taken)."""
    state = rules.empty_state(record.first_dealer)
    number = 0
    for index, deal in enumerate(record.deals):
        state.start_deal(rules.setup_from_json(deal))
        for move, text in enumerate(deal.get("actions", [])):
            action = rules.parse_action(text)
            if state.to_act == seat:
                yield number, index, move, state.clone(), action
            state.apply(action)
            number += 1


def analyse(
    rules: AnyRules,
    record: Record,
    seat: int,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    deals: set[int] | None = None,
    progress: Callable[[int, int], Any] | None = None,
) -> list[Decision]:
    """Every decision of ``seat`` (in the ``deals`` given, by index; default all) valued by
    the search with ``samples`` sampled deals each (``valuer``); ``progress(done, total)``
    after each one."""
    if not 0 <= seat < rules.num_seats:
        raise ValueError(f"seat {seat} is not at this table of {rules.num_seats}")
    search = valuer(rules, samples)
    wanted = [p for p in positions(rules, record, seat) if deals is None or p[1] in deals]
    decisions: list[Decision] = []
    for done, (number, deal, move, state, chosen) in enumerate(wanted, start=1):
        view = state.view(seat)
        legal = tuple(view.legal_actions)
        hand = tuple(getattr(view, "hand", ()))
        values: dict[Action, float] = {}
        if len(legal) > 1:
            rng = random.Random(f"{seed}/{number}")  # a decision's own stream: repeatable
            values = rated(rules, search(view, rng), chosen)
        decisions.append(Decision(number, deal, move, seat, chosen, values, hand, view))
        if progress is not None:
            progress(done, len(wanted))
    return decisions


def valuer(rules: AnyRules, samples: int) -> Values:
    """How the analysis values a decision: the game's own ISMCTS where it has one, the
    native engine is built and its rewards are points to scale, else PIMC; either way in
    points."""
    own = None
    linear = rules.info.utility.reward is not DealReward.SHARE_OF_DEAL
    if linear and native_engine_error() is None:
        iterations = samples * ITERATIONS_PER_SAMPLE
        own = plugin_of(rules).native_ismcts_bot(rules, iterations, None, "analysis")
    if own is None:
        return PIMCBot(rules, samples=samples, in_points=True, name="analysis").values
    scale = rules.info.utility.scale
    values: Values = own.values

    def in_points(view: Any, rng: random.Random) -> dict[Action, float]:
        return {action: reward * scale for action, reward in values(view, rng).items()}

    return in_points


def rated(rules: AnyRules, values: dict[Action, float], chosen: Action) -> dict[Action, float]:
    """``values`` without the actions the search overrates (the game's plug-in lists them,
    ``unrated``, in notation), unless taken."""
    unrated = frozenset(plugin_of(rules).unrated)
    return {
        action: value
        for action, value in values.items()
        if action == chosen or rules.format_action(action) not in unrated
    }


def costliest(decisions: list[Decision], count: int = 3) -> list[Decision]:
    """The decisions that lost the most points, costliest first (ties: the earlier)."""
    costly = [d for d in decisions if d.loss > 0]
    return sorted(costly, key=lambda d: (-d.loss, d.number))[:count]


def decision_json(rules: AnyRules, decision: Decision) -> dict[str, Any]:
    """A decision as JSON: actions in the record's notation, values rounded to 0.01."""
    return {
        "number": decision.number,
        "deal": decision.deal,
        "move": decision.move,
        "seat": decision.seat,
        "chosen": rules.format_action(decision.chosen),
        "best": rules.format_action(decision.best),
        "loss": round(decision.loss, 2),
        "forced": decision.forced,
        "values": {rules.format_action(a): round(v, 2) for a, v in decision.values.items()},
        "hand": [rules.format_action(a) for a in decision.hand],
    }
