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

With the native engine, the trick games' PIMC runs in Rust (``native_pimc``: the rules'
``analysis_values``, ``native/src/search/analysis.rs``), with the same meaning: every legal
action of every decision (Spades' look, bids, discard and gift; King's order and trump;
the cards) valued on each sampled deal by one playout in which every seat decides by the
game's heuristic on its own view (its native port, decision for decision the Python
heuristic's), or exactly by the same paranoid alpha-beta in the endgame. On the same
sampled deal the two give the same values to the last bit (``tests/bots/
test_analysis_native.py``). The deals of a card decision are dealt natively from the seat's
knowledge of the unseen cards, as ``hard`` deals them, from a seed drawn from the
decision's generator; the other decisions' deals are sampled by ``rules.sample_state`` as
the Python search samples them. The generator's stream therefore differs from the Python
search's (which also draws at every playout decision), so the two agree within sampling
noise, each repeatable: the same record, seed and budget give the same values on any
machine. The Python search stays the reference and the fallback (the Python engine, a
decision whose playouts meet one the native heuristic does not make).

A whole game of each lobby table played by ``normal`` bots and analysed for one seat at
the default budget (``bench/bench_analysis.py``, one core, 2026-12-02), native (Python):
King 0.03 s (1.3 s), King by order 0.19 s (9.1 s), King for three 0.16 s (12.2 s), Spades
0.05 s (6.0 s), Spades with nil and the exchange 0.12 s (26.6 s), Tressette 0.06 s
(6.2 s), 101 0.51 s (1.1 s; its ISMCTS was native already). Spades by random bots to the
100-deal limit (101 deals, 1508 decisions of the seat): 2.9 s (484 s).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from koloda.bots.search.native import position
from koloda.bots.search.pimc import PIMCBot
from koloda.core.engine import Action, AnyRules, AnyState
from koloda.core.info import DealReward, GameInfo
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
    native: bool = True,
) -> list[Decision]:
    """Every decision of ``seat`` (in the ``deals`` given, by index; default all) valued by
    the search with ``samples`` sampled deals each (``valuer``); ``progress(done, total)``
    after each one."""
    if not 0 <= seat < rules.num_seats:
        raise ValueError(f"seat {seat} is not at this table of {rules.num_seats}")
    search = valuer(rules, samples, native)
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


def valuer(rules: AnyRules, samples: int, native: bool = True) -> Values:
    """How the analysis values a decision: the game's own ISMCTS where it has one, the
    native engine is built and its rewards are points to scale; else PIMC, natively where
    the rules offer it (``native_pimc``), or in Python; either way in points. ``native``
    False: the Python PIMC alone (the reference)."""
    own = None
    linear = rules.info.utility.reward is not DealReward.SHARE_OF_DEAL
    if native and linear and native_engine_error() is None:
        iterations = samples * ITERATIONS_PER_SAMPLE
        own = plugin_of(rules).native_ismcts_bot(rules, iterations, None, "analysis")
    if own is None:
        search = PIMCBot(rules, samples=samples, in_points=True, name="analysis")
        return native_pimc(rules, search) if native else search.values
    scale = rules.info.utility.scale
    values: Values = own.values

    def in_points(view: Any, rng: random.Random) -> dict[Action, float]:
        return {action: reward * scale for action, reward in values(view, rng).items()}

    return in_points


def native_pimc(rules: AnyRules, search: PIMCBot[Any, Any]) -> Values:
    """``search``'s values with the valuing in native code where the rules offer it
    (``rules.analysis_values``: the native engine's trick games). Every legal action is
    valued in Rust by the same playouts and exact search as ``search`` on deals sampled
    from the seat's view: a card's by the native dealer from one position and the seat's
    knowledge of the unseen cards (as ``hard`` deals them, ``koloda.bots.search.native``),
    a decision before the card play's by ``rules.sample_state`` as ``search`` samples them.
    A decision whose playouts meet one the native heuristic does not make is valued by
    ``search``, from the generator as it was."""
    native = getattr(rules, "analysis_values", None)
    dealt = getattr(rules, "analysis_values_dealt", None)
    parts = plugin_of(rules).native_search_parts(rules) if dealt is not None else None
    if native is None or search.samples is None:
        return search.values
    count = search.samples
    exact = search.exact_cards

    def values(view: Any, rng: random.Random) -> dict[Action, float]:
        start = rng.getstate()
        legal = tuple(view.legal_actions)
        if parts is not None and dealt is not None and GameInfo.is_card_action(legal[0]):
            root, unseen, places, limits = position(parts, view, rng)
            knowledge = (unseen, places, limits)
            found = dealt(root, view.seat, knowledge, count, rng.getrandbits(64), exact)
        else:
            samples = [rules.sample_state(view, rng) for _ in range(count)]
            found = native(samples, view.seat, exact)
        if found is None:
            rng.setstate(start)
            return search.values(view, rng)
        value = dict(found)
        return {action: value[action] for action in legal}

    return values


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
